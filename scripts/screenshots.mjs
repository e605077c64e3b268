#!/usr/bin/env node
// Screenshots of the site for before/after comparisons of styling work.
//
//   node scripts/screenshots.mjs shoot <folder> [--base-url http://host:port]
//     Without --base-url it starts the built app (`npm run build` first) on a free port with
//     a fresh embedded database, as the browser tests do. Signs in as the demo player and
//     saves full-page PNGs of the home page, the lobby, a game page, the wallet modal and the
//     profile pages at 1440 and 390 px wide.
//   node scripts/screenshots.mjs compare <before folder> <after folder> [--diff <folder>]
//     Decodes both sets in Chromium and prints, per screenshot, the share of pixels that
//     differ (and the size when it changed); with --diff it writes the differing pixels in red.
//     Exits 1 when a screenshot is missing from either folder.
//
// Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH); it never downloads a browser.
// The functions passed to page.evaluate / waitForFunction run in Chromium, not in Node.
/* global document, Image, OffscreenCanvas, ImageData */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const DEMO = { login: 'demo@croupier.test', password: 'croupier-demo' };
const WIDTHS = [1440, 390];

/** What is shot: a name, a path, whether it needs the demo player's session, what shows it is ready. */
const SHOTS = [
  { name: 'home', path: '/', player: false },
  { name: 'casino', path: '/casino', player: false },
  { name: 'providers', path: '/providers', player: false },
  { name: 'category', path: '/categories/slots', player: false },
  { name: 'provider', path: '/providers/velvet-room', player: false },
  { name: 'game', path: '/games/dice', player: false },
  { name: 'sign-in', path: '/?sign-in=true', player: false, dialog: true },
  { name: 'forgot-pass', path: '/?forgot-pass=true', player: false, dialog: true },
  { name: 'home-player', path: '/', player: true },
  {
    name: 'wallet',
    path: '/?wallet=deposit',
    player: true,
    dialog: true,
    ready: '.wallet-methods__item:not(.skeleton)',
  },
  { name: 'profile-info', path: '/profile/info', player: true },
  { name: 'profile-security', path: '/profile/security', player: true },
  { name: 'profile-wallet', path: '/profile/wallet', player: true },
  { name: 'not-found', path: '/no-such-page/here', player: false },
];

function option(args, name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function freePort() {
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

/** Starts `apps/server/dist/main.js` on a fresh database; resolves to its URL and a stop function. */
async function startServer() {
  if (
    !fs.existsSync(path.join(root, 'apps/web/dist/index.html')) ||
    !fs.existsSync(path.join(root, 'apps/server/dist/main.js'))
  ) {
    throw new Error('no build: run `npm run build` first, or pass --base-url');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-shots-'));
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
      RATE_LIMIT_ALLOW_IPS: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become ready within 60 s');
    try {
      if ((await fetch(`${baseUrl}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}

async function demoToken(baseUrl) {
  const response = await fetch(`${baseUrl}/api/player/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, fingerprint: '' }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return body.data.accessToken;
}

/**
 * Waits until the page has settled: no requests, fonts and images loaded, no placeholders
 * left, and still so half a second later (a query may start after another one ends).
 */
async function settle(page, ready) {
  const deadline = Date.now() + 30_000;
  let calm = 0;
  while (calm < 2 && Date.now() < deadline) {
    await page.waitForLoadState('networkidle');
    const settled = await page.evaluate(
      (selector) =>
        document.fonts.status === 'loaded' &&
        [...document.images].every((image) => image.complete || image.loading === 'lazy') &&
        !document.querySelector('[aria-busy="true"], .skeleton, [class*="--skeleton"], .preloader:not([hidden])') &&
        (!selector || document.querySelector(selector) !== null),
      ready ?? null,
    );
    calm = settled ? calm + 1 : 0;
    await page.waitForTimeout(500);
  }
  if (calm < 2) console.warn(`  (${page.url()}: still loading after 30 s, shot as it is)`);
}

async function shoot(folder, args) {
  fs.mkdirSync(folder, { recursive: true });
  const given = option(args, '--base-url');
  const server = given ? { baseUrl: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const token = await demoToken(server.baseUrl);
    for (const width of WIDTHS) {
      for (const shot of SHOTS) {
        const context = await browser.newContext({
          viewport: { width, height: width > 768 ? 900 : 844 },
          deviceScaleFactor: 1,
          locale: 'en-US',
          timezoneId: 'UTC',
          reducedMotion: 'reduce',
        });
        await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
        if (shot.player) await context.addCookies([{ name: 'token', value: token, url: server.baseUrl }]);
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}${shot.path}`);
        if (shot.dialog) await page.getByRole('dialog').first().waitFor();
        await settle(page, shot.ready);
        const file = path.join(folder, `${shot.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: !shot.dialog, animations: 'disabled', caret: 'hide' });
        console.log(file);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Compares the PNGs of two folders in a blank Chromium page (canvas pixel data). */
async function compare(before, after, args) {
  const diffDir = option(args, '--diff');
  if (diffDir) fs.mkdirSync(diffDir, { recursive: true });
  const names = [...new Set([...fs.readdirSync(before), ...fs.readdirSync(after)])]
    .filter((n) => n.endsWith('.png'))
    .sort();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  let missing = 0;
  try {
    const page = await browser.newPage();
    for (const name of names) {
      const a = path.join(before, name);
      const b = path.join(after, name);
      if (!fs.existsSync(a) || !fs.existsSync(b)) {
        console.log(`${name.padEnd(28)} missing in ${fs.existsSync(a) ? after : before}`);
        missing += 1;
        continue;
      }
      const result = await page.evaluate(
        async ([left, right, wantDiff]) => {
          const load = async (data) => {
            const image = new Image();
            image.src = `data:image/png;base64,${data}`;
            await image.decode();
            const canvas = new OffscreenCanvas(image.width, image.height);
            const context = canvas.getContext('2d');
            context.drawImage(image, 0, 0);
            return context.getImageData(0, 0, image.width, image.height);
          };
          const [x, y] = await Promise.all([load(left), load(right)]);
          const width = Math.max(x.width, y.width);
          const height = Math.max(x.height, y.height);
          const diff = wantDiff ? new OffscreenCanvas(width, height) : null;
          const diffData = diff ? new ImageData(width, height) : null;
          let differing = 0;
          for (let row = 0; row < height; row += 1) {
            for (let col = 0; col < width; col += 1) {
              const inX = row < x.height && col < x.width;
              const inY = row < y.height && col < y.width;
              const i = (row * x.width + col) * 4;
              const j = (row * y.width + col) * 4;
              const same =
                inX &&
                inY &&
                x.data[i] === y.data[j] &&
                x.data[i + 1] === y.data[j + 1] &&
                x.data[i + 2] === y.data[j + 2] &&
                x.data[i + 3] === y.data[j + 3];
              if (!same) differing += 1;
              if (diffData) {
                const k = (row * width + col) * 4;
                const grey = inY ? (y.data[j] + y.data[j + 1] + y.data[j + 2]) / 12 : 0;
                diffData.data.set(same ? [grey, grey, grey, 255] : [255, 0, 0, 255], k);
              }
            }
          }
          let png = null;
          if (diff && diffData) {
            diff.getContext('2d').putImageData(diffData, 0, 0);
            const blob = await diff.convertToBlob({ type: 'image/png' });
            const bytes = new Uint8Array(await blob.arrayBuffer());
            let text = '';
            for (let k = 0; k < bytes.length; k += 0x8000)
              text += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
            png = btoa(text);
          }
          return { differing, total: width * height, sizes: [`${x.width}×${x.height}`, `${y.width}×${y.height}`], png };
        },
        [fs.readFileSync(a).toString('base64'), fs.readFileSync(b).toString('base64'), Boolean(diffDir)],
      );
      const share = ((result.differing / result.total) * 100).toFixed(3);
      const size = result.sizes[0] === result.sizes[1] ? result.sizes[0] : `${result.sizes[0]} → ${result.sizes[1]}`;
      console.log(`${name.padEnd(28)} ${share.padStart(8)} % of pixels differ  (${result.differing} of ${size})`);
      if (diffDir && result.png && result.differing > 0)
        fs.writeFileSync(path.join(diffDir, name), Buffer.from(result.png, 'base64'));
    }
  } finally {
    await browser.close();
  }
  if (missing > 0) process.exitCode = 1;
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'shoot' && rest[0]) await shoot(path.resolve(rest[0]), rest.slice(1));
else if (mode === 'compare' && rest[0] && rest[1])
  await compare(path.resolve(rest[0]), path.resolve(rest[1]), rest.slice(2));
else {
  console.error(
    'usage: node scripts/screenshots.mjs shoot <folder> [--base-url <url>]\n' +
      '       node scripts/screenshots.mjs compare <before> <after> [--diff <folder>]',
  );
  process.exitCode = 2;
}
