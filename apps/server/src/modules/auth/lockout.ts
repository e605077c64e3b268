/**
 * Progressive lockout of an account after failed sign-ins: `maxFailures` wrong passwords
 * in a row lock it for `baseLockSeconds`, each further lock doubles (up to
 * `maxLockSeconds`). A successful sign-in or a password reset clears it all. During a
 * lock the password is not even checked, so guessing stops. Each attempt is counted as a
 * failure before its password is checked (a success clears the count), so that parallel
 * guesses cannot all be checked before the count catches up.
 */
export interface LockoutPolicy {
  maxFailures: number;
  baseLockSeconds: number;
  maxLockSeconds: number;
}

export const LOCKOUT_POLICY: LockoutPolicy = { maxFailures: 5, baseLockSeconds: 15 * 60, maxLockSeconds: 24 * 3600 };

export interface LoginFailureState {
  failedLoginCount: number;
  lockoutCount: number;
  lockedUntil: Date | null;
}

export function isLocked(state: Pick<LoginFailureState, 'lockedUntil'>, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** Seconds until the lock ends (at least 1), or 0 when not locked. */
export function secondsLocked(state: Pick<LoginFailureState, 'lockedUntil'>, now: Date): number {
  return isLocked(state, now)
    ? Math.max(1, Math.ceil(((state.lockedUntil?.getTime() ?? 0) - now.getTime()) / 1000))
    : 0;
}

/** Length of the lock that follows `previousLocks` earlier ones. */
export function lockSeconds(previousLocks: number, policy: LockoutPolicy = LOCKOUT_POLICY): number {
  const doublings = Math.min(previousLocks, 30);
  return Math.min(policy.baseLockSeconds * 2 ** doublings, policy.maxLockSeconds);
}

/** The state after one more attempt counted as wrong. */
export function afterFailedLogin(
  state: LoginFailureState,
  now: Date,
  policy: LockoutPolicy = LOCKOUT_POLICY,
): LoginFailureState {
  const failures = state.failedLoginCount + 1;
  if (failures < policy.maxFailures) return { ...state, failedLoginCount: failures };
  return {
    failedLoginCount: 0,
    lockoutCount: state.lockoutCount + 1,
    lockedUntil: new Date(now.getTime() + lockSeconds(state.lockoutCount, policy) * 1000),
  };
}
