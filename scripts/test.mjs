#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure: types, lint,
// formatting, unit and integration tests, the production build, and browser tests.
// Integration tests use PostgreSQL when TEST_DATABASE_URL is set, embedded PGlite otherwise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const report = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `--- ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return result.status === 0;
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
  console.log(`\n${ok ? 'All checks passed.' : 'Some checks failed.'}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite';
console.log(`Integration tests run against ${database}.`);

const checks = [
  () => step('typecheck', npx, ['tsc', '-b', 'tsconfig.json']),
  () => step('lint', npx, ['eslint', '--max-warnings=0', '.']),
  () => step('format', npx, ['prettier', '--check', '--log-level=warn', '.']),
  () => vitest('unit'),
  () => vitest('integration'),
  () => step('build', npm, ['run', 'build']),
  () => vitest('e2e'),
];
for (const check of checks) {
  if (!check()) finish(false);
}
finish(true);
