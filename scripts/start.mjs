#!/usr/bin/env node
// `npm start`: installs dependencies if they are missing, builds whatever is older than
// its sources, then runs the server, which serves the web app and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies } from './lib/dependencies.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

const builtAt = (file) => (fs.existsSync(path.join(root, file)) ? fs.statSync(path.join(root, file)).mtimeMs : 0);

ensureDependencies(root);

const contract = ['packages/contract/src', 'packages/contract/package.json'];
if (
  newest(['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', ...contract]) >
  builtAt('apps/web/dist/index.html')
) {
  console.log('[croupier] building the web app…');
  run(npm, ['run', 'build', '-w', '@croupier/web']);
}
if (newest(['apps/server/src', 'apps/server/build.mjs', ...contract]) > builtAt('apps/server/dist/main.js')) {
  console.log('[croupier] building the server…');
  run(npm, ['run', 'build', '-w', '@croupier/server']);
}

const args = [path.join(root, 'apps/server/dist/main.js'), ...process.argv.slice(2)];
const child = spawn(process.execPath, ['--enable-source-maps', ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
