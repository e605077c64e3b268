import { LimitDefinition, type Limit } from '@croupier/contract';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { limitsKeys, walletLimitNotice, type WalletLimitNotice } from '../limits';
import { LimitNoticeCard } from './LimitNotice';
import { WalletModalBody } from './WalletModalBody';
import { account, bodyProps, englishContent, renderInApp } from './wallet.testutil';

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

const NOW = Date.now();
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

function limit(overrides: Partial<Limit>): Limit {
  return {
    id: 'limit-1',
    definition: LimitDefinition.DEPOSIT,
    status: 1,
    amount: 50,
    currentAmount: 50,
    currency: 'USD',
    period: 'daily',
    startedAt: at(-HOUR),
    expiredAt: null,
    createdAt: at(-HOUR),
    updatedAt: null,
    cancelProcess: false,
    pendingExist: false,
    pendingAmount: null,
    returnAt: null,
    periodEndsAt: at(10 * HOUR),
    ...overrides,
  };
}

const card = (notice: WalletLimitNotice) =>
  renderInApp(content, <LimitNoticeCard notice={notice} currency={undefined} closeWallet={() => undefined} />)
    .markup.replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the deposit screen’s limit card', () => {
  it('says a cooling-off is in force and until when, over a reached deposit limit', () => {
    const coolingOff = limit({ id: 'c', definition: LimitDefinition.COOLING_OFF, amount: null, expiredAt: at(HOUR) });
    const notice = walletLimitNotice([limit({}), coolingOff], 'USD', false, NOW);
    expect(notice?.kind).toBe('coolingOff');
    const text = card(notice ?? { kind: 'deposit', limit: undefined });
    expect(text).toContain('You are taking a break');
    expect(text).toContain('Until');
    expect(text).toContain('More info');
  });

  it('says a self-exclusion is in force', () => {
    const exclusion = limit({ definition: LimitDefinition.SELF_EXCLUSION, amount: null, expiredAt: at(HOUR) });
    expect(card({ kind: 'selfExclusion', limit: exclusion })).toContain('You are self-excluded');
  });

  it('says a deposit limit is reached, what was used and when it resets', () => {
    const text = card({ kind: 'deposit', limit: limit({}) });
    expect(text).toContain('Deposit limit reached');
    expect(text).toContain('Used 50.00 USD of 50.00 USD. Resets on');
  });

  it('says only that the limit is reached after a 13100 without the limit listed', () => {
    const text = card({ kind: 'deposit', limit: undefined });
    expect(text).toContain('Deposit limit reached');
    expect(text).not.toContain('Resets on');
  });
});

describe('the wallet with a limit in force', () => {
  const walletWith = (limits: Limit[], tab: 'deposit' | 'withdraw') => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(limitsKeys.list, limits);
    return renderInApp(content, <WalletModalBody {...bodyProps({ tab })} />, {
      accounts: [account('USD')],
      queryClient,
    }).markup;
  };

  it('shows the limit card instead of the deposit methods', () => {
    const coolingOff = limit({ definition: LimitDefinition.COOLING_OFF, amount: null, expiredAt: at(HOUR) });
    const markup = walletWith([coolingOff], 'deposit');
    expect(markup).toContain('You are taking a break');
    expect(markup).not.toContain('wallet-methods');
  });

  it('shows a reached deposit limit of the active currency, not one of another currency', () => {
    expect(walletWith([limit({})], 'deposit')).toContain('Deposit limit reached');
    expect(walletWith([limit({ currency: 'EUR' })], 'deposit')).not.toContain('Deposit limit reached');
  });

  it('leaves the withdraw tab alone: the balance can still be withdrawn', () => {
    const coolingOff = limit({ definition: LimitDefinition.COOLING_OFF, amount: null, expiredAt: at(HOUR) });
    expect(walletWith([coolingOff], 'withdraw')).not.toContain('wallet-limit');
  });
});
