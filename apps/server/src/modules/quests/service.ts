import {
  channels,
  QuestRewardType,
  QuestState,
  QuestTaskExecutionOrder,
  type Quest,
  type QuestBody,
  type QuestRewardBody,
  type QuestTaskBody,
  type QuestUpdateBody,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventRegistry } from '../../lib/events';
import type { ActivityConsumer, ActivityRecord } from '../activity';
import type { RealtimeEvents } from '../realtime';
import { openTasks, progressAfter, type TaskRule } from './progress';
import type {
  NewQuestTask,
  PlayerQuestRow,
  PlayerTaskRow,
  QuestDefinition,
  QuestFields,
  QuestsRepository,
  QuestTaskRow,
} from './repository';

/** The job that expires a running quest at its end. */
export const EXPIRE_JOB = 'quests.expire';
export const expireJobKey = (playerQuestId: string) => `quest-expire:${playerQuestId}`;
/** The activity consumer's name (its cursor). */
export const QUESTS_CONSUMER = 'quests';

/** The port loyalty's engine fills: points once per player and `source`, in the caller's transaction. */
export type AwardPointsIn = (
  trx: Transaction<Database>,
  input: { playerId: string; points: number; source: string },
) => Promise<unknown>;

export interface QuestsDeps {
  repository: QuestsRepository;
  events: RealtimeEvents;
  appEvents: EventRegistry;
  enqueueJob: (
    trx: Transaction<Database>,
    job: { kind: string; key: string; runAt: Date; payload: Record<string, unknown> },
  ) => Promise<boolean>;
  grantBonus: (
    trx: Transaction<Database>,
    input: { bonusId: string; playerId: string; currency: string; source: string },
  ) => Promise<unknown>;
  awardPointsIn: AwardPointsIn;
  /** A currency's minor units per unit (the per-process cache: read inside transactions). */
  subunitOf: (currency: string) => bigint | undefined;
  now?: () => Date;
  log: { error(details: object, message: string): void };
}

/** A stored reward (the operator's body). */
type RewardDefinition = QuestRewardBody;

const rewardsOf = (quest: QuestDefinition): RewardDefinition[] =>
  Array.isArray(quest.rewards) ? (quest.rewards as RewardDefinition[]) : [];

const ruleOf = (task: QuestTaskRow): TaskRule =>
  ({ type: task.type, quantity: task.quantity, conditions: task.conditions }) as TaskRule;

/** The reward source: one grant per player quest and reward position. */
export const rewardSource = (playerQuestId: string, index: number) => `quest:${playerQuestId}:${index}`;

/** A player quest's state number (docs/quests.md): an active one past its end reads as expired. */
function stateOf(pq: PlayerQuestRow | undefined, at: Date): number {
  if (!pq) return QuestState.AVAILABLE;
  switch (pq.status) {
    case 'active':
      return pq.ends_at && pq.ends_at <= at ? QuestState.EXPIRED : QuestState.ACTIVE;
    case 'completed':
      return QuestState.COMPLETED;
    case 'expired':
      return QuestState.EXPIRED;
    case 'cancelled':
      return QuestState.AVAILABLE;
  }
}

/** The conditions as a client reads them; `currencies` always an array (narrowed to `currency` when given). */
function conditionsOf(task: QuestTaskRow, currency: string | undefined): Record<string, unknown> {
  const conditions = (task.conditions ?? {}) as Record<string, unknown>;
  if (task.type === 2) return conditions;
  const list = Array.isArray(conditions.currencies) ? (conditions.currencies as { isoCode: string }[]) : [];
  return { ...conditions, currencies: currency ? list.filter((c) => c.isoCode === currency) : list };
}

function toQuestFields(body: QuestUpdateBody): QuestFields {
  return {
    name: body.name,
    description: body.description,
    sortOrder: body.order,
    taskExecutionOrder: body.taskExecutionOrder,
    startAt: body.startAt ? new Date(body.startAt) : null,
    endAt: body.endAt ? new Date(body.endAt) : null,
    durationSeconds: body.durationSeconds,
    enabled: body.enabled,
    rewards: body.rewards,
  };
}

function toNewTasks(tasks: QuestTaskBody[]): NewQuestTask[] {
  const orders = new Set(tasks.map((t) => t.executionOrder));
  if (orders.size !== tasks.length) throw AppError.validation({ tasks: ['Each task needs its own executionOrder.'] });
  return tasks.map((t) => {
    if (t.type === 2 && t.quantity > t.conditions.fields.length) {
      throw AppError.validation({ tasks: ['A profile task’s quantity is at most its number of fields.'] });
    }
    return {
      executionOrder: t.executionOrder,
      type: t.type,
      quantity: t.quantity,
      name: t.name,
      description: t.description,
      conditions: t.conditions,
    };
  });
}

/**
 * Quests (docs/quests.md): the operator's definitions, activation and cancelling, progress
 * from the activity stream (consumer `quests`), completion with its rewards, and expiry.
 */
export function createQuests(deps: QuestsDeps) {
  const { repository, events } = deps;
  const now = deps.now ?? (() => new Date());

  function toQuest(
    quest: QuestDefinition,
    pq: PlayerQuestRow | undefined,
    progress: readonly PlayerTaskRow[],
    at: Date,
    currency?: string,
  ): Quest {
    const state = stateOf(pq, at);
    const byTask = new Map(progress.map((p) => [p.task_id, p]));
    const sequential = quest.task_execution_order === QuestTaskExecutionOrder.SEQUENTIAL;
    const tasks = quest.tasks.map((task) => ({
      task,
      executionOrder: task.execution_order,
      quantity: task.quantity,
      progress: byTask.get(task.id)?.progress ?? 0,
    }));
    const open = new Set(state === QuestState.ACTIVE ? openTasks(tasks, sequential).map((t) => t.task.id) : []);
    return {
      id: pq?.id ?? quest.id,
      ...(pq ? { playerId: pq.player_id } : {}),
      state,
      name: quest.name,
      identity: quest.identity,
      description: quest.description,
      order: quest.sort_order,
      taskExecutionOrder: quest.task_execution_order,
      packageOrder: null,
      endAt: (pq ? pq.ends_at : quest.end_at)?.toISOString() ?? null,
      tasks: tasks.map(({ task, progress }) => ({
        id: task.id,
        isCompleted: progress >= task.quantity,
        isActive: open.has(task.id),
        type: task.type,
        progress,
        quantity: task.quantity,
        name: task.name,
        description: task.description,
        executionOrder: task.execution_order,
        conditions: conditionsOf(task, currency),
      })),
      rewards: rewardsOf(quest).map((r) => ({
        type: r.type,
        amount: r.amount,
        attributes: { isoCode: r.isoCode, lockBalance: r.lockBalance },
      })),
    };
  }

  async function playerQuestView(trx: Transaction<Database>, quest: QuestDefinition, pq: PlayerQuestRow) {
    return toQuest(quest, pq, await repository.tasksOf(trx, [pq.id]), now());
  }

  function publishQuest(trx: Transaction<Database>, quest: Quest, playerId: string): void {
    events.publishAfterCommit(trx, channels.quests(playerId), { event: 'quest.updated', quest });
  }

  /** Completion: the state, every reward once (sources `quest:{playerQuestId}:{i}`), the app event. */
  async function completeIn(trx: Transaction<Database>, quest: QuestDefinition, pq: PlayerQuestRow): Promise<void> {
    const done = await repository.finish(trx, pq.id, 'completed');
    if (!done) return;
    for (const [index, reward] of rewardsOf(quest).entries()) {
      const source = rewardSource(pq.id, index);
      if (reward.type === QuestRewardType.BONUS && reward.bonusId) {
        try {
          await deps.grantBonus(trx, {
            bonusId: reward.bonusId,
            playerId: pq.player_id,
            currency: reward.isoCode,
            source,
          });
        } catch (error) {
          // A reward the catalogue refuses (checked before any write) must not block the stream.
          if (!(error instanceof AppError) || error.errorName !== 'VALIDATION_FAILED') throw error;
          deps.log.error({ err: error, playerQuestId: pq.id, index }, 'quests: a bonus reward was refused');
        }
      } else if (reward.type === QuestRewardType.POINTS && reward.amount >= 1) {
        await deps.awardPointsIn(trx, { playerId: pq.player_id, points: Math.trunc(reward.amount), source });
      }
      // Wheel spins (type 3): the wheels engine grants them from `retention.quest-completed`.
    }
    await deps.appEvents.emit('retention.quest-completed', {
      trx,
      playerId: pq.player_id,
      questId: quest.id,
      playerQuestId: pq.id,
      questName: quest.name,
    });
    publishQuest(trx, await playerQuestView(trx, quest, done), pq.player_id);
  }

  /** The activity consumer: a batch's records into the players' running quests, in its transaction. */
  async function handle(trx: Transaction<Database>, records: readonly ActivityRecord[]): Promise<void> {
    const relevant = records.filter((r) => r.kind !== 'sign-in' && !(r.kind === 'rollback' && r.undid !== 'bet'));
    if (relevant.length === 0) return;
    const running = await repository.activeOf(trx, [...new Set(relevant.map((r) => r.playerId))]);
    if (running.length === 0) return;
    const quests = await repository.findMany(trx, [...new Set(running.map((pq) => pq.quest_id))]);
    const progressRows = await repository.tasksOf(
      trx,
      running.map((pq) => pq.id),
    );
    const progress = new Map(progressRows.map((p) => [`${p.player_quest_id}:${p.task_id}`, p]));
    const rollbackRounds = [
      ...new Set(relevant.flatMap((r) => (r.kind === 'rollback' || r.kind === 'bet' ? [r.roundId] : []))),
    ];
    const rounds = new Map(
      (
        await repository.roundsOf(
          trx,
          running.map((pq) => pq.id),
          rollbackRounds,
        )
      ).map((r) => [`${r.player_quest_id}:${r.task_id}:${r.round_id}`, r.bets]),
    );
    const changedTasks = new Set<string>();
    const changedRounds = new Set<string>();
    const completed: { quest: QuestDefinition; pq: PlayerQuestRow }[] = [];

    for (const record of relevant) {
      for (const pq of running) {
        if (pq.player_id !== record.playerId || completed.some((c) => c.pq.id === pq.id)) continue;
        if (record.occurredAt < pq.activated_at || (pq.ends_at && record.occurredAt >= pq.ends_at)) continue;
        const quest = quests.get(pq.quest_id);
        if (!quest) continue;
        const tasks = quest.tasks.map((task) => {
          const row = progress.get(`${pq.id}:${task.id}`) ?? {
            player_quest_id: pq.id,
            task_id: task.id,
            progress: 0,
            completed_at: null,
          };
          progress.set(`${pq.id}:${task.id}`, row);
          return { task, row, executionOrder: task.execution_order, quantity: task.quantity, progress: row.progress };
        });
        if (record.kind === 'rollback') {
          // A rolled-back bet takes back what it added to a task that is not completed yet.
          for (const { task, row } of tasks) {
            const key = `${pq.id}:${task.id}:${record.roundId}`;
            const bets = rounds.get(key) ?? 0;
            if (bets === 0 || row.completed_at) continue;
            rounds.set(key, bets - 1);
            changedRounds.add(key);
            row.progress = Math.max(0, row.progress - 1);
            changedTasks.add(`${pq.id}:${task.id}`);
          }
          continue;
        }
        const sequential = quest.task_execution_order === QuestTaskExecutionOrder.SEQUENTIAL;
        for (const { task, row } of openTasks(tasks, sequential)) {
          const next = progressAfter(ruleOf(task), row.progress, record, deps.subunitOf);
          if (next === row.progress) continue;
          row.progress = next;
          if (next >= task.quantity) row.completed_at = record.occurredAt;
          changedTasks.add(`${pq.id}:${task.id}`);
          if (record.kind === 'bet') {
            const key = `${pq.id}:${task.id}:${record.roundId}`;
            rounds.set(key, (rounds.get(key) ?? 0) + 1);
            changedRounds.add(key);
          }
        }
        if (tasks.every(({ task, row }) => row.progress >= task.quantity)) completed.push({ quest, pq });
      }
    }

    for (const key of changedRounds) {
      const [playerQuestId = '', taskId = '', ...roundParts] = key.split(':');
      await repository.saveRound(trx, {
        player_quest_id: playerQuestId,
        task_id: taskId,
        round_id: roundParts.join(':'),
        bets: rounds.get(key) ?? 0,
      });
    }
    const at = now();
    for (const key of changedTasks) {
      const row = progress.get(key);
      if (!row) continue;
      await repository.saveTask(trx, row);
      const pq = running.find((p) => p.id === row.player_quest_id);
      const task = pq ? quests.get(pq.quest_id)?.tasks.find((t) => t.id === row.task_id) : undefined;
      if (!pq || !task) continue;
      events.publishAfterCommit(trx, channels.quests(pq.player_id), {
        event: 'quest.task.updated',
        task: {
          id: task.id,
          questId: pq.id,
          playerId: pq.player_id,
          // The task counted this batch: it was active (a completed one says so with its progress).
          isActive: true,
          isCompleted: row.progress >= task.quantity,
          progress: row.progress,
          quantity: task.quantity,
          type: task.type,
          name: task.name,
          updatedAt: at.toISOString(),
        },
      });
    }
    // A sequential quest whose active task was completed: the next task opens (told as well).
    for (const pq of running) {
      const quest = quests.get(pq.quest_id);
      if (!quest || quest.task_execution_order !== QuestTaskExecutionOrder.SEQUENTIAL) continue;
      if (completed.some((c) => c.pq.id === pq.id)) continue;
      const justDone = quest.tasks.some((task) => {
        const row = progress.get(`${pq.id}:${task.id}`);
        return changedTasks.has(`${pq.id}:${task.id}`) && row !== undefined && row.progress >= task.quantity;
      });
      if (!justDone) continue;
      const tasks = quest.tasks.map((task) => ({
        task,
        executionOrder: task.execution_order,
        quantity: task.quantity,
        progress: progress.get(`${pq.id}:${task.id}`)?.progress ?? 0,
      }));
      const next = openTasks(tasks, true)[0];
      if (!next || changedTasks.has(`${pq.id}:${next.task.id}`)) continue;
      events.publishAfterCommit(trx, channels.quests(pq.player_id), {
        event: 'quest.task.updated',
        task: {
          id: next.task.id,
          questId: pq.id,
          playerId: pq.player_id,
          isActive: true,
          isCompleted: false,
          progress: next.progress,
          quantity: next.task.quantity,
          type: next.task.type,
          name: next.task.name,
          updatedAt: at.toISOString(),
        },
      });
    }
    for (const { quest, pq } of completed) await completeIn(trx, quest, pq);
  }

  const consumer: ActivityConsumer = { name: QUESTS_CONSUMER, handle };

  async function expireIn(trx: Transaction<Database>, playerQuestId: string): Promise<boolean> {
    const pq = await repository.lockPlayerQuest(trx, playerQuestId);
    if (!pq || pq.status !== 'active' || !pq.ends_at || pq.ends_at > now()) return false;
    const done = await repository.finish(trx, pq.id, 'expired');
    const quest = await repository.find(trx, pq.quest_id);
    if (done && quest) publishQuest(trx, await playerQuestView(trx, quest, done), pq.player_id);
    return done !== undefined;
  }

  async function scheduleExpiry(trx: Transaction<Database>, pq: { id: string; ends_at: Date | null }) {
    if (!pq.ends_at) return;
    await deps.enqueueJob(trx, {
      kind: EXPIRE_JOB,
      key: expireJobKey(pq.id),
      runAt: pq.ends_at,
      payload: { playerQuestId: pq.id },
    });
  }

  function checkRewards(body: QuestUpdateBody): void {
    for (const reward of body.rewards) {
      if (reward.type === QuestRewardType.BONUS && !reward.bonusId) {
        throw AppError.validation({ rewards: ['A bonus reward needs its bonusId.'] });
      }
      if (reward.type === QuestRewardType.BONUS && deps.subunitOf(reward.isoCode) === undefined) {
        throw AppError.validation({ rewards: [`Unknown currency ${reward.isoCode}.`] });
      }
    }
    if (body.startAt && body.endAt && new Date(body.endAt) <= new Date(body.startAt)) {
      throw AppError.validation({ endAt: ['The end must be after the start.'] });
    }
  }

  return {
    consumer,
    expireIn,

    /** The expiry in a transaction of its own (the job's handler runs `expireIn`). */
    expire: (playerQuestId: string) => events.transaction((trx) => expireIn(trx, playerQuestId)),

    /** Makes sure every running quest with an end has its expiry job (at start; keyed, so added once). */
    async ensureExpiryJobs(): Promise<void> {
      for (const pq of await repository.activeWithEnd()) {
        await events.transaction((trx) => scheduleExpiry(trx, pq));
      }
    },

    async create(body: QuestBody): Promise<Quest> {
      checkRewards(body);
      const tasks = toNewTasks(body.tasks);
      if (await repository.identityExists(body.identity)) {
        throw AppError.validation({ identity: ['A quest has this identity.'] });
      }
      const id = await events
        .transaction((trx) => repository.create(trx, body.identity, toQuestFields(body), tasks))
        .catch((error: unknown) => {
          // Two definitions with one identity at once: the unique index decides.
          if (error instanceof Error && 'code' in error && error.code === '23505') {
            throw AppError.validation({ identity: ['A quest has this identity.'] });
          }
          throw error;
        });
      const quest = await repository.find(repository.db, id);
      if (!quest) throw new Error('created quest not found');
      return toQuest(quest, undefined, [], now());
    },

    async update(questId: string, body: QuestUpdateBody): Promise<Quest> {
      checkRewards(body);
      const tasks = body.tasks ? toNewTasks(body.tasks) : undefined;
      await events.transaction(async (trx) => {
        if (!(await repository.lockQuest(trx, questId))) throw AppError.notFound('No such quest.');
        if (tasks && (await repository.hasPlayerQuests(trx, questId))) {
          throw new AppError('CONFLICT', 'Players have activated this quest: its tasks can no longer change.');
        }
        await repository.update(trx, questId, toQuestFields(body), tasks);
      });
      const quest = await repository.find(repository.db, questId);
      if (!quest) throw AppError.notFound('No such quest.');
      return toQuest(quest, undefined, [], now());
    },

    /** Quests the player can start now. */
    async available(playerId: string, query: { page: number; perPage: number; currency?: string | undefined }) {
      const at = now();
      const { rows, totalRows } = await repository.availablePage(playerId, at, query);
      return {
        data: rows.map((quest) => toQuest(quest, undefined, [], at, query.currency)),
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalPages: Math.ceil(totalRows / query.perPage),
          totalRows,
        },
      };
    },

    /** The player's quests by state: 2 active, 3/4 completed, 5/6 expired (all when absent). */
    async playerQuests(
      playerId: string,
      query: { page: number; perPage: number; state?: number[] | undefined; currency?: string | undefined },
    ) {
      const at = now();
      const states = query.state ?? [2, 3, 4, 5, 6];
      const { rows, totalRows } = await repository.playerPage(
        playerId,
        {
          active: states.includes(2),
          completed: states.includes(3) || states.includes(4),
          expired: states.includes(5) || states.includes(6),
        },
        at,
        query,
      );
      const [quests, progress] = await Promise.all([
        repository.findMany(repository.db, [...new Set(rows.map((r) => r.quest_id))]),
        repository.tasksOf(
          repository.db,
          rows.map((r) => r.id),
        ),
      ]);
      return {
        data: rows.flatMap((pq) => {
          const quest = quests.get(pq.quest_id);
          if (!quest) return [];
          const rowsOf = progress.filter((p) => p.player_quest_id === pq.id);
          return [toQuest(quest, pq, rowsOf, at, query.currency)];
        }),
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalPages: Math.ceil(totalRows / query.perPage),
          totalRows,
        },
      };
    },

    /** Starts a quest for the player: 404 unknown or disabled, 409 outside its window, running or completed. */
    async activate(playerId: string, questId: string): Promise<Quest> {
      return events.transaction(async (trx) => {
        const quest = await repository.find(trx, questId);
        if (!quest || !quest.enabled) throw AppError.notFound('No such quest.');
        const at = now();
        if ((quest.start_at && quest.start_at > at) || (quest.end_at && quest.end_at <= at)) {
          throw new AppError('CONFLICT', 'This quest cannot be started now.');
        }
        const existing = await repository.runningOrCompleted(trx, playerId, questId);
        if (existing) {
          throw new AppError(
            'CONFLICT',
            existing.status === 'active' ? 'This quest is already running.' : 'This quest is already completed.',
          );
        }
        const pq = await repository.activate(trx, quest, playerId);
        await scheduleExpiry(trx, pq);
        const view = await playerQuestView(trx, quest, pq);
        publishQuest(trx, view, playerId);
        return view;
      });
    },

    /** Cancels the player's running quest: 404 when it is not theirs, 409 when it is not running. */
    async cancel(playerId: string, playerQuestId: string): Promise<Quest> {
      return events.transaction(async (trx) => {
        const pq = await repository.lockPlayerQuest(trx, playerQuestId);
        // Another player's quest reads as missing: its existence is not disclosed.
        if (!pq || pq.player_id !== playerId) throw AppError.notFound('No such quest.');
        if (pq.status !== 'active' || (pq.ends_at && pq.ends_at <= now())) {
          throw new AppError('CONFLICT', 'This quest is not running.');
        }
        const done = await repository.finish(trx, pq.id, 'cancelled');
        const quest = await repository.find(trx, pq.quest_id);
        if (!done || !quest) throw new Error('cancelled quest not found');
        const view = await playerQuestView(trx, quest, done);
        publishQuest(trx, view, playerId);
        return view;
      });
    },
  };
}

export type Quests = ReturnType<typeof createQuests>;
