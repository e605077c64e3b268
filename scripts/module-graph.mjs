#!/usr/bin/env node
// Counts what crosses the server's module boundaries, type-only imports included (the lint
// rule import-x/no-cycle leaves those out): imports of another module's internals, of its
// repository, cycles in the module graph, and tables written (insert, update, delete) by
// more than one module. `node scripts/module-graph.mjs [modules dir]` prints the
// counts and each offender, and exits 1 unless all three are zero.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addEdge, cyclesOf, report, sourceFiles } from './lib/import-graph.mjs';

const modulesDir = resolve(
  process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules'),
);

const moduleOf = (path) => relative(modulesDir, path).split(sep)[0];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]/g;

const WRITE = /\b(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)'/g;

const writers = new Map();
const internal = [];
const repository = [];
const edges = new Map();
for (const file of sourceFiles(modulesDir, (name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))) {
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
    addEdge(edges, from, to);
    const where = `${relative(modulesDir, file)} -> ${match[1]}`;
    if (rest.length > 0 && !(rest.length === 1 && rest[0] === 'index')) internal.push(where);
    if (rest.some((part) => /repository/.test(part))) repository.push(where);
  }
}

const shared = [...writers].filter(([, modules]) => modules.size > 1);
report([
  ["imports of another module's internals", internal],
  ["imports of another module's repository", repository],
  ['module cycles', cyclesOf(edges).map((cycle) => cycle.join(' <-> '))],
  [
    'tables written by more than one module',
    shared.map(([table, modules]) => `${table}: ${[...modules].sort().join(', ')}`),
  ],
]);
