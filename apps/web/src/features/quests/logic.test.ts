import type { Quest } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { formatRemaining, isTaskLocked, questProgress, sortedTasks, taskGames, taskPercent } from './logic';

const task = (id: string, executionOrder: number, progress: number, isActive: boolean) => ({
  id,
  executionOrder,
  progress,
  quantity: 2,
  isActive,
  isCompleted: progress >= 2,
  type: 4,
  name: id,
  conditions: { games: ['dice'], currencies: [] },
});

const quest = (taskExecutionOrder: number): Quest => ({
  id: 'q',
  name: 'Quest',
  state: 2,
  taskExecutionOrder,
  tasks: [task('second', 2, 0, false), task('first', 1, 2, false), task('third', 3, 1, true)],
});

describe('quest logic', () => {
  it('sorts tasks by execution order and counts the completed ones', () => {
    expect(sortedTasks(quest(2)).map((t) => t.id)).toEqual(['first', 'second', 'third']);
    expect(questProgress(quest(2))).toEqual({ done: 1, total: 3 });
  });

  it('locks open tasks that are not active in a running sequential quest only', () => {
    const sequential = quest(2);
    const [second, first] = sequential.tasks;
    expect(second && isTaskLocked(sequential, second)).toBe(true);
    expect(first && isTaskLocked(sequential, first)).toBe(false);
    const anyOrder = quest(1);
    expect(anyOrder.tasks[0] && isTaskLocked(anyOrder, anyOrder.tasks[0])).toBe(false);
  });

  it('computes percentages, games and remaining time', () => {
    expect(taskPercent({ progress: 1, quantity: 3 })).toBe(33);
    expect(taskPercent({ progress: 5, quantity: 3 })).toBe(100);
    expect(taskGames(task('x', 1, 0, true))).toEqual(['dice']);
    expect(formatRemaining(26 * 3_600_000)).toBe('1d 2h');
    expect(formatRemaining(61 * 60_000)).toBe('1h 1m');
    expect(formatRemaining(10_000)).toBe('1m');
  });
});
