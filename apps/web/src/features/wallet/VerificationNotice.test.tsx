import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContent, renderInApp } from './wallet.testutil';
import { VerificationRequiredNotice } from './VerificationNotice';

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

describe('the identity-verification notice', () => {
  it('says why a withdrawal was refused and leads to verification', () => {
    const { markup } = renderInApp(content, <VerificationRequiredNotice kind="withdrawal" closeWallet={() => {}} />);
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('Verify your identity');
    expect(markup).toContain('Withdrawals of this size need a verified identity');
    expect(markup).toContain('Go to verification');
  });

  it('says why a deposit was refused', () => {
    const { markup } = renderInApp(content, <VerificationRequiredNotice kind="deposit" closeWallet={() => {}} />);
    expect(markup).toContain('Your deposits would pass the amount we can accept without a verified identity');
  });
});
