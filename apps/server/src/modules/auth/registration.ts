import {
  RestrictType,
  type AuthResponse,
  type Country,
  type Currency,
  type EmailRegistrationBody,
  type Field,
  type FieldScenario,
  type Locale,
  type PhoneRegistrationBody,
  type RegistrationMailed,
} from '@croupier/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { PlayerTable, RegistrationMethod } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { fieldErrors, ruleText } from '../../lib/field-errors';
import type { EmailSender, MessageTemplates } from '../notifications';
import type { ClientContext } from './client';
import type { CodesRepository } from './codes-repository';
import { randomReferralCode } from './crypto';
import type { EmailConfirmationService } from './email-confirmation';
import type { GeoPolicy } from './geo-policy';
import { normalizeEmailForMatching } from './matching';
import type { OtpService } from './otp';
import { hashPassword, passwordProblem } from './password-policy';
import type { AuthRepository } from './repository';
import type { SessionService } from './sessions';

type Log = Pick<FastifyBaseLogger, 'error'>;

/** What registration reads from the settings module (cached lists). */
export interface RegistrationSettings {
  listCountries(): Promise<Country[]>;
  listCurrencies(query: { visibleOnly: boolean }): Promise<Currency[]>;
  listLocales(): Promise<Locale[]>;
}

/** The field rules of a scenario (profile module). */
export interface FieldRuleReader {
  listFields(scenario: FieldScenario): Promise<Field[]>;
}

type RegistrationBody = Omit<EmailRegistrationBody, 'email' | 'phone'> & { email?: string; phone?: string | undefined };

/**
 * Field names registration validates against the operator's required flags; a field
 * rule with another name (which this server does not store) is not enforced.
 */
const KNOWN_FIELDS = new Set([
  'phone',
  'password_confirmation',
  'currency',
  'country',
  'locale',
  'agreements',
  'receiveEmailPromo',
  'receiveSmsPromo',
  'referralCode',
  'bonusCode',
  'firstName',
  'lastName',
  'birthdate',
  'gender',
  'city',
  'address',
  'postalCode',
]);

/**
 * Required-flag exemptions per tab: each tab supplies its own login field, so a listed
 * `email` or `phone` is an additional field; a `phone` on the e-mail tab is asked for (and
 * kept, unverified), an `email` on the phone tab is not taken by phone registration. The
 * other tab's promo checkbox is dropped by the form, and a hidden nickname is derived.
 */
const EXEMPT: Record<'email' | 'phone', ReadonlySet<string>> = {
  email: new Set(['email', 'receiveSmsPromo', 'nickname']),
  phone: new Set(['email', 'phone', 'receiveEmailPromo', 'nickname']),
};

/**
 * The answer to an e-mail registration whose address has an account: accepted like a new
 * one, the owner is told by e-mail. No session: the caller does not own the account.
 */
export const REGISTRATION_MAILED = 'We have sent an e-mail to this address. Follow it to continue.';

const EXCLUDED = 'Registration is not possible with this {what}. Please contact support.';
const MAX_REFERRAL_CODE_TRIES = 3;

/**
 * Registration by e-mail, or by phone with a one-time code. Refused with 451 (11006)
 * from a country that blocks sign-up; 422 with field errors for everything about the
 * form: a field the operator requires, a country that blocks sign-up (field `country`),
 * a currency or locale the site does not offer, a common password, a duplicate phone,
 * and a person on the self-exclusion register (neutral wording: whether someone
 * excluded themselves is nobody else's business). An e-mail address that already has an
 * account is not a form error (that would tell anyone which addresses have accounts):
 * the registration is accepted without a session and the owner gets an e-mail.
 */
export function createRegistrationService(options: {
  repository: AuthRepository;
  codes: CodesRepository;
  sessions: SessionService;
  otp: OtpService;
  confirmations: EmailConfirmationService;
  geo: GeoPolicy;
  settings: RegistrationSettings;
  fields: FieldRuleReader;
  features: { email: boolean; phone: boolean };
  email: EmailSender;
  templates: MessageTemplates;
  links: { signIn(): string; forgotPassword(): string };
  /** Told of each new account after its commit (the app event `auth.player-registered`); never throws. */
  onRegistered?: (registered: {
    playerId: string;
    currency: string | null;
    bonusCode: string | null;
    referralCode: string | null;
  }) => Promise<void>;
}) {
  const { repository, codes, sessions, otp, confirmations, geo, settings, fields } = options;

  /** Tells the owner of an address that someone (likely they) tried to register it again. */
  async function noticeExistingAccount(address: string, log: Log): Promise<RegistrationMailed> {
    try {
      const owner = await repository.findNoticeTarget(address);
      if (owner) {
        await options.email.send(
          await options.templates.accountExists({
            to: owner.email,
            signInLink: options.links.signIn(),
            resetLink: options.links.forgotPassword(),
            locale: [owner.locale],
          }),
        );
      }
    } catch (error) {
      // Like the confirmation of a new account: logged, never a different answer.
      log.error({ err: error, transport: options.email.transport }, 'account-exists e-mail not sent');
    }
    return { mailed: true, message: REGISTRATION_MAILED };
  }

  /** Validates the form beyond its schema and builds the account row (without the password hash). */
  async function prepare(
    body: RegistrationBody,
    method: 'email' | 'phone',
    context: ClientContext,
  ): Promise<{ values: Omit<Insertable<PlayerTable>, 'password_hash'>; emailTaken: boolean }> {
    const errors = fieldErrors();
    const [countries, currencies, locales, rules] = await Promise.all([
      settings.listCountries(),
      settings.listCurrencies({ visibleOnly: true }),
      settings.listLocales(),
      fields.listFields('registration'),
    ]);
    const values = body as Record<string, unknown>;
    // An e-mail registration keeps a phone only when the operator asks for one.
    const phone =
      method === 'phone' || rules.some((rule) => rule.name === 'phone' && rule.isVisible) ? body.phone : undefined;

    for (const rule of rules) {
      if (!rule.isRequired || !rule.isVisible || EXEMPT[method].has(rule.name) || !KNOWN_FIELDS.has(rule.name))
        continue;
      const value = values[rule.name];
      if (rule.name === 'agreements') {
        if (value !== true) errors.add(rule.name, ruleText(value === false ? 'affirmative' : 'required'));
      } else if (value === undefined || value === null) {
        errors.add(rule.name, ruleText('required'));
      }
    }

    // The visitor's country (already checked by the geo policy) when the form has none.
    let country: Country | undefined;
    if (body.country) {
      country = countries.find((c) => c.code === body.country);
      if (!country) errors.add('country', ruleText('invalid'));
      else if (country.restrict && country.restrictType === RestrictType.AUTH_BLOCKED) {
        errors.add('country', 'Registration is not available for this country.');
      }
    } else if (context.country) {
      country = countries.find((c) => c.code === context.country);
    }

    const offered = currencies.filter((c) => c.isEnabled);
    let currency: string | null = null;
    if (body.currency) {
      if (offered.some((c) => c.code === body.currency)) currency = body.currency;
      else errors.add('currency', 'This currency is not available.');
    } else {
      currency =
        offered.find((c) => c.code === country?.currency)?.code ??
        offered.find((c) => c.isBase)?.code ??
        offered[0]?.code ??
        null;
    }

    let locale: string | null = null;
    if (body.locale) {
      const wanted = body.locale.toLowerCase();
      locale = locales.find((l) => l.code.toLowerCase() === wanted)?.code ?? null;
      if (!locale) errors.add('locale', ruleText('invalid'));
    } else {
      locale = locales.find((l) => l.code === country?.locale)?.code ?? locales.find((l) => l.isDefault)?.code ?? null;
    }

    const problem = passwordProblem(body.password, [body.email, phone]);
    if (problem) errors.add('password', problem);

    let emailTaken = false;
    if (body.email) {
      emailTaken = await repository.isEmailTaken(body.email);
      if (!emailTaken && (await codes.isSelfExcluded({ emailNormalized: normalizeEmailForMatching(body.email) }))) {
        errors.add('email', EXCLUDED.replace('{what}', 'e-mail address'));
      }
    }
    // A taken phone stays a form error: see ARCHITECTURE.md, "Enumeration".
    if (phone) {
      if (await repository.isPhoneTaken(phone)) errors.add('phone', 'This phone number is already registered.');
      else if (await codes.isSelfExcluded({ phone })) {
        errors.add('phone', EXCLUDED.replace('{what}', 'phone number'));
      }
    }
    errors.throwIfAny();

    const registrationMethod: RegistrationMethod = method;
    const row = {
      email: body.email ?? null,
      phone: phone ?? null,
      phone_confirmed: method === 'phone',
      nickname: body.nickname ?? (body.email ? body.email.slice(0, body.email.indexOf('@')) : null),
      first_name: body.firstName ?? null,
      last_name: body.lastName ?? null,
      birthdate: body.birthdate ?? null,
      gender: body.gender ?? null,
      city: body.city ?? null,
      address: body.address ?? null,
      postal_code: body.postalCode ?? null,
      locale,
      country: country?.code ?? null,
      currency,
      receive_email_promo: body.receiveEmailPromo ?? false,
      receive_sms_promo: body.receiveSmsPromo ?? false,
      agreed_tc: body.agreements ?? false,
      referrer_code: body.referralCode ?? null,
      bonus_code: body.bonusCode ?? null,
      affiliate_tag: body.affiliateTag ?? null,
      fingerprint: body.fingerprint ?? null,
      registration_method: registrationMethod,
      registration_ip: context.ip,
      registration_country: context.country,
      // Registration signs the player in: it is their first sign-in.
      last_login_at: new Date(),
    };
    return { values: row, emailTaken };
  }

  /**
   * Stores the account; undefined when a parallel registration took the e-mail address
   * meanwhile (answered like any taken address). A phone taken meanwhile is a 422.
   */
  async function insert(values: Insertable<PlayerTable>): Promise<string | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { id } = await repository.insertPlayer({ ...values, referral_code: randomReferralCode() });
        return id;
      } catch (error) {
        if (isUniqueViolation(error, 'players_email_unique')) return undefined;
        if (isUniqueViolation(error, 'players_phone_key')) {
          throw AppError.validation({ phone: ['This phone number is already registered.'] });
        }
        if (!isUniqueViolation(error, 'players_referral_code_key') || attempt >= MAX_REFERRAL_CODE_TRIES) throw error;
      }
    }
  }

  return {
    async registerByEmail(
      body: EmailRegistrationBody,
      context: ClientContext,
      log: Log,
    ): Promise<AuthResponse | RegistrationMailed> {
      if (!options.features.email) throw new AppError('BAD_REQUEST', 'Registration by e-mail is not available.');
      await geo.assertAuthAllowed(context.country);
      const { values, emailTaken } = await prepare(body, 'email', context);
      // Hashed on both paths, so that a taken address is not answered faster.
      const passwordHash = await hashPassword(body.password);
      const playerId = emailTaken ? undefined : await insert({ ...values, password_hash: passwordHash });
      if (!playerId) return noticeExistingAccount(body.email, log);
      await options.onRegistered?.({
        playerId,
        currency: values.currency ?? null,
        bonusCode: body.bonusCode ?? null,
        referralCode: body.referralCode ?? null,
      });
      await confirmations.sendQuietly(playerId, body.email, log);
      return sessions.start(playerId, { ...context, fingerprint: body.fingerprint }, 'registration', {
        isNewlyRegistered: true,
      });
    },

    /** The code is checked after the form (a form error sends the player back to it); 11003 for a wrong code. */
    async registerByPhone(body: PhoneRegistrationBody, context: ClientContext): Promise<AuthResponse> {
      if (!options.features.phone) throw new AppError('BAD_REQUEST', 'Registration by phone is not available.');
      await geo.assertAuthAllowed(context.country);
      const { values } = await prepare(body, 'phone', context);
      await otp.consumeForRegistration(body.phone, body.code);
      const playerId = await insert({ ...values, password_hash: await hashPassword(body.password) });
      // The phone's owner proved it with the code; an e-mail on this tab is never stored.
      if (!playerId) throw new AppError('CONFLICT');
      await options.onRegistered?.({
        playerId,
        currency: values.currency ?? null,
        bonusCode: body.bonusCode ?? null,
        referralCode: body.referralCode ?? null,
      });
      return sessions.start(playerId, { ...context, fingerprint: body.fingerprint }, 'registration', {
        isNewlyRegistered: true,
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
