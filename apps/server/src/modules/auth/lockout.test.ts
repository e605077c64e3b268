import { describe, expect, it } from 'vitest';
import {
  afterFailedLogin,
  isLocked,
  lockSeconds,
  LOCKOUT_POLICY,
  secondsLocked,
  type LoginFailureState,
} from './lockout';

const now = new Date('2026-05-01T10:00:00Z');
const clean: LoginFailureState = { failedLoginCount: 0, lockoutCount: 0, lockedUntil: null };

describe('progressive lockout', () => {
  it('locks for 15 minutes at the fifth failure in a row', () => {
    let state = clean;
    for (let i = 1; i < 5; i += 1) {
      state = afterFailedLogin(state, now);
      expect(state).toEqual({ failedLoginCount: i, lockoutCount: 0, lockedUntil: null });
    }
    state = afterFailedLogin(state, now);
    expect(state).toEqual({ failedLoginCount: 0, lockoutCount: 1, lockedUntil: new Date('2026-05-01T10:15:00Z') });
    expect(isLocked(state, now)).toBe(true);
    expect(secondsLocked(state, now)).toBe(900);
    expect(isLocked(state, new Date('2026-05-01T10:15:00Z'))).toBe(false);
    expect(secondsLocked(state, new Date('2026-05-01T10:16:00Z'))).toBe(0);
  });

  it('doubles each further lock up to a day', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((locks) => lockSeconds(locks))).toEqual([
      900, 1800, 3600, 7200, 14_400, 28_800, 57_600, 86_400, 86_400,
    ]);
    const second = afterFailedLogin({ failedLoginCount: 4, lockoutCount: 1, lockedUntil: null }, now);
    expect(second.lockedUntil).toEqual(new Date('2026-05-01T10:30:00Z'));
    expect(LOCKOUT_POLICY.maxFailures).toBe(5);
  });
});
