import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `apps/server`, whether this code runs from `src/` (tests, tsx) or from the bundle in
 * `dist/`: both sit one level below it.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsDir = path.join(serverRoot, 'migrations');
