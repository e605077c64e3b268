import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './database';

/** A fixed key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_220_431_001;

export interface Migration {
  version: string;
  sql: string;
}

/** Reads `NNNN_name.sql` files in version order. */
export function readMigrations(dir: string): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the migrations not yet applied, each in its own transaction, under an advisory
 * lock so that several server processes starting together apply each one exactly once.
 */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )`.execute(conn);
      const done = new Set(
        (await conn.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await trx.insertInto('schema_migrations').values({ version: migration.version }).execute();
        });
        applied.push(migration.version);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
