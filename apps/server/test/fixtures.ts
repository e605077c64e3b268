import type { PlayerStatus } from '@croupier/contract';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App, type AppOptions } from '../src/app';
import type { Config } from '../src/config';
import type { SelfExclusionTable } from '../src/db/schema';
import { hashToken } from '../src/modules/game-wallet/service';
import { signBody } from '../src/modules/game-wallet/signature';
import type { Wallet } from '../src/modules/wallet';
import { startTestServer, type TestServer } from './harness';
import { players, type RegisteredPlayer } from './players';
import { fund, walletOf } from './wallet-helpers';

/**
 * The shared fixture of the server's integration tests: the setup the files have in common,
 * in one place. A file starts with
 *
 *     const t = useTestServer({ JWT_SECRET });      // started before its tests, closed after
 *     const f = fixtures(t);                        // players, funded accounts, game sessions
 *     const { p, wallet } = f;                      // requests and sign-up; the wallet module
 *     const provider = useApp(t, { gameProviders }); // a second app on the same database
 *
 * all at module level: the handles read the started server when a test or hook uses them.
 *
 * - Server: `useTestServer` (one per file or `describe`), `useApp` (more apps on its
 *   database, closed before it), `withOwnServer` and `withApp` (a server or an app for one
 *   test: other settings, state a process caches), `PRODUCTION_ENV`/`productionConfig`,
 *   `ADMIN_KEY`/`adminRequest` (the operator API).
 * - Players: `players(t)` from `players.ts` (requests with fresh client IPs, sign-up,
 *   sign-in, e-mail confirmation, the dev outbox).
 * - Accounts: `fixtures(t).fundedAccount`, `fundPlayer`, `accountIn`, `activeAccount`.
 *   Money comes from the sandbox funding account through the wallet module (`fund` in
 *   `wallet-helpers.ts`): no player-facing API deposits without a payment provider.
 * - Games: `fixtures(t).launch`, `playerWithSession`, `dice` (an in-house dice round);
 *   `useGameProvider` (a third-party provider's signed wallet callbacks).
 * - Property tests: `seededRandom` (from `seeded-random.ts`, which imports nothing: unit
 *   tests beside the code use it too).
 * - States no service sets yet (`setPlayerStatus`, `selfExclude`, `expireGameSession`):
 *   the raw table writes tests need for them, each saying why. Anything a service or the
 *   API can do, tests do through it; a raw write left in a test file says why.
 *
 * The payments, realtime, bonus-wagering and tournament tests add their own helpers on top
 * (`payments-helpers.ts`, `realtime-helpers.ts`, `bonus-helpers.ts`, `tournament-helpers.ts`);
 * `harness.ts` is the server itself.
 */

/** The operator key of servers that serve the operator API (`/api/admin/*`). */
export const ADMIN_KEY = 'test-admin-key-0123456789abcdefghijklmnop';

/**
 * An object that forwards to `current()`, for values that exist only once the file's
 * hooks have run: using it earlier fails saying so.
 */
function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy(Object.create(null) as T, {
    get(_target, key) {
      const value = current();
      if (!value) throw new Error(`${what} is used before its beforeAll hook ran`);
      const member: unknown = Reflect.get(value, key, value);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
  });
}

type Env = Record<string, string>;
/** A value now, or one computed when the hook runs (ports of stand-ins started by earlier hooks). */
type Deferred<T> = T | (() => T | Promise<T>);
const resolve = async <T>(value: Deferred<T>): Promise<T> =>
  typeof value === 'function' ? await (value as () => T | Promise<T>)() : value;

/** What closes with each file's server, first (apps on its database). */
const closeFirst = new WeakMap<TestServer, (() => Promise<void>)[]>();

/**
 * A server on a fresh database for the tests of the enclosing file or `describe`: started
 * in `beforeAll`, closed in `afterAll` (after every `useApp` on it).
 */
export function useTestServer(
  env: Deferred<Env> = {},
  options: { beforeReady?: Parameters<typeof startTestServer>[1]; app?: Parameters<typeof startTestServer>[2] } = {},
): TestServer {
  let started: TestServer | undefined;
  const handle = lateBound<TestServer>('the test server', () => started);
  const closers: (() => Promise<void>)[] = [];
  closeFirst.set(handle, closers);
  beforeAll(async () => {
    started = await startTestServer(await resolve(env), options.beforeReady, options.app);
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await started?.close();
  });
  return handle;
}

export type AppOverrides = Omit<AppOptions, 'config' | 'db' | 'logger'> & {
  /** The app's configuration from the test server's. */
  config?: (config: Config) => Config;
};

/**
 * Another app on the test server's database, as another process would be (a provider's
 * access, bet rules, a remote wallet, realtime timers): ready in `beforeAll`, closed
 * before the server. Options may be computed when the hook runs.
 */
export function useApp(t: TestServer, overrides: Deferred<AppOverrides> = {}): App {
  let built: App | undefined;
  const closers = closeFirst.get(t);
  if (!closers) throw new Error('useApp needs a server from useTestServer');
  beforeAll(async () => {
    const { config, ...options } = await resolve(overrides);
    built = await buildApp({ ...options, config: config ? config(t.config) : t.config, db: t.db, logger: false });
    closers.push(() => built?.server.close() ?? Promise.resolve());
    await built.server.ready();
  });
  return lateBound<App>('the app', () => built);
}

/**
 * Runs `test` against a server of its own, closed afterwards: for changes that a running
 * process would not see (cached field rules, catalogue and settings lists) or that would
 * disturb the file's other tests.
 */
export async function withOwnServer<T>(test: (own: TestServer) => Promise<T>): Promise<T>;
export async function withOwnServer<T>(env: Env, test: (own: TestServer) => Promise<T>): Promise<T>;
export async function withOwnServer<T>(
  envOrTest: Env | ((own: TestServer) => Promise<T>),
  maybeTest?: (own: TestServer) => Promise<T>,
): Promise<T> {
  const [env, test] = typeof envOrTest === 'function' ? [{}, envOrTest] : [envOrTest, maybeTest];
  if (!test) throw new Error('withOwnServer needs a test');
  const own = await startTestServer(env);
  try {
    return await test(own);
  } finally {
    await own.close();
  }
}

/**
 * What a production server needs to start: real e-mail and SMS adapters (on ports where
 * nothing listens: they are built, never used), its own key and public address.
 */
export const PRODUCTION_ENV: Readonly<Env> = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  JWT_SECRET: 'j'.repeat(48),
  PUBLIC_URL: 'https://casino.example',
  SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
};

/** The test server's configuration as production's, with e-mail and SMS adapters that are built but never used. */
export function productionConfig(config: Config): Config {
  return {
    ...config,
    isProduction: true,
    mail: { ...config.mail, smtpUrl: 'smtp://127.0.0.1:2525' },
    sms: { ...config.sms, gatewayUrl: 'http://127.0.0.1:9' },
  };
}

/** Runs `test` against another app on the test server's database, closed afterwards. */
export async function withApp<T>(t: TestServer, overrides: AppOverrides, test: (app: App) => Promise<T>): Promise<T> {
  const { config, ...options } = overrides;
  const app = await buildApp({ ...options, config: config ? config(t.config) : t.config, db: t.db, logger: false });
  try {
    return await test(app);
  } finally {
    await app.server.close();
  }
}

/** What a provider's wallet callback answers (its balance in minor units). */
export interface ProviderAnswer {
  status: string;
  balance: number;
}

/**
 * A third-party game provider allowed to call the game wallet from `ip` (loopback unless
 * said): another app on the test server's database (`useApp`, with the `app` options) that
 * accepts it, and `call`, which sends a callback signed with `secret` from `ip` and expects 200.
 */
export function useGameProvider(
  t: TestServer,
  provider: string,
  secret: string,
  options: { ip?: string; app?: AppOverrides } = {},
) {
  const ip = options.ip ?? '127.0.0.1';
  const app = useApp(t, { ...options.app, gameProviders: [{ provider, secret, allowIps: [ip] }] });
  /** A signed callback; `T` names what a test reads beyond the status and balance. */
  async function call<T extends ProviderAnswer = ProviderAnswer>(
    path: string,
    body: Record<string, unknown>,
  ): Promise<T> {
    const raw = JSON.stringify(body);
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/game-wallet/${provider}/${path}`,
      payload: raw,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(secret, raw) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }
  return { app, call };
}

/** A request to the operator API with `key` (`null`: none). */
export function adminRequest(
  t: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: Record<string, unknown>; key?: string | null } = {},
) {
  const key = options.key === undefined ? ADMIN_KEY : options.key;
  return t.app.server.inject({
    method,
    url,
    headers: key === null ? {} : { 'x-admin-key': key },
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** The wallet module on the test server, built when first used. */
export function walletFor(t: TestServer): Wallet {
  let built: Wallet | undefined;
  return lateBound<Wallet>('the wallet', () => (built ??= walletOf(t)));
}

/**
 * Players, their accounts and game sessions, all through the API; money from the sandbox
 * funding account through the wallet module.
 */
export function fixtures(t: TestServer, p: ReturnType<typeof players> = players(t), wallet: Wallet = walletFor(t)) {
  /** Launches a catalogue game (`POST /api/game/games/{identity}/play`); a guest without `accessToken`. */
  async function launch(identity: string, body: Record<string, unknown>, accessToken?: string) {
    const response = await p.post(`/api/game/games/${identity}/play`, body, accessToken ? { token: accessToken } : {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { token: string; gameUrl: string } }>().data;
  }

  /** The player's active account, as the wallet API lists it. */
  async function activeAccount(accessToken: string): Promise<{ id: string; currency: string }> {
    const response = await p.get('/api/wallet/accounts', { token: accessToken });
    expect(response.statusCode, response.body).toBe(200);
    const account = response
      .json<{ data: { id: string; currency: string; status: number }[] }>()
      .data.find((a) => a.status === 1);
    if (!account) throw new Error('no active account');
    return account;
  }

  /** Credits the player's active account with `amountMinor` from the sandbox; answers the account. */
  async function fundPlayer(player: RegisteredPlayer, amountMinor: bigint) {
    const account = await activeAccount(player.token);
    if (amountMinor > 0n) await fund(wallet, account.id, account.currency, amountMinor);
    return account;
  }

  /** Opens (or finds) the player's account in `currency` through the wallet module. */
  async function accountIn(playerId: string, currency: string): Promise<string> {
    return (await t.db.transaction().execute((trx) => wallet.accounts.ensureAccount(trx, playerId, currency))).id;
  }

  /**
   * A player signed up through the API whose account in `currency` (the sign-up's
   * currency) holds `amountMinor` from the sandbox.
   */
  async function fundedAccount(
    currency: string,
    amountMinor: bigint,
  ): Promise<{ playerId: string; accountId: string }> {
    const player = await p.registerByEmail({ currency });
    const accountId = await accountIn(player.id, currency);
    if (amountMinor > 0n) await fund(wallet, accountId, currency, amountMinor);
    return { playerId: player.id, accountId };
  }

  /** A round of the in-house dice in game session `session`: `amount` in major units, under `targetHundredths`. */
  const dice = (session: string, amount: number, targetHundredths = 5000) =>
    p.post(
      '/api/game/originals/dice/rounds',
      { amount, direction: 'under', targetHundredths },
      { headers: { 'x-game-session': session } },
    );

  return {
    p,
    wallet,
    launch,
    dice,
    activeAccount,
    fundPlayer,
    accountIn,
    fundedAccount,

    /**
     * A USD player (`fields` added to the sign-up) with `fundMinor` cents and a session of
     * the catalogue game `identity`, real money unless `launchBody` says `demoMode: true`.
     * The launch comes first: it opens the player's account when it is the first.
     */
    async playerWithSession(
      identity: string,
      fundMinor: bigint,
      options: { fields?: Record<string, unknown>; launchBody?: Record<string, unknown> } = {},
    ) {
      const player = await p.registerByEmail({ currency: 'USD', ...options.fields });
      const { token, gameUrl } = await launch(identity, { demoMode: false, ...options.launchBody }, player.token);
      const account = await fundPlayer(player, fundMinor);
      return { player, session: token, gameUrl, accountId: account.id, headers: { 'x-game-session': token } };
    },
  };
}

/** The property tests' replayable generator. */
export { seededRandom } from './seeded-random';

// ---- States no service sets yet: the raw writes, in one place ----

/**
 * Sets a player's status. No service blocks, limits or self-excludes a player yet (that
 * is the back office's and the limits domain's work), so the fixture writes the row.
 */
export async function setPlayerStatus(
  t: TestServer,
  playerId: string,
  status: (typeof PlayerStatus)[keyof typeof PlayerStatus],
): Promise<void> {
  await t.db.updateTable('players').set({ status }).where('id', '=', playerId).execute();
}

/**
 * Records self-exclusions (of an e-mail address or a phone). They come from the limits
 * domain, which is not built yet; the sign-up and sign-in checks read the rows.
 */
export async function selfExclude(t: TestServer, ...exclusions: Insertable<SelfExclusionTable>[]): Promise<void> {
  await t.db.insertInto('self_exclusions').values(exclusions).execute();
}

/** Moves a game session's expiry into the past: time passing is what no API does. */
export async function expireGameSession(t: TestServer, token: string): Promise<void> {
  await t.db
    .updateTable('game_sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('token_hash', '=', hashToken(token))
    .execute();
}
