import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { DevOutboxTable } from '../../../db/schema';

export type OutboxRow = Selectable<DevOutboxTable>;

export interface OutboxFilter {
  channel?: 'email' | 'sms' | undefined;
  /** Exact recipient, compared case-insensitively. */
  recipient?: string | undefined;
}

export function createOutboxRepository(db: Db) {
  function filtered(filter: OutboxFilter) {
    let query = db.selectFrom('dev_outbox');
    if (filter.channel) query = query.where('channel', '=', filter.channel);
    if (filter.recipient) {
      const recipient = filter.recipient.toLowerCase();
      query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient));
    }
    return query;
  }

  return {
    async insert(message: Insertable<DevOutboxTable>): Promise<{ id: string }> {
      return db.insertInto('dev_outbox').values(message).returning('id').executeTakeFirstOrThrow();
    },

    /** Newest first: by insertion sequence, which does not depend on clock resolution. */
    async list(filter: OutboxFilter, page: { offset: number; limit: number }): Promise<OutboxRow[]> {
      return filtered(filter).selectAll().orderBy('seq', 'desc').offset(page.offset).limit(page.limit).execute();
    },

    async count(filter: OutboxFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async find(id: string): Promise<OutboxRow | undefined> {
      return db.selectFrom('dev_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
