import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveServerKeys } from './secret';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function config(env: 'development' | 'test' | 'production', jwtSecret?: string, dataDir = '/nonexistent') {
  return {
    env,
    auth: {
      jwtSecret,
      accessTokenTtlSeconds: 900,
      sessionIdleTtlSeconds: 604_800,
      sessionAbsoluteTtlSeconds: 2_592_000,
    },
    database: { url: undefined, poolMax: 1, dataDir },
  };
}

describe('resolveServerKeys', () => {
  it('derives separate keys from JWT_SECRET, the same in every process', () => {
    const log = { warn: vi.fn() };
    const a = resolveServerKeys(config('production', 'x'.repeat(40)), log);
    const b = resolveServerKeys(config('production', 'x'.repeat(40)), log);
    expect(Buffer.from(a.jwt).equals(Buffer.from(b.jwt))).toBe(true);
    // Other verifiers given JWT_SECRET (the realtime gateway) check tokens with the secret itself.
    expect(Buffer.from(a.jwt).toString('utf8')).toBe('x'.repeat(40));
    expect(Buffer.from(a.jwt).equals(Buffer.from(a.otp))).toBe(false);
    expect(Buffer.from(a.refresh).equals(Buffer.from(a.otp))).toBe(false);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('keeps a development secret under DATA_DIR across restarts, with a warning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-secret-'));
    dirs.push(dir);
    const log = { warn: vi.fn() };
    const first = resolveServerKeys(config('development', undefined, dir), log);
    const second = resolveServerKeys(config('development', undefined, dir), log);
    expect(Buffer.from(first.jwt).equals(Buffer.from(second.jwt))).toBe(true);
    const file = path.join(dir, 'jwt-dev-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('JWT_SECRET is not set'));
  });

  it('uses a fresh random key per process in tests', () => {
    const log = { warn: vi.fn() };
    const a = resolveServerKeys(config('test'), log);
    const b = resolveServerKeys(config('test'), log);
    expect(Buffer.from(a.jwt).equals(Buffer.from(b.jwt))).toBe(false);
  });
});
