#!/usr/bin/env node
// Counts what crosses the server's module boundaries, type-only imports included (the lint
// rule import-x/no-cycle leaves those out): imports of another module's internals, of its
// repository, cycles in the module graph, and tables written (insert, update, delete) by
// more than one module. `node scripts/module-graph.mjs [modules dir]` prints the
// counts and each offender, and exits 1 unless all three are zero.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const modulesDir = resolve(
  process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules'),
);

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) yield path;
  }
}

const moduleOf = (path) => relative(modulesDir, path).split(sep)[0];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]/g;

const WRITE = /\b(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)'/g;

const writers = new Map();
const internal = [];
const repository = [];
const edges = new Map();
for (const file of sources(modulesDir)) {
  const from = moduleOf(file);
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.test.ts')) {
    for (const [, table] of text.matchAll(WRITE)) {
      if (!writers.has(table)) writers.set(table, new Set());
      writers.get(table).add(from);
    }
  }
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1]);
    const rel = relative(modulesDir, target);
    if (rel.startsWith('..')) continue;
    const [to, ...rest] = rel.split(sep);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    const where = `${relative(modulesDir, file)} -> ${match[1]}`;
    if (rest.length > 0 && !(rest.length === 1 && rest[0] === 'index')) internal.push(where);
    if (rest.some((part) => /repository/.test(part))) repository.push(where);
  }
}

// Cycles: strongly connected components of more than one module (Tarjan).
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

console.log(`imports of another module's internals: ${internal.length}`);
for (const line of internal) console.log(`  ${line}`);
console.log(`imports of another module's repository: ${repository.length}`);
for (const line of repository) console.log(`  ${line}`);
console.log(`module cycles: ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);
const shared = [...writers].filter(([, modules]) => modules.size > 1);
console.log(`tables written by more than one module: ${shared.length}`);
for (const [table, modules] of shared) console.log(`  ${table}: ${[...modules].sort().join(', ')}`);
process.exitCode = internal.length + repository.length + cycles.length + shared.length === 0 ? 0 : 1;
