import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressReducer, type AddressState } from './cryptoAddress';
import { CryptoAddressView } from './DepositForm';
import { englishContent, renderInApp } from './wallet.testutil';

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

function view(state: AddressState, otherErrors: string[] = []): string {
  return renderInApp(
    content,
    <CryptoAddressView
      state={state}
      currency="USDT"
      networkName="Tron (TRC-20)"
      minSum="10.00"
      unitCode="USDT"
      otherErrors={otherErrors}
      onRetry={() => undefined}
      closeWallet={() => undefined}
    />,
  ).markup;
}

describe('crypto deposit address', () => {
  it('shows the address with its network warning', () => {
    const markup = view({ status: 'shown', request: 1, address: 'TAddr1', qr: 'tron:TAddr1' });
    expect(markup).toContain('value="TAddr1"');
    expect(markup).toContain('data-payload="tron:TAddr1"');
    expect(markup).toContain('over the Tron (TRC-20) network');
  });

  it('drops the old address and its QR the moment the network changes', () => {
    const changed = addressReducer(
      { status: 'shown', request: 1, address: 'TAddr1', qr: 'tron:TAddr1' },
      {
        type: 'request',
      },
    );
    const markup = view(changed);
    expect(markup).toContain('data-testid="wallet-address-loading"');
    expect(markup).not.toContain('TAddr1');
    expect(markup).not.toContain('wallet-warning');
  });

  it('shows why a refused request failed, with a retry, instead of a skeleton', () => {
    const markup = view({ status: 'failed', request: 1, fieldErrors: { amount: 'Too small.' } }, ['Too small.']);
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('Too small.');
    expect(markup).toContain('We could not get a deposit address for this network.');
    expect(markup).toContain('>Try again</button>');
    expect(markup).not.toContain('skeleton');
  });

  it('shows the verification notice, leading to /profile/verification, when the deposit needs a verified identity', () => {
    const refused = addressReducer(
      { status: 'loading', request: 1 },
      { type: 'failed', request: 1, verificationRequired: true },
    );
    expect(refused).toEqual({ status: 'failed', request: 1, fieldErrors: {}, verificationRequired: true });
    const markup = view(refused);
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('Verify your identity');
    expect(markup).toContain('Your deposits would pass the amount we can accept without a verified identity');
    expect(markup).toContain('Go to verification');
    // Not the generic failure with its retry: retrying cannot help before verification.
    expect(markup).not.toContain('We could not get a deposit address for this network.');
    expect(markup).not.toContain('>Try again</button>');
  });
});
