#!/usr/bin/env node
// Counts what crosses the web's feature boundaries, type-only imports and CSS included (the
// lint rule import-x/no-cycle leaves type imports out): imports of another feature's
// internals (anything but its index.ts), imports of app/ from a feature, imports of a
// feature from the shared layer (components/, lib/, hooks/), features without an index.ts,
// and cycles in the feature graph. `node scripts/web-module-graph.mjs [web src dir]` prints
// the counts and each offender, and exits 1 unless all are zero.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/web/src'));

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(tsx?)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

// Static imports, re-exports, side-effect imports (CSS) and dynamic import().
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g;
const SHARED = new Set(['components', 'lib', 'hooks']);

// 'features/<name>' for a feature file, the top folder otherwise ('app', 'lib', …).
function unitOf(rel) {
  const parts = rel.split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

const internal = [];
const intoApp = [];
const sharedToFeature = [];
const edges = new Map();
for (const file of sources(srcDir)) {
  const fromRel = relative(srcDir, file);
  const from = unitOf(fromRel);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const rel = relative(srcDir, resolve(dirname(file), match[1]));
    if (rel.startsWith('..')) continue;
    const to = unitOf(rel);
    if (to === from) continue;
    const where = `${fromRel} -> ${match[1]}`;
    if (from.startsWith('features/') && to === 'app') intoApp.push(where);
    if (SHARED.has(from) && to.startsWith('features/')) sharedToFeature.push(where);
    if (!from.startsWith('features/') || !to.startsWith('features/')) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    const rest = rel.split(sep).slice(2);
    if (rest.length > 0 && !(rest.length === 1 && rest[0] === 'index')) internal.push(where);
  }
}

const featuresDir = join(srcDir, 'features');
const withoutIndex = readdirSync(featuresDir).filter(
  (name) => statSync(join(featuresDir, name)).isDirectory() && !existsSync(join(featuresDir, name, 'index.ts')),
);

// Cycles: strongly connected components of more than one feature (Tarjan).
const cycles = [];
const index = new Map();
const low = new Map();
const stack = [];
let counter = 0;
function visit(node) {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  for (const next of edges.get(node) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (stack.includes(next)) {
      low.set(node, Math.min(low.get(node), index.get(next)));
    }
  }
  if (low.get(node) === index.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const node of edges.keys()) if (!index.has(node)) visit(node);

const report = [
  ["imports of another feature's internals", internal],
  ['imports of app/ from a feature', intoApp],
  ['imports of a feature from components/, lib/, hooks/', sharedToFeature],
  ['features without an index.ts', withoutIndex],
  ['feature cycles', cycles.map((cycle) => cycle.join(' <-> '))],
];
for (const [label, lines] of report) {
  console.log(`${label}: ${lines.length}`);
  for (const line of lines) console.log(`  ${line}`);
}
process.exitCode = report.every(([, lines]) => lines.length === 0) ? 0 : 1;
