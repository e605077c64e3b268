import { LimitDefinition, type Limit } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import {
  activeCoolingOff,
  amountChange,
  countdownTickMs,
  currentSelfExclusion,
  definitionKey,
  exclusionState,
  freeCurrencies,
  groupCashLimits,
  groupCurrencies,
  isLimitReached,
  longerPeriods,
  showAdvancedMode,
  timeLeft,
  usedPercent,
  walletLimitNotice,
} from './logic';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

let ids = 0;
function limit(overrides: Partial<Limit>): Limit {
  ids += 1;
  return {
    id: `l${ids}`,
    definition: LimitDefinition.DEPOSIT,
    status: 1,
    amount: 100,
    currentAmount: 0,
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
    periodEndsAt: at(12 * HOUR),
    ...overrides,
  };
}

const cash = (definition: number, period: string, currency: string) => limit({ definition, period, currency });
const breakOf = (definition: number, expiredAt: string | null, returnAt: string | null = null) =>
  limit({ definition, amount: null, currentAmount: null, currency: null, period: '1d', expiredAt, returnAt });

describe('grouping', () => {
  it('groups cash limits by period (daily, weekly, monthly), then currency, bet-loss-deposit inside', () => {
    const groups = groupCashLimits([
      cash(LimitDefinition.DEPOSIT, 'monthly', 'USD'),
      cash(LimitDefinition.DEPOSIT, 'daily', 'USD'),
      cash(LimitDefinition.BET, 'daily', 'USD'),
      cash(LimitDefinition.LOSS, 'daily', 'EUR'),
      cash(LimitDefinition.LOSS, 'weekly', 'BTC'),
      breakOf(LimitDefinition.COOLING_OFF, at(HOUR)),
    ]);
    expect(groups.map((group) => group.period)).toEqual(['daily', 'weekly', 'monthly']);
    expect(groups[0]?.currencies.map((item) => item.currency)).toEqual(['EUR', 'USD']);
    expect(groups[0]?.currencies[1]?.limits.map((item) => item.definition)).toEqual([
      LimitDefinition.BET,
      LimitDefinition.DEPOSIT,
    ]);
    expect(groupCurrencies(groups)).toEqual(['BTC', 'EUR', 'USD']);
  });

  it('leaves out cooling-off, self-exclusion and incomplete cash limits; none gives no group', () => {
    expect(groupCashLimits([])).toEqual([]);
    expect(
      groupCashLimits([
        breakOf(LimitDefinition.SELF_EXCLUSION, null),
        limit({ currency: null }),
        limit({ amount: null }),
      ]),
    ).toEqual([]);
  });

  it('names definitions by their content key', () => {
    expect([1, 2, 3, 4, 5, 9].map(definitionKey)).toEqual([
      'bet',
      'loss',
      'deposit',
      'selfExclusion',
      'coolingOff',
      undefined,
    ]);
  });
});

describe('advanced mode', () => {
  const all = (currencies: string[], periods = ['daily', 'weekly', 'monthly']) =>
    periods.flatMap((period) => currencies.map((currency) => cash(LimitDefinition.DEPOSIT, period, currency)));

  it('is offered with more than 2 period groups that each cover every currency', () => {
    expect(showAdvancedMode(groupCashLimits(all(['USD'])))).toBe(true);
    expect(showAdvancedMode(groupCashLimits(all(['USD', 'EUR'])))).toBe(true);
  });

  it('is not offered with 2 period groups or fewer', () => {
    expect(showAdvancedMode(groupCashLimits(all(['USD', 'EUR'], ['daily', 'weekly'])))).toBe(false);
    expect(showAdvancedMode([])).toBe(false);
  });

  it('is not offered when one group lacks a currency another has', () => {
    const limits = [...all(['USD'], ['daily', 'weekly', 'monthly']), cash(LimitDefinition.BET, 'weekly', 'EUR')];
    expect(showAdvancedMode(groupCashLimits(limits))).toBe(false);
  });
});

describe('used share', () => {
  it('is the used amount over the limit in percent, 2 decimals, at most 100', () => {
    expect(usedPercent({ amount: 300, currentAmount: 100 })).toBe(33.33);
    expect(usedPercent({ amount: 100, currentAmount: 150 })).toBe(100);
    expect(usedPercent({ amount: 100, currentAmount: null })).toBe(0);
    expect(usedPercent({ amount: 0, currentAmount: 0 })).toBe(100);
  });

  it('calls a limit reached once the used amount is the amount', () => {
    expect(isLimitReached({ amount: 50, currentAmount: 50 })).toBe(true);
    expect(isLimitReached({ amount: 50, currentAmount: 49.99 })).toBe(false);
    expect(isLimitReached({ amount: null, currentAmount: 10 })).toBe(false);
  });
});

describe('countdown', () => {
  it('says days and hours left, and whether less than one day is left', () => {
    expect(timeLeft(at(26 * HOUR + 30 * 60_000), NOW)).toEqual({
      days: 1,
      hours: 2,
      minutes: 30,
      lessThanDay: false,
      over: false,
    });
    expect(timeLeft(at(23 * HOUR + 59 * 60_000), NOW)).toMatchObject({ days: 0, hours: 23, lessThanDay: true });
    expect(timeLeft(at(24 * HOUR), NOW)).toMatchObject({ days: 1, hours: 0, minutes: 0, lessThanDay: false });
    // A change made a moment ago (24 hours less a few seconds) is under a day, not "1 d 0 h".
    expect(timeLeft(at(24 * HOUR - 5000), NOW)).toEqual({
      days: 0,
      hours: 23,
      minutes: 59,
      lessThanDay: true,
      over: false,
    });
  });

  it('rounds up to the minute, and is over once the time has passed or for no date', () => {
    expect(timeLeft(at(1000), NOW)).toMatchObject({ minutes: 1, over: false });
    expect(timeLeft(at(0), NOW).over).toBe(true);
    expect(timeLeft(at(-HOUR), NOW).over).toBe(true);
    expect(timeLeft(null, NOW).over).toBe(true);
    expect(timeLeft('not a date', NOW).over).toBe(true);
  });

  it('ticks every minute, every second in the last minute, never when over', () => {
    expect(countdownTickMs(timeLeft(at(5 * HOUR), NOW))).toBe(60_000);
    expect(countdownTickMs(timeLeft(at(30_000), NOW))).toBe(1000);
    expect(countdownTickMs(timeLeft(at(-1), NOW))).toBeNull();
  });
});

describe('cooling-off and self-exclusion', () => {
  it('finds the cooling-off in force, the one ending last', () => {
    const ended = breakOf(LimitDefinition.COOLING_OFF, at(-HOUR));
    const sooner = breakOf(LimitDefinition.COOLING_OFF, at(HOUR));
    const later = breakOf(LimitDefinition.COOLING_OFF, at(5 * HOUR));
    expect(activeCoolingOff([ended, sooner, later], NOW)).toBe(later);
    expect(activeCoolingOff([ended], NOW)).toBeUndefined();
  });

  it('follows a self-exclusion from active to ended, returning and over', () => {
    expect(exclusionState({ expiredAt: at(HOUR), returnAt: null }, NOW)).toBe('active');
    expect(exclusionState({ expiredAt: null, returnAt: null }, NOW)).toBe('active');
    expect(exclusionState({ expiredAt: at(-HOUR), returnAt: null }, NOW)).toBe('ended');
    expect(exclusionState({ expiredAt: at(-HOUR), returnAt: at(HOUR) }, NOW)).toBe('returning');
    expect(exclusionState({ expiredAt: at(-2 * HOUR), returnAt: at(-HOUR) }, NOW)).toBe('over');
    const over = breakOf(LimitDefinition.SELF_EXCLUSION, at(-2 * HOUR), at(-HOUR));
    const ended = breakOf(LimitDefinition.SELF_EXCLUSION, at(-HOUR));
    expect(currentSelfExclusion([over, ended], NOW)).toBe(ended);
    expect(currentSelfExclusion([over], NOW)).toBeUndefined();
  });
});

describe('the wallet’s limit notice', () => {
  const reached = limit({ definition: LimitDefinition.DEPOSIT, currency: 'USD', amount: 50, currentAmount: 50 });
  const coolingOff = breakOf(LimitDefinition.COOLING_OFF, at(HOUR));

  it('shows a cooling-off over the deposit limit', () => {
    expect(walletLimitNotice([reached, coolingOff], 'USD', true, NOW)).toEqual({
      kind: 'coolingOff',
      limit: coolingOff,
    });
  });

  it('shows a self-exclusion (also once ended and until play resumes) over everything', () => {
    const exclusion = breakOf(LimitDefinition.SELF_EXCLUSION, at(-HOUR));
    expect(walletLimitNotice([coolingOff, exclusion], 'USD', false, NOW)).toEqual({
      kind: 'selfExclusion',
      limit: exclusion,
    });
  });

  it('shows a reached deposit limit of the active currency only', () => {
    expect(walletLimitNotice([reached], 'USD', false, NOW)).toEqual({ kind: 'deposit', limit: reached });
    expect(walletLimitNotice([reached], 'EUR', false, NOW)).toBeNull();
    expect(walletLimitNotice([reached], undefined, false, NOW)).toBeNull();
  });

  it('ignores a reached deposit limit whose period has rolled over since the list was loaded', () => {
    const rolled = { ...reached, periodEndsAt: at(-1) };
    expect(walletLimitNotice([rolled], 'USD', false, NOW)).toBeNull();
  });

  it('ignores a deposit limit not reached, bet and loss limits, and an ended cooling-off', () => {
    const under = limit({ definition: LimitDefinition.DEPOSIT, amount: 50, currentAmount: 49 });
    const loss = limit({ definition: LimitDefinition.LOSS, amount: 50, currentAmount: 50 });
    const ended = breakOf(LimitDefinition.COOLING_OFF, at(-HOUR));
    expect(walletLimitNotice([under, loss, ended], 'USD', false, NOW)).toBeNull();
  });

  it('takes the deposit methods’ 13100 answer as a deposit limit reached', () => {
    expect(walletLimitNotice([], 'USD', true, NOW)).toEqual({ kind: 'deposit', limit: undefined });
    expect(walletLimitNotice(undefined, 'USD', true, NOW)).toEqual({ kind: 'deposit', limit: undefined });
  });
});

describe('forms', () => {
  it('names a change of amount', () => {
    expect(amountChange(100, 50)).toBe('decrease');
    expect(amountChange(100, 150)).toBe('increase');
    expect(amountChange(100, 100)).toBe('same');
  });

  it('offers only longer periods to extend a break to', () => {
    const ids = ['1d', '3d', '1w', '2w', '30d', '6w'];
    expect(longerPeriods(ids, '1w')).toEqual(['2w', '30d', '6w']);
    expect(longerPeriods(ids, '6w')).toEqual([]);
    expect(longerPeriods(ids, 'unknown')).toEqual(ids);
    expect(longerPeriods(ids, null)).toEqual(ids);
  });

  it('offers the account currencies without that limit for that period', () => {
    const limits = [cash(LimitDefinition.DEPOSIT, 'daily', 'USD'), cash(LimitDefinition.BET, 'weekly', 'EUR')];
    expect(freeCurrencies(limits, ['USD', 'EUR'], LimitDefinition.DEPOSIT, 'daily')).toEqual(['EUR']);
    expect(freeCurrencies(limits, ['USD', 'EUR'], LimitDefinition.DEPOSIT, 'weekly')).toEqual(['USD', 'EUR']);
  });
});
