import {
  fieldFailures,
  messageFor,
  PlayerStatus,
  type AuthResponse,
  type FieldErrors,
  type SocialSignInBody,
} from '@croupier/contract';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { PlayerTable } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import type { ClientContext } from '../client';
import { randomReferralCode, randomToken, sha256Hex } from '../crypto';
import type { GeoPolicy } from '../geo-policy';
import { normalizeEmailForMatching } from '../matching';
import type { RegistrationSettings } from '../registration';
import type { SessionService } from '../sessions';
import type { OidcClient } from './oidc';
import type { IdentityValues, SocialRepository } from './repository';
import { brokerCallbackQuerySchema } from './schemas';
import {
  FLOW_TTL_SECONDS,
  newFlowToken,
  pkcePair,
  providerState,
  returnedStateSchema,
  type ClientState,
} from './state';
import { telegramParamsSchema, verifyTelegramLogin, type TelegramParams } from './telegram';

/** The broker's provider id in settings (`player.socialAuth`) and in stored identities. */
export const BROKER = 'auth0';
export const TELEGRAM = 'telegram';

const NICKNAME_MAX = 64;
const NAME_MAX = 100;
const MAX_REFERRAL_CODE_TRIES = 3;

const FLOW_REFUSED = 'This sign-in has expired or was already used. Please start again.';
const NOT_AVAILABLE = 'This sign-in method is not available.';

/** What the provider told us about the person, beyond the identity itself. */
interface ProfileHints {
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A zod failure of provider parameters as a 422, with the shared rule texts. */
function parseOr422<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const [path, failure] of Object.entries(fieldFailures(parsed.error))) {
    (fields[`${prefix}${path}` || 'request'] ??= []).push(messageFor(failure));
  }
  throw AppError.validation(fields, 'Invalid sign-in parameters.');
}

function clip(text: string | null | undefined, max: number): string | null {
  const value = text?.trim();
  return value ? value.slice(0, max) : null;
}

function flowRefused(): AppError {
  return new AppError('BAD_REQUEST', FLOW_REFUSED);
}

/**
 * Social sign-in: the OIDC broker's connections and Telegram. Each start records a flow
 * (see state.ts); each completion checks the flow, proves the identity with the
 * provider, then finds or creates the player:
 * - a known identity (provider, subject) signs its player in (blocked: 11002);
 * - a new broker identity must come with a verified e-mail (else 11001). An account
 *   with that e-mail gets the identity linked only if the account's own address is
 *   confirmed too; an unconfirmed account could be someone else's pre-registration of
 *   the address, so that is a 409 (sign in with the password and confirm first);
 * - otherwise a new account is created as registration would (visitor country, its
 *   currency, the locale asked for; refused for a self-excluded e-mail) and signed in
 *   with `isNewlyRegistered`.
 * Sign-in and sign-up from a country with restrictType 2 are refused (451, 11006).
 */
export function createSocialSignIn(options: {
  repository: SocialRepository;
  sessions: SessionService;
  geo: GeoPolicy;
  settings: RegistrationSettings;
  isSelfExcluded(match: { emailNormalized: string }): Promise<boolean>;
  recordLoginSuccess(playerId: string): Promise<void>;
  /** Enabled providers (settings `player.socialAuth`). */
  enabled: readonly string[];
  /** The broker; undefined when it is not configured (and no sandbox stands in). */
  oidc: OidcClient | undefined;
  /** Telegram's key and freshness; undefined when Telegram is off. */
  telegram: { botToken: string; maxAgeSeconds: number } | undefined;
  log: { warn(object: object, message: string): void };
  now?: () => number;
}) {
  const { repository, sessions, geo, settings, log } = options;
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const brokerOn = options.enabled.includes(BROKER) && options.oidc !== undefined;
  const telegramOn = options.enabled.includes(TELEGRAM) && options.telegram !== undefined;

  function oidcClient(): OidcClient {
    if (!brokerOn || !options.oidc) throw AppError.notFound(NOT_AVAILABLE);
    return options.oidc;
  }

  function telegramKey(): { botToken: string; maxAgeSeconds: number } {
    if (!telegramOn || !options.telegram) throw AppError.notFound(NOT_AVAILABLE);
    return options.telegram;
  }

  /** Telegram's fields of a query (our `state` and `error` are not Telegram's). */
  function telegramFields(query: Readonly<Record<string, string>>): Record<string, string> {
    const { state: _state, error: _error, ...fields } = query;
    return fields;
  }

  function checkTelegram(params: TelegramParams): ReturnType<typeof verifyTelegramLogin> {
    const key = telegramKey();
    return verifyTelegramLogin(params, key.botToken, { nowSeconds: nowSeconds(), maxAgeSeconds: key.maxAgeSeconds });
  }

  async function newPlayerValues(
    identity: IdentityValues,
    hints: ProfileHints,
    body: SocialSignInBody,
    context: ClientContext,
  ): Promise<Omit<Insertable<PlayerTable>, 'referral_code'>> {
    const [countries, currencies, locales] = await Promise.all([
      settings.listCountries(),
      settings.listCurrencies({ visibleOnly: true }),
      settings.listLocales(),
    ]);
    const country = context.country ? countries.find((c) => c.code === context.country) : undefined;
    const offered = currencies.filter((c) => c.isEnabled);
    const currency =
      offered.find((c) => c.code === country?.currency)?.code ??
      offered.find((c) => c.isBase)?.code ??
      offered[0]?.code ??
      null;
    const wanted = body.locale?.toLowerCase();
    const locale =
      locales.find((l) => l.code.toLowerCase() === wanted)?.code ??
      locales.find((l) => l.code === country?.locale)?.code ??
      locales.find((l) => l.isDefault)?.code ??
      null;
    const emailLocal = identity.email ? identity.email.slice(0, identity.email.indexOf('@')) : null;
    return {
      email: identity.email,
      // The provider verified it (unverified e-mails never get this far).
      confirmed_at: identity.email ? new Date() : null,
      password_hash: null,
      nickname: clip(hints.nickname ?? hints.firstName ?? emailLocal, NICKNAME_MAX),
      first_name: clip(hints.firstName, NAME_MAX),
      last_name: clip(hints.lastName, NAME_MAX),
      locale,
      country: country?.code ?? null,
      currency,
      affiliate_tag: body.affiliateTag ?? null,
      fingerprint: body.fingerprint ?? null,
      registration_method: 'social',
      registration_ip: context.ip,
      registration_country: context.country,
      last_login_at: new Date(),
    };
  }

  async function signInExisting(
    playerId: string,
    status: number,
    body: SocialSignInBody,
    context: ClientContext,
  ): Promise<AuthResponse> {
    if (status === PlayerStatus.BLOCKED) throw new AppError('ACCOUNT_BLOCKED');
    await options.recordLoginSuccess(playerId);
    return sessions.start(playerId, { ...context, fingerprint: body.fingerprint }, 'social');
  }

  /** Finds or creates the player of a proven identity and signs them in. */
  async function resolve(
    identity: IdentityValues,
    hints: ProfileHints,
    body: SocialSignInBody,
    context: ClientContext,
    attempt = 1,
  ): Promise<AuthResponse> {
    const known = await repository.findByIdentity(identity.provider, identity.subject);
    if (known) {
      if (known.status !== PlayerStatus.BLOCKED) await repository.touchIdentity(known.identity_id, identity);
      return signInExisting(known.player_id, known.status, body, context);
    }

    if (identity.email) {
      const owner = await repository.findByEmail(identity.email);
      if (owner) {
        if (owner.status === PlayerStatus.BLOCKED) throw new AppError('ACCOUNT_BLOCKED');
        if (!owner.confirmed_at || !identity.emailVerified) {
          throw new AppError(
            'CONFLICT',
            'An account with this e-mail address already exists. Sign in with your password and confirm your ' +
              'e-mail address first; then this sign-in method can be used too.',
          );
        }
        try {
          await repository.linkIdentity(owner.player_id, identity);
        } catch (error) {
          // The same identity was linked by a parallel sign-in: sign in through it.
          if (attempt < 2 && isUniqueViolation(error, 'social_identities_provider_subject')) {
            return resolve(identity, hints, body, context, attempt + 1);
          }
          throw error;
        }
        return signInExisting(owner.player_id, owner.status, body, context);
      }
      if (await options.isSelfExcluded({ emailNormalized: normalizeEmailForMatching(identity.email) })) {
        throw AppError.validation({
          email: ['Registration is not possible with this e-mail address. Please contact support.'],
        });
      }
    }

    const values = await newPlayerValues(identity, hints, body, context);
    for (let tries = 1; ; tries += 1) {
      try {
        const playerId = await repository.createPlayerWithIdentity(
          { ...values, referral_code: randomReferralCode() },
          identity,
        );
        return await sessions.start(playerId, { ...context, fingerprint: body.fingerprint }, 'social', {
          isNewlyRegistered: true,
        });
      } catch (error) {
        if (attempt < 2 && isUniqueViolation(error, 'social_identities_provider_subject')) {
          return resolve(identity, hints, body, context, attempt + 1);
        }
        if (isUniqueViolation(error, 'players_email_unique')) {
          throw new AppError('CONFLICT', 'An account with this e-mail address already exists.');
        }
        if (!isUniqueViolation(error, 'players_referral_code_key') || tries >= MAX_REFERRAL_CODE_TRIES) throw error;
      }
    }
  }

  return {
    /** Which providers work here (the routes answer 404 for the others). */
    availability: { broker: brokerOn, telegram: telegramOn },

    /** Starts a broker sign-in: records the flow and answers the provider's authorization URL. */
    async startBroker(input: {
      connection: string;
      clientState: ClientState;
      redirectBase: string;
      bindingSecret: string;
      ip: string;
    }): Promise<string> {
      const oidc = oidcClient();
      const flow = newFlowToken();
      const pkce = pkcePair();
      const nonce = randomToken(16);
      const redirectUri = `${input.redirectBase}/auth/social/${input.connection}/callback`;
      await repository.insertFlow(
        {
          flow_hash: flow.hash,
          binding_hash: sha256Hex(input.bindingSecret),
          provider: BROKER,
          connection: input.connection,
          client_state: JSON.stringify(input.clientState),
          code_verifier: pkce.verifier,
          nonce,
          redirect_uri: redirectUri,
          client_ip: input.ip,
        },
        FLOW_TTL_SECONDS,
      );
      return oidc.authorizationUrl({
        redirectUri,
        state: providerState(input.clientState, flow.token),
        nonce,
        codeChallenge: pkce.challenge,
        connection: input.connection,
      });
    },

    /**
     * Starts a Telegram sign-in: records the flow of this browser. Its token is handed
     * out only by the callback, once Telegram's data has been checked.
     */
    async startTelegram(input: { clientState: ClientState; bindingSecret: string; ip: string }): Promise<void> {
      telegramKey();
      await repository.insertFlow(
        {
          flow_hash: newFlowToken().hash,
          binding_hash: sha256Hex(input.bindingSecret),
          provider: TELEGRAM,
          connection: TELEGRAM,
          client_state: JSON.stringify(input.clientState),
          client_ip: input.ip,
        },
        FLOW_TTL_SECONDS,
      );
    },

    /**
     * Telegram's redirect to this server (the widget's auth URL): checks the data and
     * answers the query for the web app's callback page: the data plus `state`, or an
     * `error` alone.
     */
    async telegramCallback(input: {
      query: Readonly<Record<string, string>>;
      bindingSecret: string | undefined;
    }): Promise<Record<string, string>> {
      telegramKey();
      const parsed = telegramParamsSchema.safeParse(telegramFields(input.query));
      if (!parsed.success) return { error: 'invalid_request' };
      const check = checkTelegram(parsed.data);
      if (!check.ok) {
        log.warn({ reason: check.reason }, 'Telegram login data refused');
        return { error: check.reason === 'hash' ? 'invalid_signature' : 'expired' };
      }
      if (!input.bindingSecret) return { error: 'no_sign_in_started' };
      const flow = newFlowToken();
      const attached = await repository.attachTelegramProof({
        bindingHash: sha256Hex(input.bindingSecret),
        proofHash: sha256Hex(parsed.data.hash),
        flowHash: flow.hash,
      });
      if (attached === 'none') return { error: 'no_sign_in_started' };
      if (attached === 'replayed') return { error: 'already_used' };
      const clientState = JSON.parse(attached.client_state) as ClientState;
      return { ...(parsed.data as Record<string, string>), state: providerState(clientState, flow.token) };
    },

    /** `POST /api/player/sessions/social`: completes a flow and signs the player in. */
    async complete(input: {
      query: Readonly<Record<string, string>>;
      body: SocialSignInBody;
      bindingSecret: string | undefined;
      context: ClientContext;
    }): Promise<AuthResponse> {
      const { query, body, context } = input;
      await geo.assertAuthAllowed(context.country);
      const isTelegram = body.connection === TELEGRAM;
      if (isTelegram) telegramKey();
      else oidcClient();

      if (query.error !== undefined) {
        throw new AppError('BAD_REQUEST', 'The sign-in was cancelled or refused. Please try again.');
      }
      const state = parseOr422(returnedStateSchema, query.state, 'state');
      if (!input.bindingSecret) throw flowRefused();
      const match = {
        flowHash: sha256Hex(state.flow),
        bindingHash: sha256Hex(input.bindingSecret),
        provider: isTelegram ? TELEGRAM : BROKER,
        connection: body.connection,
      };

      if (isTelegram) {
        const params = parseOr422(telegramParamsSchema, telegramFields(query));
        // Checked again here: the callback's word travelled through the browser.
        const check = checkTelegram(params);
        if (!check.ok) {
          throw new AppError(
            'UNAUTHENTICATED',
            check.reason === 'hash'
              ? 'The Telegram sign-in could not be verified.'
              : 'The Telegram sign-in has expired. Please try again.',
          );
        }
        if (!(await repository.consumeFlow({ ...match, proofHash: sha256Hex(params.hash) }))) throw flowRefused();
        const { user } = check;
        return resolve(
          { provider: TELEGRAM, subject: user.id, connection: TELEGRAM, email: null, emailVerified: false },
          { nickname: user.username, firstName: user.firstName, lastName: user.lastName },
          body,
          context,
        );
      }

      const { code } = parseOr422(brokerCallbackQuerySchema, query);
      const flow = await repository.consumeFlow(match);
      if (!flow?.code_verifier || !flow.nonce || !flow.redirect_uri) throw flowRefused();
      const person = await oidcClient().signIn({
        code,
        codeVerifier: flow.code_verifier,
        redirectUri: flow.redirect_uri,
        nonce: flow.nonce,
      });
      if (!person.email || !person.emailVerified) throw new AppError('SOCIAL_EMAIL_NOT_VERIFIED');
      return resolve(
        {
          provider: BROKER,
          subject: person.subject,
          connection: body.connection,
          email: person.email,
          emailVerified: true,
        },
        { nickname: person.nickname ?? person.givenName, firstName: person.givenName, lastName: person.familyName },
        body,
        context,
      );
    },
  };
}

export type SocialSignIn = ReturnType<typeof createSocialSignIn>;
