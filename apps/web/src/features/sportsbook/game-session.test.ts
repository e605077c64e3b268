import { errorCatalogue } from '@croupier/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { bettingErrorKey, isOddsChanged, needsFreshPrices } from './errors';
import { createGameSession } from './game-session';

const apiError = (name: keyof typeof errorCatalogue) =>
  new ApiError(errorCatalogue[name].status, errorCatalogue[name].code, errorCatalogue[name].message);

describe('the sportsbook game session', () => {
  it('launches once, lazily, for calls made together', async () => {
    let launches = 0;
    const session = createGameSession(async () => `token-${(launches += 1)}`);
    expect(launches).toBe(0);
    const seen = await Promise.all([session.run(async (t) => t), session.run(async (t) => t)]);
    expect(seen).toEqual(['token-1', 'token-1']);
    expect(launches).toBe(1);
  });

  it('launches again once on a 401 and retries with the new token', async () => {
    let launches = 0;
    const session = createGameSession(async () => `token-${(launches += 1)}`);
    const call = vi.fn(async (token: string) => {
      if (token === 'token-1') throw apiError('UNAUTHENTICATED');
      return `ok with ${token}`;
    });
    await expect(session.run(call)).resolves.toBe('ok with token-2');
    expect(call).toHaveBeenCalledTimes(2);
    // A second 401 is the caller's to see: no endless relaunching.
    const always = vi.fn(async () => {
      throw apiError('UNAUTHENTICATED');
    });
    await expect(session.run(always)).rejects.toBeInstanceOf(ApiError);
    expect(always).toHaveBeenCalledTimes(2);
  });

  it('passes other errors through and a refused launch (a limit) to the caller', async () => {
    const session = createGameSession(async () => 'token');
    await expect(
      session.run(async () => {
        throw apiError('SPORTSBOOK_STAKE_TOO_LOW');
      }),
    ).rejects.toMatchObject({ code: 17003 });
    const refused = createGameSession(async () => {
      throw apiError('GAME_LIMIT_SELF_EXCLUSION');
    });
    const call = vi.fn(async () => 'never');
    await expect(refused.run(call)).rejects.toMatchObject({ code: 14105 });
    expect(call).not.toHaveBeenCalled();
  });
});

describe('betting errors', () => {
  it('maps catalogue errors to their texts', () => {
    expect(bettingErrorKey(apiError('SPORTSBOOK_MARKET_SUSPENDED'))).toBe('marketSuspended');
    expect(bettingErrorKey(apiError('SPORTSBOOK_ODDS_CHANGED'))).toBe('oddsChanged');
    expect(bettingErrorKey(apiError('SPORTSBOOK_LIABILITY_LIMIT'))).toBe('liability');
    expect(bettingErrorKey(apiError('SPORTSBOOK_INVALID_SLIP'))).toBe('invalidSlip');
    expect(bettingErrorKey(apiError('SPORTSBOOK_CASH_OUT_CHANGED'))).toBe('cashOutChanged');
    expect(bettingErrorKey(apiError('INSUFFICIENT_FUNDS'))).toBe('insufficient');
    expect(bettingErrorKey(apiError('GAME_LIMIT_BET'))).toBe('limitBet');
    expect(bettingErrorKey(apiError('GAME_LIMIT_SELF_EXCLUSION'))).toBe('selfExclusion');
    expect(bettingErrorKey(apiError('VALIDATION_FAILED'))).toBe('validation');
    expect(bettingErrorKey(new ApiError(0, 0, 'timeout'))).toBe('timeout');
    expect(bettingErrorKey(new Error('boom'))).toBe('generic');
  });

  it('tells which refusals ask for new prices', () => {
    expect(isOddsChanged(apiError('SPORTSBOOK_ODDS_CHANGED'))).toBe(true);
    expect(needsFreshPrices(apiError('SPORTSBOOK_MARKET_SUSPENDED'))).toBe(true);
    expect(needsFreshPrices(apiError('SPORTSBOOK_STAKE_TOO_HIGH'))).toBe(false);
  });
});
