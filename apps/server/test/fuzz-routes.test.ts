import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../src/modules/game-wallet/signature';
import { ADMIN_KEY, fixtures, seededRandom, useApp, useTestServer } from './fixtures';
import { type TestServer } from './harness';
import { players } from './players';
import { ledgerViolations } from './wallet-helpers';

/**
 * Walks every route of the OpenAPI description with malformed path parameters, queries
 * and bodies, signed out and signed in as a funded player, and checks that nothing
 * answers 5xx and that no money moved. Generation is seeded and bounded, so a failure
 * replays exactly.
 *
 * Not walked: the websocket upgrade (`/api/connection/websocket`, not an HTTP exchange;
 * the realtime tests cover its handshake), the API docs UI (`/api/docs/*`, static files of
 * @fastify/swagger-ui) and the built web app's files (not served here: SERVE_WEB=false).
 * The development sandboxes' pages that the description leaves out are walked from a list.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-fuzz-secret';
/** A game of PROVIDER with a demo mode: its session lets callbacks reach the wallet without real money. */
const DEMO_GAME = 'aurora-wilds';
const SEED = 0x5eed_c0de;
/** Malformed values tried per parameter or body field. */
const PER_FIELD = 3;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
}

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: string;
  /** OpenAPI path, `{name}` for parameters. */
  path: string;
  pathParams: string[];
  queryParams: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

/** Routes outside the OpenAPI description (sandbox pages of the social sign-in), walked without a schema. */
const UNDOCUMENTED: { method: string; path: string; body?: JsonSchema }[] = [
  { method: 'GET', path: '/api/dev/oidc/.well-known/openid-configuration' },
  { method: 'GET', path: '/api/dev/oidc/jwks' },
  { method: 'GET', path: '/api/dev/oidc/authorize' },
  { method: 'POST', path: '/api/dev/oidc/authorize', body: {} },
  { method: 'POST', path: '/api/dev/oidc/token', body: {} },
  { method: 'GET', path: '/api/dev/telegram/login' },
  { method: 'POST', path: '/api/dev/telegram/login', body: {} },
  { method: 'GET', path: '/api/player/sessions/social/page.css' },
];

const HUGE = 'x'.repeat(100_000);
/** Strings for path parameters and query values (they arrive as text). */
const TEXTS = [
  '\u0000',
  'a\u0000b',
  'ring\u0007',
  '\u001b[2J',
  HUGE,
  'NaN',
  '0x10',
  '-0',
  '1e3',
  '1e308',
  '-1',
  'Infinity',
  ' ',
  '__proto__',
  'constructor',
  '\ud800',
  '../../etc/passwd',
  "' or 1=1 --",
];
/** JSON values for body fields: wrong types, odd numbers, control characters. */
const VALUES: unknown[] = [
  ...TEXTS,
  1e308,
  -1e308,
  -0,
  5e-324,
  2 ** 53 + 1,
  -1,
  0,
  true,
  null,
  [],
  {},
  ['\u0000'],
  { nested: '\u0000' },
  { __proto__: null, constructor: { prototype: { polluted: true } } },
];
/** As deep as the body limit allows (parsing it would take ~0.4 s: it must be refused before). */
const DEEPEST = '['.repeat(500_000) + ']'.repeat(500_000);
/** Whole bodies that break the JSON or the shape. */
const RAW_BODIES = [
  '['.repeat(5000) + ']'.repeat(5000),
  DEEPEST,
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"amount":NaN}',
  '"\\u0000"',
  '[]',
  'null',
  `{"text":"${HUGE}"}`,
];

/** Well-formed strings tried against a field's pattern. */
const CANDIDATES = [
  'fuzz',
  'en',
  'USD',
  'DE',
  'abc123',
  '1',
  '12345678',
  'fuzz@example.com',
  '2024-01-01',
  '491510000001',
];

function routesOf(document: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/** A plausible value for a schema, so that one malformed field reaches past the others. */
function plausible(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (first) return plausible(first, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      // Required fields only: an optional one filled in wrongly would hide the malformed field.
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = plausible(schema.properties?.[key], key);
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => plausible(schema.items, name));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email' || /email|login/i.test(name)) return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (/currency/i.test(name)) return 'USD';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, 'u');
        const fit = CANDIDATES.find((candidate) => pattern.test(candidate));
        if (fit) return fit;
      }
      return 'fuzz'.padEnd(Math.max(4, schema.minLength ?? 0), 'z');
    default:
      return 'x';
  }
}

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 bytes a careless client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80%FF';
  }
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encode(values[name] ?? 'x'));
}

function queryOf(values: Record<string, string>): string {
  const parts = Object.entries(values).map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

interface Case {
  url: string;
  /** Raw JSON text; undefined: no body. */
  body?: string;
}

/** The malformed requests of one route. */
function casesOf(route: Route, random: () => number, demoToken: string): Case[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // A NUL on every input, then seeded picks.
  const texts = () => ['a\u0000b', ...Array.from({ length: PER_FIELD }, () => pick(TEXTS))];
  const values = () => ['a\u0000b', ...Array.from({ length: PER_FIELD }, () => pick(VALUES))];
  const basePath: Record<string, string> = {};
  for (const name of route.pathParams) {
    basePath[name] = name === 'provider' && route.path.startsWith('/api/game-wallet/') ? PROVIDER : 'fuzz';
  }
  const baseQuery: Record<string, string> = {};
  for (const [name, schema] of Object.entries(route.queryParams)) {
    const value = plausible(schema, name);
    if (typeof value === 'string' || typeof value === 'number') baseQuery[name] = String(value);
  }
  const baseBody = route.body ? plausible(route.body) : undefined;
  if (route.path.startsWith('/api/game-wallet/') && typeof baseBody === 'object' && baseBody !== null) {
    (baseBody as Record<string, unknown>).token = demoToken;
  }
  // Query and path cases carry an empty object, not a valid body: only one thing is wrong at a time where it
  // matters, and a valid body must not move money when a malformed query happens to be ignored.
  const quietBody = route.body ? '{}' : undefined;
  const url = (path: Record<string, string>, query: Record<string, string>) => fill(route.path, path) + queryOf(query);
  const cases: Case[] = [];
  const withBody = (c: { url: string; body: string | undefined }): Case =>
    c.body === undefined ? { url: c.url } : { url: c.url, body: c.body };

  for (const name of route.pathParams) {
    for (const text of texts()) {
      cases.push(withBody({ url: url({ ...basePath, [name]: text }, baseQuery), body: quietBody }));
    }
  }
  for (const name of [...Object.keys(route.queryParams), 'unknownKey']) {
    for (const text of texts()) {
      cases.push(withBody({ url: url(basePath, { ...baseQuery, [name]: text }), body: quietBody }));
    }
  }
  // Prototype keys and array brackets in the query.
  cases.push(
    withBody({
      url: `${url(basePath, baseQuery)}${Object.keys(baseQuery).length ? '&' : '?'}__proto__[polluted]=1&constructor[prototype][x]=1&page[]=NaN`,
      body: quietBody,
    }),
  );
  if (route.body) {
    const properties = Object.keys(route.body.properties ?? {});
    const base = typeof baseBody === 'object' && baseBody !== null ? (baseBody as Record<string, unknown>) : {};
    for (const name of properties) {
      for (const value of values()) {
        cases.push({ url: url(basePath, baseQuery), body: JSON.stringify({ ...base, [name]: value }) });
      }
    }
    // Every string field at once carrying a NUL: reaches the storage when nothing else is wrong.
    const nul = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? `${v}\u0000` : v]));
    cases.push({ url: url(basePath, baseQuery), body: JSON.stringify(nul) });
    for (const raw of RAW_BODIES) cases.push({ url: url(basePath, baseQuery), body: raw });
  }
  return cases;
}

interface LedgerState {
  transactions: number;
  postings: number;
  playerBalance: string;
}

async function ledgerState(t: TestServer, accountId: string): Promise<LedgerState> {
  const counts = await sql<{ transactions: number; postings: number }>`
    select (select count(*) from ledger_transactions)::int as transactions,
           (select count(*) from ledger_postings)::int as postings`.execute(t.db);
  const account = await t.db
    .selectFrom('ledger_accounts')
    .select(['balance_minor', 'bonus_balance_minor', 'locked_balance_minor'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const row = counts.rows[0];
  return {
    transactions: row?.transactions ?? -1,
    postings: row?.postings ?? -1,
    playerBalance: `${account.balance_minor}/${account.bonus_balance_minor}/${account.locked_balance_minor}`,
  };
}

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY });
// The same app with a provider allowed to call the game wallet (from any address), so callbacks get past the signature.
const app = useApp(t, { gameProviders: [{ provider: PROVIDER, secret: SECRET, allowIps: [] }] });
const p = players(t);
let routes: Route[];

beforeAll(async () => {
  const document = (await app.server.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = [
    ...routesOf(document),
    ...UNDOCUMENTED.map(({ method, path, body }) => ({ method, path, pathParams: [], queryParams: {}, body })),
  ];
});

describe('route fuzzing', () => {
  it('answers malformed requests on every route without a 5xx and moves no money', async () => {
    const started = performance.now();
    const player = await p.registerByEmail();
    const f = fixtures(t, p);
    const { id: accountId } = await f.fundPlayer(player, 1_000_000n);
    const { token: demoToken } = await f.launch(DEMO_GAME, { demoMode: true });
    const before = await ledgerState(t, accountId);
    expect(routes.length).toBeGreaterThan(90);

    const random = seededRandom(SEED).next;
    const failures: string[] = [];
    let token = player.token;
    let requests = 0;
    const adminKey = t.config.adminApiKey ?? '';

    async function send(method: string, c: Case, signedIn: boolean): Promise<LightMyRequestResponse> {
      requests += 1;
      const headers: Record<string, string> = {};
      if (signedIn) {
        headers.authorization = `Bearer ${token}`;
        headers['x-admin-key'] = adminKey;
      }
      if (c.body !== undefined) {
        headers['content-type'] = 'application/json';
        if (c.url.startsWith('/api/game-wallet/')) headers['x-croupier-signature'] = signBody(SECRET, c.body);
      }
      return app.server.inject({
        method: method as 'GET',
        url: c.url,
        remoteAddress: p.ip(),
        headers,
        ...(c.body === undefined ? {} : { payload: c.body }),
      });
    }

    for (const signedIn of [false, true]) {
      for (const route of routes) {
        for (const c of casesOf(route, random, demoToken)) {
          const response = await send(route.method, c, signedIn);
          const where = `${signedIn ? 'player' : 'guest'} ${route.method} ${c.url.slice(0, 120)} ${c.body?.slice(0, 80) ?? ''}`;
          if (process.env.FUZZ_TRACE) console.info(response.statusCode, where, response.body.slice(0, 160));
          if (response.statusCode >= 500)
            failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
          // Provider callbacks answer 200 with a status, whatever they receive (for a known provider).
          if (route.path.startsWith('/api/game-wallet/') && c.url.startsWith(`/api/game-wallet/${PROVIDER}/`)) {
            const status = response.statusCode === 200 ? response.json<{ status?: unknown }>().status : undefined;
            if (typeof status !== 'string') failures.push(`callback ${response.statusCode} ${where}`);
          }
        }
        // A fuzzed logout or session close may end the player's session: sign in again.
        if (signedIn && (await p.get('/api/player/profile', { token })).statusCode === 401) {
          token = (await p.signIn(player.email, player.password)).accessToken;
        }
      }
    }

    const seconds = (performance.now() - started) / 1000;
    console.info(`route fuzz: ${routes.length} routes, ${requests} requests, ${seconds.toFixed(1)} s (${t.driver})`);
    expect(failures).toEqual([]);
    expect(await ledgerState(t, accountId)).toEqual(before);
    expect(await ledgerViolations(t.db)).toEqual([]);
  }, 120_000);

  it('refuses control characters with the validation error; tab and line breaks in free text pass', async () => {
    const contact = (message: string) =>
      p.post('/api/notification/communications', { email: 'fuzz@example.com', message });
    const refused = await contact('hello\u0000');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 1001, fields: { message: [expect.any(String)] } } });
    expect((await contact('bell\u0007')).statusCode).toBe(422);
    expect((await contact('line one\r\nline two\tend')).statusCode).toBe(200);

    for (const url of ['/api/game/games?name=a%00b', '/api/game/games/a%00b', '/api/game/games?name=%1B%5B2J']) {
      const response = await p.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({ error: { code: 1001 } });
    }
    const key = await p.post('/api/notification/communications', {
      email: 'fuzz@example.com',
      message: 'hello',
      ['\u0000']: 1,
    });
    expect(key.statusCode).toBe(422);
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i += 1) deep = { deep };
    const nested = await p.post('/api/notification/communications', { email: 'fuzz@example.com', message: deep });
    expect(nested.statusCode).toBe(422);
  });

  it('answers a provider callback carrying a NUL with WRONG_SYNTAX in its usual shape', async () => {
    const raw = JSON.stringify({ token: 'x', transactionId: 'tx\u0000', roundId: 'r', amount: 1, currency: 'USD' });
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/game-wallet/${PROVIDER}/bet`,
      payload: raw,
      remoteAddress: p.ip(),
      headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(SECRET, raw) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'WRONG_SYNTAX', balance: 0, bonusBalance: 0, currency: '' });
  });
});
