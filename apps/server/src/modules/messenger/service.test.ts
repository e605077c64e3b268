import type { ContentTree } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import type { PlayerMessageRow } from './repository';
import { fillPlaceholders, formatAmount, presentMessage, systemTexts, type MessengerContent } from './service';

const row: PlayerMessageRow = {
  id: 'a1',
  player_id: 'p1',
  state: 1,
  title: 'Hello',
  body: 'World',
  link_url: null,
  link_label: null,
  kind: 'operator',
  source_key: null,
  read_at: null,
  created_at: new Date('2026-01-02T03:04:05Z'),
  updated_at: null,
};

function contentOf(byLocale: Record<string, ContentTree>): MessengerContent & { asked: (string | undefined)[] } {
  const asked: (string | undefined)[] = [];
  return {
    asked,
    getGroups: (locale) => {
      asked.push(locale);
      const chosen = locale && byLocale[locale] ? locale : 'en';
      return Promise.resolve({ locale: chosen, groups: { 'global-components': byLocale[chosen] ?? {} } });
    },
  };
}

describe('messenger service helpers', () => {
  it('presents a row as the contract’s message, with a link only when both parts are set', () => {
    expect(presentMessage(row)).toEqual({
      id: 'a1',
      playerId: 'p1',
      state: 1,
      readAt: null,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: null,
      content: { title: 'Hello', body: 'World' },
    });
    const linked = presentMessage({
      ...row,
      link_url: '/promotions',
      link_label: 'See',
      state: 2,
      read_at: row.created_at,
    });
    expect(linked.content.link).toEqual({ url: '/promotions', label: 'See' });
    expect(linked.readAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillPlaceholders('Rejected: {reason}. {other}', { reason: 'blurred' })).toBe('Rejected: blurred. {other}');
    // A value is inserted as written, never read as another placeholder.
    expect(fillPlaceholders('{reason}', { reason: '{reason}' })).toBe('{reason}');
  });

  it('reads a system message in the player’s locale and fails loudly on a missing text', async () => {
    const content = contentOf({
      en: { messenger: { system: { documentApproved: { title: 'Approved', body: 'Yes' } } } },
      fr: { messenger: { system: { documentApproved: { title: 'Approuvé', body: 'Oui' } } } },
    });
    expect(await systemTexts(content, 'fr', 'documentApproved')).toEqual({ title: 'Approuvé', body: 'Oui' });
    expect(await systemTexts(content, null, 'documentApproved')).toEqual({ title: 'Approved', body: 'Yes' });
    expect(content.asked).toEqual(['fr', undefined]);
    await expect(systemTexts(content, 'en', 'documentRejected')).rejects.toThrow(/documentRejected/);
  });
});

describe('formatAmount', () => {
  it('writes major units with the currency’s decimals in the locale’s digits', () => {
    expect(formatAmount(12050n, 100, 'USD', 'pt-BR')).toBe('120,50 USD');
    expect(formatAmount(123450n, 100, 'EUR', 'en')).toBe('1,234.50 EUR');
    expect(formatAmount(15000000n, 100000000, 'BTC', 'de')).toBe('0,15000000 BTC');
    expect(formatAmount(500n, 1, 'JPY', null)).toBe('500 JPY');
    // A malformed locale falls back to English digits.
    expect(formatAmount(100n, 100, 'USD', 'not a locale')).toBe('1.00 USD');
  });
});
