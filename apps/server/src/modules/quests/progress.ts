import type {
  BetTaskConditions,
  DepositTaskConditions,
  ProfileTaskConditions,
  WinTaskConditions,
} from '@croupier/contract';
import type { ActivityRecord } from '../activity';

/** A task as the progress rules read it (conditions as the operator defined them, major units). */
export type TaskRule =
  | { type: 2; quantity: number; conditions: ProfileTaskConditions }
  | { type: 3; quantity: number; conditions: WinTaskConditions }
  | { type: 4; quantity: number; conditions: BetTaskConditions }
  | { type: 6; quantity: number; conditions: DepositTaskConditions };

/** Major units to minor units (null stays null). */
const minorOf = (amount: number | null | undefined, subunit: bigint): bigint | null =>
  amount === null || amount === undefined ? null : BigInt(Math.round(amount * Number(subunit)));

const within = (value: bigint, min: bigint | null, max: bigint | null): boolean =>
  (min === null || value >= min) && (max === null || value <= max);

const inGames = (games: readonly string[], record: { gameIdentity: string; gameId: string }): boolean =>
  games.length === 0 || games.includes(record.gameIdentity) || games.includes(record.gameId);

/**
 * The task's progress after one activity record (the same value when the record does not
 * count). Bets, wins and deposits count one each; a profile change sets the progress to the
 * number of the task's fields that are filled (it never goes down). Free rounds stake no
 * money: their bets do not count, and their wins only for tasks without a multiplier bound.
 * Per-currency overrides replace the base bounds for records in that currency; the base
 * bounds are major units of whatever currency the record is in.
 */
export function progressAfter(
  task: TaskRule,
  progress: number,
  record: ActivityRecord,
  subunitOf: (currency: string) => bigint | undefined,
): number {
  if (progress >= task.quantity) return progress;
  const next = Math.min(task.quantity, progress + 1);
  switch (task.type) {
    case 2: {
      if (record.kind !== 'profile') return progress;
      const filled = task.conditions.fields.filter((field) => record.filledFields.includes(field)).length;
      return Math.max(progress, Math.min(task.quantity, filled));
    }
    case 3: {
      if (record.kind !== 'win' || record.amountMinor <= 0n) return progress;
      if (!inGames(task.conditions.games, record)) return progress;
      const subunit = subunitOf(record.currency);
      if (subunit === undefined) return progress;
      const c = task.conditions;
      const override = c.currencies.find((item) => item.isoCode === record.currency);
      const minPayout = minorOf(override ? override.minPayout : c.minPayout, subunit);
      const maxPayout = minorOf(override ? override.maxPayout : c.maxPayout, subunit);
      if (!within(record.amountMinor, minPayout, maxPayout)) return progress;
      if (c.multiplier !== null || c.maxMultiplier !== null) {
        if (record.roundStakeMinor <= 0n) return progress;
        // Compared in hundredths: win * 100 / stake against the bound * 100.
        const hundredths = (record.amountMinor * 100n) / record.roundStakeMinor;
        const min = c.multiplier === null ? null : BigInt(Math.round(c.multiplier * 100));
        const max = c.maxMultiplier === null ? null : BigInt(Math.round(c.maxMultiplier * 100));
        if (!within(hundredths, min, max)) return progress;
      }
      return next;
    }
    case 4: {
      if (record.kind !== 'bet' || record.freeRound || record.amountMinor <= 0n) return progress;
      if (!inGames(task.conditions.games, record)) return progress;
      const subunit = subunitOf(record.currency);
      if (subunit === undefined) return progress;
      const c = task.conditions;
      const override = c.currencies.find((item) => item.isoCode === record.currency);
      const min = minorOf(override ? override.spinAmount : c.spinAmount, subunit);
      const max = minorOf(override ? override.maxSpinAmount : c.maxSpinAmount, subunit);
      return within(record.amountMinor, min, max) ? next : progress;
    }
    case 6: {
      if (record.kind !== 'deposit') return progress;
      const subunit = subunitOf(record.currency);
      if (subunit === undefined) return progress;
      const c = task.conditions;
      const override = c.currencies.find((item) => item.isoCode === record.currency);
      const min = minorOf(override ? override.minAmount : c.minAmount, subunit);
      const max = minorOf(override ? override.maxAmount : c.maxAmount, subunit);
      return within(record.amountMinor, min, max) ? next : progress;
    }
  }
}

/**
 * The tasks a record may advance: every open task in any order; in a sequential quest
 * only the first open one by execution order.
 */
export function openTasks<T extends { executionOrder: number; progress: number; quantity: number }>(
  tasks: readonly T[],
  sequential: boolean,
): T[] {
  const open = tasks
    .filter((task) => task.progress < task.quantity)
    .sort((a, b) => a.executionOrder - b.executionOrder);
  return sequential ? open.slice(0, 1) : open;
}
