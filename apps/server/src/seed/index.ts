import type { Db } from '../db/database';
import { createSettingsRepository } from '../modules/settings/repository';
import { countryRows, currencyRows, LOCALES } from './reference-data';

/**
 * Fills the reference data an empty database needs (idempotent: existing rows are kept,
 * so an operator's edits survive a re-run). Later domains add their demo data here.
 */
export async function seed(db: Db): Promise<void> {
  const settings = createSettingsRepository(db);
  await settings.upsertReferenceData({ currencies: currencyRows(), locales: LOCALES, countries: countryRows() });
}

/** Seeds only a database that has no currencies yet (a new installation). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const settings = createSettingsRepository(db);
  if ((await settings.countCurrencies()) > 0) return false;
  await seed(db);
  return true;
}
