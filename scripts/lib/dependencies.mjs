// Shared by `npm start` and `npm test`: either may be the first command on a fresh clone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Installs the locked dependencies when they are missing or older than the lock file.
 * Without them `npx tsc` would ask the registry for an unrelated package named `tsc`.
 */
export function ensureDependencies(root) {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('[croupier] installing dependencies (npm ci)…');
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
