import type { PasswordChangeBody, PasswordConfirmBody } from '@croupier/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTasks } from '../../lib/background';
import { AppError } from '../../lib/errors';
import type { EmailSender, MessageTemplates } from '../notifications';
import type { CodesRepository } from './codes-repository';
import { randomToken, sha256Hex } from './crypto';
import type { AuthenticatedPlayer } from './guards';
import type { Links } from './links';
import { hashPassword, passwordProblem, verifyPassword } from './password-policy';
import type { AuthRepository } from './repository';
import type { SessionService } from './sessions';

type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;

/**
 * Reset codes: a mailed link works 60 minutes; a code obtained by verifying an SMS code
 * 15 minutes (the player is typing the new password right then). At most 3 reset e-mails
 * per account per hour; further requests get the same answer and send nothing.
 */
export const RESET_POLICY = {
  emailTtlSeconds: 3600,
  smsTtlSeconds: 900,
  maxEmailsPerWindow: 3,
  windowSeconds: 3600,
} as const;

/** The answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED =
  'If an account uses this e-mail address, we have sent it a link to choose a new password.';

const INVALID_RESET_CODE = 'This link is invalid, used or expired. Ask for a new one.';

/** Counts the resets of no one: an unknown address costs the same query as a known one. */
const NO_PLAYER = '00000000-0000-0000-0000-000000000000';

function fieldError(field: string, message: string): AppError {
  return AppError.validation({ [field]: [message] });
}

export function createPasswordService(options: {
  repository: AuthRepository;
  codes: CodesRepository;
  sessions: SessionService;
  email: EmailSender;
  templates: MessageTemplates;
  links: Links;
  supportEmail: string;
  background: BackgroundTasks;
}) {
  const { repository, codes, sessions, email, templates, links, background } = options;

  async function storeResetCode(
    playerId: string,
    codeHash: string,
    channel: 'email' | 'sms',
    clientIp: string,
  ): Promise<void> {
    await codes.insertPasswordReset({
      playerId,
      codeHash,
      channel,
      clientIp,
      ttlSeconds: channel === 'email' ? RESET_POLICY.emailTtlSeconds : RESET_POLICY.smsTtlSeconds,
    });
  }

  async function issueResetCode(playerId: string, channel: 'email' | 'sms', clientIp: string): Promise<string> {
    const code = randomToken();
    await storeResetCode(playerId, sha256Hex(code), channel, clientIp);
    return code;
  }

  return {
    issueResetCode,

    /**
     * `PUT /api/player/passwords`. A wrong current password is a 422 on `currentPassword`
     * (not a 401, which would sign the player out). With `closeOtherSessions` (default)
     * every other session ends; the current one stays.
     */
    async change(
      player: AuthenticatedPlayer,
      body: PasswordChangeBody,
      log: Log,
    ): Promise<{ message: string; closedSessions: number }> {
      const account = await repository.findCredentialsById(player.id);
      if (!account) throw new AppError('UNAUTHENTICATED');
      if (!account.password_hash || !(await verifyPassword(account.password_hash, body.currentPassword))) {
        throw fieldError('currentPassword', 'The current password is wrong.');
      }
      if (body.newPassword === body.currentPassword) {
        throw fieldError('newPassword', 'Choose a password different from the current one.');
      }
      const problem = passwordProblem(body.newPassword, [account.email, account.phone]);
      if (problem) throw fieldError('newPassword', problem);
      await repository.setPassword(player.id, await hashPassword(body.newPassword));
      const closedSessions = body.closeOtherSessions
        ? await sessions.closeAll(player.id, 'password_changed', player.sessionId)
        : 0;
      if (account.email) {
        // A notice, so that the owner learns of a change they did not make; not worth failing over.
        const to = account.email;
        await templates
          .passwordChanged({ to, supportEmail: options.supportEmail, locale: [account.locale] })
          .then((message) => email.send(message))
          .catch((error: unknown) =>
            log.error({ err: error, playerId: player.id }, 'password-changed e-mail not sent'),
          );
      }
      return { message: 'Your password has been changed.', closedSessions };
    },

    /**
     * `POST /api/player/passwords/reset`: mails a reset link when the address has an
     * account. Every address gets the same answer after the same steps (the account
     * lookup, the count of recent resets, a code and its hash); storing the code and
     * mailing it happen after the answer, so neither its content nor its time (nor a
     * failing mail server) tells whether the address has an account.
     */
    async requestReset(address: string, clientIp: string, log: Log): Promise<{ message: string }> {
      const account = await repository.findCredentialsByEmail(address);
      const recent = await codes.countPasswordResetsSince(account?.id ?? NO_PLAYER, RESET_POLICY.windowSeconds);
      const code = randomToken();
      const codeHash = sha256Hex(code);
      const to = account?.email;
      if (!account || !to) return { message: RESET_REQUESTED };
      if (recent >= RESET_POLICY.maxEmailsPerWindow) {
        log.info({ playerId: account.id }, 'password reset e-mail limit reached: none sent');
        return { message: RESET_REQUESTED };
      }
      background.run('password reset e-mail', async () => {
        const stored = await codes.insertPasswordResetWithin(
          { playerId: account.id, codeHash, channel: 'email', clientIp, ttlSeconds: RESET_POLICY.emailTtlSeconds },
          { max: RESET_POLICY.maxEmailsPerWindow, seconds: RESET_POLICY.windowSeconds },
        );
        if (!stored) {
          log.info({ playerId: account.id }, 'password reset e-mail limit reached: none sent');
          return;
        }
        await templates
          .passwordReset({
            to,
            link: links.passwordReset(code),
            ttlSeconds: RESET_POLICY.emailTtlSeconds,
            locale: [account.locale],
          })
          .then((message) => email.send(message))
          .catch((error: unknown) => {
            // The player asks again after a while; the answer could not say so without telling.
            log.error(
              { err: error, playerId: account.id, transport: email.transport },
              'password reset e-mail not sent',
            );
          });
      });
      return { message: RESET_REQUESTED };
    },

    /**
     * `POST /api/player/passwords/confirm`: a bad code is a 422 on `code` (the client
     * shows "invalid link"). The new password ends every session of the player.
     */
    async confirmReset(body: PasswordConfirmBody): Promise<{ message: string }> {
      const reset = await codes.findActivePasswordReset(sha256Hex(body.code));
      const account = reset && (await repository.findCredentialsById(reset.player_id));
      if (!reset || !account) throw fieldError('code', INVALID_RESET_CODE);
      const problem = passwordProblem(body.newPassword, [account.email, account.phone]);
      if (problem) throw fieldError('newPassword', problem);
      const done = await repository.completePasswordReset({
        resetId: reset.id,
        playerId: account.id,
        passwordHash: await hashPassword(body.newPassword),
        confirmEmail: reset.channel === 'email',
      });
      if (!done) throw fieldError('code', INVALID_RESET_CODE);
      await sessions.closeAll(account.id, 'password_reset');
      return { message: 'Your password has been changed. Sign in with your new password.' };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
