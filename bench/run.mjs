#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs in turn (or the ones named on the command
// line) and prints their figures. Benchmarks measure; they never pass or fail on a time.
// The ones in ON_DEMAND run only when named (`npm run bench -- tournaments`): the
// tournaments benchmark (100,000 participants, both leaderboard stores, about 2.5 minutes)
// measures one feature at scale rather than a path every change goes through, and the
// whole set already takes more than six minutes (docs/tournaments.md, "Benchmark"); the
// sportsbook benchmark (`npm run bench -- sportsbook`: 100,000 tickets placed and settled,
// about 40 minutes on two cores) likewise (docs/sportsbook.md, "Benchmark").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const ON_DEMAND = new Set(['tournaments.bench.mjs', 'sportsbook.bench.mjs']);
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => (wanted.length === 0 ? !ON_DEMAND.has(file) : wanted.some((name) => file.startsWith(name))))
  .sort();

let failed = false;
for (const file of files) {
  console.log(`\n### ${file}`);
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
