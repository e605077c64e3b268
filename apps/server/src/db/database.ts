import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { PreparingPool } from './prepared-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolMax?: number;
  /** PostgreSQL search_path (tests isolate themselves in a schema). */
  searchPath?: string;
  /**
   * Called with the SQL of every statement sent, BEGIN and COMMIT included, failed ones
   * too (tests count the statements of a request with it; each is one round trip).
   */
  onStatement?: (sql: string) => void;
  /** Told when an idle pooled connection fails (it is replaced); the server logs it. */
  onConnectionError?: (error: Error) => void;
}

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * node-postgres type parsers with int8 as bigint (the default gives a string) and date
 * as its 'YYYY-MM-DD' text (the default gives a Date at local midnight, which shifts
 * the calendar day with the process's time zone).
 */
const int8AsBigint = ((oid: number, format?: 'text' | 'binary'): unknown => {
  if (oid === INT8_OID) return (value: string) => BigInt(value);
  if (oid === DATE_OID) return (value: string) => value;
  return pg.types.getTypeParser(oid, format) as unknown;
}) as typeof pg.types.getTypeParser;

/** Kysely's log, when a statement observer is given: it sees every statement on a connection. */
function statementLog(options: DatabaseOptions): Pick<KyselyConfig, 'log'> {
  const observe = options.onStatement;
  return observe ? { log: (event) => observe(event.query.sql) } : {};
}

/** Opens the database: PostgreSQL through a pool, or embedded PGlite. int8 is bigint on both. */
export async function openDatabase(options: DatabaseOptions): Promise<{ db: Db; driver: 'postgres' | 'pglite' }> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 20,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      types: { getTypeParser: int8AsBigint },
    });
    // An idle connection the server ends (a restart, a terminated backend) is dropped from the
    // pool and replaced by the next checkout; unhandled, its 'error' event would end the process.
    pool.on('error', (error) => {
      options.onConnectionError?.(error);
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new PreparingPool(pool) }),
      ...statementLog(options),
    });
    return { db, driver: 'postgres' };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value), [pgliteTypes.DATE]: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), ...statementLog(options) });
  return { db, driver: 'pglite' };
}
