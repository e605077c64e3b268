// What the boundary-count scripts (module-graph.mjs, web-module-graph.mjs) share: walking
// the source files, finding cycles in a graph of units, and printing the counts.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` whose name passes `accept`, depth first. */
export function* sourceFiles(dir, accept) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path, accept);
    else if (accept(name)) yield path;
  }
}

/**
 * The cycles of a directed graph (Map of node → Set of nodes): its strongly connected
 * components of more than one node, by Tarjan's algorithm, each sorted.
 */
export function cyclesOf(edges) {
  const cycles = [];
  const index = new Map();
  const low = new Map();
  const stack = [];
  let counter = 0;
  const visit = (node) => {
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
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Adds an edge `from → to` to a graph. */
export function addEdge(edges, from, to) {
  if (!edges.has(from)) edges.set(from, new Set());
  edges.get(from).add(to);
}

/**
 * Prints `label: count` and each offender for every row, and sets the exit code to 1
 * unless every count is zero.
 */
export function report(rows) {
  for (const [label, lines] of rows) {
    console.log(`${label}: ${lines.length}`);
    for (const line of lines) console.log(`  ${line}`);
  }
  process.exitCode = rows.every(([, lines]) => lines.length === 0) ? 0 : 1;
}
