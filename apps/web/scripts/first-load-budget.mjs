// The first-load script budget of the web app, checked after `vite build` (the package's
// build script runs this file) and printed by bench/web.bench.mjs.
//
// First load = the scripts dist/index.html loads (its module script and modulepreload
// links) plus everything they import statically, each counted once, gzipped at level 9 as
// scripts/precompress.mjs writes them. Dynamic `import()` targets are on demand and do not
// count. The build fails when the sum is over the budget.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Gzipped bytes (1 KB = 1024 bytes) the home page may load before any lazy chunk. */
export const firstLoadScriptBudgetBytes = 170 * 1024;

const defaultDist = path.resolve(import.meta.dirname, '../dist');

// `import"./a.js"` and `import{x as y}from"./a.js"` (also `export … from`), as Vite emits
// them; `import("./a.js")` is dynamic and has a parenthesis where these have a quote or brace.
const staticImport = /\b(?:import|export)\s*(?:[\w$*{][^"'();]*?from\s*)?["']([^"']+\.js)["']/g;
const htmlScript = /<(?:script|link)\b[^>]*?>/g;

/** Same-origin script URLs of the entry HTML: module scripts and modulepreload links. */
function entryScripts(html) {
  const urls = [];
  for (const [tag] of html.matchAll(htmlScript)) {
    const isScript = tag.startsWith('<script') && /\btype=["']module["']/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel=["']modulepreload["']/.test(tag);
    const url = /\b(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if ((isScript || isPreload) && url && url.startsWith('/')) urls.push(url);
  }
  return urls;
}

/**
 * The first-load scripts of `dist` (default apps/web/dist): each with its gzip -9 and
 * brotli sizes, largest first, and the totals.
 */
export function firstLoadScripts(dist = defaultDist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set();
  const queue = entryScripts(html).map((url) => path.join(dist, url));
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    if (!file.startsWith(dist) || !fs.existsSync(file)) throw new Error(`first-load script missing from dist: ${file}`);
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(staticImport)) {
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('/')) queue.push(path.join(dist, specifier));
    }
  }
  const files = [...seen].map((file) => {
    const source = fs.readFileSync(file);
    return {
      path: `/${path.relative(dist, file).split(path.sep).join('/')}`,
      gzipBytes: zlib.gzipSync(source, { level: 9 }).length,
      brotliBytes: zlib.brotliCompressSync(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    };
  });
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    brotliBytes: files.reduce((sum, file) => sum + file.brotliBytes, 0),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // FIRST_LOAD_BUDGET_BYTES overrides the budget for one run (to see the check fail).
  const budget = process.env.FIRST_LOAD_BUDGET_BYTES
    ? Number(process.env.FIRST_LOAD_BUDGET_BYTES)
    : firstLoadScriptBudgetBytes;
  const { files, gzipBytes, brotliBytes } = firstLoadScripts();
  const largest = files
    .slice(0, 4)
    .map((file) => `${file.path} ${kb(file.gzipBytes)}`)
    .join(', ');
  const summary = `${kb(gzipBytes)} gzipped (${gzipBytes} bytes; ${kb(brotliBytes)} brotli) in ${files.length} files`;
  if (gzipBytes > budget) {
    console.error(
      `First-load script budget exceeded: index.html loads ${summary}, over firstLoadScriptBudgetBytes = ${budget} bytes (${kb(budget)}) by ${gzipBytes - budget} bytes.\n` +
        `Largest: ${largest}.\n` +
        'Load what the first screen does not need with import() / React.lazy (see ARCHITECTURE.md, web: code splitting).',
    );
    process.exit(1);
  }
  console.log(`first-load script: ${summary}; budget ${kb(budget)} (firstLoadScriptBudgetBytes). Largest: ${largest}`);
}
