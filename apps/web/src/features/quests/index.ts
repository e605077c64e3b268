/** Quests (docs/quests.md): the hub, tasks, rewards and task-games modals (bodies load lazily). */
export { questKeys, useAvailableQuests, usePlayerQuests, useQuestAction } from './api';
export * from './logic';
