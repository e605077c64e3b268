import { bonusBodySchema, type BonusBody } from '@croupier/contract';
import type { Db } from '../db/database';
import { stableUuid } from '../lib/stable-uuid';
import { createBonusCodesRepository } from '../modules/bonuses/codes-repository';
import { createBonusesRepository } from '../modules/bonuses/repository';
import { termsOf } from '../modules/bonuses/terms';
import type { Seeder } from './index';

/** Namespace of the seeded bonuses' name-based ids (any fixed UUID; never change it). */
const BONUS_ID_NAMESPACE = '4f0d7f7e-2b8c-4f55-9d6e-1c0f6a8e3b21';
export const WELCOME_PACKAGE_ID = stableUuid(BONUS_ID_NAMESPACE, 'package:welcome');
export const welcomeStepId = (step: number) => stableUuid(BONUS_ID_NAMESPACE, `welcome:${step}`);
export const RELOAD_BONUS_ID = stableUuid(BONUS_ID_NAMESPACE, 'reload');
export const CASHBACK_BONUS_ID = stableUuid(BONUS_ID_NAMESPACE, 'weekly-cashback');

/** Game types' share of a bet toward the wager, as the welcome package's terms page states them. */
const CONTRIBUTIONS = [
  { category: 'slots', percentage: 100 },
  { category: 'instant', percentage: 50 },
  { category: 'crash', percentage: 50 },
  { category: 'table', percentage: 10 },
  { category: 'live', percentage: 0 },
];

/** The welcome package's deposit stages (the welcome-package page describes them). */
const WELCOME_STAGES = [
  { percentage: 100, maxUsd: 500 },
  { percentage: 50, maxUsd: 300 },
  { percentage: 75, maxUsd: 400 },
  { percentage: 100, maxUsd: 1_000 },
];

function bonusSeeds(): { id: string; body: BonusBody }[] {
  const welcome = WELCOME_STAGES.map((stage, index) => ({
    id: welcomeStepId(index + 1),
    body: {
      name: `Welcome package: deposit ${index + 1}`,
      type: 2,
      trigger: 'deposit',
      packageId: WELCOME_PACKAGE_ID,
      packagePriority: index + 1,
      baseCurrencyDepositFrom: 20,
      depositPercentage: stage.percentage,
      baseCurrencyMaxAmount: stage.maxUsd,
      wagerCasino: 35,
      baseCurrencyBetTo: 5,
      categoryContributions: CONTRIBUTIONS,
      activationDays: 30,
      wageringDays: 30,
      perPlayerLimit: 1,
    } satisfies BonusBody,
  }));
  return [
    ...welcome,
    {
      id: RELOAD_BONUS_ID,
      body: {
        name: 'Reload bonus: 25% up to 100 USD',
        type: 2,
        trigger: 'deposit',
        baseCurrencyDepositFrom: 30,
        depositPercentage: 25,
        baseCurrencyMaxAmount: 100,
        wagerCasino: 20,
        baseCurrencyBetTo: 5,
        categoryContributions: CONTRIBUTIONS,
        activationDays: 7,
        wageringDays: 14,
        perPlayerLimit: null,
      },
    },
    {
      id: CASHBACK_BONUS_ID,
      body: {
        name: 'Weekly cashback: 10% of net losses',
        type: 4,
        trigger: 'cashback',
        cashbackPercentage: 10,
        wagerCasino: 1,
        categoryContributions: CONTRIBUTIONS,
        activationDays: 7,
        wageringDays: 7,
        perPlayerLimit: null,
      },
    },
  ];
}

export const bonusesSeeder: Seeder = {
  name: 'bonuses',
  isEmpty: async (db) => (await createBonusesRepository(db).countBonuses()) === 0,
  run: async (db) => {
    await createBonusesRepository(db).insertPackageIfMissing(WELCOME_PACKAGE_ID, 'Welcome package');
    for (const seed of bonusSeeds()) await insertBonusSeed(db, seed.id, seed.body);
  },
};

// --- Bonus codes (modules/bonuses/codes.ts) ---

export const WELCOME_CODE_BONUS_ID = stableUuid(BONUS_ID_NAMESPACE, 'code:welcome50');
export const WELCOME_CODE_ID = stableUuid(BONUS_ID_NAMESPACE, 'bonus-code:WELCOME50');
export const WELCOME_CODE = 'WELCOME50';

/** A promo code's bonus: 5 USD (or its value in another currency) to wager 10 times. */
const welcomeCodeBonus: BonusBody = {
  name: 'Promo code WELCOME50: 5 USD',
  type: 1,
  trigger: 'code',
  baseCurrencyAmount: 5,
  wagerCasino: 10,
  baseCurrencyBetTo: 5,
  categoryContributions: CONTRIBUTIONS,
  activationDays: 7,
  wageringDays: 14,
  perPlayerLimit: 1,
};

/** The promo code WELCOME50 and its bonus; a seeder of its own, so that an installation seeded before codes gets it. */
export const bonusCodesSeeder: Seeder = {
  name: 'bonus-codes',
  isEmpty: async (db) => (await createBonusCodesRepository(db).countCodes()) === 0,
  run: async (db) => {
    // Outside any package: the body names none, so it parses to no package at priority 0.
    await insertBonusSeed(db, WELCOME_CODE_BONUS_ID, welcomeCodeBonus);
    await createBonusCodesRepository(db).insertCodeIfMissing({
      id: WELCOME_CODE_ID,
      code: WELCOME_CODE,
      bonus_id: WELCOME_CODE_BONUS_ID,
      max_uses: null,
      max_uses_per_player: 1,
    });
  },
};

// --- Free spins (modules/bonuses/freespins.ts) ---

export const FRUIT_FREESPINS_BONUS_ID = stableUuid(BONUS_ID_NAMESPACE, 'freespins:fruit-fiesta-20');
export const FRUIT_CODE_ID = stableUuid(BONUS_ID_NAMESPACE, 'bonus-code:FRUIT20');
export const FRUIT_CODE = 'FRUIT20';

/**
 * The bet value of one spin per fiat currency of the reference data: 0.20 USD, or about
 * that much, rounded to a figure a player would stake (whole units where the unit is small).
 */
const FRUIT_BET_VALUES: { currency: string; amount: number }[] = [
  { currency: 'USD', amount: 0.2 },
  { currency: 'EUR', amount: 0.2 },
  { currency: 'BRL', amount: 1 },
  { currency: 'CAD', amount: 0.3 },
  { currency: 'AUD', amount: 0.3 },
  { currency: 'MXN', amount: 4 },
  { currency: 'CHF', amount: 0.2 },
  { currency: 'PLN', amount: 0.8 },
  { currency: 'NOK', amount: 2 },
  { currency: 'NZD', amount: 0.3 },
  { currency: 'JPY', amount: 30 },
  { currency: 'INR', amount: 20 },
  { currency: 'ARS', amount: 200 },
  { currency: 'CLP', amount: 200 },
];

/** 20 free spins on the in-house slot; what they win is a bonus to wager 35 times. */
const fruitFreespinsBonus: BonusBody = {
  name: '20 free spins on Fruit Fiesta',
  type: 3,
  trigger: 'code',
  freespins: { gameId: 'fruit-fiesta', count: 20, betValues: FRUIT_BET_VALUES, durationMinutes: null },
  wagerCasino: 35,
  baseCurrencyBetTo: 5,
  categoryContributions: CONTRIBUTIONS,
  activationDays: 7,
  wageringDays: 7,
  perPlayerLimit: 1,
};

/**
 * The welcome package's free spins (the welcome-package page: 100 with the 1st deposit, 50
 * with the 2nd), on the in-house slot: companions of those steps, given with the step's
 * deposit bonus and active at once; valid 7 days, their winnings wagered 35 times.
 */
const WELCOME_FREESPINS = [
  { step: 1, count: 100 },
  { step: 2, count: 50 },
];
export const welcomeFreespinsId = (step: number) => stableUuid(BONUS_ID_NAMESPACE, `welcome:${step}:freespins`);

function welcomeFreespinsSeeds(): { id: string; body: BonusBody }[] {
  return WELCOME_FREESPINS.map(({ step, count }) => ({
    id: welcomeFreespinsId(step),
    body: {
      name: `Welcome package: ${count} free spins with deposit ${step}`,
      type: 3,
      trigger: 'deposit',
      packageId: WELCOME_PACKAGE_ID,
      packagePriority: step,
      freespins: { gameId: 'fruit-fiesta', count, betValues: FRUIT_BET_VALUES, durationMinutes: 7 * 24 * 60 },
      wagerCasino: 35,
      baseCurrencyBetTo: 5,
      categoryContributions: CONTRIBUTIONS,
      activationDays: 7,
      wageringDays: 30,
      perPlayerLimit: 1,
    } satisfies BonusBody,
  }));
}

/** Inserts a seeded bonus, validated as the admin API would, unless its id is already there. */
export async function insertBonusSeed(db: Db, id: string, body: BonusBody): Promise<void> {
  const input = bonusBodySchema.parse(body);
  await createBonusesRepository(db).insertBonusIfMissing(id, {
    name: input.name,
    type: input.type,
    status: input.status,
    trigger: input.trigger,
    packageId: input.packageId,
    packagePriority: input.packagePriority,
    availableFrom: null,
    availableTo: null,
    terms: termsOf(input),
  });
}

/**
 * The free-spins bonuses (the code FRUIT20's, the welcome package's); a seeder of its own,
 * so that an installation seeded before free spins, or before the welcome package had
 * them, gets them (each row inserted when missing).
 */
export const freespinsSeeder: Seeder = {
  name: 'freespins',
  isEmpty: async (db) => {
    const repository = createBonusesRepository(db);
    for (const id of [FRUIT_FREESPINS_BONUS_ID, ...WELCOME_FREESPINS.map(({ step }) => welcomeFreespinsId(step))]) {
      if ((await repository.findBonus(db, id)) === undefined) return true;
    }
    return false;
  },
  run: async (db) => {
    await insertBonusSeed(db, FRUIT_FREESPINS_BONUS_ID, fruitFreespinsBonus);
    await createBonusesRepository(db).insertPackageIfMissing(WELCOME_PACKAGE_ID, 'Welcome package');
    for (const seed of welcomeFreespinsSeeds()) await insertBonusSeed(db, seed.id, seed.body);
    await createBonusCodesRepository(db).insertCodeIfMissing({
      id: FRUIT_CODE_ID,
      code: FRUIT_CODE,
      bonus_id: FRUIT_FREESPINS_BONUS_ID,
      max_uses: null,
      max_uses_per_player: 1,
    });
  },
};
