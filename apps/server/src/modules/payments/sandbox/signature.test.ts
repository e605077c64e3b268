import { describe, expect, it } from 'vitest';
import { signatureHeader, signatureOf, verifySignature } from './signature';

const secret = 'a-test-secret-of-some-length';
const body = Buffer.from('{"id":"evt_1","type":"deposit.succeeded"}');
const now = new Date('2025-01-01T12:00:00Z');
const check = (header: string | undefined, options: { at?: Date; rawBody?: Buffer; key?: string } = {}) =>
  verifySignature({
    header,
    secret: options.key ?? secret,
    rawBody: options.rawBody ?? body,
    now: options.at ?? now,
    toleranceSeconds: 300,
  });

describe('sandbox webhook signatures', () => {
  it('accepts its own signature within the tolerance', () => {
    expect(check(signatureHeader(secret, body, now))).toEqual({ ok: true });
    expect(check(signatureHeader(secret, body, new Date(now.getTime() - 299_000)))).toEqual({ ok: true });
  });

  it('refuses a stale or future timestamp', () => {
    expect(check(signatureHeader(secret, body, new Date(now.getTime() - 301_000)))).toMatchObject({ ok: false });
    expect(check(signatureHeader(secret, body, new Date(now.getTime() + 301_000)))).toMatchObject({ ok: false });
  });

  it('refuses another body, another key, a replayed signature with a new timestamp', () => {
    const header = signatureHeader(secret, body, now);
    expect(check(header, { rawBody: Buffer.from(`${body.toString()} `) })).toMatchObject({ ok: false });
    expect(check(header, { key: 'another-secret-of-some-length' })).toMatchObject({ ok: false });
    const v1 = header.split('v1=')[1];
    const t = Math.floor(now.getTime() / 1000) + 10;
    expect(check(`t=${t},v1=${v1}`)).toMatchObject({ ok: false, reason: 'signature mismatch' });
  });

  it('refuses missing and malformed headers, accepts one matching entry among several', () => {
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing signature' });
    expect(check('v1=abc')).toMatchObject({ ok: false, reason: 'malformed signature' });
    expect(check('t=1,v1=zz')).toMatchObject({ ok: false });
    const t = Math.floor(now.getTime() / 1000);
    const good = signatureOf(secret, t, body);
    const bad = signatureOf('old-secret-of-some-length', t, body);
    expect(check(`t=${t},v1=${bad},v1=${good}`)).toEqual({ ok: true });
  });
});
