import type { ContentGroup, ContentTree } from '@croupier/contract';
import type { Transaction, Updateable } from 'kysely';
import type { Config } from '../../config';
import type { BackgroundTasks } from '../../lib/background';
import type { EventRegistry } from '../../lib/events';
import type { Db } from '../../db/database';
import type { Database, PlayerTable } from '../../db/schema';
import type { EmailSender, MessageContent } from '../notifications';
import type { SmsSender } from '../notifications';
import { createMessageTemplates } from '../notifications';
import { createClosureService } from './closure';
import { createClosureRepository } from './closure-repository';
import { createCodesRepository } from './codes-repository';
import { createOtpHasher, createRefreshTokenSuccessor, type SecretCheckObserver } from './crypto';
import { createExclusionRepository } from './exclusion-repository';
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
export type { ExcludedPlayer } from './exclusion-repository';
export { normalizeEmailForMatching } from './matching';
export type { SecretCheckObserver } from './crypto';
export { decoratePlayer, playerOf } from './guards';
export { closureRoutes } from './closure-routes';

/** The columns the profile module may change. */
export type ProfileColumns = Pick<
  Updateable<PlayerTable>,
  | 'email'
  | 'phone'
  | 'nickname'
  | 'first_name'
  | 'last_name'
  | 'birthdate'
  | 'gender'
  | 'nationality'
  | 'place_of_birth'
  | 'address'
  | 'additional_address'
  | 'city'
  | 'postal_code'
  | 'profession'
  | 'personal_id_number'
  | 'security_question'
  | 'security_answer'
  | 'time_zone'
  | 'country'
  | 'locale'
  | 'receive_email_promo'
  | 'receive_sms_promo'
  | 'pwa_installed'
  | 'freshchat_restore_id'
  | 'confirmed_at'
  | 'phone_confirmed'
>;

/** What accounts read of the content service: the page texts and the e-mail and SMS texts. */
export interface AuthContent extends MessageContent {
  getGroups(
    locale: string | undefined,
    names: readonly ContentGroup[],
  ): Promise<{ locale: string; groups: Partial<Record<ContentGroup, ContentTree>> }>;
}

/** Wires the accounts services: sessions and tokens, sign-in, registration, one-time codes, passwords. */
export function createAuth(options: {
  db: Db;
  config: Config;
  email: EmailSender;
  sms: SmsSender;
  settings: RegistrationSettings;
  fields: FieldRuleReader;
  profiles: ProfileReader;
  content: AuthContent;
  /** Work after the response (reset e-mails). */
  background: BackgroundTasks;
  log: { warn(message: string): void };
  /** Where `auth.sessions-ended` goes (logout, closed session, password change, blocking). */
  events?: EventRegistry | undefined;
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
    onSessionsEnded: (ended: SessionsEnded) => {
      options.events?.emit('auth.sessions-ended', ended).catch((error: unknown) => {
        options.log.warn(`auth.sessions-ended handler failed: ${String(error)}`);
      });
    },
    onSignedIn: options.events
      ? (trx, playerId, sessionId) =>
          options.events?.emit('auth.signed-in', { trx, playerId, sessionId }) ?? Promise.resolve()
      : undefined,
  });
  const geo = createGeoPolicy(settings);
  const links = createLinks(config);
  const templates = createMessageTemplates(options.content);
  const confirmations = createEmailConfirmationService({ repository, codes, email, links, templates });
  const passwords = createPasswordService({
    repository,
    codes,
    sessions,
    email,
    templates,
    links,
    supportEmail: config.mail.supportEmail,
    background: options.background,
  });
  const otp = createOtpService({
    repository,
    codes,
    sms,
    templates,
    hashCode: createOtpHasher(keys.otp),
    geo,
    isSelfExcluded: (match) => codes.isSelfExcluded(match),
    resets: passwords,
    enabled: config.features.registration.phone,
    onSecretCheck: options.onSecretCheck,
  });
  return {
    guards: createAuthGuards(sessions),
    /** Writes of the `players` table for other modules: auth owns it. */
    players: {
      updateProfile: (playerId: string, changes: ProfileColumns, trx?: Transaction<Database>) =>
        repository.updatePlayerProfile(playerId, changes, trx),
      /**
       * Cooling-off and self-exclusion (the limits module): status 4 and marketing off in the
       * caller's transaction, back to active when the last one ended, and the end of every
       * session of the player once the exclusion committed.
       */
      exclusion: {
        ...createExclusionRepository(),
        endSessions: (playerId: string) => sessions.closeAll(playerId, 'excluded'),
      },
    },
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
      email,
      templates,
      links,
      // A failed reaction (a promo code) never fails the registration: it is logged.
      onRegistered: async (registered) => {
        await options.events?.emit('auth.player-registered', registered).catch((error: unknown) => {
          options.log.warn(`auth.player-registered handler failed: ${String(error)}`);
        });
      },
    }),
    otp,
    passwords,
    confirmations,
    /** Account closure requests (closure.ts). */
    closures: createClosureService({
      repository,
      closures: createClosureRepository(db),
      sessions,
      onSecretCheck: options.onSecretCheck,
    }),
  };
}

export type Auth = ReturnType<typeof createAuth>;
