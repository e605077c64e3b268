import { QuestState, QuestTaskExecutionOrder, type Quest } from '@croupier/contract';

/** The hub's tabs and the player-quest states each lists (the available tab lists the offer). */
export const QUEST_TABS = ['available', 'active', 'completed', 'expired'] as const;
export type QuestTab = (typeof QUEST_TABS)[number];

export const TAB_STATES: Record<Exclude<QuestTab, 'available'>, number[]> = {
  active: [QuestState.ACTIVE],
  completed: [QuestState.COMPLETED, QuestState.COMPLETED_CLAIMED],
  expired: [QuestState.EXPIRED, QuestState.EXPIRED_UNCLAIMED],
};

/** Page sizes the reference client asks for. */
export const AVAILABLE_PAGE_SIZE = 5;
export const PLAYER_QUESTS_PAGE_SIZE = 3;

export type QuestTask = Quest['tasks'][number];

/** Tasks in the order to show them: by execution order (a sequential quest's order). */
export function sortedTasks(quest: Quest): QuestTask[] {
  return [...quest.tasks].sort((a, b) => (a.executionOrder ?? 0) - (b.executionOrder ?? 0));
}

export const isSequential = (quest: Quest) => quest.taskExecutionOrder === QuestTaskExecutionOrder.SEQUENTIAL;

/** Whole per cent of a task's progress (0–100). */
export function taskPercent(task: Pick<QuestTask, 'progress' | 'quantity'>): number {
  if (task.quantity <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((task.progress / task.quantity) * 100)));
}

/** Tasks done out of all. */
export function questProgress(quest: Quest): { done: number; total: number } {
  return { done: quest.tasks.filter((task) => task.isCompleted).length, total: quest.tasks.length };
}

/**
 * A task waiting for an earlier one: in a running sequential quest, an open task that is
 * not the active one.
 */
export function isTaskLocked(quest: Quest, task: QuestTask): boolean {
  return quest.state === QuestState.ACTIVE && isSequential(quest) && !task.isCompleted && !task.isActive;
}

/** The games a task names (types 3 and 4), empty when every game counts. */
export function taskGames(task: QuestTask): string[] {
  const games = task.conditions?.games;
  return Array.isArray(games) ? games.filter((game): game is string => typeof game === 'string') : [];
}

/** Milliseconds until the quest ends, or null without an end. */
export function remainingMs(quest: Quest, now: number): number | null {
  if (!quest.endAt) return null;
  return Math.max(0, Date.parse(quest.endAt) - now);
}

/** A compact duration: `2d 3h`, `3h 5m`, `4m`. */
export function formatRemaining(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${rest}m`;
  return `${Math.max(rest, 1)}m`;
}
