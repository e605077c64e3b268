import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the built app (server + web) once for all browser tests, on a free port and a
 * fresh embedded database, exactly as `npm start` runs it.
 */
const root = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (
    !fs.existsSync(path.join(root, 'apps/web/dist/index.html')) ||
    !fs.existsSync(path.join(root, 'apps/server/dist/main.js'))
  ) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-e2e-'));
  const logFile = path.join(root, 'artifacts', 'e2e-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser test shares one server and one client IP.
      RATE_LIMIT_ALLOW_IPS: '127.0.0.1',
      // The sportsbook's sandbox feed: the betting journeys create and finish their own events
      // (docs/sportsbook-feed.md, "Sandbox feed"); live bets wait one second.
      SPORTSBOOK_FEED: 'sandbox',
      SPORTSBOOK_LIVE_DELAY_MS: '1000',
      // Telegram sign-in through the local sandbox page (no TELEGRAM_BOT_TOKEN): its auth URL is this server.
      TELEGRAM_BOT: 'croupier_e2e_bot',
      TELEGRAM_AUTH_URL: `http://127.0.0.1:${port}/api/player/sessions/social/telegram/callback`,
      // The shortest token life allowed, so that a test can see a token expire and be refreshed.
      ACCESS_TOKEN_TTL_SECONDS: '60',
      // The operator API, for tests that approve withdrawals (a test-only key).
      ADMIN_API_KEY: 'e2e-operator-key-0123456789abcdefghijklmnop',
      // A tournament a test creates is finished (prizes, messages) a second after its end;
      // the seeded ones end days after the run.
      TOURNAMENT_FINISH_DELAY_MS: '1000',
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, 60_000);
  project.provide('baseUrl', baseUrl);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
