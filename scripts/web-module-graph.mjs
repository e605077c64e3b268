#!/usr/bin/env node
// Counts what crosses the web's feature boundaries, type-only imports and CSS included (the
// lint rule import-x/no-cycle leaves type imports out): imports of another feature's
// internals (anything but its index.ts), imports of app/ from a feature, imports of a
// feature from the shared layer (components/, lib/, hooks/), features without an index.ts,
// cycles in the feature graph, and API paths written out in web code instead of the
// contract's endpoint definitions. `node scripts/web-module-graph.mjs [web src dir]` prints
// the counts and each offender, and exits 1 unless all are zero.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addEdge, cyclesOf, report, sourceFiles } from './lib/import-graph.mjs';

const srcDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/web/src'));

// Static imports, re-exports, side-effect imports (CSS) and dynamic import().
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g;
const SHARED = new Set(['components', 'lib', 'hooks']);
// An API path written out ('/api/…' or `/api/…`): calls name the contract's endpoints instead.
const API_PATH = /['"`]\/api\//g;

// 'features/<name>' for a feature file, the top folder otherwise ('app', 'lib', …).
function unitOf(rel) {
  const parts = rel.split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

const internal = [];
const intoApp = [];
const sharedToFeature = [];
const apiPaths = [];
const edges = new Map();
for (const file of sourceFiles(srcDir, (name) => /\.(tsx?)$/.test(name) && !name.endsWith('.d.ts'))) {
  const fromRel = relative(srcDir, file);
  const from = unitOf(fromRel);
  const text = readFileSync(file, 'utf8');
  // Tests may name the paths they stub.
  if (!/\.test\.tsx?$/.test(file)) {
    for (const match of text.matchAll(API_PATH)) {
      apiPaths.push(`${fromRel}:${text.slice(0, match.index).split('\n').length}`);
    }
  }
  for (const match of text.matchAll(IMPORT)) {
    const rel = relative(srcDir, resolve(dirname(file), match[1]));
    if (rel.startsWith('..')) continue;
    const to = unitOf(rel);
    if (to === from) continue;
    const where = `${fromRel} -> ${match[1]}`;
    if (from.startsWith('features/') && to === 'app') intoApp.push(where);
    if (SHARED.has(from) && to.startsWith('features/')) sharedToFeature.push(where);
    if (!from.startsWith('features/') || !to.startsWith('features/')) continue;
    addEdge(edges, from, to);
    const rest = rel.split(sep).slice(2);
    if (rest.length > 0 && !(rest.length === 1 && rest[0] === 'index')) internal.push(where);
  }
}

const featuresDir = join(srcDir, 'features');
const withoutIndex = readdirSync(featuresDir).filter(
  (name) => statSync(join(featuresDir, name)).isDirectory() && !existsSync(join(featuresDir, name, 'index.ts')),
);

report([
  ["imports of another feature's internals", internal],
  ['imports of app/ from a feature', intoApp],
  ['imports of a feature from components/, lib/, hooks/', sharedToFeature],
  ['features without an index.ts', withoutIndex],
  ['feature cycles', cyclesOf(edges).map((cycle) => cycle.join(' <-> '))],
  ['API paths written out instead of contract endpoints (tests aside)', apiPaths],
]);
