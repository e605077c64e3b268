// Helper of realtime.bench.mjs, run with `node --import tsx` before the server starts:
// migrates the embedded database in DATA_DIR, creates N players and opens one session
// each through the auth module's session service (as a sign-in does, without the password
// hashing that would dominate the run), and writes `[{ playerId, token }]` to OUT_FILE.
// The gateway then checks these tokens against open sessions, as in production.
//
//   DATA_DIR=… JWT_SECRET=… PLAYERS=2000 OUT_FILE=… node --import tsx bench/realtime-sessions.mjs
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate, readMigrations } from '../apps/server/src/db/migrate.ts';
import { createAuthRepository } from '../apps/server/src/modules/auth/repository.ts';
import { createSessionService } from '../apps/server/src/modules/auth/sessions.ts';
import { createAccessTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { createProfileRepository } from '../apps/server/src/modules/profile/repository.ts';
import { createProfileReader } from '../apps/server/src/modules/profile/service.ts';
import { migrationsDir } from '../apps/server/src/paths.ts';

const { DATA_DIR, JWT_SECRET, OUT_FILE } = process.env;
const count = Number(process.env.PLAYERS);
if (!DATA_DIR || !JWT_SECRET || !OUT_FILE || !Number.isInteger(count) || count < 1) {
  throw new Error('DATA_DIR, JWT_SECRET, PLAYERS and OUT_FILE are required');
}

const { db } = await openDatabase({ dataDir: path.join(DATA_DIR, 'pglite') });
try {
  await migrate(db, readMigrations(migrationsDir));
  const repository = createAuthRepository(db);
  const sessions = createSessionService({
    repository,
    // Long enough for a run: the gateway would otherwise ask for refreshes mid-benchmark.
    tokens: createAccessTokens({ key: new TextEncoder().encode(JWT_SECRET), ttlSeconds: 4 * 3600 }),
    profiles: createProfileReader({ repository: createProfileRepository(db) }),
    lifetimes: { idleSeconds: 7 * 86_400, absoluteSeconds: 30 * 86_400 },
  });
  const context = { ip: '127.0.0.1', country: null, deviceType: 'desktop', userAgent: 'realtime-bench' };
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const { id } = await repository.insertPlayer({
      email: `bench-${i}@example.com`,
      password_hash: null,
      registration_method: 'email',
      agreed_tc: true,
    });
    const auth = await sessions.start(id, context, 'password');
    out.push({ playerId: id, token: auth.accessToken });
  }
  fs.writeFileSync(OUT_FILE, JSON.stringify(out));
} finally {
  await db.destroy();
}
