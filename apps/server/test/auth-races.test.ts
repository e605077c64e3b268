import { authResponseSchema } from '@croupier/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCKOUT_POLICY } from '../src/modules/auth/lockout';
import { OTP_POLICY } from '../src/modules/auth/otp';
import { REFRESH_RETRY_GRACE_MS } from '../src/modules/auth/sessions';
import { useTestServer } from './fixtures';
import { claimsOf, errorOf, PASSWORD, players } from './players';

/**
 * Attempt limits and refresh rotation under parallel requests. Meaningful on PostgreSQL
 * (TEST_DATABASE_URL), where requests really run at once; PGlite interleaves them too.
 */

const checks = { password: 0, otp: 0 };
const t = useTestServer(
  {},
  {
    app: {
      onSecretCheck: (kind) => {
        checks[kind] += 1;
      },
    },
  },
);
const p = players(t);
beforeEach(() => {
  checks.password = 0;
  checks.otp = 0;
});

function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

/** `count` six-digit codes, none of them `right`. */
function wrongCodes(right: string, count: number): string[] {
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n += 1) {
    const code = String(n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (code !== right && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

describe('sign-in lockout under parallel requests', () => {
  it('checks only the allowed number of passwords and locks one step', async () => {
    const player = await p.registerByEmail();
    const before = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        p.post('/api/player/sessions', { login: player.email, password: `wrong password ${i}` }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 401: LOCKOUT_POLICY.maxFailures, 429: 40 - LOCKOUT_POLICY.maxFailures });

    const row = await t.db
      .selectFrom('players')
      .select(['failed_login_count', 'lockout_count', 'locked_until'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.lockout_count).toBe(1);
    const lockMs = (row.locked_until?.getTime() ?? 0) - before;
    expect(lockMs).toBeGreaterThan(LOCKOUT_POLICY.baseLockSeconds * 1000 - 5_000);
    expect(lockMs).toBeLessThanOrEqual(LOCKOUT_POLICY.baseLockSeconds * 1000 + 5_000);
    expect(checks.password).toBe(LOCKOUT_POLICY.maxFailures);

    const right = await p.post('/api/player/sessions', { login: player.email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).message).toMatch(/locked for 15 minutes/);
    expect(checks.password).toBe(LOCKOUT_POLICY.maxFailures);
  });

  it('answers a burst against an unknown login exactly as against an account', async () => {
    const login = `nobody-${Date.now()}@example.test`;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => p.post('/api/player/sessions', { login, password: `wrong password ${i}` })),
    );
    expect(statusCounts(responses)).toEqual({ 401: LOCKOUT_POLICY.maxFailures, 429: 40 - LOCKOUT_POLICY.maxFailures });
    const row = await t.db
      .selectFrom('login_failures')
      .select(['lockout_count'])
      .where('login', '=', login)
      .executeTakeFirstOrThrow();
    expect(row.lockout_count).toBe(1);
  });

  it('lets the right password through among parallel wrong ones before the lock', async () => {
    const player = await p.registerByEmail();
    const responses = await Promise.all([
      p.post('/api/player/sessions', { login: player.email, password: 'wrong password' }),
      p.post('/api/player/sessions', { login: player.email, password: PASSWORD }),
    ]);
    expect(statusCounts(responses)).toEqual({ 200: 1, 401: 1 });
    // The success cleared the count, whichever order the two ran in, or left one failure.
    const row = await t.db
      .selectFrom('players')
      .select(['failed_login_count', 'lockout_count', 'locked_until'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.lockout_count).toBe(0);
    expect(row.locked_until).toBeNull();
    expect(row.failed_login_count).toBeLessThanOrEqual(1);
    expect(checks.password).toBe(2);
  });
});

describe('one-time code attempts under parallel requests', () => {
  it('compares only the allowed number of wrong codes, then the code is dead', async () => {
    const phone = p.phone();
    expect((await p.post('/api/player/otp/send', { phone, reason: 'registration' })).statusCode).toBe(200);
    const code = await p.smsCode(phone);
    const responses = await Promise.all(
      wrongCodes(code, 30).map((wrong) =>
        p.post('/api/player/otp/verify', { phone, code: wrong, reason: 'registration' }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 400: 30 });
    expect(responses.every((response) => errorOf(response).code === 11003)).toBe(true);
    // Compared and wrong ("invalid", the last "too many"); the others never reached the code.
    const compared = responses.filter(
      (response) => errorOf(response).message !== 'The code is invalid or has expired.',
    );
    expect(compared).toHaveLength(OTP_POLICY.maxAttempts);
    expect(checks.otp).toBe(OTP_POLICY.maxAttempts);

    const right = await p.post('/api/player/otp/verify', { phone, code, reason: 'registration' });
    expect(right.statusCode).toBe(400);
    expect(errorOf(right).code).toBe(11003);
    const registered = await p.post('/api/player/register/phone', {
      phone,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: 1,
    });
    expect(registered.statusCode).toBe(400);
    expect(checks.otp).toBe(OTP_POLICY.maxAttempts);
    const row = await t.db
      .selectFrom('otp_codes')
      .select(['attempts', 'invalidated_at', 'consumed_at'])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: OTP_POLICY.maxAttempts, consumed_at: null });
    expect(row.invalidated_at).not.toBeNull();
  });

  it('holds for password-reset codes by SMS too', async () => {
    const phone = p.phone();
    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const registered = await p.post('/api/player/register/phone', {
      phone,
      code: await p.smsCode(phone),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: 1,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect((await p.post('/api/player/otp/send', { phone, reason: 'changingPass' })).statusCode).toBe(200);
    const code = await p.smsCode(phone);
    checks.otp = 0;
    const responses = await Promise.all(
      wrongCodes(code, 30).map((wrong) =>
        p.post('/api/player/otp/verify', { phone, code: wrong, reason: 'changingPass' }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 400: 30 });
    const compared = responses.filter(
      (response) => errorOf(response).message !== 'The code is invalid or has expired.',
    );
    expect(compared).toHaveLength(OTP_POLICY.maxAttempts);
    expect(checks.otp).toBe(OTP_POLICY.maxAttempts);
    const right = await p.post('/api/player/otp/verify', { phone, code, reason: 'changingPass' });
    expect(right.statusCode).toBe(400);
    expect(errorOf(right).code).toBe(11003);
  });
});

describe('refresh rotation under parallel requests', () => {
  async function refresh(token: string) {
    return p.post('/api/player/sessions/refresh', undefined, { token });
  }

  async function sessionRow(id: string) {
    return t.db.selectFrom('player_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  it.each([2, 5])('answers %i parallel refreshes of the newest token alike and keeps the session', async (n) => {
    const player = await p.registerByEmail();
    const responses = await Promise.all(Array.from({ length: n }, () => refresh(player.token)));
    expect(statusCounts(responses)).toEqual({ 200: n });
    const tokens = responses.map((response) => authResponseSchema.parse(response.json<{ data: unknown }>().data));
    // One rotation: every answer carries the same new refresh token id of the same session.
    expect(new Set(tokens.map((auth) => auth.sessionId))).toEqual(new Set([player.sessionId]));
    expect(new Set(tokens.map((auth) => claimsOf(auth.accessToken).rti)).size).toBe(1);
    expect(claimsOf(tokens[0]?.accessToken ?? '').rti).not.toBe(claimsOf(player.token).rti);
    expect(await sessionRow(player.sessionId)).toMatchObject({ closed_at: null, refresh_generation: 1 });

    // Any of the new tokens works and refreshes on.
    const last = tokens.at(-1)?.accessToken ?? '';
    expect((await p.get('/api/player/profile', { token: last })).statusCode).toBe(200);
    expect((await refresh(last)).statusCode).toBe(200);
    expect(await sessionRow(player.sessionId)).toMatchObject({ closed_at: null, refresh_generation: 2 });
  });

  it('answers a retry with the token just replaced within the grace window', async () => {
    const player = await p.registerByEmail();
    const first = authResponseSchema.parse((await refresh(player.token)).json<{ data: unknown }>().data);
    const retry = await refresh(player.token);
    expect(retry.statusCode, retry.body).toBe(200);
    const again = authResponseSchema.parse(retry.json<{ data: unknown }>().data);
    expect(claimsOf(again.accessToken).rti).toBe(claimsOf(first.accessToken).rti);
    expect(await sessionRow(player.sessionId)).toMatchObject({ closed_at: null, refresh_generation: 1 });
  });

  it('still ends the session for a replaced token after the grace window', async () => {
    const player = await p.registerByEmail();
    expect((await refresh(player.token)).statusCode).toBe(200);
    // Time passes: no API moves the clock, so the row's times are moved back.
    await t.db
      .updateTable('player_sessions')
      .set({ refresh_rotated_at: sql<Date>`now() - make_interval(secs => ${REFRESH_RETRY_GRACE_MS / 1000 + 1})` })
      .where('id', '=', player.sessionId)
      .execute();
    const replay = await refresh(player.token);
    expect(replay.statusCode).toBe(401);
    expect(await sessionRow(player.sessionId)).toMatchObject({ close_reason: 'refresh_reuse' });
  });

  it('still ends the session for a token older than the one just replaced, even within the grace window', async () => {
    const player = await p.registerByEmail();
    const first = authResponseSchema.parse((await refresh(player.token)).json<{ data: unknown }>().data);
    const second = await refresh(first.accessToken);
    expect(second.statusCode).toBe(200);
    const replay = await refresh(player.token);
    expect(replay.statusCode).toBe(401);
    expect(await sessionRow(player.sessionId)).toMatchObject({ close_reason: 'refresh_reuse' });
    const newest = authResponseSchema.parse(second.json<{ data: unknown }>().data);
    expect((await refresh(newest.accessToken)).statusCode).toBe(401);
  });
});
