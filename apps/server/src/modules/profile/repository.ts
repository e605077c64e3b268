import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProfileColumns } from '../auth';
import type { PlayerFieldTable, PlayerTable } from '../../db/schema';

/** The columns a profile shows: never the password hash or the lockout state. */
const PROFILE_COLUMNS = [
  'id',
  'external_id',
  'status',
  'email',
  'phone',
  'phone_confirmed',
  'confirmed_at',
  'currency',
  'country',
  'birthdate',
  'first_name',
  'last_name',
  'nickname',
  'gender',
  'nationality',
  'place_of_birth',
  'address',
  'additional_address',
  'city',
  'postal_code',
  'profession',
  'personal_id_number',
  'security_question',
  'security_answer',
  'time_zone',
  'locale',
  'receive_email_promo',
  'receive_sms_promo',
  'agreed_tc',
  'pwa_installed',
  'freshchat_restore_id',
  'referral_code',
  'previous_login_at',
  'created_at',
] as const;

export type ProfileRow = Pick<Selectable<PlayerTable>, (typeof PROFILE_COLUMNS)[number]> & {
  /** The verification module's status (its table, read here); null: never started. */
  verification_status: string | null;
};
export type FieldRow = Selectable<PlayerFieldTable>;
/** What a profile update may write: the columns of editable profile fields, and what an e-mail or phone change resets. */
export type ProfileChanges = ProfileColumns;

export function createProfileRepository(db: Db) {
  return {
    async findProfile(playerId: string): Promise<ProfileRow | undefined> {
      return db
        .selectFrom('players')
        .select(PROFILE_COLUMNS)
        .select((eb) =>
          eb
            .selectFrom('player_verifications')
            .select('player_verifications.status')
            .whereRef('player_verifications.player_id', '=', 'players.id')
            .as('verification_status'),
        )
        .where('id', '=', playerId)
        .executeTakeFirst();
    },

    async isEmailUsedByOther(email: string, playerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('players')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('id', '!=', playerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async isPhoneUsedByOther(phone: string, playerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('players')
        .select('id')
        .where('phone', '=', phone)
        .where('id', '!=', playerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listFields(scenario: FieldRow['scenario']): Promise<FieldRow[]> {
      return db
        .selectFrom('player_fields')
        .selectAll()
        .where('scenario', '=', scenario)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async countFields(): Promise<number> {
      const row = await db
        .selectFrom('player_fields')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts the field rules that are missing (by id); an operator's edits to existing rows survive. */
    async insertMissingFields(rows: Insertable<PlayerFieldTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('player_fields')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
