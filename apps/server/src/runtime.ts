import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrate, readMigrations } from './db/migrate';
import { migrationsDir } from './paths';
import { seedIfEmpty } from './seed';

export interface Runtime {
  db: Db;
  driver: 'postgres' | 'pglite';
  redis: Redis | undefined;
  close(): Promise<void>;
}

/** Opens the database (and Redis when configured), applies migrations and seeds an empty database. */
export async function openRuntime(config: Config, log: (message: string) => void = () => {}): Promise<Runtime> {
  const { db, driver } = await openDatabase({
    url: config.database.url,
    dataDir: path.join(config.database.dataDir, 'pglite'),
    poolMax: config.database.poolMax,
    onConnectionError: (error) => log(`a database connection failed and is replaced: ${error.message}`),
  });
  try {
    const applied = await migrate(db, readMigrations(migrationsDir));
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    if (config.seedOnStart) {
      const seeded = await seedIfEmpty(db, { demoPlayer: !config.isProduction });
      if (seeded.length > 0) log(`seeded demo data: ${seeded.join(', ')}`);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  return {
    db,
    driver,
    redis,
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
      await db.destroy();
    },
  };
}
