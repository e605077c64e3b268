#!/usr/bin/env node
// `npm test`: every check CI runs, stopping at the first failure: types, lint and formatting
// (side by side), unit and integration tests, the production build, and browser tests.
// Integration tests use PostgreSQL when TEST_DATABASE_URL is set, embedded PGlite otherwise.
// It may be the first command on a fresh clone: it installs dependencies when they are missing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies } from './lib/dependencies.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
const began = Date.now();

ensureDependencies(root);

// Vitest's JSON reports, read for the totals; removed however the run ends.
const report = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-test-'));
const removeReport = () => fs.rmSync(report, { recursive: true, force: true });
process.on('exit', removeReport);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    removeReport();
    process.exit(130);
  });
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`--- ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds(started)})`);
  return result.status === 0;
}

/**
 * Runs independent checks side by side (type check and lint each keep one core busy with
 * their own TypeScript program), then prints each one's output whole, in order.
 */
async function together(checks) {
  const started = Date.now();
  const runs = checks.map(
    ({ title, command, args }) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
        const chunks = [];
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('close', (code) =>
          resolve({ title, ok: code === 0, output: Buffer.concat(chunks), ms: Date.now() - started }),
        );
      }),
  );
  let ok = true;
  for (const run of await Promise.all(runs)) {
    console.log(`\n=== ${run.title} ===`);
    process.stdout.write(run.output);
    console.log(`--- ${run.title}: ${run.ok ? 'ok' : 'FAILED'} (${(run.ms / 1000).toFixed(1)} s)`);
    ok &&= run.ok;
  }
  return ok;
}

function vitest(project) {
  const output = path.join(report, `${project}.json`);
  const ok = step(`${project} tests`, npx, [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  if (fs.existsSync(output)) {
    const result = JSON.parse(fs.readFileSync(output, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
  } else if (!ok) totals.failed += 1;
  return ok;
}

function finish(ok) {
  console.log(`\n${ok ? 'All checks passed' : 'Some checks failed'} in ${seconds(began)}.`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite';
console.log(`Integration tests run against ${database}.`);
if (!process.env.TEST_DATABASE_URL) {
  console.log('The realtime test across two server processes needs TEST_DATABASE_URL and Redis: skipped.');
}
if (!fs.existsSync(chromium)) {
  // Said now rather than after twenty minutes of other checks.
  console.log(`Browser tests need Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
}

// Lint keeps a cache between local runs (a warm run takes seconds); CI always lints afresh.
const lintCache = process.env.CI
  ? []
  : ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];

const checks = [
  () =>
    together([
      { title: 'typecheck', command: npx, args: ['tsc', '-b', 'tsconfig.json'] },
      { title: 'lint', command: npx, args: ['eslint', '--max-warnings=0', ...lintCache, '.'] },
      { title: 'format', command: npx, args: ['prettier', '--check', '--log-level=warn', '.'] },
    ]),
  () => vitest('unit'),
  () => vitest('integration'),
  () => step('build', npm, ['run', 'build']),
  () => vitest('e2e'),
];
for (const check of checks) {
  if (!(await check())) finish(false);
}
finish(true);
