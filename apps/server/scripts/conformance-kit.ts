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
 * invariants check; --admin-key (the operator API's key) the free-round scenarios, and
 * --free-rounds-port PORT (the provider's GAME_PROVIDER_<ID>_FREE_ROUNDS_URL pointing at
 * http://<this machine>:PORT/free-rounds) the check that grants reach the provider; without
 * them those are reported as SKIP. Its own server has them all. Exit code 1 on any FAIL.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrate, readMigrations } from '../src/db/migrate';
import {
  createOperator,
  formatReport,
  hasFailures,
  runConformance,
  SCENARIOS,
  startFreeRoundsReceiver,
  type ConformanceTarget,
  type FreeRoundsReceiver,
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
  --admin-key KEY           the operator API's key (free-round scenarios)
  --free-rounds-port PORT   listen for the provider's free-round grants on this port
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

/** Free rounds given through the operator API, and what the provider's endpoint received. */
function freeRoundHooks(
  baseUrl: string,
  gameId: string,
  adminKey: string,
  receiver: FreeRoundsReceiver | undefined,
): Pick<ConformanceTarget, 'grantFreeRounds' | 'deliveredGrant'> {
  const operator = createOperator(baseUrl, adminKey);
  return {
    grantFreeRounds: (player, rounds) =>
      operator.grantFreeRounds({ playerId: player.id, gameId, currency: player.currency, rounds }),
    ...(receiver
      ? {
          // The grant is sent by a job after the activation's commit: wait for it a little.
          deliveredGrant: async (freeRoundsId: string) => {
            const deadline = Date.now() + 15_000;
            while (!receiver.grants.has(freeRoundsId) && Date.now() < deadline) await receiver.nextCall(500);
            return receiver.grants.get(freeRoundsId);
          },
        }
      : {}),
  };
}

/** A server of our own: in-memory PGlite, providers configured through the environment variables. */
async function startOwnServer() {
  const secret = randomBytes(32).toString('base64url');
  const fencedSecret = randomBytes(32).toString('base64url');
  const adminKey = randomBytes(32).toString('base64url');
  const receiver = await startFreeRoundsReceiver({ secret });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    RATE_LIMIT_ALLOW_IPS: '127.0.0.1,::1',
    GAME_PROVIDERS: 'northern-lights,golden-koi',
    GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: secret,
    GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: '127.0.0.1,::1',
    GAME_PROVIDER_NORTHERN_LIGHTS_FREE_ROUNDS_URL: receiver.url,
    ADMIN_API_KEY: adminKey,
    JOBS_POLL_MS: '200',
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
    ...freeRoundHooks(baseUrl, 'aurora-wilds', adminKey, receiver),
  };
  return {
    target,
    async close() {
      await app.server.close();
      await receiver.close();
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
      'admin-key': { type: 'string' },
      'free-rounds-port': { type: 'string' },
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
    const baseUrl = values['base-url'].replace(/\/+$/, '');
    const port = values['free-rounds-port'] ? Number(values['free-rounds-port']) : undefined;
    const receiver = port !== undefined ? await startFreeRoundsReceiver({ secret, port, host: '0.0.0.0' }) : undefined;
    target = {
      baseUrl,
      provider: { id: provider, secret, gameId: game },
      fenced,
      ...(database ? databaseHooks(database.db) : {}),
      ...(values['admin-key'] ? freeRoundHooks(baseUrl, game, values['admin-key'], receiver) : {}),
    };
    close = async () => {
      await database?.db.destroy();
      await receiver?.close();
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
