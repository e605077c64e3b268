import type { Db } from '../../db/database';
import type { CountryTable, CurrencyTable, LocaleTable } from '../../db/schema';
import type { Insertable, Selectable } from 'kysely';

export type CurrencyRow = Selectable<CurrencyTable>;
export type LocaleRow = Selectable<LocaleTable>;
export type CountryRow = Selectable<CountryTable>;

export function createSettingsRepository(db: Db) {
  return {
    async listCurrencies(options: { visibleOnly: boolean }): Promise<CurrencyRow[]> {
      let query = db.selectFrom('currencies').selectAll().orderBy('position').orderBy('code');
      if (options.visibleOnly) query = query.where('is_visible', '=', true);
      return query.execute();
    },

    async listLocales(): Promise<LocaleRow[]> {
      return db.selectFrom('locales').selectAll().orderBy('position').orderBy('code').execute();
    },

    async listCountries(): Promise<CountryRow[]> {
      return db.selectFrom('countries').selectAll().orderBy('name').execute();
    },

    async findCountry(code: string): Promise<CountryRow | undefined> {
      return db.selectFrom('countries').selectAll().where('code', '=', code).executeTakeFirst();
    },

    async countCurrencies(): Promise<number> {
      const row = await db
        .selectFrom('currencies')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts or refreshes reference data; used by the seed, in one transaction. */
    async upsertReferenceData(data: {
      currencies: Insertable<CurrencyTable>[];
      locales: Insertable<LocaleTable>[];
      countries: Insertable<CountryTable>[];
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const currency of data.currencies) {
          await trx
            .insertInto('currencies')
            .values(currency)
            .onConflict((oc) => oc.column('code').doNothing())
            .execute();
        }
        for (const locale of data.locales) {
          await trx
            .insertInto('locales')
            .values(locale)
            .onConflict((oc) => oc.column('code').doNothing())
            .execute();
        }
        // Countries in batches: one statement each would be ~250 round trips.
        for (let i = 0; i < data.countries.length; i += 100) {
          await trx
            .insertInto('countries')
            .values(data.countries.slice(i, i + 100))
            .onConflict((oc) => oc.column('code').doNothing())
            .execute();
        }
      });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
