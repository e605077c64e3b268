import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isMobileBrowser, subscribeMobileBrowser } from '../../lib/environment';
import { FIRST_DEPOSIT_WALLET_PROPS } from '../../lib/wallet-display';
import { WalletModalBody, WalletRegionBody } from './WalletModalBody';
import { bodyProps, country, englishContent, renderInApp } from './wallet.testutil';

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('wallet modal', () => {
  it('shows both tabs when opened from the header', () => {
    const { markup } = renderInApp(content, <WalletModalBody {...bodyProps({ tab: 'deposit' })} />);
    expect(markup.match(/role="tab"/g)).toHaveLength(2);
  });

  it('opens deposit-only after registration: no tabs, the deposit title', () => {
    const { markup } = renderInApp(content, <WalletModalBody {...bodyProps({ ...FIRST_DEPOSIT_WALLET_PROPS })} />);
    expect(markup).not.toContain('role="tablist"');
    expect(markup).not.toContain('role="tab"');
    expect(markup).toContain('data-tab="deposit"');
    expect(FIRST_DEPOSIT_WALLET_PROPS).toEqual({ tab: 'deposit', depositOnly: true });
  });

  it('keeps deposit-only on the deposit tab even when asked for withdraw', () => {
    const { markup } = renderInApp(content, <WalletModalBody {...bodyProps({ tab: 'withdraw', depositOnly: true })} />);
    expect(markup).toContain('data-tab="deposit"');
  });

  it('shows the detected country as the region, not the profile country', () => {
    const countries = [country('BR', 'Brazil'), country('DE', 'Germany')];
    const { markup } = renderInApp(content, <WalletModalBody {...bodyProps({ tab: 'deposit' })} />, {
      detectedCountry: 'BR',
      profileCountry: 'DE',
      countries,
    });
    expect(markup).toContain('<span>Brazil</span>');
    expect(markup).not.toContain('Germany');
  });

  it('reads an unknown region when no country was detected', () => {
    const { markup } = renderInApp(content, <WalletModalBody {...bodyProps({ tab: 'deposit' })} />, {
      detectedCountry: null,
      profileCountry: 'DE',
      countries: [country('DE', 'Germany')],
    });
    expect(markup).toContain('Unknown Region');
  });
});

describe('wallet region', () => {
  it('offers the countries of the list without the excluded ones, sorted, the detected one chosen', () => {
    const countries = ['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF', 'DE', 'BR'].map((code) =>
      country(code, code === 'DE' ? 'Germany' : code === 'BR' ? 'Brazil' : `Country ${code}`),
    );
    const { markup } = renderInApp(content, <WalletRegionBody {...bodyProps({})} />, {
      detectedCountry: 'DE',
      profileCountry: 'BR',
      countries,
    });
    const offered = [...markup.matchAll(/<option value="([A-Z]*)"/g)].map((match) => match[1]);
    expect(offered).toEqual(['', 'BR', 'DE']);
    expect(markup).toMatch(/<option value="DE" selected="">Germany<\/option>/);
  });
});

describe('mobile detection', () => {
  function browser(userAgent: string, widthPx: number, coarse = false) {
    const listeners: string[] = [];
    vi.stubGlobal('navigator', { userAgent });
    vi.stubGlobal('window', {
      innerWidth: widthPx,
      matchMedia: (query: string) => ({
        matches: query === '(pointer: coarse)' ? coarse : false,
        addEventListener: () => listeners.push(query),
        removeEventListener: () => undefined,
      }),
    });
    return listeners;
  }

  it('takes a phone by its user agent even on a wide viewport', () => {
    browser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 1024);
    expect(isMobileBrowser()).toBe(true);
    browser('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', 1024);
    expect(isMobileBrowser()).toBe(false);
    browser('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', 390);
    expect(isMobileBrowser()).toBe(true);
  });

  it('listens to the viewport and pointer queries', () => {
    const listeners = browser('Mozilla/5.0', 1024);
    subscribeMobileBrowser(() => undefined)();
    expect(listeners).toEqual(['(pointer: coarse)', '(max-width: 767px)']);
  });
});
