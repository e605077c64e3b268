import {
  accountClosureSchema,
  pagedEnvelope,
  adminAccountClosureSchema,
  playerDataExportSchema,
} from '@croupier/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCodesRepository } from '../src/modules/auth/codes-repository';
import { sha256Hex } from '../src/modules/auth/crypto';
import { ADMIN_KEY, adminRequest, fixtures, useTestServer } from './fixtures';
import { errorOf, PASSWORD, type RegisteredPlayer } from './players';
import { balancesOf } from './wallet-helpers';

/**
 * Account information and control (docs/player-protection.md, "Account information and
 * closure"): the previous sign-in, closing the account and downloading one's own data.
 */

const documentsDir = mkdtempSync(path.join(tmpdir(), 'croupier-export-documents-'));
afterAll(() => rmSync(documentsDir, { recursive: true, force: true }));

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, DOCUMENTS_DIR: documentsDir });
const f = fixtures(t);
const { p } = f;

const DICE_ROUND = { amount: 1, direction: 'under', targetHundredths: 5000 };
const playDice = (gameToken: string) =>
  p.post('/api/game/originals/dice/rounds', DICE_ROUND, { headers: { 'x-game-session': gameToken } });

/** A document upload (multipart) of a small PDF; answers the document's id. */
const PDF = Buffer.from('%PDF-1.7\nthe bytes of a bank statement\n%%EOF\n');
async function uploadDocument(player: RegisteredPlayer, fileName: string): Promise<string> {
  const boundary = 'croupier-export-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\naddress\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'content-type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await p.post('/api/player/documents', body, {
    token: player.token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string } }>().data.id;
}

const exportOf = (body: string) => playerDataExportSchema.parse((JSON.parse(body) as { data: unknown }).data);

describe('previous sign-in', () => {
  it('is the time of the sign-in before the current one', async () => {
    const player = await p.registerByEmail();
    const first = await p.signIn(player.email, PASSWORD);
    const registeredAt = await t.db
      .selectFrom('players')
      .select(['last_login_at', 'previous_login_at'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    // The first sign-in after registration names the registration's sign-in.
    expect(first.profile.previousLoginAt).not.toBeNull();
    const second = await p.signIn(player.email, PASSWORD);
    expect(second.profile.previousLoginAt).toBe(registeredAt.last_login_at?.toISOString());
    expect(Date.parse(second.profile.previousLoginAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(first.profile.previousLoginAt ?? ''),
    );
    // The profile says the same until the next sign-in.
    const profile = await p.get('/api/player/profile', { token: second.accessToken });
    expect(profile.json<{ data: { previousLoginAt: string } }>().data.previousLoginAt).toBe(
      second.profile.previousLoginAt,
    );
    // A wrong password is no sign-in: it moves nothing.
    expect((await p.post('/api/player/sessions', { login: player.email, password: 'wrong password' })).statusCode).toBe(
      401,
    );
    const third = await p.signIn(player.email, PASSWORD);
    const row = await t.db
      .selectFrom('players')
      .select(['previous_login_at'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(third.profile.previousLoginAt).toBe(row.previous_login_at?.toISOString());
    expect(Date.parse(third.profile.previousLoginAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(second.profile.previousLoginAt ?? ''),
    );
  });
});

describe('GET /api/player/profile/export', () => {
  it("answers the player's own data as an attachment, and nothing of another player's", async () => {
    const { player, session } = await f.playerWithSession('dice', 5_000n);
    const round = await playDice(session);
    expect(round.statusCode, round.body).toBe(200);
    const other = await f.playerWithSession('dice', 7_000n);
    expect((await playDice(other.session)).statusCode).toBe(200);
    expect((await playDice(other.session)).statusCode).toBe(200);
    const statement = await uploadDocument(player, 'statement.pdf');
    const rejected = await adminRequest(t, 'POST', `/api/admin/documents/${statement}/reject`, {
      body: { reason: 'The address is cut off.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const bill = await uploadDocument(player, 'bill.pdf');
    const othersDocument = await uploadDocument(other.player, 'theirs.pdf');
    const limit = await p.post(
      '/api/player/limits',
      { definition: 2, period: 'weekly', currency: 'USD', amount: 25 },
      { token: player.token },
    );
    expect(limit.statusCode, limit.body).toBe(200);
    const othersLimit = await p.post(
      '/api/player/limits',
      { definition: 3, period: 'daily', currency: 'USD', amount: 40 },
      { token: other.player.token },
    );
    expect(othersLimit.statusCode, othersLimit.body).toBe(200);
    for (const [playerId, title] of [
      [player.id, 'Your weekly news'],
      [other.player.id, 'Their private note'],
    ] as const) {
      const sent = await adminRequest(t, 'POST', '/api/admin/messenger/messages', {
        body: { playerId, marketing: false, content: { title, body: `${title}: the body` } },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }

    const response = await p.get('/api/player/profile/export', { token: player.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="croupier-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = exportOf(response.body);
    expect(data.profile.id).toBe(player.id);
    expect(data.profile.email).toBe(player.email);
    expect(data.accounts).toHaveLength(1);
    expect(data.accounts[0]?.currency).toBe('USD');
    expect(data.sessions.map((s) => s.sessionId)).toContain(player.sessionId);
    expect(data.sessions.every((s) => s.playerId === player.id)).toBe(true);
    expect(data.rounds).toHaveLength(1);
    expect(data.roundsSummary).toEqual([{ currency: 'USD', rounds: 1, staked: 1, won: data.rounds[0]?.payout }]);
    // The documents' metadata, newest first, with the operator's reason; never their bytes.
    expect(data.documents).toEqual([
      expect.objectContaining({ id: bill, fileName: 'bill.pdf', type: 'address', status: 2, rejectReason: null }),
      expect.objectContaining({ id: statement, status: 3, rejectReason: 'The address is cut off.' }),
    ]);
    expect(Object.keys(data.documents[0] ?? {}).sort()).toEqual(
      ['createdAt', 'fileName', 'id', 'rejectReason', 'status', 'type'].sort(),
    );
    expect(response.body).not.toContain('bank statement');
    // The limits with what the week has lost (the round before the limit counts).
    expect(data.limits).toEqual([
      expect.objectContaining({ definition: 2, period: 'weekly', amount: 25, currency: 'USD', status: 1 }),
    ]);
    // The messenger's messages, newest first: the operator's, and the rejected document's system message.
    expect(data.messages.map((m) => m.content.title)[0]).toBe('Your weekly news');
    expect(data.messages).toHaveLength(2);
    expect(data.messages.every((m) => m.playerId === undefined || m.playerId === player.id)).toBe(true);
    expect(response.body).not.toContain('Their private note');
    expect(data.limits[0]?.currentAmount).toBe(Math.max(0, 1 - (data.rounds[0]?.payout ?? 0)));
    expect(data.truncated).toEqual([]);
    // Nothing of the other player's: no id, e-mail, session, round or document of theirs anywhere.
    const othersLimitId = othersLimit.json<{ data: { id: string } }>().data.id;
    for (const needle of [other.player.id, other.player.email, other.player.sessionId, othersDocument, othersLimitId]) {
      expect(response.body).not.toContain(needle);
    }

    expect((await p.get('/api/player/profile/export')).statusCode).toBe(401);
  });
});

describe('POST /api/player/profile/closure', () => {
  it('refuses a wrong password with a 422 and changes nothing', async () => {
    const player = await p.registerByEmail();
    const response = await p.post(
      '/api/player/profile/closure',
      { password: 'not the password', reason: 'other' },
      { token: player.token },
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).fields?.password).toEqual(['The password is wrong.']);
    expect((await p.get('/api/player/profile', { token: player.token })).statusCode).toBe(200);
    const bad = await p.post(
      '/api/player/profile/closure',
      { password: PASSWORD, reason: 'bored' },
      { token: player.token },
    );
    expect(bad.statusCode).toBe(422);
  });

  it('closes the account: every session and game session ends, sign-in is refused, the operator lists it', async () => {
    const { player, session, accountId } = await f.playerWithSession('dice', 12_345n);
    const other = await p.signIn(player.email, PASSWORD);
    const closing = await p.post(
      '/api/player/profile/closure',
      { password: PASSWORD, reason: 'gambling', comment: '  I play too much.  ' },
      { token: player.token },
    );
    expect(closing.statusCode, closing.body).toBe(200);
    const closure = accountClosureSchema.parse(closing.json<{ data: unknown }>().data);
    expect(closure).toMatchObject({ playerId: player.id, reason: 'gambling', comment: 'I play too much.' });
    expect(closure.balances).toEqual([{ currency: 'USD', realBalance: 123.45, lockedBalance: 0, bonusBalance: 0 }]);

    // Both sign-in sessions are closed at once, in the database too.
    const open = await t.db
      .selectFrom('player_sessions')
      .select('id')
      .where('player_id', '=', player.id)
      .where('closed_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    expect((await p.get('/api/player/profile', { token: player.token })).statusCode).toBe(401);
    expect((await p.get('/api/player/profile', { token: other.accessToken })).statusCode).toBe(401);
    expect((await p.post('/api/player/sessions/refresh', undefined, { token: other.accessToken })).statusCode).toBe(
      401,
    );
    // The game launched from the closed session takes no more bets.
    expect((await playDice(session)).statusCode).toBe(401);

    // Sign-in: the right password is told the account is closed; a wrong one learns nothing.
    const again = await p.post('/api/player/sessions', { login: player.email, password: PASSWORD });
    expect(again.statusCode, again.body).toBe(403);
    expect(errorOf(again).code).toBe(11007);
    expect((await p.post('/api/player/sessions', { login: player.email, password: 'wrong password' })).statusCode).toBe(
      401,
    );

    // The operator sees the request with the balance to pay out.
    expect((await adminRequest(t, 'GET', '/api/admin/account-closures', { key: null })).statusCode).toBe(401);
    const listed = await adminRequest(t, 'GET', '/api/admin/account-closures?perPage=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const page = pagedEnvelope(adminAccountClosureSchema).parse(listed.json());
    expect(page.data.find((c) => c.playerId === player.id)).toMatchObject({
      id: closure.id,
      email: player.email,
      reason: 'gambling',
      balances: closure.balances,
    });
    // The money stays in the account until the operator pays it out.
    expect((await balancesOf(t.db, accountId)).real).toBe(12_345n);
  });

  it('opens no session by any other way in, and a second closure of a closed account is refused', async () => {
    const player = await p.registerByEmail();
    const closing = await p.post(
      '/api/player/profile/closure',
      { password: PASSWORD, reason: 'other' },
      { token: player.token },
    );
    expect(closing.statusCode, closing.body).toBe(200);
    const twice = await p.post(
      '/api/player/profile/closure',
      { password: PASSWORD, reason: 'other' },
      { token: player.token },
    );
    expect(twice.statusCode).toBe(401);
    // An autologin link (support, CRM e-mails) signs nobody in.
    await createCodesRepository(t.db).insertAutologinToken({
      playerId: player.id,
      tokenHash: sha256Hex('closed-account-link'),
      ttlSeconds: 3600,
      issuedBy: 'test',
    });
    const link = await p.post('/api/player/sessions/token', { token: 'closed-account-link' });
    expect(link.statusCode, link.body).toBe(403);
    expect(errorOf(link).code).toBe(11007);
    // Registering again with the address signs nobody in (the address is taken).
    const register = await p.post('/api/player/register', {
      email: player.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: 1,
    });
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json<{ data: { mailed?: boolean } }>().data.mailed).toBe(true);
  });
});
