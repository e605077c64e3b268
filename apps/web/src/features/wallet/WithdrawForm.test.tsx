import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContent, renderInApp } from './wallet.testutil';
import { BonusForfeitWarning } from './WithdrawForm';

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

const usd = { code: 'USD', decimals: 2, factor: 1 };

describe('withdrawing with an active bonus', () => {
  it('warns that the bonus balance will be forfeited, with the amount', () => {
    const { markup } = renderInApp(content, <BonusForfeitWarning bonusBalance={25.5} unit={usd} />);
    expect(markup).toContain('role="note"');
    expect(markup).toContain('25.50 USD');
    expect(markup).toContain('is forfeited');
  });

  it('says nothing without bonus money', () => {
    const { markup } = renderInApp(content, <BonusForfeitWarning bonusBalance={0} unit={usd} />);
    expect(markup).toBe('');
  });
});
