import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { channels } from '@croupier/contract';
import { Centrifuge, type PublicationContext } from 'centrifuge';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REDIS_URL, redisAnswers } from './redis-probe';

/**
 * Two real server processes (`src/main.ts` run by tsx, as `npm run dev` does) over one
 * PostgreSQL database and one Redis: a client connected to the first receives the
 * balance change caused by a request to the second. Needs TEST_DATABASE_URL and a Redis;
 * skipped, saying so, without them (CI has both).
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 90_000;

const available = Boolean(DATABASE_URL) && (await redisAnswers());
if (!available) console.warn('realtime-processes tests skipped: they need TEST_DATABASE_URL and a Redis');

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

/** Starts `src/main.ts` on a free port and resolves with its URL once it says it runs. */
function startServer(databaseUrl: string, name: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ALLOW_IPS: '127.0.0.1',
      JWT_SECRET: 'two-processes-share-this-signing-secret-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in time:\n${output.join('')}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      const match = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1], output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.join('')}`));
    });
  });
}

async function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function call<T>(server: ServerProcess, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

describe.skipIf(!available)('realtime across two server processes (PostgreSQL + Redis)', () => {
  const databaseName = `croupier_two_${randomBytes(5).toString('hex')}`;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin((client) => client.query(`create database ${databaseName}`));
    const url = new URL(DATABASE_URL ?? '');
    url.pathname = `/${databaseName}`;
    // The first migrates and seeds; the second starts on the ready schema (the
    // migrations' advisory lock would also let them start together).
    first = await startServer(url.toString(), 'first');
    second = await startServer(url.toString(), 'second');
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([stop(first), stop(second)]);
    await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
  });

  it('a client of the first process sees the balance change a request to the second commits', async () => {
    if (!first || !second) throw new Error('servers not started');
    const email = `two.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    const auth = await call<{ accessToken: string; profile: { id: string } }>(second, 'POST', '/api/player/register', {
      email,
      password,
      password_confirmation: password,
      agreements: 1,
    });
    const playerId = auth.profile.id;

    const client = new Centrifuge(`${first.baseUrl.replace('http', 'ws')}/api/connection/websocket`, {
      websocket: WebSocket,
      token: auth.accessToken,
    });
    const received: unknown[] = [];
    const subscription = client.newSubscription(channels.walletAccounts(playerId));
    subscription.on('publication', (context: PublicationContext) => received.push(context.data));
    const subscribed = new Promise<void>((resolve) => subscription.once('subscribed', () => resolve()));
    subscription.subscribe();
    client.connect();
    await subscribed;

    try {
      // The account opens on the second process; the sandbox top-up commits a ledger
      // transaction there, whose balance event reaches the first through Redis.
      const accounts = await call<{ id: string; currency: string }[]>(
        second,
        'GET',
        '/api/wallet/accounts',
        undefined,
        auth.accessToken,
      );
      const account = accounts[0];
      if (!account) throw new Error('no account');
      await call(second, 'POST', `/api/dev/wallet/accounts/${account.id}/fund`, { amount: 25 }, auth.accessToken);

      await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(JSON.stringify(received)).toContain(account.id);
    } finally {
      client.disconnect();
    }
  }, 60_000);
});
