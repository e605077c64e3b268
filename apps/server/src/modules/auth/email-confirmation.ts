import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { EmailSender, MessageTemplates } from '../notifications';
import type { CodesRepository } from './codes-repository';
import { randomToken, sha256Hex } from './crypto';
import type { Links } from './links';
import type { AuthRepository } from './repository';

type Log = Pick<FastifyBaseLogger, 'error'>;

/** A confirmation link works 72 hours; at most 3 are mailed per player per 10 minutes. */
export const CONFIRMATION_POLICY = { ttlSeconds: 72 * 3600, maxPerWindow: 3, windowSeconds: 600 } as const;

const INVALID_CONFIRMATION = 'This confirmation link is invalid, used or expired.';

/**
 * E-mail confirmation: a link `/verify/{code}` mailed at registration, at an e-mail
 * change and on request. A link confirms the address it was sent to only, so a link
 * mailed before an e-mail change confirms nothing.
 */
export function createEmailConfirmationService(options: {
  repository: AuthRepository;
  codes: CodesRepository;
  email: EmailSender;
  links: Links;
  templates: MessageTemplates;
}) {
  const { repository, codes, email, links, templates } = options;

  async function send(playerId: string, address: string): Promise<void> {
    const code = randomToken();
    await codes.insertEmailConfirmation({
      playerId,
      email: address,
      codeHash: sha256Hex(code),
      ttlSeconds: CONFIRMATION_POLICY.ttlSeconds,
    });
    const account = await repository.findCredentialsById(playerId);
    await email.send(
      await templates.emailConfirmation({
        to: address,
        link: links.emailConfirmation(code),
        ttlSeconds: CONFIRMATION_POLICY.ttlSeconds,
        locale: [account?.locale],
      }),
    );
  }

  return {
    /** After registration or an e-mail change: a failure is logged, not fatal (the player can ask again). */
    async sendQuietly(playerId: string, address: string, log: Log): Promise<void> {
      await send(playerId, address).catch((error: unknown) =>
        log.error({ err: error, playerId, transport: email.transport }, 'confirmation e-mail not sent'),
      );
    },

    /** `POST /api/player/profile/confirmations/email/resend`. */
    async resend(playerId: string): Promise<{ message: string }> {
      const account = await repository.findCredentialsById(playerId);
      if (!account?.email) throw new AppError('CONFLICT', 'Your profile has no e-mail address to confirm.');
      if (await repository.isEmailConfirmed(playerId)) {
        throw new AppError('CONFLICT', 'Your e-mail address is already confirmed.');
      }
      if (
        (await codes.countEmailConfirmationsSince(playerId, CONFIRMATION_POLICY.windowSeconds)) >=
        CONFIRMATION_POLICY.maxPerWindow
      ) {
        throw new AppError(
          'RATE_LIMITED',
          'We have just sent you several e-mails. Check your inbox or try again later.',
        );
      }
      try {
        await send(playerId, account.email);
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The e-mail could not be sent. Try again in a moment.', undefined, {
          cause: error,
        });
      }
      return { message: 'We have sent you a new confirmation link.' };
    },

    /** `POST /api/player/register/confirm`: a bad code is a 422 on `code`. */
    async confirm(code: string): Promise<{ message: string }> {
      const confirmation = await codes.consumeEmailConfirmation(sha256Hex(code));
      if (!confirmation || !(await repository.confirmEmail(confirmation.player_id, confirmation.email))) {
        throw AppError.validation({ code: [INVALID_CONFIRMATION] });
      }
      return { message: 'Your e-mail address is confirmed.' };
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
