import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PlayerMessageTable } from '../../db/schema';

export type PlayerMessageRow = Selectable<PlayerMessageTable>;

const UNREAD = 1;
const READ = 2;
/** Self-excluded or in a cooling-off (docs/player-protection.md): no marketing. */
const EXCLUDED_STATUS = 4;

type Q = Kysely<Database> | Transaction<Database>;

export interface NewMessage {
  title: string;
  body: string;
  linkUrl: string | null;
  linkLabel: string | null;
  kind: string;
}

export interface SegmentFilter {
  countries?: string[] | undefined;
  currencies?: string[] | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
  /** Loyalty level ids. */
  levels?: string[] | undefined;
}

/** SQL of players' messenger messages. */
export function createMessengerRepository(db: Kysely<Database>) {
  async function countUnread(q: Q, playerId: string): Promise<number> {
    const { count } = await q
      .selectFrom('player_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('player_id', '=', playerId)
      .where('state', '=', UNREAD)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  return {
    countUnread: (playerId: string) => countUnread(db, playerId),

    /** Newest first, with the total rows and the unread count. */
    async page(
      playerId: string,
      page: { page: number; perPage: number },
    ): Promise<{ rows: PlayerMessageRow[]; totalRows: number; totalUnread: number }> {
      const [rows, totals] = await Promise.all([
        db
          .selectFrom('player_messages')
          .selectAll()
          .where('player_id', '=', playerId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage)
          .execute(),
        db
          .selectFrom('player_messages')
          .select((eb) => [
            eb.fn.countAll<string>().as('total'),
            eb.fn.count<string>(sql`case when state = ${UNREAD} then 1 end`).as('unread'),
          ])
          .where('player_id', '=', playerId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRows: Number(totals.total), totalUnread: Number(totals.unread) };
    },

    /**
     * Marks the player's given messages read, all or none: 'not-found' when one of the ids
     * is not the player's (others' ids match nothing).
     */
    async markRead(playerId: string, ids: readonly string[]): Promise<{ totalUnread: number } | 'not-found'> {
      return db.transaction().execute(async (trx) => {
        const { count } = await trx
          .selectFrom('player_messages')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('player_id', '=', playerId)
          .where('id', 'in', ids)
          .executeTakeFirstOrThrow();
        if (Number(count) !== ids.length) return 'not-found' as const;
        await trx
          .updateTable('player_messages')
          .set({ state: READ, read_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
          .where('player_id', '=', playerId)
          .where('id', 'in', ids)
          .where('state', '=', UNREAD)
          .execute();
        return { totalUnread: await countUnread(trx, playerId) };
      });
    },

    async markAllRead(playerId: string): Promise<number> {
      await db
        .updateTable('player_messages')
        .set({ state: READ, read_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('player_id', '=', playerId)
        .where('state', '=', UNREAD)
        .execute();
      return countUnread(db, playerId);
    },

    /** Deletes the player's given messages; answers how many were deleted. */
    async remove(playerId: string, ids: readonly string[]): Promise<{ deleted: number; totalUnread: number }> {
      const deleted = await db
        .deleteFrom('player_messages')
        .where('player_id', '=', playerId)
        .where('id', 'in', ids)
        .returning('id')
        .execute();
      return { deleted: deleted.length, totalUnread: await countUnread(db, playerId) };
    },

    /** A system message; nothing when this player already has one with `sourceKey`. */
    insertSystem: (
      trx: Transaction<Database>,
      playerId: string,
      message: NewMessage,
      sourceKey: string,
    ): Promise<PlayerMessageRow | undefined> =>
      trx
        .insertInto('player_messages')
        .values({
          player_id: playerId,
          title: message.title,
          body: message.body,
          link_url: message.linkUrl,
          link_label: message.linkLabel,
          kind: message.kind,
          source_key: sourceKey,
        })
        .onConflict((oc) => oc.columns(['player_id', 'source_key']).where('source_key', 'is not', null).doNothing())
        .returningAll()
        .executeTakeFirst(),

    /**
     * One row per matching player in one statement: a single player (`playerId`) or a
     * segment. Closed accounts never match; with `marketing`, status 4 neither.
     */
    insertForPlayers: (
      trx: Transaction<Database>,
      target: { playerId: string } | { segment: SegmentFilter },
      message: NewMessage,
      marketing: boolean,
    ): Promise<PlayerMessageRow[]> =>
      trx
        .insertInto('player_messages')
        .columns(['player_id', 'title', 'body', 'link_url', 'link_label', 'kind'])
        .expression((eb) => {
          let players = eb
            .selectFrom('players')
            .select([
              'players.id',
              sql<string>`${message.title}::text`.as('title'),
              sql`${message.body}::text`.as('body'),
              sql`${message.linkUrl}::text`.as('link_url'),
              sql`${message.linkLabel}::text`.as('link_label'),
              sql`${message.kind}::text`.as('kind'),
            ])
            .where('players.closed_at', 'is', null);
          if (marketing) players = players.where('players.status', '<>', EXCLUDED_STATUS);
          if ('playerId' in target) return players.where('players.id', '=', target.playerId);
          const segment = target.segment;
          if (segment.countries?.length) players = players.where('players.country', 'in', segment.countries);
          if (segment.currencies?.length) players = players.where('players.currency', 'in', segment.currencies);
          if (segment.registeredFrom)
            players = players.where('players.created_at', '>=', sql<Date>`${segment.registeredFrom}::date`);
          if (segment.registeredTo)
            players = players.where('players.created_at', '<', sql<Date>`${segment.registeredTo}::date + 1`);
          if (segment.levels?.length) {
            // The loyalty engine's level; a player it has not counted yet is on the lowest one.
            players = players.where(
              sql<string>`coalesce(
                (select la.level_id from loyalty_accounts la where la.player_id = players.id),
                (select ll.id from loyalty_levels ll order by ll."order" limit 1))`,
              'in',
              segment.levels,
            );
          }
          return players;
        })
        .returningAll()
        .execute(),

    /** The player's locale, for system messages (null: the default). */
    localeOf: async (q: Q, playerId: string): Promise<string | null> =>
      (await q.selectFrom('players').select('locale').where('id', '=', playerId).executeTakeFirst())?.locale ?? null,
  };
}

export type MessengerRepository = ReturnType<typeof createMessengerRepository>;
