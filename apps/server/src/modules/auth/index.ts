import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { EmailSender } from '../notifications/email';
import type { SmsSender } from '../notifications/sms';
import { createCodesRepository } from './codes-repository';
import { createOtpHasher, createRefreshTokenSuccessor, type SecretCheckObserver } from './crypto';
import { createEmailConfirmationService } from './email-confirmation';
import { createGeoPolicy } from './geo-policy';
import { createAuthGuards } from './guards';
import { createLinks } from './links';
import { createOtpService } from './otp';
import { createPasswordService } from './passwords';
import { createRegistrationService, type FieldRuleReader, type RegistrationSettings } from './registration';
import { createAuthRepository } from './repository';
import { resolveServerKeys } from './secret';
import { createSessionService, type ProfileReader, type SessionsEnded } from './sessions';
import { createSignInService } from './sign-in';
import { createAccessTokens } from './tokens';

export type { AuthenticatedPlayer, AuthGuards } from './guards';
export type { SessionsEnded } from './sessions';
export type { SecretCheckObserver } from './crypto';
export { decoratePlayer, playerOf } from './guards';

/** Wires the accounts services: sessions and tokens, sign-in, registration, one-time codes, passwords. */
export function createAuth(options: {
  db: Db;
  config: Config;
  email: EmailSender;
  sms: SmsSender;
  settings: RegistrationSettings;
  fields: FieldRuleReader;
  profiles: ProfileReader;
  log: { warn(message: string): void };
  /** Told when sessions close (logout, closed session, password change, blocking): ends their live connections. */
  onSessionsEnded?: ((ended: SessionsEnded) => void) | undefined;
  /** Told of each password or one-time code compared with an account's (tests count them). */
  onSecretCheck?: SecretCheckObserver | undefined;
}) {
  const { db, config, email, sms, settings, fields, profiles } = options;
  const keys = resolveServerKeys(config, options.log);
  const repository = createAuthRepository(db);
  const codes = createCodesRepository(db);
  const tokens = createAccessTokens({ key: keys.jwt, ttlSeconds: config.auth.accessTokenTtlSeconds });
  const sessions = createSessionService({
    repository,
    tokens,
    profiles,
    lifetimes: {
      idleSeconds: config.auth.sessionIdleTtlSeconds,
      absoluteSeconds: config.auth.sessionAbsoluteTtlSeconds,
    },
    nextRefreshTokenId: createRefreshTokenSuccessor(keys.refresh),
    onSessionsEnded: options.onSessionsEnded,
  });
  const geo = createGeoPolicy(settings);
  const links = createLinks(config);
  const confirmations = createEmailConfirmationService({ repository, codes, email, links });
  const passwords = createPasswordService({
    repository,
    codes,
    sessions,
    email,
    links,
    supportEmail: config.mail.supportEmail,
  });
  const otp = createOtpService({
    repository,
    codes,
    sms,
    hashCode: createOtpHasher(keys.otp),
    geo,
    isSelfExcluded: (match) => codes.isSelfExcluded(match),
    resets: passwords,
    enabled: config.features.registration.phone,
    onSecretCheck: options.onSecretCheck,
  });
  return {
    guards: createAuthGuards(sessions),
    sessions,
    signIn: createSignInService({ repository, codes, sessions, geo, onSecretCheck: options.onSecretCheck }),
    registration: createRegistrationService({
      repository,
      codes,
      sessions,
      otp,
      confirmations,
      geo,
      settings,
      fields,
      features: config.features.registration,
    }),
    otp,
    passwords,
    confirmations,
  };
}

export type Auth = ReturnType<typeof createAuth>;
