import { createWheelsRepository } from '../modules/wheels/repository';
import { FRUIT_FREESPINS_BONUS_ID, WELCOME_CODE_BONUS_ID } from './bonuses';
import type { Seeder } from './index';

const DAY_MS = 86_400_000;

/**
 * The demo wheel (docs/wheels.md): running from the day before seeding, one spin a day for
 * every signed-in player, one more on each loyalty level (valid 7 days), at most 3 spins a day.
 */
export const DEMO_WHEEL_IDENTITY = 'daily-wheel';

export const wheelsSeeder: Seeder = {
  name: 'wheels',
  isEmpty: async (db) => (await createWheelsRepository(db).countWheels()) === 0,
  async run(db) {
    const repository = createWheelsRepository(db);
    if (await repository.find(db, DEMO_WHEEL_IDENTITY)) return;
    const inserted = await repository.insertWheel(
      {
        identity: DEMO_WHEEL_IDENTITY,
        title: 'Daily Wheel',
        startAt: new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS),
        endAt: null,
        limitSpins: 3,
        limitPeriod: 'day',
      },
      [
        { title: '5 USD bonus', weight: 10, bonusId: WELCOME_CODE_BONUS_ID },
        { title: 'No prize', weight: 30, bonusId: null },
        { title: '20 free spins', weight: 5, bonusId: FRUIT_FREESPINS_BONUS_ID },
        { title: 'No prize', weight: 30, bonusId: null },
        { title: '5 USD bonus', weight: 10, bonusId: WELCOME_CODE_BONUS_ID },
        { title: 'Try again', weight: 15, bonusId: null },
      ],
    );
    if (inserted === 'identity-taken') return;
    const id = inserted.id;
    await repository.insertRule({ wheelId: id, kind: 'daily', targetId: null, spins: 1, expireAfterSeconds: null });
    await repository.insertRule({
      wheelId: id,
      kind: 'level',
      targetId: null,
      spins: 1,
      expireAfterSeconds: 7 * 86_400,
    });
  },
};
