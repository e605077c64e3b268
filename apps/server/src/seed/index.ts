import type { Db } from '../db/database';
import { createSettingsRepository } from '../modules/settings/repository';
import { bonusCodesSeeder, bonusesSeeder, freespinsSeeder } from './bonuses';
import { gamesSeeder } from './games';
import { cryptoPaymentsSeeder, cryptoPayoutsSeeder, paymentsSeeder } from './payments';
import { playersSeeder } from './players';
import { countryRows, currencyRows, LOCALES } from './reference-data';
import { loyaltySeeder, retentionSeeder } from './retention';
import { referralsSeeder } from './referrals';
import { questsSeeder } from './quests';
import { tournamentsSeeder } from './tournaments';
import { walletSeeder } from './wallet';
import { wheelsSeeder } from './wheels';

/**
 * Demo data, one seeder per domain. At start each seeder whose tables are empty runs, so
 * a domain added by a later migration gets its data on an existing installation too.
 * `npm run seed` runs them all; each inserts only what is missing, so an operator's
 * edits survive a re-run.
 */
export interface Seeder {
  name: string;
  isEmpty(db: Db, options?: SeedOptions): Promise<boolean>;
  run(db: Db, options?: SeedOptions): Promise<void>;
}

export interface SeedOptions {
  /** A demo player with sandbox money (never in production: see seed/wallet.ts). */
  demoPlayer?: boolean;
}

const settingsSeeder: Seeder = {
  name: 'settings',
  isEmpty: async (db) => (await createSettingsRepository(db).countCurrencies()) === 0,
  run: async (db) =>
    createSettingsRepository(db).upsertReferenceData({
      currencies: currencyRows(),
      locales: LOCALES,
      countries: countryRows(),
    }),
};

/** In dependency order: later seeders may refer to rows of earlier ones. */
export const seeders: Seeder[] = [
  settingsSeeder,
  retentionSeeder,
  loyaltySeeder,
  gamesSeeder,
  playersSeeder,
  walletSeeder,
  paymentsSeeder,
  cryptoPaymentsSeeder,
  cryptoPayoutsSeeder,
  bonusesSeeder,
  bonusCodesSeeder,
  freespinsSeeder,
  referralsSeeder,
  tournamentsSeeder,
  questsSeeder,
  wheelsSeeder,
];

export async function seed(db: Db, options: SeedOptions = {}): Promise<string[]> {
  for (const seeder of seeders) await seeder.run(db, options);
  return seeders.map((s) => s.name);
}

/** Runs the seeders whose domain has no data yet; returns their names. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of seeders) {
    if (await seeder.isEmpty(db, options)) {
      await seeder.run(db, options);
      ran.push(seeder.name);
    }
  }
  return ran;
}
