import type { BonusBody } from '@croupier/contract';
import type { Db } from '../db/database';
import { stableUuid } from '../lib/stable-uuid';
import { insertBonusSeed } from './bonuses';
import type { Seeder } from './index';

/** Namespace of the referral seeds' name-based ids (any fixed UUID; never change it). */
const REFERRAL_ID_NAMESPACE = '9b3c2e51-7d4a-4c8e-a1f6-52e0d7c4b913';
export const REFERRAL_OWNER_BONUS_ID = stableUuid(REFERRAL_ID_NAMESPACE, 'bonus:referral-owner');

/** The owner's bonus per qualified friend: 10 USD (or its value) to wager 10 times. */
const ownerBonus: BonusBody = {
  name: 'Referral bonus: a friend qualified',
  type: 1,
  trigger: 'referral',
  baseCurrencyAmount: 10,
  wagerCasino: 10,
  baseCurrencyBetTo: 5,
  categoryContributions: [
    { category: 'slots', percentage: 100 },
    { category: 'instant', percentage: 50 },
    { category: 'crash', percentage: 50 },
    { category: 'table', percentage: 10 },
    { category: 'live', percentage: 0 },
  ],
  activationDays: 30,
  wageringDays: 30,
  // Once per qualified friend (each grant has its own source), so no per-player cap.
  perPlayerLimit: null,
};

/** Deposit and wager thresholds (major units) within the window, per currency. */
const THRESHOLDS: { currency: string; deposit: number; wager: number; subunit: number }[] = [
  { currency: 'USD', deposit: 20, wager: 50, subunit: 100 },
  { currency: 'EUR', deposit: 20, wager: 50, subunit: 100 },
  { currency: 'BRL', deposit: 100, wager: 250, subunit: 100 },
  { currency: 'CAD', deposit: 25, wager: 70, subunit: 100 },
];

/** The referral programme on, with the owner bonus and thresholds (docs/referrals.md). */
export const referralsSeeder: Seeder = {
  name: 'referrals',
  isEmpty: async (db) => (await db.selectFrom('referral_settings').select('id').executeTakeFirst()) === undefined,
  run: async (db: Db) => {
    await insertBonusSeed(db, REFERRAL_OWNER_BONUS_ID, ownerBonus);
    await db
      .insertInto('referral_settings')
      .values({
        id: 1,
        enabled: true,
        max_referral_count: 100,
        owner_bonus_id: REFERRAL_OWNER_BONUS_ID,
        qualification_days: 30,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db
      .insertInto('referral_thresholds')
      .values(
        THRESHOLDS.map((t) => ({
          currency: t.currency,
          deposit_minor: BigInt(t.deposit * t.subunit),
          wager_minor: BigInt(t.wager * t.subunit),
        })),
      )
      .onConflict((oc) => oc.column('currency').doNothing())
      .execute();
  },
};
