import type { OtpReason, OtpSendBody, OtpVerifyBody } from '@croupier/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { MessageTemplates, SmsSender } from '../notifications';
import type { ClientContext } from './client';
import type { CodesRepository, OtpRow } from './codes-repository';
import { digestsEqual, randomOtp, type SecretCheckObserver } from './crypto';
import type { GeoPolicy } from './geo-policy';
import { unauthenticated, type AuthenticatedPlayer } from './guards';
import type { AuthRepository } from './repository';

/**
 * One-time codes by SMS: 6 digits, single use, valid 10 minutes,
 * bound to the phone and the reason they were sent for. At most 3 codes per phone and
 * reason in 10 minutes (then 11005, HTTP 429); a new code replaces the previous one;
 * 5 wrong entries burn a code (11003, HTTP 400, like every wrong code: a 422 would send
 * the client back to the registration form).
 */
export const OTP_POLICY = {
  ttlSeconds: 600,
  windowSeconds: 600,
  maxSendsPerWindow: 3,
  maxAttempts: 5,
} as const;

type Log = Pick<FastifyBaseLogger, 'error'>;

/** Issues password-reset codes for a verified `changingPass` code (see passwords.ts). */
export interface ResetCodeIssuer {
  issueResetCode(playerId: string, channel: 'email' | 'sms', clientIp: string): Promise<string>;
}

const INVALID_CODE = 'The code is invalid or has expired.';

function fieldError(field: string, message: string): AppError {
  return AppError.validation({ [field]: [message] });
}

export function createOtpService(options: {
  repository: AuthRepository;
  codes: CodesRepository;
  sms: SmsSender;
  templates: MessageTemplates;
  hashCode: (input: { phone: string; reason: string; code: string }) => string;
  geo: GeoPolicy;
  isSelfExcluded: (match: { phone: string }) => Promise<boolean>;
  resets: ResetCodeIssuer;
  /** Phone flows on (REGISTRATION_PHONE; constants `player.otp.enabled`). */
  enabled: boolean;
  onSecretCheck?: SecretCheckObserver | undefined;
}) {
  const { repository, codes, sms, templates, hashCode, geo, resets } = options;

  function assertEnabled(): void {
    if (!options.enabled) throw new AppError('BAD_REQUEST', 'One-time codes by SMS are not available.');
  }

  /** The player's own phone, for `phoneVerification`. */
  async function assertOwnPhone(player: AuthenticatedPlayer | null, phone: string): Promise<AuthenticatedPlayer> {
    if (!player) throw unauthenticated('Sign in to confirm your phone number.');
    const account = await repository.findCredentialsById(player.id);
    if (account?.phone !== phone) throw fieldError('phone', 'This is not the phone number of your profile.');
    return player;
  }

  /**
   * The newest usable code for the phone and reason, if `code` matches it; a wrong code
   * counts an attempt (the fifth burns it). The code's row stays locked from the read to
   * the count, so parallel guesses take turns and never compare more than the limit.
   */
  async function check(phone: string, reason: OtpReason, code: string): Promise<OtpRow> {
    const presented = hashCode({ phone, reason, code });
    const outcome = await codes.attemptOtp(phone, reason, OTP_POLICY.maxAttempts, (otp) => {
      options.onSecretCheck?.('otp');
      return digestsEqual(otp.code_hash, presented);
    });
    if (!outcome) throw new AppError('OTP_INVALID', INVALID_CODE);
    if ('attempts' in outcome) {
      throw new AppError(
        'OTP_INVALID',
        outcome.attempts >= OTP_POLICY.maxAttempts
          ? 'Too many wrong codes. Request a new code.'
          : 'The code is invalid.',
      );
    }
    return outcome.otp;
  }

  async function consume(otp: OtpRow): Promise<void> {
    if (!(await codes.consumeOtp(otp.id))) throw new AppError('OTP_INVALID', INVALID_CODE);
  }

  return {
    async send(
      body: OtpSendBody,
      player: AuthenticatedPlayer | null,
      context: ClientContext,
      log: Log,
    ): Promise<{ message: string }> {
      assertEnabled();
      const { phone, reason } = body;
      // Whether an SMS really goes out. For an unknown phone in password recovery the
      // code is recorded but not sent, so that the answer and the limits look the same
      // whether or not the number has an account.
      let deliver = true;
      // The owner's saved language; before an account exists, the request's.
      let ownerLocale: string | null | undefined;
      if (reason === 'registration') {
        await geo.assertAuthAllowed(context.country);
        if (await repository.isPhoneTaken(phone)) throw fieldError('phone', 'This phone number is already registered.');
        if (await options.isSelfExcluded({ phone })) {
          throw fieldError('phone', 'Registration is not possible with this phone number. Please contact support.');
        }
      } else if (reason === 'phoneVerification') {
        const own = await assertOwnPhone(player, phone);
        ownerLocale = (await repository.findCredentialsById(own.id))?.locale;
      } else {
        const owner = await repository.findCredentialsByPhone(phone);
        deliver = owner !== undefined;
        ownerLocale = owner?.locale;
      }

      const code = randomOtp();
      const created = await codes.createOtpWithinLimit({
        phone,
        reason,
        codeHash: hashCode({ phone, reason, code }),
        clientIp: context.ip,
        ttlSeconds: OTP_POLICY.ttlSeconds,
        windowSeconds: OTP_POLICY.windowSeconds,
        maxPerWindow: OTP_POLICY.maxSendsPerWindow,
      });
      if ('retryAfterSeconds' in created) {
        throw new AppError('OTP_SEND_LIMIT', undefined, undefined, { retryAfterSeconds: created.retryAfterSeconds });
      }
      if (deliver) {
        try {
          const locale = [ownerLocale, await templates.requestLocale(context.acceptLanguage)];
          await sms.send(await templates.otp({ to: phone, code, reason, ttlSeconds: OTP_POLICY.ttlSeconds, locale }));
        } catch (error) {
          await codes.invalidateOtp(created.id);
          log.error({ err: error, transport: sms.transport, reason }, 'one-time code not sent');
          throw new AppError('SERVICE_UNAVAILABLE', 'The code could not be sent. Try again in a moment.');
        }
      }
      return { message: 'We have sent a code to your phone.' };
    },

    /**
     * Checks a code. `registration`: marks it verified and answers it back (the final
     * `/register/phone` call consumes it). `phoneVerification`: confirms the signed-in
     * player's phone. `changingPass`: answers a password-reset code for `/passwords/confirm`.
     */
    async verify(
      body: OtpVerifyBody,
      player: AuthenticatedPlayer | null,
      context: ClientContext,
    ): Promise<{ code: string }> {
      assertEnabled();
      const { phone, reason, code } = body;
      // Before the code is checked, so that a guest's attempt does not burn it.
      if (reason === 'phoneVerification') await assertOwnPhone(player, phone);
      const otp = await check(phone, reason, code);
      if (reason === 'registration') {
        await codes.markOtpVerified(otp.id);
        return { code };
      }
      if (reason === 'phoneVerification') {
        await consume(otp);
        if (!player || !(await repository.confirmPhone(player.id, phone))) {
          throw fieldError('phone', 'This is not the phone number of your profile.');
        }
        return { code };
      }
      const account = await repository.findCredentialsByPhone(phone);
      if (!account) throw new AppError('OTP_INVALID', INVALID_CODE);
      await consume(otp);
      return { code: await resets.issueResetCode(account.id, 'sms', context.ip) };
    },

    /** For `/register/phone`: checks and uses the registration code (verified before or not). */
    async consumeForRegistration(phone: string, code: string): Promise<void> {
      assertEnabled();
      await consume(await check(phone, 'registration', code));
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
