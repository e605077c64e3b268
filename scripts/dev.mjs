#!/usr/bin/env node
// `npm run dev`: the API (tsx, restarted on change) on :3000 and Vite on :5173 with hot
// reload; Vite proxies /api to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The site is Vite's address: OAuth redirects, e-mailed links and game frames go there.
    env: { ...process.env, SERVE_WEB: 'false', PUBLIC_URL: process.env.PUBLIC_URL || 'http://127.0.0.1:5173' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
