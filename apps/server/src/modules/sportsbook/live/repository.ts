import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/**
 * The advisory lock class (first key) of feed ingestion; the second key hashes the schema
 * and the feed's name (schemas sharing a database, as tests do, do not contend).
 */
const INGEST_LOCK_CLASS = 0x5b0001;

/**
 * Takes the feed's ingest lock for the session of `connection` (a connection held for the
 * ingestor's lifetime): true when this process is now the one that ingests.
 */
export async function tryIngestLock(connection: Kysely<Database>, feed: string): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`
    select pg_try_advisory_lock(${INGEST_LOCK_CLASS}, hashtext(current_schema() || ':' || ${feed})) as taken`.execute(
    connection,
  );
  return rows[0]?.taken === true;
}

export async function releaseIngestLock(connection: Kysely<Database>, feed: string): Promise<void> {
  await sql`select pg_advisory_unlock(${INGEST_LOCK_CLASS}, hashtext(current_schema() || ':' || ${feed}))`.execute(
    connection,
  );
}

/** A round trip on the lock's connection: throws once that session is gone (and the lock with it). */
export async function pingIngestLock(connection: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(connection);
}

/** The markets named, and those of the outcomes named: id, event and type. */
export async function changedMarkets(
  db: Kysely<Database>,
  marketIds: readonly string[],
  outcomeIds: readonly string[],
): Promise<{ id: string; eventId: string; type: string }[]> {
  if (marketIds.length === 0 && outcomeIds.length === 0) return [];
  const rows = await db
    .selectFrom('sb_markets')
    .select(['id', 'event_id', 'type'])
    .where((eb) =>
      eb.or([
        ...(marketIds.length > 0 ? [eb('id', 'in', [...marketIds])] : []),
        ...(outcomeIds.length > 0
          ? [
              eb(
                'id',
                'in',
                eb
                  .selectFrom('sb_outcomes')
                  .select('market_id')
                  .where('sb_outcomes.id', 'in', [...outcomeIds]),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  return rows.map((row) => ({ id: row.id, eventId: row.event_id, type: row.type }));
}
