import type { TournamentRecurrence } from '../db/schema';
import { occurrenceIdentity } from '../modules/tournaments';
import { createTournamentsRepository, type NewTournament } from '../modules/tournaments/repository';
import { FRUIT_FREESPINS_BONUS_ID, WELCOME_CODE_BONUS_ID } from './bonuses';
import type { Seeder } from './index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Scored currencies of the demo tournaments: base-currency (USD) units per unit, and bet bounds in minor units. */
const CURRENCIES: NewTournament['currencies'] = [
  { currency: 'USD', rate: '1', minBetMinor: 10n, minBetInclusive: true, maxBetMinor: null, maxBetInclusive: true },
  { currency: 'EUR', rate: '1.08', minBetMinor: 10n, minBetInclusive: true, maxBetMinor: null, maxBetInclusive: true },
  { currency: 'CAD', rate: '0.73', minBetMinor: 10n, minBetInclusive: true, maxBetMinor: null, maxBetInclusive: true },
  { currency: 'BRL', rate: '0.18', minBetMinor: 50n, minBetInclusive: true, maxBetMinor: null, maxBetInclusive: true },
  {
    currency: 'USDT',
    rate: '1',
    minBetMinor: 100_000n,
    minBetInclusive: true,
    maxBetMinor: null,
    maxBetInclusive: true,
  },
];

const PRIZES: NewTournament['prizes'] = [
  { place: 1, title: '20 free spins on Fruit Fiesta', type: 3, bonusId: FRUIT_FREESPINS_BONUS_ID },
  { place: 2, title: '5 USD bonus', bonusId: WELCOME_CODE_BONUS_ID },
  { place: 3, title: '5 USD bonus', bonusId: WELCOME_CODE_BONUS_ID },
];

/** The daily series' prizes: cash to the winner (in the currency of their last scored round), then spins and a bonus. */
const DAILY_PRIZES: NewTournament['prizes'] = [
  {
    place: 1,
    title: '25 USD cash',
    type: 2,
    bonusId: null,
    amounts: [
      { currency: 'USD', amountMinor: 25_00n },
      { currency: 'EUR', amountMinor: 23_00n },
      { currency: 'CAD', amountMinor: 35_00n },
      { currency: 'BRL', amountMinor: 125_00n },
      { currency: 'USDT', amountMinor: 25_000_000n },
    ],
  },
  { place: 2, title: '20 free spins on Fruit Fiesta', type: 3, bonusId: FRUIT_FREESPINS_BONUS_ID },
  { place: 3, title: '5 USD bonus', bonusId: WELCOME_CODE_BONUS_ID },
];

/**
 * One running, one upcoming and one finished tournament placed around the time of seeding,
 * and the running occurrence of a daily series (its next one is made by its job at start).
 */
function tournamentSeeds(
  now: number,
): (NewTournament & { completed: boolean; series?: { identity: string; recurrence: TournamentRecurrence } })[] {
  const today = new Date(Math.floor(now / DAY_MS) * DAY_MS);
  return [
    {
      identity: 'originals-race',
      title: 'Originals Race',
      description:
        'Every stake on the in-house games counts: the more you wager, the higher you climb. Join to take part.',
      scoring: 1,
      startAt: new Date(now - DAY_MS),
      endAt: new Date(now + 6 * DAY_MS),
      confirmationRequired: true,
      baseCurrency: 'USD',
      gameCollections: ['originals'],
      gameCollectionsExcluded: false,
      currencies: CURRENCIES,
      prizes: PRIZES,
      completed: false,
    },
    {
      identity: 'multiplier-hunt',
      title: 'Multiplier Hunt',
      description: 'Your biggest win multiplier on slots decides your place. Every player takes part automatically.',
      scoring: 2,
      startAt: new Date(now + 2 * DAY_MS),
      endAt: new Date(now + 5 * DAY_MS),
      confirmationRequired: false,
      baseCurrency: 'USD',
      gameCollections: ['slots'],
      gameCollectionsExcluded: false,
      currencies: CURRENCIES,
      prizes: PRIZES,
      completed: false,
    },
    {
      identity: 'autumn-classic',
      title: 'Autumn Classic',
      description: 'Net winnings on every game except live tables.',
      scoring: 3,
      startAt: new Date(now - 10 * DAY_MS),
      endAt: new Date(now - 3 * DAY_MS),
      confirmationRequired: false,
      baseCurrency: 'USD',
      gameCollections: ['live'],
      gameCollectionsExcluded: true,
      currencies: CURRENCIES,
      prizes: PRIZES,
      completed: true,
    },
    {
      identity: occurrenceIdentity('daily-sprint', today),
      title: 'Daily Sprint',
      description: 'One point per round on the in-house games, every day from midnight UTC. Join to take part.',
      scoring: 4,
      startAt: today,
      endAt: new Date(today.getTime() + DAY_MS),
      confirmationRequired: true,
      baseCurrency: 'USD',
      gameCollections: ['originals'],
      gameCollectionsExcluded: false,
      currencies: CURRENCIES,
      prizes: DAILY_PRIZES,
      completed: false,
      series: { identity: 'daily-sprint', recurrence: 'daily' },
    },
  ];
}

/** The demo tournaments; the finish jobs of open ones are added when the server starts. */
export const tournamentsSeeder: Seeder = {
  name: 'tournaments',
  isEmpty: async (db) => (await createTournamentsRepository(db).count()) === 0,
  run: async (db) => {
    const repository = createTournamentsRepository(db);
    for (const seed of tournamentSeeds(Date.now())) {
      if (await repository.identityExists(seed.identity)) continue;
      await db.transaction().execute(async (trx) => {
        const series = seed.series ? await repository.createSeries(trx, seed.series) : undefined;
        const row = await repository.create(trx, {
          ...seed,
          ...(series ? { seriesId: series.id, recurrence: series.recurrence } : {}),
        });
        if (seed.completed) await repository.markCompleted(trx, row.id, seed.endAt);
      });
    }
  },
};
