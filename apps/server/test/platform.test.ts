import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, withOwnServer } from './fixtures';
import { startTestServer } from './harness';

const t = useTestServer();

describe('error model', () => {
  it('answers an unknown API route with a JSON 404 in the error shape', async () => {
    const response = await t.app.server.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 1004, message: 'No route for GET /api/nope' } });
  });

  it('answers malformed JSON with a 400 that does not leak parser internals', async () => {
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    // POST on a GET route: the router refuses it before parsing
    expect([400, 404]).toContain(response.statusCode);
    const body = response.json<{ error: { code: number; message: string } }>();
    expect(body.error.message).not.toMatch(/stack|at .*\.js|SyntaxError/);
  });

  it('turns an unexpected exception into a 500 without internal detail', async () => {
    const own = await startTestServer({}, (server) => {
      server.get('/api/test/boom', async () => {
        throw new Error('database password is hunter2');
      });
    });
    try {
      const response = await own.app.server.inject({ url: '/api/test/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 1500, message: 'Something went wrong on our side.' } });
      expect(response.body).not.toContain('hunter2');
    } finally {
      await own.close();
    }
  });

  it('gives every response a request id and keeps a well-formed incoming one', async () => {
    const fresh = await t.app.server.inject({ url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.server.inject({ url: '/api/health', headers: { 'x-request-id': 'edge-req-12345678' } });
    expect(kept.headers['x-request-id']).toBe('edge-req-12345678');
    const replaced = await t.app.server.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id<script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id<script>');
  });

  it('sets security headers', async () => {
    const response = await t.app.server.inject({ url: '/api/settings/locales' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Websockets to the site itself only, never to any host.
    const connectSrc = /connect-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    const siteSocket = t.config.siteUrl.replace(/^http/, 'ws');
    expect(connectSrc?.split(' ')).toEqual(["'self'", siteSocket]);
  });
});

describe('health', () => {
  it('reports liveness and readiness, and readiness fails while shutting down', async () => {
    expect((await t.app.server.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', checks: {} });
    const ready = await t.app.server.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', accepting: 'ok' } });

    await withOwnServer(async (draining) => {
      draining.app.beginShutdown();
      const response = await draining.app.server.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { accepting: 'failed' } });
    });
  });
});

describe('OpenAPI', () => {
  it('describes every endpoint at /api/docs/json and serves the docs page', async () => {
    const spec = (await t.app.server.inject({ url: '/api/docs/json' })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(spec.openapi).toBe('3.1.0');
    for (const route of [
      '/api/settings/currencies',
      '/api/settings/locales',
      '/api/settings/countries',
      '/api/settings/constants',
      '/api/player/init',
      '/api/content/groups',
      '/api/content/groups/{group}',
      '/api/content/pages/{type}',
      '/api/content/pages/{type}/{identity}',
      '/api/health',
    ]) {
      expect(spec.paths, route).toHaveProperty([route]);
    }
    const page = await t.app.server.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('rate limiting', () => {
  it('answers 429 with the catalogue code once the per-minute budget is spent', async () => {
    await withOwnServer({ RATE_LIMIT_PER_MINUTE: '3' }, async (limited) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await limited.app.server.inject({ url: '/api/settings/locales' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const response = await limited.app.server.inject({ url: '/api/settings/locales' });
      expect(response.json()).toMatchObject({ error: { code: 1007 } });
      expect(response.headers['retry-after']).toBeDefined();
      // health checks are never limited
      expect((await limited.app.server.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
  });

  it('exempts the allow-listed client IPs and still limits the others', async () => {
    await withOwnServer({ RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_ALLOW_IPS: '10.0.0.7, 10.0.0.8' }, async (limited) => {
      const from = async (ip: string) =>
        (await limited.app.server.inject({ url: '/api/settings/locales', remoteAddress: ip })).statusCode;
      const allowed: number[] = [];
      for (let i = 0; i < 4; i += 1) allowed.push(await from('10.0.0.7'));
      expect(allowed).toEqual([200, 200, 200, 200]);
      expect([await from('10.0.0.9'), await from('10.0.0.9'), await from('10.0.0.9')]).toEqual([200, 200, 429]);
    });
  });
  it("keeps the web app's files and page loads outside the per-address limit, which still holds for the API", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Croupier</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const limited = await startTestServer({ SERVE_WEB: 'true', WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const from = async (url: string, accept = '*/*') =>
        (await limited.app.server.inject({ url, remoteAddress: '10.0.0.20', headers: { accept } })).statusCode;
      // A few pages' worth of scripts, icons and page loads from one address.
      const web: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        web.push(await from('/assets/app-abc123.js'), await from('/favicon.svg'), await from('/casino', 'text/html'));
      }
      expect(new Set(web)).toEqual(new Set([200]));
      const api: number[] = [];
      for (let i = 0; i < 4; i += 1) api.push(await from('/api/settings/locales'));
      expect(api).toEqual([200, 200, 200, 429]);
      // The API's budget being spent does not hold the site's files back.
      expect([await from('/assets/app-abc123.js'), await from('/', 'text/html')]).toEqual([200, 200]);
    } finally {
      await limited.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('serving the web app over real HTTP', () => {
  let dist: string;
  let base: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Croupier</title><div id="root"></div>');
    fs.writeFileSync(
      path.join(dist, 'play.html'),
      '<!doctype html><title>Croupier</title><div id="root" data-play></div>',
    );
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(js));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const web = useTestServer(() => ({ SERVE_WEB: 'true', WEB_DIST_DIR: dist }));
  beforeAll(async () => {
    base = await web.app.server.listen({ host: '127.0.0.1', port: 0 });
  });

  it('serves index.html for page routes, with revalidation', async () => {
    for (const page of ['/', '/casino', '/de/games/book-of-croupier', '/profile/wallet?wallet=deposit']) {
      const response = await fetch(`${base}${page}`, { headers: { accept: 'text/html' } });
      expect(response.status, page).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves play.html, the in-house game frame, for /play/* pages', async () => {
    const frame = await fetch(`${base}/play/dice?mode=demo&token=abc`, { headers: { accept: 'text/html' } });
    expect(frame.status).toBe(200);
    expect(await frame.text()).toContain('data-play');
    expect(frame.headers.get('cache-control')).toBe('no-cache');
    // Without GAME_FRAME_ANCESTORS only the site itself may embed it.
    expect(frame.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(frame.headers.get('content-security-policy')).not.toMatch(/frame-ancestors 'self' /);
    expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const site = await fetch(`${base}/player/play`, { headers: { accept: 'text/html' } });
    expect(await site.text()).not.toContain('data-play');
  });

  it('caches hashed assets for a year and sends them pre-compressed', async () => {
    const br = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('console.log'); // fetch decodes it
    const gzip = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the page to clients that accept anything, but not to JSON-only clients', async () => {
    const any = await fetch(`${base}/casino`, { headers: { accept: '*/*' } });
    expect(any.status).toBe(200);
    expect(await any.text()).toContain('<div id="root">');
    const json = await fetch(`${base}/casino`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ error: { code: 1004 } });
  });

  it('keeps JSON 404s for unknown API routes and missing files', async () => {
    const api = await fetch(`${base}/api/unknown`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 1004 } });
    const file = await fetch(`${base}/assets/missing-000.js`);
    expect(file.status).toBe(404);
  });

  it('lets the front ends of GAME_FRAME_ANCESTORS embed the game frame, and nothing else of the site', async () => {
    await withOwnServer(
      {
        SERVE_WEB: 'true',
        WEB_DIST_DIR: dist,
        PUBLIC_URL: 'https://casino.example',
        GAME_FRAME_ANCESTORS: 'https://front.example, https://skin.example:8443',
      },
      async (fronts) => {
        const launch = await fronts.app.server.inject({
          method: 'POST',
          url: '/api/game/games/dice/play',
          payload: { demoMode: true, locale: 'de' },
        });
        expect(launch.statusCode, launch.body).toBe(200);
        const { gameUrl } = launch.json<{ data: { gameUrl: string } }>().data;
        // Absolute on the site's origin, so that another front end can frame it as it is.
        expect(gameUrl).toMatch(/^https:\/\/casino\.example\/play\/dice\?mode=demo&lang=de#token=[\w-]+$/);

        const frame = await fronts.app.server.inject({
          url: new URL(gameUrl).pathname + new URL(gameUrl).search,
          headers: { accept: 'text/html' },
        });
        expect(frame.statusCode).toBe(200);
        expect(frame.body).toContain('data-play');
        const policy = String(frame.headers['content-security-policy']);
        expect(policy).toContain("frame-ancestors 'self' https://front.example https://skin.example:8443");
        // The rest of the policy is the site's.
        expect(policy).toContain("default-src 'self'");
        expect(policy).toContain("object-src 'none'");
        expect(frame.headers['x-frame-options']).toBeUndefined();

        for (const page of ['/', '/casino', '/de/games/dice']) {
          const other = await fronts.app.server.inject({ url: page, headers: { accept: 'text/html' } });
          expect(other.statusCode, page).toBe(200);
          expect(String(other.headers['content-security-policy']), page).toMatch(/frame-ancestors 'self'(;|$)/);
          expect(other.headers['x-frame-options'], page).toBe('SAMEORIGIN');
        }
        const api = await fronts.app.server.inject({ url: '/api/settings/countries' });
        expect(String(api.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'(;|$)/);
      },
    );
  });

  it('compresses API responses on the fly', async () => {
    const response = await fetch(`${base}/api/settings/countries`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(200);
  });
});
