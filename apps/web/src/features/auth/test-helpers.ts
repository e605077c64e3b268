import type { CookieJar } from './session';
import type { StorageLike } from './sync';

/** A Map-backed storage, shared between fake tabs like the browser's localStorage. */
export function fakeStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

/** A cookie jar shared between fake tabs; records every write with its max age. */
export function fakeCookies(): CookieJar & { values: Map<string, string>; writes: [string, string, number][] } {
  const values = new Map<string, string>();
  const writes: [string, string, number][] = [];
  return {
    values,
    writes,
    read: (name) => values.get(name),
    write: (name, value, maxAge) => {
      writes.push([name, value, maxAge]);
      if (maxAge <= 0) values.delete(name);
      else values.set(name, value);
    },
    remove: (name) => void values.delete(name),
  };
}

export const sleepWithTimers = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An unsigned JWT with the given claims (the client never verifies signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
