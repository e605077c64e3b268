import {
  RestrictType,
  VERIFICATION_STATUSES,
  type Constants,
  type Country,
  type Locale,
  type Profile,
  type ProfileUpdateBody,
  type VerificationStatus,
} from '@croupier/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { fieldErrors, ruleText } from '../../lib/field-errors';
import type { FieldRulesService } from './fields';
import type { ProfileChanges, ProfileRepository, ProfileRow } from './repository';

type Log = Pick<FastifyBaseLogger, 'error'>;

const verificationStatusOf = (value: string | null): VerificationStatus =>
  VERIFICATION_STATUSES.find((status) => status === value) ?? 'none';

export function toProfile(row: ProfileRow, options: { isNewlyRegistered?: boolean } = {}): Profile {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    phone: row.phone,
    phoneConfirmed: row.phone_confirmed,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    currency: row.currency,
    country: row.country,
    birthdate: row.birthdate,
    firstName: row.first_name,
    lastName: row.last_name,
    nickname: row.nickname ?? (row.email ? row.email.slice(0, row.email.indexOf('@')) : null),
    gender: row.gender,
    nationality: row.nationality,
    placeOfBirth: row.place_of_birth,
    address: row.address,
    additionalAddress: row.additional_address,
    city: row.city,
    postalCode: row.postal_code,
    profession: row.profession,
    personalIdNumber: row.personal_id_number,
    securityQuestion: row.security_question,
    securityAnswer: row.security_answer,
    timeZone: row.time_zone,
    locale: row.locale,
    receiveEmailPromo: row.receive_email_promo,
    receiveSmsPromo: row.receive_sms_promo,
    agreedTc: row.agreed_tc,
    createdAt: row.created_at.toISOString(),
    freshchatRestoreId: row.freshchat_restore_id,
    segmentIds: [],
    isNewlyRegistered: options.isNewlyRegistered ?? false,
    pwaInstalled: row.pwa_installed,
    externalId: Number(row.external_id),
    // Filled by the referral programme's port when it is on (ProfileReader.useReferrals).
    referralCode: null,
    qualifiedReferralsCount: null,
    previousLoginAt: row.previous_login_at?.toISOString() ?? null,
    verificationStatus: verificationStatusOf(row.verification_status),
  };
}

/**
 * The referral programme's fields of a profile (the referrals module, handed over in app.ts):
 * the player's code and qualified friends, both null while the programme is off.
 */
export interface ReferralProfileFields {
  profileFields(
    playerId: string,
    referralCode: string | null,
  ): Promise<{ referralCode: string | null; qualifiedReferralsCount: number | null }>;
}

/** Reads profiles; used by every sign-in answer as well. */
export function createProfileReader(options: { repository: ProfileRepository }) {
  let referrals: ReferralProfileFields | undefined;
  async function present(row: ProfileRow, profileOptions: { isNewlyRegistered?: boolean } = {}): Promise<Profile> {
    const profile = toProfile(row, profileOptions);
    return referrals ? { ...profile, ...(await referrals.profileFields(row.id, row.referral_code)) } : profile;
  }
  return {
    /** The referral programme's port (wired in app.ts once the module is built). */
    useReferrals(port: ReferralProfileFields): void {
      referrals = port;
    },
    present,
    async getProfile(playerId: string, profileOptions: { isNewlyRegistered?: boolean } = {}): Promise<Profile> {
      const row = await options.repository.findProfile(playerId);
      // A valid session of a deleted account cannot exist (sessions go with it); be safe anyway.
      if (!row) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
      return present(row, profileOptions);
    },
  };
}

export type ProfileReader = ReturnType<typeof createProfileReader>;

/** The column of each editable profile field. */
const COLUMN_OF = {
  email: 'email',
  phone: 'phone',
  nickname: 'nickname',
  firstName: 'first_name',
  lastName: 'last_name',
  birthdate: 'birthdate',
  gender: 'gender',
  nationality: 'nationality',
  placeOfBirth: 'place_of_birth',
  address: 'address',
  additionalAddress: 'additional_address',
  city: 'city',
  postalCode: 'postal_code',
  profession: 'profession',
  personalIdNumber: 'personal_id_number',
  securityQuestion: 'security_question',
  securityAnswer: 'security_answer',
  timeZone: 'time_zone',
  country: 'country',
  locale: 'locale',
  receiveEmailPromo: 'receive_email_promo',
  receiveSmsPromo: 'receive_sms_promo',
  pwaInstalled: 'pwa_installed',
  freshchatRestoreId: 'freshchat_restore_id',
} as const satisfies Record<keyof ProfileUpdateBody, keyof ProfileRow & keyof ProfileChanges>;

type EditableKey = keyof typeof COLUMN_OF;

function sameValue(key: EditableKey, next: unknown, current: unknown): boolean {
  // An e-mail address differing only in case is the same mailbox: not a change to confirm again.
  if (key === 'email' && typeof next === 'string' && typeof current === 'string') {
    return next.toLowerCase() === current.toLowerCase();
  }
  return next === current;
}

/**
 * The player's own profile. An update writes only the editable fields of the contract's
 * schema; every other key of the body (status, confirmedAt, id, externalId, balances…)
 * never reaches this service. Field rules of the `profile` scenario apply: a required
 * field cannot be cleared, a field marked not editable can be filled in once but not
 * changed. Changing the e-mail address clears its confirmation and mails a new link;
 * changing the phone clears its confirmation. The account must keep an e-mail or a
 * phone to sign in with.
 */
export function createProfileService(options: {
  repository: ProfileRepository;
  reader: ProfileReader;
  fields: FieldRulesService;
  settings: {
    listCountries(): Promise<Country[]>;
    listLocales(): Promise<Locale[]>;
    getConstants(): Constants;
  };
  confirmations: { sendQuietly(playerId: string, address: string, log: Log): Promise<void> };
  /** The players table is auth's: the checked changes are written through it. */
  players: { updateProfile(playerId: string, changes: ProfileChanges, trx?: Transaction<Database>): Promise<void> };
  /** Opens the transaction a profile change is saved in. */
  transaction?: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  /**
   * Told of a saved change inside its transaction, with every field that has a value
   * afterwards (`profile.updated`: the activity stream).
   */
  onUpdated?: (trx: Transaction<Database>, playerId: string, filledFields: string[]) => Promise<void>;
}) {
  const { repository, reader, fields, settings, confirmations } = options;
  let timeZones: ReadonlySet<string> | undefined;

  return {
    getProfile: (playerId: string, profileOptions?: { isNewlyRegistered?: boolean }) =>
      reader.getProfile(playerId, profileOptions),

    async updateProfile(playerId: string, body: ProfileUpdateBody, log: Log): Promise<Profile> {
      const current = await repository.findProfile(playerId);
      if (!current) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
      const rules = new Map((await fields.listFields('profile')).map((rule) => [rule.name, rule]));
      const errors = fieldErrors();
      const changes: ProfileChanges = {};
      const next = { ...body };

      if (next.locale !== undefined) {
        const wanted = next.locale.toLowerCase();
        const locale = (await settings.listLocales()).find((l) => l.code.toLowerCase() === wanted);
        if (locale) next.locale = locale.code;
        else errors.add('locale', ruleText('invalid'));
      }
      if (next.timeZone) {
        timeZones ??= new Set(settings.getConstants().player.timeZone.map((zone) => zone.id));
        if (!timeZones.has(next.timeZone)) errors.add('timeZone', ruleText('invalid'));
      }
      if (next.country) {
        const country = (await settings.listCountries()).find((c) => c.code === next.country);
        if (!country) errors.add('country', ruleText('invalid'));
        else if (country.restrict && country.restrictType === RestrictType.AUTH_BLOCKED) {
          errors.add('country', 'This country is not available.');
        }
      }

      for (const key of Object.keys(COLUMN_OF) as EditableKey[]) {
        const value = next[key];
        if (value === undefined || errors.has(key)) continue;
        const column = COLUMN_OF[key];
        const currentValue = current[column];
        if (sameValue(key, value, currentValue)) continue;
        const rule = rules.get(key);
        if (value === null && rule?.isRequired) {
          errors.add(key, ruleText('required'));
          continue;
        }
        if (rule && !rule.editable && currentValue !== null) {
          errors.add(key, 'This field cannot be changed.');
          continue;
        }
        (changes as Record<string, unknown>)[column] = value;
      }

      // Keep a way to sign in: an e-mail or a phone.
      const email = changes.email === undefined ? current.email : changes.email;
      const phone = changes.phone === undefined ? current.phone : changes.phone;
      if (!email && !phone) errors.add(changes.email === null ? 'email' : 'phone', ruleText('required'));
      if (changes.email && (await repository.isEmailUsedByOther(changes.email, playerId))) {
        errors.add('email', 'This e-mail address is already registered.');
      }
      if (changes.phone && (await repository.isPhoneUsedByOther(changes.phone, playerId))) {
        errors.add('phone', 'This phone number is already registered.');
      }
      errors.throwIfAny();

      if (Object.keys(changes).length === 0) return reader.present(current);
      if (changes.email !== undefined) changes.confirmed_at = null;
      if (changes.phone !== undefined) changes.phone_confirmed = false;
      try {
        const { transaction, onUpdated } = options;
        if (transaction && onUpdated) {
          const after: Record<string, unknown> = { ...current, ...changes };
          const filledFields = (Object.keys(COLUMN_OF) as EditableKey[]).filter((key) => {
            const value = after[COLUMN_OF[key]];
            return value !== null && value !== undefined && value !== '' && value !== false;
          });
          await transaction(async (trx) => {
            await options.players.updateProfile(playerId, changes, trx);
            await onUpdated(trx, playerId, filledFields);
          });
        } else {
          await options.players.updateProfile(playerId, changes);
        }
      } catch (error) {
        if (isUniqueViolation(error, 'players_email_unique')) {
          throw AppError.validation({ email: ['This e-mail address is already registered.'] });
        }
        if (isUniqueViolation(error, 'players_phone_key')) {
          throw AppError.validation({ phone: ['This phone number is already registered.'] });
        }
        throw error;
      }
      if (changes.email) await confirmations.sendQuietly(playerId, changes.email, log);
      return reader.getProfile(playerId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
