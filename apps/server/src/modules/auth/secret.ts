import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const DEV_SECRET_FILE = 'jwt-dev-secret';

export interface ServerKeys {
  /**
   * HS256 key of access tokens: the secret itself (its UTF-8 bytes), so that any other
   * verifier given JWT_SECRET (the realtime gateway's default) checks the same tokens.
   */
  jwt: Uint8Array;
  /** HMAC key of one-time codes (derived: one secret to configure, separate uses). */
  otp: Uint8Array;
  /** HMAC key deriving each refresh token id from the one it replaces (derived too). */
  refresh: Uint8Array;
}

function keysFrom(secret: Uint8Array): ServerKeys {
  return {
    jwt: secret,
    otp: createHash('sha256').update('croupier:otp:').update(secret).digest(),
    refresh: createHash('sha256').update('croupier:refresh:').update(secret).digest(),
  };
}

/**
 * The server's keys. `JWT_SECRET` when set (required in production). Tests get a random
 * key per process. In development a random secret is created once under DATA_DIR and
 * reused, so that sessions survive a restart of `npm run dev`; it is a development
 * convenience only, which the warning says.
 */
export function resolveServerKeys(
  config: Pick<Config, 'env' | 'auth' | 'database'>,
  log: { warn(message: string): void },
): ServerKeys {
  if (config.auth.jwtSecret) return keysFrom(Buffer.from(config.auth.jwtSecret, 'utf8'));
  if (config.env === 'test') return keysFrom(randomBytes(32));
  const file = path.join(config.database.dataDir, DEV_SECRET_FILE);
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    secret = '';
  }
  if (secret.length < 32) {
    secret = randomBytes(48).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  log.warn(`JWT_SECRET is not set: using the development secret in ${file} (set JWT_SECRET in production)`);
  return keysFrom(Buffer.from(secret, 'utf8'));
}
