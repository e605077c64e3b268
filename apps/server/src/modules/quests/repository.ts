import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PlayerQuestTable, QuestTable, QuestTaskTable } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export type QuestRow = Selectable<QuestTable>;
export type QuestTaskRow = Selectable<QuestTaskTable>;
export type PlayerQuestRow = Selectable<PlayerQuestTable>;

/** A quest with its tasks in execution order. */
export interface QuestDefinition extends QuestRow {
  tasks: QuestTaskRow[];
}

export interface PlayerTaskRow {
  player_quest_id: string;
  task_id: string;
  progress: number;
  completed_at: Date | null;
}

export interface NewQuestTask {
  executionOrder: number;
  type: number;
  quantity: number;
  name: string;
  description: string;
  conditions: unknown;
}

export interface QuestFields {
  name: string;
  description: string;
  sortOrder: number;
  taskExecutionOrder: number;
  startAt: Date | null;
  endAt: Date | null;
  durationSeconds: number | null;
  enabled: boolean;
  rewards: unknown;
}

/** Player quest statuses a list's state filter reads (`expiredByClock`: active past its end). */
export interface StatusFilter {
  active: boolean;
  completed: boolean;
  expired: boolean;
}

/** Quests' tables (docs/quests.md); SQL only here. */
export function createQuestsRepository(db: Kysely<Database>) {
  async function withTasks(q: Q, rows: QuestRow[]): Promise<QuestDefinition[]> {
    if (rows.length === 0) return [];
    const tasks = await q
      .selectFrom('quest_tasks')
      .selectAll()
      .where(
        'quest_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('execution_order')
      .execute();
    return rows.map((row) => ({ ...row, tasks: tasks.filter((t) => t.quest_id === row.id) }));
  }

  async function insertTasks(trx: Transaction<Database>, questId: string, tasks: NewQuestTask[]): Promise<void> {
    await trx
      .insertInto('quest_tasks')
      .values(
        tasks.map((t) => ({
          quest_id: questId,
          execution_order: t.executionOrder,
          type: t.type,
          quantity: t.quantity,
          name: t.name,
          description: t.description,
          conditions: JSON.stringify(t.conditions),
        })),
      )
      .execute();
  }

  const questValues = (f: QuestFields) => ({
    name: f.name,
    description: f.description,
    sort_order: f.sortOrder,
    task_execution_order: f.taskExecutionOrder,
    start_at: f.startAt,
    end_at: f.endAt,
    duration_seconds: f.durationSeconds,
    enabled: f.enabled,
    rewards: JSON.stringify(f.rewards),
  });

  return {
    db,

    async count(): Promise<number> {
      const row = await db
        .selectFrom('quests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async identityExists(identity: string): Promise<boolean> {
      return (
        (await db.selectFrom('quests').select('id').where('identity', '=', identity).executeTakeFirst()) !== undefined
      );
    },

    async create(trx: Transaction<Database>, identity: string, fields: QuestFields, tasks: NewQuestTask[]) {
      const row = await trx
        .insertInto('quests')
        .values({ identity, ...questValues(fields) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertTasks(trx, row.id, tasks);
      return row.id;
    },

    async update(trx: Transaction<Database>, id: string, fields: QuestFields, tasks: NewQuestTask[] | undefined) {
      await trx
        .updateTable('quests')
        .set({ ...questValues(fields), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      if (tasks) {
        await trx.deleteFrom('quest_tasks').where('quest_id', '=', id).execute();
        await insertTasks(trx, id, tasks);
      }
    },

    async lockQuest(trx: Transaction<Database>, id: string): Promise<QuestRow | undefined> {
      return trx.selectFrom('quests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async hasPlayerQuests(trx: Transaction<Database>, questId: string): Promise<boolean> {
      const row = await trx.selectFrom('player_quests').select('id').where('quest_id', '=', questId).executeTakeFirst();
      return row !== undefined;
    },

    async find(q: Q, id: string): Promise<QuestDefinition | undefined> {
      const row = await q.selectFrom('quests').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? (await withTasks(q, [row]))[0] : undefined;
    },

    async findMany(q: Q, ids: readonly string[]): Promise<Map<string, QuestDefinition>> {
      if (ids.length === 0) return new Map();
      const rows = await q
        .selectFrom('quests')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
      return new Map((await withTasks(q, rows)).map((d) => [d.id, d]));
    },

    /** Quests the player can activate now: enabled, in their window, not running or completed by them. */
    async availablePage(playerId: string, now: Date, page: { page: number; perPage: number }) {
      const base = db
        .selectFrom('quests as q')
        .where('q.enabled', '=', true)
        .where((eb) => eb.or([eb('q.start_at', 'is', null), eb('q.start_at', '<=', now)]))
        .where((eb) => eb.or([eb('q.end_at', 'is', null), eb('q.end_at', '>', now)]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('player_quests as pq')
                .select('pq.id')
                .whereRef('pq.quest_id', '=', 'q.id')
                .where('pq.player_id', '=', playerId)
                .where('pq.status', 'in', ['active', 'completed']),
            ),
          ),
        );
      const [rows, count] = await Promise.all([
        base
          .selectAll('q')
          .orderBy('q.sort_order')
          .orderBy('q.created_at')
          .orderBy('q.id')
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: await withTasks(db, rows), totalRows: Number(count.n) };
    },

    /** The player's quests in the given statuses, newest first (an active one past its end reads as expired). */
    async playerPage(playerId: string, filter: StatusFilter, now: Date, page: { page: number; perPage: number }) {
      const base = db
        .selectFrom('player_quests as pq')
        .where('pq.player_id', '=', playerId)
        .where((eb) => {
          const liveActive = eb.and([
            eb('pq.status', '=', 'active'),
            eb.or([eb('pq.ends_at', 'is', null), eb('pq.ends_at', '>', now)]),
          ]);
          const expired = eb.or([
            eb('pq.status', '=', 'expired'),
            eb.and([eb('pq.status', '=', 'active'), eb('pq.ends_at', '<=', now)]),
          ]);
          const parts = [];
          if (filter.active) parts.push(liveActive);
          if (filter.completed) parts.push(eb('pq.status', '=', 'completed'));
          if (filter.expired) parts.push(expired);
          return parts.length > 0 ? eb.or(parts) : eb.val(false);
        });
      const [rows, count] = await Promise.all([
        base
          .selectAll('pq')
          .orderBy('pq.activated_at', 'desc')
          .orderBy('pq.id')
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRows: Number(count.n) };
    },

    async tasksOf(q: Q, playerQuestIds: readonly string[]): Promise<PlayerTaskRow[]> {
      if (playerQuestIds.length === 0) return [];
      return q
        .selectFrom('player_quest_tasks')
        .select(['player_quest_id', 'task_id', 'progress', 'completed_at'])
        .where('player_quest_id', 'in', [...playerQuestIds])
        .execute();
    },

    async runningOrCompleted(trx: Transaction<Database>, playerId: string, questId: string) {
      return trx
        .selectFrom('player_quests')
        .select(['id', 'status'])
        .where('player_id', '=', playerId)
        .where('quest_id', '=', questId)
        .where('status', 'in', ['active', 'completed'])
        .executeTakeFirst();
    },

    /** Starts a quest: its end is the quest's end or the duration after now, the earlier. */
    async activate(trx: Transaction<Database>, quest: QuestDefinition, playerId: string): Promise<PlayerQuestRow> {
      const duration = quest.duration_seconds;
      const endsAt =
        duration === null
          ? sql<Date | null>`${quest.end_at}::timestamptz`
          : sql<Date | null>`least(${quest.end_at}::timestamptz, now() + make_interval(secs => ${duration}))`;
      const row = await trx
        .insertInto('player_quests')
        .values({ quest_id: quest.id, player_id: playerId, ends_at: endsAt })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('player_quest_tasks')
        .values(quest.tasks.map((t) => ({ player_quest_id: row.id, task_id: t.id, completed_at: null })))
        .execute();
      return row;
    },

    async lockPlayerQuest(trx: Transaction<Database>, id: string): Promise<PlayerQuestRow | undefined> {
      return trx.selectFrom('player_quests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The players' running quests, locked for the batch. */
    async activeOf(trx: Transaction<Database>, playerIds: readonly string[]): Promise<PlayerQuestRow[]> {
      if (playerIds.length === 0) return [];
      return trx
        .selectFrom('player_quests')
        .selectAll()
        .where('player_id', 'in', [...playerIds])
        .where('status', '=', 'active')
        .orderBy('activated_at')
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async finish(trx: Transaction<Database>, id: string, status: 'completed' | 'expired' | 'cancelled') {
      return trx
        .updateTable('player_quests')
        .set({ status, finished_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst();
    },

    async saveTask(trx: Transaction<Database>, row: PlayerTaskRow): Promise<void> {
      await trx
        .updateTable('player_quest_tasks')
        .set({ progress: row.progress, completed_at: row.completed_at, updated_at: sql<Date>`now()` })
        .where('player_quest_id', '=', row.player_quest_id)
        .where('task_id', '=', row.task_id)
        .execute();
    },

    async roundsOf(trx: Transaction<Database>, playerQuestIds: readonly string[], roundIds: readonly string[]) {
      if (playerQuestIds.length === 0 || roundIds.length === 0) return [];
      return trx
        .selectFrom('player_quest_task_rounds')
        .selectAll()
        .where('player_quest_id', 'in', [...playerQuestIds])
        .where('round_id', 'in', [...roundIds])
        .execute();
    },

    async saveRound(
      trx: Transaction<Database>,
      row: { player_quest_id: string; task_id: string; round_id: string; bets: number },
    ): Promise<void> {
      await trx
        .insertInto('player_quest_task_rounds')
        .values(row)
        .onConflict((oc) => oc.columns(['player_quest_id', 'task_id', 'round_id']).doUpdateSet({ bets: row.bets }))
        .execute();
    },

    /** Running quests with an end (the expiry jobs made sure at start). */
    async activeWithEnd(): Promise<{ id: string; ends_at: Date }[]> {
      const rows = await db
        .selectFrom('player_quests')
        .select(['id', 'ends_at'])
        .where('status', '=', 'active')
        .where('ends_at', 'is not', null)
        .execute();
      return rows.flatMap((r) => (r.ends_at ? [{ id: r.id, ends_at: r.ends_at }] : []));
    },
  };
}

export type QuestsRepository = ReturnType<typeof createQuestsRepository>;
