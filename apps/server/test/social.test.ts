import { createHash } from 'node:crypto';
import net from 'node:net';
import { type AuthResponse, authResponseSchema, PlayerStatus } from '@croupier/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/modules/auth/crypto';
import { SANDBOX_TELEGRAM_BOT_TOKEN } from '../src/modules/auth/social/sandbox';
import { BINDING_COOKIE } from '../src/modules/auth/social/state';
import { signTelegramLogin } from '../src/modules/auth/social/telegram';
import { PRODUCTION_ENV, selfExclude, setPlayerStatus, useTestServer, withOwnServer } from './fixtures';
import { type TestServer } from './harness';
import { claimsOf, errorOf, players } from './players';

const TELEGRAM_AUTH_URL = 'http://localhost/api/player/sessions/social/telegram/callback';

const t = useTestServer({ TELEGRAM_BOT: 'croupier_test_bot', TELEGRAM_AUTH_URL });
const p = players(t);

/** One browser: its client IP and the binding cookie the redirect routes set. */
interface Browser {
  ip: string;
  cookie?: string;
  headers?: Record<string, string>;
}

function newBrowser(headers: Record<string, string> = {}): Browser {
  return { ip: p.ip(), headers };
}

function cookieHeader(browser: Browser): Record<string, string> {
  return browser.cookie ? { cookie: `${BINDING_COOKIE}=${browser.cookie}` } : {};
}

function remember(browser: Browser, response: LightMyRequestResponse): void {
  const setCookie = response.headers['set-cookie'];
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie]).find((c) => c?.startsWith(`${BINDING_COOKIE}=`));
  const value = line?.slice(BINDING_COOKIE.length + 1).split(';')[0];
  if (value) browser.cookie = value;
}

function get(server: TestServer, browser: Browser, url: string) {
  return server.app.server.inject({
    method: 'GET',
    url,
    remoteAddress: browser.ip,
    headers: { ...browser.headers, ...cookieHeader(browser) },
  });
}

function postForm(server: TestServer, browser: Browser, url: string, form: Record<string, string>) {
  return server.app.server.inject({
    method: 'POST',
    url,
    remoteAddress: browser.ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...browser.headers },
    payload: new URLSearchParams(form).toString(),
  });
}

function stateOf(backRoute: string): string {
  return JSON.stringify({ backRoute: encodeURIComponent(backRoute) });
}

function brokerRedirectUrl(connection = 'google-oauth2', backRoute = '/en/casino?tab=new'): string {
  return `/api/player/sessions/social/auth0/redirect?state=${encodeURIComponent(stateOf(backRoute))}&connection=${connection}`;
}

/** The authorize request the redirect route sent the browser to. */
async function startBroker(browser: Browser, server: TestServer = t, connection = 'google-oauth2') {
  const response = await get(server, browser, brokerRedirectUrl(connection));
  expect(response.statusCode, response.body).toBe(302);
  remember(browser, response);
  const location = String(response.headers.location);
  return { location, params: new URL(location, 'http://localhost').searchParams, response };
}

interface SandboxIdentity {
  email: string;
  name?: string;
  verified?: boolean;
  subject?: string;
  action?: 'allow' | 'deny';
}

/** Fills the sandbox's page and answers the URL it returns the browser to (the web app's callback page). */
async function authorize(
  server: TestServer,
  browser: Browser,
  location: string,
  identity: SandboxIdentity,
): Promise<URL> {
  const page = await get(server, browser, location.replace(/^https?:\/\/[^/]+/, ''));
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const params = Object.fromEntries(new URL(location, 'http://localhost').searchParams);
  const response = await postForm(server, browser, '/api/dev/oidc/authorize', {
    ...params,
    action: identity.action ?? 'allow',
    email: identity.email,
    name: identity.name ?? '',
    subject: identity.subject ?? '',
    ...(identity.verified === false ? {} : { email_verified: 'on' }),
  });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location));
}

/** What the web app's callback page sends: the callback's query as query, the rest as body. */
function complete(
  browser: Browser,
  callback: URL,
  body: Record<string, unknown> = {},
  server: TestServer = t,
): Promise<LightMyRequestResponse> {
  const connection = /\/auth\/social\/([^/]+)\/callback/.exec(callback.pathname)?.[1] ?? 'google-oauth2';
  return server.app.server.inject({
    method: 'POST',
    url: `/api/player/sessions/social${callback.search}`,
    remoteAddress: browser.ip,
    headers: { ...browser.headers, ...cookieHeader(browser) },
    payload: { connection, provider: connection, locale: 'en', fingerprint: 'visitor-1', ...body },
  });
}

function authOf(response: LightMyRequestResponse): AuthResponse {
  expect(response.statusCode, response.body).toBe(200);
  return authResponseSchema.parse(response.json<{ data: unknown }>().data);
}

async function brokerSignIn(identity: SandboxIdentity, browser = newBrowser(), body: Record<string, unknown> = {}) {
  const { location } = await startBroker(browser);
  const callback = await authorize(t, browser, location, identity);
  return { response: await complete(browser, callback, body), browser, callback };
}

async function playerById(id: string) {
  return t.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('GET /api/player/sessions/social/auth0/redirect', () => {
  it('sends the browser to the provider with PKCE, a nonce and the state plus a flow token', async () => {
    const browser = newBrowser();
    const { params, response, location } = await startBroker(browser);
    expect(location.startsWith('/api/dev/oidc/authorize?')).toBe(true);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('croupier-sandbox');
    expect(params.get('redirect_uri')).toBe(`${t.config.siteUrl}/auth/social/google-oauth2/callback`);
    expect(params.get('connection')).toBe('google-oauth2');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The web app's state comes back unchanged, with the flow token added.
    const state = JSON.parse(params.get('state') ?? '') as { backRoute: string; flow: string };
    expect(state.backRoute).toBe(encodeURIComponent('/en/casino?tab=new'));
    expect(state.flow).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^croupier_social=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/api/player/sessions/social');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=600');

    // Only hashes of the flow token and the binding secret are stored; the verifier stays here.
    const flow = await sql<{ binding_hash: string; code_verifier: string; nonce: string; consumed_at: Date | null }>`
      select binding_hash, code_verifier, nonce, consumed_at from social_login_flows where flow_hash = ${sha256Hex(state.flow)}
    `.execute(t.db);
    const row = flow.rows[0];
    expect(row?.binding_hash).toBe(sha256Hex(browser.cookie ?? ''));
    expect(row?.nonce).toBe(params.get('nonce'));
    expect(
      createHash('sha256')
        .update(row?.code_verifier ?? '')
        .digest('base64url'),
    ).toBe(params.get('code_challenge'));
    expect(row?.consumed_at).toBeNull();
  });

  it('binds every flow to a fresh secret, never to one the browser chose', async () => {
    const browser = newBrowser();
    await startBroker(browser);
    const first = browser.cookie;
    await startBroker(browser);
    expect(browser.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookie).not.toBe(first);

    // A well-formed value planted in the browser (e.g. from a sibling domain) is replaced.
    const planted = 'P'.repeat(43);
    const victim: Browser = { ...newBrowser(), cookie: planted };
    const { params } = await startBroker(victim);
    expect(victim.cookie).not.toBe(planted);
    const { flow } = JSON.parse(params.get('state') ?? '') as { flow: string };
    const row = await sql<{ binding_hash: string }>`
      select binding_hash from social_login_flows where flow_hash = ${sha256Hex(flow)}
    `.execute(t.db);
    expect(row.rows[0]?.binding_hash).toBe(sha256Hex(victim.cookie ?? ''));
    expect(row.rows[0]?.binding_hash).not.toBe(sha256Hex(planted));
    const telegram = await get(
      t,
      { ...newBrowser(), cookie: planted },
      `/api/player/sessions/social/telegram/redirect?state=${encodeURIComponent(stateOf('/'))}`,
    );
    expect(String(telegram.headers['set-cookie'])).not.toContain(planted);
  });

  it('takes the redirect_uri from the site address, whatever the Host header says', async () => {
    const browser = newBrowser({ host: 'attacker.example', 'x-forwarded-host': 'attacker.example' });
    const { params } = await startBroker(browser);
    expect(params.get('redirect_uri')).toBe(`${t.config.siteUrl}/auth/social/google-oauth2/callback`);
    // The sandbox provider accepts only the site's callback pages, even when asked on another Host.
    const forged = new URLSearchParams(params);
    forged.set('redirect_uri', 'http://attacker.example/auth/social/google-oauth2/callback');
    const refused = await get(t, browser, `/api/dev/oidc/authorize?${forged.toString()}`);
    expect(refused.statusCode).toBe(400);
  });

  it('answers 422 for a missing or malformed connection or state, and 404 for an unknown provider', async () => {
    const browser = newBrowser();
    for (const url of [
      '/api/player/sessions/social/auth0/redirect?state=%7B%7D',
      '/api/player/sessions/social/auth0/redirect?state=%7B%7D&connection=bad%20id',
      '/api/player/sessions/social/auth0/redirect?state=not-json&connection=google-oauth2',
      '/api/player/sessions/social/auth0/redirect?state=%5B1%5D&connection=google-oauth2',
      `/api/player/sessions/social/auth0/redirect?state=${encodeURIComponent(JSON.stringify({ backRoute: 'x'.repeat(3000) }))}&connection=google-oauth2`,
    ]) {
      const response = await get(t, browser, url);
      expect(response.statusCode, url).toBe(422);
      expect(errorOf(response).fields, url).toBeDefined();
    }
    const unknown = await get(t, browser, `/api/player/sessions/social/github/redirect?state=${stateOf('/')}`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('social sign-in through the sandbox provider', () => {
  it('creates the player on the first sign-in and signs them in', async () => {
    const email = p.email('social');
    const browser = newBrowser({ 'cf-ipcountry': 'DE' });
    const { location } = await startBroker(browser);
    const callback = await authorize(t, browser, location, { email, name: 'Ada Lovelace' });
    expect(callback.origin + callback.pathname).toBe(`${t.config.siteUrl}/auth/social/google-oauth2/callback`);
    expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const returned = JSON.parse(callback.searchParams.get('state') ?? '') as { backRoute: string };
    expect(decodeURIComponent(returned.backRoute)).toBe('/en/casino?tab=new');

    const response = await complete(browser, callback, { locale: 'de', affiliateTag: 'aff_7' });
    expect(response.headers['cache-control']).toBe('no-store');
    const auth = authOf(response);
    expect(auth.profile).toMatchObject({
      email,
      isNewlyRegistered: true,
      country: 'DE',
      currency: 'EUR',
      locale: 'de',
      firstName: 'Ada',
      nickname: email.slice(0, email.indexOf('@')),
    });
    expect(auth.profile.confirmedAt).not.toBeNull();
    expect(claimsOf(auth.accessToken).sub).toBe(auth.profile.id);

    const row = await playerById(auth.profile.id);
    expect(row).toMatchObject({
      registration_method: 'social',
      password_hash: null,
      affiliate_tag: 'aff_7',
      fingerprint: 'visitor-1',
    });
    const session = await t.db
      .selectFrom('player_sessions')
      .select('sign_in_method')
      .where('id', '=', auth.sessionId)
      .executeTakeFirstOrThrow();
    expect(session.sign_in_method).toBe('social');
    const identities = await sql<{ provider: string; subject: string; email: string; email_verified: boolean }>`
      select provider, subject, email, email_verified from social_identities where player_id = ${auth.profile.id}
    `.execute(t.db);
    expect(identities.rows).toEqual([
      {
        provider: 'auth0',
        subject: expect.stringMatching(/^google-oauth2\|sandbox-/) as unknown,
        email,
        email_verified: true,
      },
    ]);

    // The token works like any other session's.
    const profile = await p.get('/api/player/profile', { token: auth.accessToken });
    expect(profile.statusCode).toBe(200);
  });

  it('signs a returning player in to the same account', async () => {
    const email = p.email('returning');
    const first = authOf((await brokerSignIn({ email })).response);
    const second = authOf((await brokerSignIn({ email })).response);
    expect(second.profile.id).toBe(first.profile.id);
    expect(second.profile.isNewlyRegistered).toBe(false);
    expect(second.sessionId).not.toBe(first.sessionId);
  });

  it('refuses an e-mail the provider has not verified (11001) and creates nothing', async () => {
    const email = p.email('unverified');
    const { response } = await brokerSignIn({ email, verified: false });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe(11001);
    const row = await t.db.selectFrom('players').select('id').where('email', '=', email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a blocked player (11002)', async () => {
    const email = p.email('blocked');
    const auth = authOf((await brokerSignIn({ email })).response);
    await setPlayerStatus(t, auth.profile.id, PlayerStatus.BLOCKED);
    const { response } = await brokerSignIn({ email });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe(11002);
  });

  it('links an account with the same e-mail only once its address is confirmed', async () => {
    const registered = await p.registerByEmail();
    const refused = (await brokerSignIn({ email: registered.email.toUpperCase() })).response;
    expect(refused.statusCode).toBe(409);

    await p.confirmEmail(registered.email);
    const linked = authOf((await brokerSignIn({ email: registered.email })).response);
    expect(linked.profile.id).toBe(registered.id);
    expect(linked.profile.isNewlyRegistered).toBe(false);
    // The password still works too.
    await p.signIn(registered.email, registered.password);
  });

  it('refuses a self-excluded e-mail', async () => {
    const email = p.email('excluded');
    await selfExclude(t, { email_normalized: email.toLowerCase() });
    const { response } = await brokerSignIn({ email });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).fields?.email).toHaveLength(1);
  });

  it('refuses visitors from a country that blocks sign-in (451, 11006)', async () => {
    const browser = newBrowser({ 'cf-ipcountry': 'AU' });
    const { response } = await brokerSignIn({ email: p.email('traveller') }, browser);
    expect(response.statusCode).toBe(451);
    expect(errorOf(response).code).toBe(11006);
  });

  it('answers 400 when the player cancelled at the provider', async () => {
    const { response } = await brokerSignIn({ email: p.email('cancel'), action: 'deny' });
    expect(response.statusCode).toBe(400);
  });
});

describe('state checks', () => {
  it('completes a flow once: a replayed callback is refused', async () => {
    const { response, browser, callback } = await brokerSignIn({ email: p.email('replay') });
    authOf(response);
    const again = await complete(browser, callback);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe(1000);
  });

  it('refuses a callback completed by another browser (login CSRF) and keeps it usable for its own', async () => {
    const victim = newBrowser();
    const attacker = newBrowser();
    const { location } = await startBroker(attacker);
    const callback = await authorize(t, attacker, location, { email: p.email('attacker') });
    // The victim follows the attacker's callback link: their browser has another binding, or none.
    await startBroker(victim);
    expect((await complete(victim, callback)).statusCode).toBe(400);
    expect((await complete(newBrowser(), callback)).statusCode).toBe(400);
    authOf(await complete(attacker, callback));
  });

  it('refuses a tampered state or connection', async () => {
    const browser = newBrowser();
    const { location } = await startBroker(browser);
    const callback = await authorize(t, browser, location, { email: p.email('tamper') });
    const state = JSON.parse(callback.searchParams.get('state') ?? '') as { flow: string };

    const forged = new URL(callback);
    forged.searchParams.set('state', JSON.stringify({ backRoute: '%2F', flow: `${state.flow.slice(0, -2)}AA` }));
    expect((await complete(browser, forged)).statusCode).toBe(400);

    const garbled = new URL(callback);
    garbled.searchParams.set('state', '{"flow": 1');
    const malformed = await complete(browser, garbled);
    expect(malformed.statusCode).toBe(422);
    expect(errorOf(malformed).fields?.state).toBeDefined();

    expect((await complete(browser, callback, { connection: 'apple', provider: 'apple' })).statusCode).toBe(400);
    // None of that used the flow up.
    authOf(await complete(browser, callback));
  });

  it('refuses a code redeemed with another PKCE verifier', async () => {
    const browser = newBrowser();
    const first = await startBroker(browser);
    const callback = await authorize(t, browser, first.location, { email: p.email('pkce') });
    // A second flow of the same browser presents the first flow's code: its verifier does not fit.
    const second = await startBroker(browser);
    const state = new URL(second.location, 'http://localhost').searchParams.get('state') ?? '';
    const swapped = new URL(callback);
    swapped.searchParams.set('state', state);
    const response = await complete(browser, swapped);
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired flow', async () => {
    const browser = newBrowser();
    const { location, params } = await startBroker(browser);
    const callback = await authorize(t, browser, location, { email: p.email('late') });
    const { flow } = JSON.parse(params.get('state') ?? '') as { flow: string };
    // Time passes: no API moves the clock, so the row's times are moved back.
    await sql`update social_login_flows set created_at = now() - interval '20 minutes', expires_at = now() - interval '1 minute' where flow_hash = ${sha256Hex(flow)}`.execute(
      t.db,
    );
    expect((await complete(browser, callback)).statusCode).toBe(400);
  });
});

describe('POST /api/player/sessions/social input', () => {
  it('answers 422 with field errors for malformed bodies and queries, never 500', async () => {
    const browser = newBrowser();
    const { location } = await startBroker(browser);
    const callback = await authorize(t, browser, location, { email: p.email('input') });
    const cases: { body?: Record<string, unknown>; query?: string; field: string }[] = [
      { body: { connection: undefined }, field: 'connection' },
      { body: { connection: 'has space' }, field: 'connection' },
      { body: { connection: 42 }, field: 'connection' },
      { body: { fingerprint: 'f'.repeat(300) }, field: 'fingerprint' },
      { body: { affiliateTag: { nested: true } }, field: 'affiliateTag' },
      { body: { locale: 'not a locale' }, field: 'locale' },
      { query: `${callback.search}&code=second`, field: 'code' },
      { query: '?state=%7B%7D', field: 'state' },
      { query: `?state=${encodeURIComponent(callback.searchParams.get('state') ?? '')}`, field: 'code' },
    ];
    for (const item of cases) {
      const response = await t.app.server.inject({
        method: 'POST',
        url: `/api/player/sessions/social${item.query ?? callback.search}`,
        remoteAddress: browser.ip,
        headers: cookieHeader(browser),
        payload: { connection: 'google-oauth2', provider: 'google-oauth2', locale: 'en', ...item.body },
      });
      expect(response.statusCode, JSON.stringify(item)).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {}).join(), JSON.stringify(item)).toContain(item.field);
    }
    const notJson = await t.app.server.inject({
      method: 'POST',
      url: `/api/player/sessions/social${callback.search}`,
      headers: { 'content-type': 'application/json', ...cookieHeader(browser) },
      payload: '{"connection":',
    });
    expect(notJson.statusCode).toBe(400);
    // The flow is still there for a well-formed request.
    authOf(await complete(browser, callback));
  });
});

describe('Telegram', () => {
  async function startTelegram(browser: Browser) {
    const response = await get(
      t,
      browser,
      `/api/player/sessions/social/telegram/redirect?state=${encodeURIComponent(stateOf('/de/casino'))}`,
    );
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/api/dev/telegram/login');
    remember(browser, response);
  }

  /** The sandbox page's form, as a tester fills it in: answers Telegram's redirect to the auth URL. */
  async function sandboxLogin(browser: Browser, form: Record<string, string>): Promise<URL> {
    const page = await get(t, browser, '/api/dev/telegram/login');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('croupier_test_bot');
    const response = await postForm(t, browser, '/api/dev/telegram/login', form);
    expect(response.statusCode, response.body).toBe(302);
    const target = new URL(String(response.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(TELEGRAM_AUTH_URL);
    return target;
  }

  /** The auth URL (our callback) redirecting to the web app's callback page. */
  async function backendCallback(browser: Browser, authUrl: URL): Promise<URL> {
    const response = await get(t, browser, `${authUrl.pathname}${authUrl.search}`);
    expect(response.statusCode, response.body).toBe(302);
    return new URL(String(response.headers.location), 'http://localhost');
  }

  it('signs in through the sandbox page, creating the player the first time', async () => {
    const browser = newBrowser();
    await startTelegram(browser);
    const authUrl = await sandboxLogin(browser, {
      id: '424242001',
      first_name: 'Grace',
      last_name: 'Hopper',
      username: 'ghopper',
    });
    expect(authUrl.searchParams.get('hash')).toMatch(/^[0-9a-f]{64}$/);
    const callback = await backendCallback(browser, authUrl);
    expect(callback.pathname).toBe('/auth/social/telegram/callback');
    expect(callback.searchParams.get('id')).toBe('424242001');
    const state = JSON.parse(callback.searchParams.get('state') ?? '') as { backRoute: string; flow: string };
    expect(decodeURIComponent(state.backRoute)).toBe('/de/casino');

    const auth = authOf(await complete(browser, callback, { connection: 'telegram', provider: 'telegram' }));
    expect(auth.profile).toMatchObject({
      email: null,
      nickname: 'ghopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      isNewlyRegistered: true,
    });

    // The same Telegram account again: the same player.
    const again = newBrowser();
    await startTelegram(again);
    const next = await backendCallback(again, await sandboxLogin(again, { id: '424242001', first_name: 'Grace' }));
    const second = authOf(await complete(again, next, { connection: 'telegram', provider: 'telegram' }));
    expect(second.profile.id).toBe(auth.profile.id);
    expect(second.profile.isNewlyRegistered).toBe(false);
  });

  it('answers a callback that arrives twice (a navigation sent again) with a working state', async () => {
    const browser = newBrowser();
    await startTelegram(browser);
    const authUrl = await sandboxLogin(browser, { id: '424242005', first_name: 'Twice' });
    const first = await backendCallback(browser, authUrl);
    const second = await backendCallback(browser, authUrl);
    expect(second.searchParams.get('error')).toBeNull();
    // The newest answer is the one the browser shows; the earlier token no longer works.
    authOf(await complete(browser, second, { connection: 'telegram', provider: 'telegram' }));
    expect((await complete(browser, first, { connection: 'telegram', provider: 'telegram' })).statusCode).toBe(400);
  });

  it('refuses data with a wrong hash, at the callback and at the sign-in', async () => {
    const browser = newBrowser();
    await startTelegram(browser);
    const authUrl = await sandboxLogin(browser, { id: '424242002', first_name: 'Eve' });
    authUrl.searchParams.set('first_name', 'Mallory');
    const callback = await backendCallback(browser, authUrl);
    expect(callback.searchParams.get('error')).toBe('invalid_signature');
    expect(callback.searchParams.get('id')).toBeNull();

    // Tampering after the callback is caught by the sign-in's own check.
    const honest = await backendCallback(browser, await sandboxLogin(browser, { id: '424242002', first_name: 'Eve' }));
    const tampered = new URL(honest);
    tampered.searchParams.set('id', '424242999');
    const response = await complete(browser, tampered, { connection: 'telegram', provider: 'telegram' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses stale data', async () => {
    const browser = newBrowser();
    await startTelegram(browser);
    const old = signTelegramLogin(
      { id: '424242003', first_name: 'Old', auth_date: String(Math.floor(Date.now() / 1000) - 3600) },
      SANDBOX_TELEGRAM_BOT_TOKEN,
    );
    const callback = await backendCallback(
      browser,
      new URL(`${TELEGRAM_AUTH_URL}?${new URLSearchParams(old).toString()}`),
    );
    expect(callback.searchParams.get('error')).toBe('expired');

    const response = await complete(
      browser,
      new URL(
        `http://localhost/auth/social/telegram/callback?${new URLSearchParams({ ...old, state: JSON.stringify({ flow: 'A'.repeat(43) }) }).toString()}`,
      ),
      { connection: 'telegram', provider: 'telegram' },
    );
    expect(response.statusCode).toBe(401);
  });

  it('refuses a signed payload that already completed a sign-in, and a callback without a started sign-in', async () => {
    const browser = newBrowser();
    await startTelegram(browser);
    const authUrl = await sandboxLogin(browser, { id: '424242004', first_name: 'Replay' });
    const callback = await backendCallback(browser, authUrl);
    authOf(await complete(browser, callback, { connection: 'telegram', provider: 'telegram' }));

    // Someone who copied the signed URL starts a sign-in of their own and replays it.
    const thief = newBrowser();
    await startTelegram(thief);
    expect((await backendCallback(thief, authUrl)).searchParams.get('error')).toBe('already_used');
    // Without a sign-in started in this browser there is nothing to complete.
    expect((await backendCallback(newBrowser(), authUrl)).searchParams.get('error')).toBe('no_sign_in_started');
  });
});

describe('Telegram with a real bot token', () => {
  it('serves Telegram’s login widget and checks the data with the configured token', async () => {
    const botToken = '7000000001:AAH-real-looking-bot-token_for_tests';
    await withOwnServer(
      {
        TELEGRAM_BOT: 'croupier_"bot"',
        TELEGRAM_AUTH_URL: 'https://casino.example/api/player/sessions/social/telegram/callback?a=1&b=<2>',
        TELEGRAM_BOT_TOKEN: botToken,
      },
      async (widget) => {
        const browser = newBrowser();
        const page = await get(
          widget,
          browser,
          `/api/player/sessions/social/telegram/redirect?state=${encodeURIComponent(stateOf('/de/casino'))}`,
        );
        expect(page.statusCode).toBe(200);
        remember(browser, page);
        expect(page.headers['content-type']).toContain('text/html');
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain('script-src https://telegram.org');
        expect(csp).toContain('frame-src https://oauth.telegram.org');
        expect(csp).not.toContain('unsafe-inline');
        expect(page.body).toContain('<html lang="de">');
        expect(page.body).toContain('Zurück');
        expect(page.body).toContain('src="https://telegram.org/js/telegram-widget.js?22"');
        // Values are escaped, never injected.
        expect(page.body).toContain('data-telegram-login="croupier_&quot;bot&quot;"');
        expect(page.body).toContain(
          'data-auth-url="https://casino.example/api/player/sessions/social/telegram/callback?a=1&amp;b=&lt;2&gt;"',
        );
        expect(page.body).toContain('href="/de/casino"');

        const fields = { id: '5550001', first_name: 'Real', auth_date: String(Math.floor(Date.now() / 1000)) };
        const forged = signTelegramLogin(fields, SANDBOX_TELEGRAM_BOT_TOKEN);
        const refused = await get(
          widget,
          browser,
          `/api/player/sessions/social/telegram/callback?${new URLSearchParams(forged).toString()}`,
        );
        expect(new URL(String(refused.headers.location), 'http://localhost').searchParams.get('error')).toBe(
          'invalid_signature',
        );

        const genuine = signTelegramLogin(fields, botToken);
        const redirect = await get(
          widget,
          browser,
          `/api/player/sessions/social/telegram/callback?${new URLSearchParams(genuine).toString()}`,
        );
        const callback = new URL(String(redirect.headers.location), 'http://localhost');
        expect(callback.pathname).toBe('/auth/social/telegram/callback');
        const auth = authOf(
          await complete(browser, callback, { connection: 'telegram', provider: 'telegram' }, widget),
        );
        expect(auth.profile).toMatchObject({ firstName: 'Real', isNewlyRegistered: true });
      },
    );
  });
});

describe('the broker over real HTTP (discovery, token endpoint, remote keys)', () => {
  async function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error())));
      });
    });
  }

  it('signs in against an issuer configured by AUTH0_* (the sandbox, reached by its URL)', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    await withOwnServer(
      {
        PORT: String(port),
        PUBLIC_URL: origin,
        AUTH0_ISSUER_URL: `${origin}/api/dev/oidc`,
        AUTH0_CLIENT_ID: 'croupier-sandbox',
        AUTH0_CLIENT_SECRET: 'croupier-sandbox-secret',
      },
      async (remote) => {
        await remote.app.server.listen({ port, host: '127.0.0.1' });
        const browser: Browser = { ip: '10.250.0.1', headers: { host: `127.0.0.1:${port}` } };
        const { location } = await startBroker(browser, remote, 'apple');
        expect(location.startsWith(`${origin}/api/dev/oidc/authorize?`)).toBe(true);
        const callback = await authorize(remote, browser, location, { email: 'remote@example.com' });
        expect(callback.origin).toBe(origin);
        const auth = authOf(await complete(browser, callback, {}, remote));
        expect(auth.profile).toMatchObject({ email: 'remote@example.com', isNewlyRegistered: true });
      },
    );
  });
});

describe('production', () => {
  it('has no sandboxes and offers the broker only when it is configured', async () => {
    await withOwnServer(PRODUCTION_ENV, async (production) => {
      for (const url of [
        '/api/dev/oidc/.well-known/openid-configuration',
        '/api/dev/telegram/login',
        brokerRedirectUrl(),
        `/api/player/sessions/social/telegram/redirect?state=${stateOf('/')}`,
      ]) {
        const response = await production.app.server.inject({ url });
        expect(response.statusCode, url).toBe(404);
      }
      const constants = await production.app.server.inject({ url: '/api/settings/constants' });
      expect(constants.json<{ data: { player: { socialAuth: string[] } } }>().data.player.socialAuth).toEqual([]);
    });
  });
});
