/**
 * `npm run conformance`: the game-provider conformance kit from the command line.
 *
 * Without --base-url it starts a server in this process on 127.0.0.1 (a fresh in-memory
 * PGlite, seeded), configured the way an operator would (GAME_PROVIDERS and each
 * provider's secret and allow-list, random secrets), and plays the scenarios as an
 * external provider over HTTP. With --base-url it plays against that server instead:
 *
 *   npm run conformance -- --base-url https://staging.example --provider northern-lights \
 *     --secret "$SECRET" --game aurora-wilds [--fenced-provider golden-koi --fenced-secret … \
 *     --fenced-game …] [--database-url postgres://…]
 *
 * The server must run outside production (the kit funds its player in the sandbox).
 * --database-url (the server's database) enables the token-expiry scenario and the ledger
 * invariants check; without it they are reported as SKIP. Exit code 1 on any FAIL.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrate, readMigrations } from '../src/db/migrate';
import {
  formatReport,
  hasFailures,
  runConformance,
  SCENARIOS,
  type ConformanceTarget,
} from '../src/modules/game-wallet/conformance';
import { hashToken } from '../src/modules/game-wallet/service';
import { migrationsDir } from '../src/paths';
import { seed } from '../src/seed';
import { ledgerViolations } from '../src/modules/wallet/audit-repository';

const USAGE = `Usage: npm run conformance -- [options]
  (no options)              start a server on 127.0.0.1 with PGlite and test it
  --base-url URL            test the server at URL instead
  --provider ID --secret S --game GAME
                            the provider to play as, its secret, and one of its games
  --fenced-provider ID --fenced-secret S --fenced-game GAME
                            a provider whose allow-list leaves out this machine
  --database-url URL        the server's PostgreSQL (token expiry, ledger invariants)
  --only a,b,c              run these scenarios only (${SCENARIOS.map((s) => s.id).join(', ')})`;

/** Session-token expiry and the ledger check, straight on the server's database. */
function databaseHooks(db: Db): Pick<ConformanceTarget, 'expireToken' | 'ledgerViolations'> {
  return {
    expireToken: async (token) => {
      await db
        .updateTable('game_sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('token_hash', '=', hashToken(token))
        .execute();
    },
    ledgerViolations: () => ledgerViolations(db),
  };
}

/** A server of our own: in-memory PGlite, providers configured through the environment variables. */
async function startOwnServer() {
  const secret = randomBytes(32).toString('base64url');
  const fencedSecret = randomBytes(32).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    RATE_LIMIT_ALLOW_IPS: '127.0.0.1,::1',
    GAME_PROVIDERS: 'northern-lights,golden-koi',
    GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: secret,
    GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: '127.0.0.1,::1',
    // A documentation address (RFC 5737): the kit calls from loopback, outside this list.
    GAME_PROVIDER_GOLDEN_KOI_SECRET: fencedSecret,
    GAME_PROVIDER_GOLDEN_KOI_ALLOW_IPS: '203.0.113.9',
  });
  const { db } = await openDatabase({ dataDir: 'memory://' });
  await migrate(db, readMigrations(migrationsDir));
  await seed(db);
  const app = await buildApp({ config, db, logger: false });
  const baseUrl = await app.server.listen({ host: '127.0.0.1', port: 0 });
  const target: ConformanceTarget = {
    baseUrl,
    provider: { id: 'northern-lights', secret, gameId: 'aurora-wilds' },
    fenced: { id: 'golden-koi', secret: fencedSecret, gameId: 'koi-fortune' },
    ...databaseHooks(db),
  };
  return {
    target,
    async close() {
      await app.server.close();
      await db.destroy();
    },
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      provider: { type: 'string' },
      secret: { type: 'string' },
      game: { type: 'string' },
      'fenced-provider': { type: 'string' },
      'fenced-secret': { type: 'string' },
      'fenced-game': { type: 'string' },
      'database-url': { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((id) => !SCENARIOS.some((s) => s.id === id)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown scenario ${unknown.join(', ')}\n\n${USAGE}`);
    return 2;
  }

  let target: ConformanceTarget;
  let close: () => Promise<void>;
  if (values['base-url']) {
    const { provider, secret, game } = values;
    if (!provider || !secret || !game) {
      console.error(`--base-url needs --provider, --secret and --game\n\n${USAGE}`);
      return 2;
    }
    const database = values['database-url'] ? await openDatabase({ url: values['database-url'] }) : undefined;
    const fenced =
      values['fenced-provider'] && values['fenced-secret'] && values['fenced-game']
        ? { id: values['fenced-provider'], secret: values['fenced-secret'], gameId: values['fenced-game'] }
        : undefined;
    target = {
      baseUrl: values['base-url'].replace(/\/+$/, ''),
      provider: { id: provider, secret, gameId: game },
      fenced,
      ...(database ? databaseHooks(database.db) : {}),
    };
    close = async () => {
      await database?.db.destroy();
    };
    console.log(`Conformance kit against ${target.baseUrl} as ${provider}`);
  } else {
    const own = await startOwnServer();
    target = own.target;
    close = () => own.close();
    console.log(`Conformance kit against its own server ${target.baseUrl} (PGlite in memory) as northern-lights`);
  }

  try {
    const results = await runConformance(target, {
      ...(only ? { only } : {}),
      onResult: (r) => process.stderr.write(`  ${r.outcome.padEnd(4)} ${r.id}\n`),
    });
    console.log(`\n${formatReport(results)}`);
    return hasFailures(results) ? 1 : 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
