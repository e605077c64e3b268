import { createQuestsRepository, type NewQuestTask, type QuestFields } from '../modules/quests/repository';
import { WELCOME_CODE_BONUS_ID } from './bonuses';
import type { Seeder } from './index';

const DAY_SECONDS = 24 * 60 * 60;

interface QuestSeed extends QuestFields {
  identity: string;
  tasks: NewQuestTask[];
}

/**
 * The demo quests (docs/quests.md). "First steps" is the short journey: fill the city in the
 * profile, then three Dice bets, in this order.
 */
function questSeeds(): QuestSeed[] {
  const base = { startAt: null, endAt: null, enabled: true, description: '' };
  return [
    {
      ...base,
      identity: 'first-steps',
      name: 'First steps',
      description: 'Tell us your city, then roll the dice three times.',
      sortOrder: 1,
      taskExecutionOrder: 2,
      durationSeconds: 7 * DAY_SECONDS,
      rewards: [
        { type: 1, amount: 5, isoCode: 'USD', bonusId: WELCOME_CODE_BONUS_ID, lockBalance: true },
        { type: 2, amount: 100, isoCode: 'PTS', lockBalance: false },
      ],
      tasks: [
        {
          executionOrder: 1,
          type: 2,
          quantity: 1,
          name: 'Fill in your city',
          description: 'Add your city on the profile page.',
          conditions: { fields: ['city'] },
        },
        {
          executionOrder: 2,
          type: 4,
          quantity: 3,
          name: 'Roll the dice 3 times',
          description: 'Place three real-money bets on Dice.',
          conditions: { games: ['dice'], spinAmount: null, maxSpinAmount: null, currencies: [] },
        },
      ],
    },
    {
      ...base,
      identity: 'lucky-streak',
      name: 'Lucky streak',
      description: 'Win big on any game, in any order.',
      sortOrder: 2,
      taskExecutionOrder: 1,
      durationSeconds: 3 * DAY_SECONDS,
      rewards: [
        { type: 2, amount: 250, isoCode: 'PTS', lockBalance: false },
        { type: 3, amount: 1, isoCode: 'SPIN', lockBalance: false },
      ],
      tasks: [
        {
          executionOrder: 1,
          type: 3,
          quantity: 3,
          name: 'Win 2× your stake 3 times',
          description: 'Any game; a round whose win is at least twice its stake.',
          conditions: {
            games: [],
            multiplier: 2,
            maxMultiplier: null,
            minPayout: null,
            maxPayout: null,
            currencies: [],
          },
        },
        {
          executionOrder: 2,
          type: 4,
          quantity: 10,
          name: 'Place 10 bets of 1 or more',
          description: 'Any game.',
          conditions: {
            games: [],
            spinAmount: 1,
            maxSpinAmount: null,
            currencies: [{ isoCode: 'USDT', spinAmount: 1, maxSpinAmount: null }],
          },
        },
      ],
    },
    {
      ...base,
      identity: 'double-deposit',
      name: 'Double deposit',
      description: 'Make two deposits of 10 or more.',
      sortOrder: 3,
      taskExecutionOrder: 1,
      durationSeconds: null,
      rewards: [{ type: 1, amount: 5, isoCode: 'USD', bonusId: WELCOME_CODE_BONUS_ID, lockBalance: true }],
      tasks: [
        {
          executionOrder: 1,
          type: 6,
          quantity: 2,
          name: 'Deposit 10 twice',
          description: 'Two deposits of at least 10.',
          conditions: {
            minAmount: 10,
            maxAmount: null,
            currencies: [{ isoCode: 'BRL', minAmount: 50, maxAmount: null }],
          },
        },
      ],
    },
  ];
}

/** The demo quests; each inserted only when its identity is missing. */
export const questsSeeder: Seeder = {
  name: 'quests',
  isEmpty: async (db) => (await createQuestsRepository(db).count()) === 0,
  run: async (db) => {
    const repository = createQuestsRepository(db);
    for (const { identity, tasks, ...fields } of questSeeds()) {
      if (await repository.identityExists(identity)) continue;
      await db.transaction().execute((trx) => repository.create(trx, identity, fields, tasks));
    }
  },
};
