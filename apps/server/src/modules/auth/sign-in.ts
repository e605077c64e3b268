import { PlayerStatus, type AuthResponse, type SignInRequest } from '@croupier/contract';
import { AppError } from '../../lib/errors';
import type { ClientContext } from './client';
import type { CodesRepository } from './codes-repository';
import { randomToken, sha256Hex, type SecretCheckObserver } from './crypto';
import type { GeoPolicy } from './geo-policy';
import { LOCKOUT_POLICY, secondsLocked, type LockoutPolicy } from './lockout';
import { spendPasswordCheck, verifyPassword } from './password-policy';
import type { AuthRepository } from './repository';
import type { SessionService } from './sessions';

/** The same answer for an unknown login and a wrong password: the login's existence stays unknown. */
const WRONG_CREDENTIALS = 'The login or password is wrong.';

function lockedError(seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many wrong passwords. The account is locked for ${minutes} minute${minutes === 1 ? '' : 's'}; try again later or reset your password.`,
    undefined,
    { retryAfterSeconds: seconds },
  );
}

/**
 * Sign-in by password and by one-time autologin token. Social sign-in (a later step) is
 * another method of the same shape: resolve the identity to a player id (creating the
 * account through the registration service when new), check the geo policy and the
 * account status, then `sessions.start(playerId, context, 'social', { isNewlyRegistered })`.
 */
export function createSignInService(options: {
  repository: AuthRepository;
  codes: CodesRepository;
  sessions: SessionService;
  geo: GeoPolicy;
  lockout?: LockoutPolicy;
  onSecretCheck?: SecretCheckObserver | undefined;
}) {
  const { repository, codes, sessions, geo } = options;
  const lockout = options.lockout ?? LOCKOUT_POLICY;

  /**
   * A login without a password account (unknown, or social only) goes through the same
   * steps as a wrong password: the lock check, one argon2 verification and the failure
   * count, kept per login. So after as many attempts it gets the same lock answer, and
   * the time taken does not tell it apart either.
   */
  async function refuseUnknownLogin(login: string, password: string): Promise<never> {
    const key = login.toLowerCase();
    const now = new Date();
    const claim = await repository.claimUnknownLoginAttempt(key, now, lockout);
    if (!claim.claimed) throw lockedError(secondsLocked(claim, now));
    await spendPasswordCheck(password);
    throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
  }

  return {
    /**
     * A one-time autologin token for a player (CRM e-mails, support): the link is
     * `/auth/autologin?state=<token>`. Only its hash is stored.
     */
    async issueAutologinToken(
      playerId: string,
      issue: { ttlSeconds: number; issuedBy: string } = { ttlSeconds: 24 * 3600, issuedBy: 'system' },
    ): Promise<string> {
      const token = randomToken();
      await codes.insertAutologinToken({ playerId, tokenHash: sha256Hex(token), ...issue });
      return token;
    },

    /**
     * 401 for an unknown login or a wrong password, 429 while the account is locked, 403
     * (11002) for a blocked account and (11007) for a closed one (said only to someone who knows its password).
     */
    async withPassword(body: SignInRequest, context: ClientContext): Promise<AuthResponse> {
      await geo.assertAuthAllowed(context.country);
      const account = body.login.includes('@')
        ? await repository.findCredentialsByEmail(body.login)
        : await repository.findCredentialsByPhone(body.login);
      if (!account?.password_hash) return refuseUnknownLogin(body.login, body.password);
      const now = new Date();
      const claim = await repository.claimLoginAttempt(account.id, now, lockout);
      if (!claim.claimed) throw lockedError(secondsLocked(claim, now));
      options.onSecretCheck?.('password');
      if (!(await verifyPassword(account.password_hash, body.password))) {
        throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
      }
      if (account.status === PlayerStatus.BLOCKED) throw new AppError('ACCOUNT_BLOCKED');
      if (account.closed_at) throw new AppError('ACCOUNT_CLOSED');
      await repository.recordLoginSuccess(account.id);
      return sessions.start(account.id, { ...context, fingerprint: body.fingerprint }, 'password');
    },

    /** A one-time token from an autologin link; 401 when unknown, used or expired. */
    async withAutologinToken(
      body: { token: string; fingerprint?: string | null | undefined },
      context: ClientContext,
    ): Promise<AuthResponse> {
      await geo.assertAuthAllowed(context.country);
      const playerId = await codes.consumeAutologinToken(sha256Hex(body.token));
      if (!playerId) throw new AppError('UNAUTHENTICATED', 'The sign-in link is invalid, used or expired.');
      const account = await repository.findCredentialsById(playerId);
      if (!account) throw new AppError('UNAUTHENTICATED', 'The sign-in link is invalid, used or expired.');
      if (account.status === PlayerStatus.BLOCKED) throw new AppError('ACCOUNT_BLOCKED');
      if (account.closed_at) throw new AppError('ACCOUNT_CLOSED');
      await repository.recordLoginSuccess(account.id);
      return sessions.start(account.id, { ...context, fingerprint: body.fingerprint }, 'autologin');
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
