import { authResponseSchema, pagedEnvelope, PlayerStatus, sessionSchema } from '@croupier/contract';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRefreshTokenSuccessor } from '../src/modules/auth/crypto';
import { createAuthRepository } from '../src/modules/auth/repository';
import { resolveServerKeys } from '../src/modules/auth/secret';
import { createSessionService } from '../src/modules/auth/sessions';
import { createAccessTokens } from '../src/modules/auth/tokens';
import { setPlayerStatus, useTestServer } from './fixtures';
import { claimsOf, errorOf, PASSWORD, players, type RegisteredPlayer } from './players';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';
const sessionsPage = pagedEnvelope(sessionSchema);

const t = useTestServer({ JWT_SECRET });
const p = players(t);

/** The same token's claims, signed by the server's key but issued and expired in the past. */
async function expiredCopy(token: string): Promise<string> {
  const claims = claimsOf(token);
  const key = resolveServerKeys(t.config, { warn: () => {} }).jwt;
  const issuedAt = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ sessionId: claims.sessionId, rti: claims.rti, id: claims.sub })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('croupier')
    .setSubject(String(claims.sub))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 900)
    .setJti('expired-copy')
    .sign(key);
}

async function refresh(token: string) {
  return p.post('/api/player/sessions/refresh', undefined, { token });
}

async function sessionRow(id: string) {
  return t.db.selectFrom('player_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('POST /api/player/sessions/refresh', () => {
  it('rotates the token of the same session; the new token works', async () => {
    const player = await p.registerByEmail();
    const response = await refresh(player.token);
    expect(response.statusCode, response.body).toBe(200);
    const next = authResponseSchema.parse(response.json<{ data: unknown }>().data);
    expect(next.sessionId).toBe(player.sessionId);
    expect(next.accessToken).not.toBe(player.token);
    expect(claimsOf(next.accessToken).rti).not.toBe(claimsOf(player.token).rti);
    expect(next.profile.id).toBe(player.id);
    expect((await p.get('/api/player/profile', { token: next.accessToken })).statusCode).toBe(200);
    expect((await sessionRow(player.sessionId)).refresh_generation).toBe(1);
  });

  it('accepts an expired token of an open session, which ordinary calls refuse', async () => {
    const player = await p.registerByEmail();
    const expired = await expiredCopy(player.token);
    const call = await p.get('/api/player/profile', { token: expired });
    expect(call.statusCode).toBe(401);
    const response = await refresh(expired);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('closes the whole session when an older token is refreshed again (reuse detection)', async () => {
    const player = await p.registerByEmail();
    const first = authResponseSchema.parse((await refresh(player.token)).json<{ data: unknown }>().data);
    const second = authResponseSchema.parse((await refresh(first.accessToken)).json<{ data: unknown }>().data);
    // Someone replays the token of two rotations ago.
    const replay = await refresh(player.token);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toEqual({
      code: 1002,
      message: 'This session was ended for your security. Sign in again.',
    });
    expect(await sessionRow(player.sessionId)).toMatchObject({ close_reason: 'refresh_reuse' });
    // The family is revoked: the newest token is refused too, for calls and refreshes.
    expect((await p.get('/api/player/profile', { token: second.accessToken })).statusCode).toBe(401);
    expect((await refresh(second.accessToken)).statusCode).toBe(401);
    // Other sessions of the player are not affected.
    const other = await p.signIn(player.email, PASSWORD);
    expect((await p.get('/api/player/profile', { token: other.accessToken })).statusCode).toBe(200);
  });

  it('ends a session idle for longer than 7 days or older than 30 days', async () => {
    const idle = await p.registerByEmail();
    // Time passes: no API moves the clock, so the row's times are moved back.
    await t.db
      .updateTable('player_sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '7 days 1 minute'` })
      .where('id', '=', idle.sessionId)
      .execute();
    expect((await refresh(idle.token)).statusCode).toBe(401);
    expect(await sessionRow(idle.sessionId)).toMatchObject({ close_reason: 'expired' });

    const old = await p.registerByEmail();
    // Time passes: no API moves the clock, so the row's times are moved back.
    await t.db
      .updateTable('player_sessions')
      .set({ created_at: sql<Date>`now() - interval '31 days'`, expires_at: sql<Date>`now() - interval '1 day'` })
      .where('id', '=', old.sessionId)
      .execute();
    expect((await p.get('/api/player/profile', { token: old.token })).statusCode).toBe(401);
    expect((await refresh(old.token)).statusCode).toBe(401);
  });

  it('answers 401 without a usable token and accepts an empty JSON body', async () => {
    expect((await p.post('/api/player/sessions/refresh')).statusCode).toBe(401);
    expect((await p.post('/api/player/sessions/refresh', undefined, { token: 'garbage' })).statusCode).toBe(401);
    const player = await p.registerByEmail();
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/api/player/sessions/refresh',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('POST /api/player/sessions/logout', () => {
  it('ends the session at once: its token is refused and cannot be refreshed', async () => {
    const player = await p.registerByEmail();
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/api/player/sessions/logout',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { message: 'You have signed out.' } });
    const after = await p.get('/api/player/profile', { token: player.token });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toEqual({ code: 1002, message: 'Your session has ended. Sign in again.' });
    expect((await refresh(player.token)).statusCode).toBe(401);
    expect((await p.post('/api/player/sessions/logout', undefined, { token: player.token })).statusCode).toBe(401);
    expect(await sessionRow(player.sessionId)).toMatchObject({ close_reason: 'logout' });
  });
});

describe('GET /api/player/sessions and PUT /api/player/sessions/{id}/close', () => {
  let owner: RegisteredPlayer;
  let stranger: RegisteredPlayer;
  const tokens: string[] = [];
  const sessionIds: string[] = [];

  beforeAll(async () => {
    owner = await p.registerByEmail({}, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0' } });
    tokens.push(owner.token);
    sessionIds.push(owner.sessionId);
    for (const [country, agent] of [
      ['DE', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148'],
      ['BR', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0'],
    ] as const) {
      const auth = await p.signIn(owner.email, PASSWORD, {
        ip: '203.0.113.7',
        headers: { 'cf-ipcountry': country, 'user-agent': agent },
      });
      tokens.push(auth.accessToken);
      sessionIds.push(auth.sessionId);
    }
    stranger = await p.registerByEmail();
  });

  it('lists the sessions newest first, marking the current one', async () => {
    const current = tokens[1] ?? '';
    const response = await p.get('/api/player/sessions', { token: current });
    expect(response.statusCode, response.body).toBe(200);
    const page = sessionsPage.parse(response.json());
    expect(page.meta).toEqual({ page: 1, perPage: 10, totalPages: 1, totalRows: 3 });
    expect(page.data.map((s) => s.sessionId)).toEqual([...sessionIds].reverse());
    expect(page.data.filter((s) => s.isCurrent).map((s) => s.sessionId)).toEqual([sessionIds[1]]);
    expect(page.data[0]).toMatchObject({
      playerId: owner.id,
      ip: '203.0.113.7',
      country: 'BR',
      deviceType: 'desktop',
      closedAt: null,
    });
    expect(page.data[1]).toMatchObject({ country: 'DE', deviceType: 'mobile' });
    expect(page.data[1]?.userAgent).toContain('iPhone');
    expect(page.data[2]?.country).toBeNull();
    for (const session of page.data) expect(session.createdAt).toMatch(/Z$/);
  });

  it('pages with page and perPage, and refuses bad paging with 422', async () => {
    const second = sessionsPage.parse(
      (await p.get('/api/player/sessions?page=2&perPage=2', { token: owner.token })).json(),
    );
    expect(second.meta).toEqual({ page: 2, perPage: 2, totalPages: 2, totalRows: 3 });
    expect(second.data.map((s) => s.sessionId)).toEqual([sessionIds[0]]);
    for (const query of ['?page=0', '?perPage=101', '?page=abc']) {
      expect((await p.get(`/api/player/sessions${query}`, { token: owner.token })).statusCode, query).toBe(422);
    }
  });

  it("answers 404 for another player's session and leaves it open", async () => {
    const response = await p.put(`/api/player/sessions/${stranger.sessionId}/close`, undefined, { token: owner.token });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe(1004);
    expect((await p.get('/api/player/profile', { token: stranger.token })).statusCode).toBe(200);
    const unknown = await p.put('/api/player/sessions/00000000-0000-4000-8000-000000000000/close', undefined, {
      token: owner.token,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await p.put("/api/player/sessions/1'%20or%201=1/close", undefined, { token: owner.token });
    expect(malformed.statusCode).toBe(422);
  });

  it('closes another session of the player, whose token is refused on its next call', async () => {
    const target = sessionIds[2] ?? '';
    const response = await p.put(`/api/player/sessions/${target}/close`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const closed = sessionSchema.parse(response.json<{ data: unknown }>().data);
    expect(closed).toMatchObject({ sessionId: target, isCurrent: false });
    expect(closed.closedAt).toMatch(/Z$/);
    expect((await p.get('/api/player/profile', { token: tokens[2] })).statusCode).toBe(401);
    // Closing again changes nothing.
    const again = await p.put(`/api/player/sessions/${target}/close`, undefined, { token: owner.token });
    expect(sessionSchema.parse(again.json<{ data: unknown }>().data).closedAt).toBe(closed.closedAt);
    // The list shows it closed; the others stay open.
    const page = sessionsPage.parse((await p.get('/api/player/sessions', { token: owner.token })).json());
    expect(page.data.find((s) => s.sessionId === target)?.closedAt).toBe(closed.closedAt);
    expect(page.data.filter((s) => s.closedAt === null)).toHaveLength(2);
  });

  it('closes the current session too', async () => {
    const current = sessionIds[1] ?? '';
    const response = await p.put(`/api/player/sessions/${current}/close`, undefined, { token: tokens[1] });
    expect(response.statusCode).toBe(200);
    expect(sessionSchema.parse(response.json<{ data: unknown }>().data).isCurrent).toBe(true);
    expect((await p.get('/api/player/sessions', { token: tokens[1] })).statusCode).toBe(401);
  });

  it('shows a lapsed session as closed', async () => {
    const player = await p.registerByEmail();
    const other = await p.signIn(player.email, PASSWORD);
    // Time passes: no API moves the clock, so the row's times are moved back.
    await t.db
      .updateTable('player_sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '8 days'` })
      .where('id', '=', player.sessionId)
      .execute();
    const page = sessionsPage.parse((await p.get('/api/player/sessions', { token: other.accessToken })).json());
    const lapsed = page.data.find((s) => s.sessionId === player.sessionId);
    expect(lapsed?.closedAt).toMatch(/Z$/);
    expect(Date.parse(lapsed?.closedAt ?? '')).toBeLessThan(Date.now());
  });
});

describe('blocking', () => {
  it('ends every session of a blocked account on its next call (403, 11002)', async () => {
    const player = await p.registerByEmail();
    const other = await p.signIn(player.email, PASSWORD);
    await setPlayerStatus(t, player.id, PlayerStatus.BLOCKED);
    const response = await p.get('/api/player/profile', { token: player.token });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 11002, message: 'The account is blocked.' });
    const sessions = await t.db.selectFrom('player_sessions').selectAll().where('player_id', '=', player.id).execute();
    expect(sessions.map((s) => s.close_reason)).toEqual(['blocked', 'blocked']);
    // Unblocking does not revive them.
    await setPlayerStatus(t, player.id, PlayerStatus.ACTIVE);
    expect((await p.get('/api/player/profile', { token: other.accessToken })).statusCode).toBe(401);
    expect((await refresh(other.accessToken)).statusCode).toBe(401);
  });
});

describe('PUT /api/player/passwords', () => {
  const fresh = 'my new secret phrase';

  it('changes the password and ends the other sessions, keeping the current one', async () => {
    const player = await p.registerByEmail();
    const other = await p.signIn(player.email, PASSWORD);
    const response = await p.put(
      '/api/player/passwords',
      { currentPassword: PASSWORD, newPassword: fresh, repeatNewPassword: fresh },
      { token: player.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await p.get('/api/player/profile', { token: player.token })).statusCode).toBe(200);
    expect((await p.get('/api/player/profile', { token: other.accessToken })).statusCode).toBe(401);
    expect(await sessionRow(other.sessionId)).toMatchObject({ close_reason: 'password_changed' });
    expect((await p.post('/api/player/sessions', { login: player.email, password: PASSWORD })).statusCode).toBe(401);
    await p.signIn(player.email, fresh);
    const notice = (await p.messagesTo(player.email)).find((m) => m.category === 'auth.password-changed');
    expect(notice?.subject).toBe('Your password was changed');
  });

  it('keeps the other sessions when asked to', async () => {
    const player = await p.registerByEmail();
    const other = await p.signIn(player.email, PASSWORD);
    const response = await p.put(
      '/api/player/passwords',
      { currentPassword: PASSWORD, newPassword: fresh, repeatNewPassword: fresh, closeOtherSessions: false },
      { token: player.token },
    );
    expect(response.statusCode).toBe(200);
    expect((await p.get('/api/player/profile', { token: other.accessToken })).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 422 (never 401) and bad new passwords', async () => {
    const player = await p.registerByEmail();
    const rows: [unknown, Record<string, string[]>][] = [
      [
        { currentPassword: 'not it at all', newPassword: fresh, repeatNewPassword: fresh },
        { currentPassword: ['The current password is wrong.'] },
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD, repeatNewPassword: PASSWORD },
        { newPassword: ['Choose a password different from the current one.'] },
      ],
      [
        { currentPassword: PASSWORD, newPassword: 'iloveyou', repeatNewPassword: 'iloveyou' },
        { newPassword: ['This password is too common. Choose another one.'] },
      ],
      [
        { currentPassword: PASSWORD, newPassword: fresh, repeatNewPassword: 'something else' },
        { repeatNewPassword: ['The values do not match.'] },
      ],
      [
        {},
        {
          currentPassword: ['This field is required.'],
          newPassword: ['This field is required.'],
          repeatNewPassword: ['This field is required.'],
        },
      ],
      [
        { currentPassword: PASSWORD, newPassword: fresh, repeatNewPassword: fresh, closeOtherSessions: 'sometimes' },
        { closeOtherSessions: ['The value must be true or false.'] },
      ],
    ];
    for (const [body, fields] of rows) {
      const response = await p.put('/api/player/passwords', body, { token: player.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response).fields).toEqual(fields);
    }
    expect((await p.get('/api/player/profile', { token: player.token })).statusCode).toBe(200);
    await p.signIn(player.email, PASSWORD);
  });
});

describe('Bearer routes', () => {
  it('answer 401 without a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/player/profile'],
      ['PUT', '/api/player/profile'],
      ['GET', '/api/player/sessions'],
      ['PUT', `/api/player/sessions/${id}/close`],
      ['POST', '/api/player/sessions/logout'],
      ['POST', '/api/player/sessions/refresh'],
      ['PUT', '/api/player/passwords'],
      ['POST', '/api/player/profile/confirmations/email/resend'],
    ] as const) {
      const response = await t.app.server.inject({ method, url, remoteAddress: p.ip() });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(response).code).toBe(1002);
    }
  });
});

describe('connection tokens for the realtime gateway', () => {
  it('accept the token of an open session only, telling expired from invalid', async () => {
    const keys = resolveServerKeys(t.config, { warn: () => {} });
    const sessions = createSessionService({
      repository: createAuthRepository(t.db),
      tokens: createAccessTokens({ key: keys.jwt, ttlSeconds: t.config.auth.accessTokenTtlSeconds }),
      nextRefreshTokenId: createRefreshTokenSuccessor(keys.refresh),
      profiles: { getProfile: () => Promise.reject(new Error('not needed')) },
      lifetimes: {
        idleSeconds: t.config.auth.sessionIdleTtlSeconds,
        absoluteSeconds: t.config.auth.sessionAbsoluteTtlSeconds,
      },
    });
    const player = await p.registerByEmail();
    await expect(sessions.verifyConnectionToken(player.token)).resolves.toEqual({
      ok: true,
      playerId: player.id,
      sessionId: player.sessionId,
      expiresAt: Number(claimsOf(player.token).exp) * 1000,
    });
    await expect(sessions.verifyConnectionToken(await expiredCopy(player.token))).resolves.toEqual({
      ok: false,
      reason: 'expired',
    });
    await expect(sessions.verifyConnectionToken('nonsense')).resolves.toEqual({ ok: false, reason: 'invalid' });
    await p.post('/api/player/sessions/logout', undefined, { token: player.token });
    await expect(sessions.verifyConnectionToken(player.token)).resolves.toEqual({ ok: false, reason: 'invalid' });
  });
});
