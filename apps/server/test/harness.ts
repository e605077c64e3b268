import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type App, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrate, readMigrations } from '../src/db/migrate';
import { loadContentStore, type ContentStore } from '../src/modules/content/store';
import { migrationsDir } from '../src/paths';
import { seed } from '../src/seed';

/**
 * A server on its own fresh database: an in-memory PGlite by default, or a private
 * schema in the PostgreSQL of TEST_DATABASE_URL (dropped again by `close`).
 */
export interface TestServer {
  app: App;
  db: Db;
  config: Config;
  driver: 'postgres' | 'pglite';
  /** The SQL of every statement the server sends while `work` runs (BEGIN and COMMIT included). */
  statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  close(): Promise<void>;
}

let contentStore: ContentStore | undefined;

export async function startTestServer(
  env: Record<string, string> = {},
  beforeReady?: (server: FastifyInstance, app: App) => void,
  appOptions: Pick<AppOptions, 'onSecretCheck' | 'now'> = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    // No job runner polling beside the tests (it would add statements to what they count);
    // the jobs tests run their own runners.
    JOBS_POLL_MS: '0',
    // Nor an activity poller: tests handle the stream with `app.activity.drain()`.
    ACTIVITY_POLL_MS: '0',
    // Nor the sportsbook feed: the tests that need it ask for it.
    SPORTSBOOK_FEED: 'off',
    ...env,
  });
  const url = process.env.TEST_DATABASE_URL;
  let dropSchema: (() => Promise<void>) | undefined;
  let opened: { db: Db; driver: 'postgres' | 'pglite' };
  let recording: string[] | undefined;
  const onStatement = (sql: string) => recording?.push(sql);
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    opened = await openDatabase({ url, searchPath: schema, poolMax: 10, onStatement });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    };
  } else {
    opened = await openDatabase({ dataDir: 'memory://', onStatement });
  }
  const { db, driver } = opened;
  await migrate(db, readMigrations(migrationsDir));
  await seed(db);
  contentStore ??= loadContentStore(config.contentDir);
  const app = await buildApp({ ...appOptions, config, db, contentStore, logger: false });
  beforeReady?.(app.server, app);
  await app.server.ready();
  return {
    app,
    db,
    config,
    driver,
    async statementsDuring(work) {
      if (recording) throw new Error('statementsDuring does not nest');
      const statements: string[] = [];
      recording = statements;
      try {
        return { result: await work(), statements };
      } finally {
        recording = undefined;
      }
    },
    async close() {
      await app.server.close();
      await db.destroy();
      await dropSchema?.();
    },
  };
}
