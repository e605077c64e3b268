import type {
  AccountClosure,
  AccountClosureBody,
  AccountClosureReason,
  AdminAccountClosure,
  ClosureBalance,
  PaginationMeta,
} from '@croupier/contract';
import { AppError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/pagination';
import type { ClosureRepository, ClosureRow } from './closure-repository';
import type { SecretCheckObserver } from './crypto';
import type { AuthenticatedPlayer } from './guards';
import { LOCKOUT_POLICY, secondsLocked, type LockoutPolicy } from './lockout';
import { verifyPassword } from './password-policy';
import type { AuthRepository } from './repository';
import type { SessionService } from './sessions';

function toClosure(row: ClosureRow): AccountClosure {
  return {
    id: row.id,
    playerId: row.player_id,
    reason: row.reason as AccountClosureReason,
    comment: row.comment,
    balances: row.balances,
    createdAt: row.created_at.toISOString(),
  };
}

const passwordError = (message: string) => AppError.validation({ password: [message] });

/**
 * Account closure (docs/player-protection.md, "Account information and closure"): the
 * player re-enters the password; the account is closed at once, every session ends (and
 * with them the game sessions they launched), and no way of signing in opens one again.
 * The balances at that moment are recorded for the operator, who pays the real money out.
 */
export function createClosureService(options: {
  repository: AuthRepository;
  closures: ClosureRepository;
  sessions: SessionService;
  lockout?: LockoutPolicy;
  onSecretCheck?: SecretCheckObserver | undefined;
}) {
  const { repository, closures, sessions } = options;
  const lockout = options.lockout ?? LOCKOUT_POLICY;

  return {
    /**
     * 422 on `password` when it is wrong or the account has none (social sign-in only);
     * a wrong password counts towards the sign-in lockout, so a stolen token cannot guess
     * it (429 while locked).
     */
    async close(
      player: AuthenticatedPlayer,
      body: AccountClosureBody,
      balancesOf: (playerId: string) => Promise<ClosureBalance[]>,
    ): Promise<AccountClosure> {
      const account = await repository.findCredentialsById(player.id);
      if (!account) throw new AppError('UNAUTHENTICATED');
      if (!account.password_hash) {
        throw passwordError(
          'This account has no password. Set one with "Forgot password" first, then close the account.',
        );
      }
      const now = new Date();
      const claim = await repository.claimLoginAttempt(account.id, now, lockout);
      if (!claim.claimed) {
        throw new AppError('RATE_LIMITED', 'Too many wrong passwords. Try again later.', undefined, {
          retryAfterSeconds: secondsLocked(claim, now),
        });
      }
      options.onSecretCheck?.('password');
      if (!(await verifyPassword(account.password_hash, body.password))) throw passwordError('The password is wrong.');
      const row = await closures.close(player.id, {
        reason: body.reason,
        comment: body.comment ? body.comment : null,
        balances: await balancesOf(player.id),
      });
      if (!row) throw new AppError('ACCOUNT_CLOSED');
      // The sessions were closed with the account; this tells their live connections.
      await sessions.closeAll(player.id, 'closed');
      return toClosure(row);
    },

    async list(page: {
      page: number;
      perPage: number;
    }): Promise<{ data: AdminAccountClosure[]; meta: PaginationMeta }> {
      const { rows, total } = await closures.list({ offset: pageOffset(page.page, page.perPage), limit: page.perPage });
      return {
        data: rows.map((row) => ({ ...toClosure(row), email: row.email, phone: row.phone })),
        meta: pageMeta({ page: page.page, perPage: page.perPage, totalRows: total }),
      };
    },
  };
}

export type ClosureService = ReturnType<typeof createClosureService>;
