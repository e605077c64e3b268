import { randomUUID } from 'node:crypto';
import { limitSchema, profileSchema, type Limit } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXCLUSIONS_JOB } from '../src/modules/limits';
import { verificationDigestHeaders } from '../src/modules/verification';
import { ADMIN_KEY, fixtures, setPlayerStatus, useGameProvider, useTestServer } from './fixtures';
import { dataOf, paymentsClient, WEBHOOK_SECRET, type Payer } from './payments-helpers';
import { errorOf, PASSWORD } from './players';

/**
 * Cooling-off and self-exclusion (docs/player-protection.md, "Cooling-off and
 * self-exclusion"), with a clock the tests move: they take effect at once and end every
 * session, refuse deposits, launches and bets but let the player sign in and withdraw,
 * stop marketing, cannot be removed or shortened, end by the recurring job (a
 * self-exclusion only 24 hours after the player asked to return), and keep the person
 * from registering again.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const advance = (ms: number) => {
  offsetMs += ms;
};

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-test-secret';
const GAME = 'aurora-wilds';
const VERIFICATION_SECRET = 'test-exclusions-verification-secret';

const t = useTestServer(
  {
    ADMIN_API_KEY: ADMIN_KEY,
    PAYMENTS_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENTS_SANDBOX_ASYNC_DELAY_MS: '20',
    PAYMENTS_SANDBOX_PAYOUT_DELAY_MS: '20',
    VERIFICATION_SANDBOX_WEBHOOK_SECRET: VERIFICATION_SECRET,
    RATE_LIMIT_PER_MINUTE: '100000',
  },
  { app: { now } },
);
const provider = useGameProvider(t, PROVIDER, SECRET, { app: { now } });
const f = fixtures(t);
const { p, dice } = f;
const c = paymentsClient(t);

const limitsOf = async (token: string): Promise<Limit[]> =>
  dataOf(await p.get('/api/player/limits', { token }), z.array(limitSchema));

async function exclude(token: string, definition: 4 | 5, period: string): Promise<Limit> {
  const response = await p.post('/api/player/limits', { definition, period }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(response, limitSchema);
}

const launch = (token: string, demoMode = false) => p.post('/api/game/games/dice/play', { demoMode }, { token });

async function providerBet(token: string, amountMinor: number) {
  return provider.call('bet', {
    token,
    transactionId: `bet-${randomUUID()}`,
    roundId: `r-${randomUUID()}`,
    amount: amountMinor,
    currency: 'USD',
  });
}

/** One run of the recurring job, due now (the runner does not poll in tests). */
async function runExclusionsJob(): Promise<void> {
  await t.app.jobs.enqueue(t.db, { kind: EXCLUSIONS_JOB, key: `test:${randomUUID()}`, runAt: new Date() });
  while ((await t.app.jobs.runDue()) > 0) {
    // Until nothing due is left (the run enqueues the next minute's, not due yet).
  }
}

const statusOf = async (playerId: string) =>
  (await t.db.selectFrom('players').select('status').where('id', '=', playerId).executeTakeFirstOrThrow()).status;

async function signIn(player: Payer): Promise<Payer> {
  const auth = await p.signIn(player.email, PASSWORD);
  return { ...player, token: auth.accessToken, sessionId: auth.sessionId, auth };
}

const card = (amount: number) => ({
  method: 'sandbox.card_payout',
  amount,
  fields: { wallet_id: '4111111111111111' },
});

describe('cooling-off', () => {
  it('takes effect at once: sessions end, no deposit, launch or bet; sign-in and withdrawals still work', async () => {
    const payer = await c.payer({ fund: 200, fields: { receiveEmailPromo: true } });
    const { token: gameToken } = (await launch(payer.token)).json<{ data: { token: string } }>().data;

    const limit = await exclude(payer.token, 5, '1d');
    expect(limit).toMatchObject({
      definition: 5,
      status: 1,
      period: '1d',
      amount: null,
      currency: null,
      returnAt: null,
      periodEndsAt: null,
      cancelProcess: false,
      pendingExist: false,
    });
    expect(Date.parse(limit.expiredAt ?? '') - now().getTime()).toBeGreaterThan(DAY_MS - 60_000);
    expect(await statusOf(payer.id)).toBe(4);

    // Every session ended: the old token is refused, and so is the game it launched.
    expect((await p.get('/api/player/limits', { token: payer.token })).statusCode).toBe(401);
    expect((await dice(gameToken, 1)).statusCode).toBe(401);

    // The player signs in again (to withdraw) and sees the break.
    const back = await signIn(payer);
    expect(await limitsOf(back.token)).toEqual([limit]);
    const withdrawal = await c.withdraw(back, card(50));
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);

    const deposit = await c.deposit(back, { method: 'sandbox.card', amount: 30 });
    expect(deposit.statusCode, deposit.body).toBe(400);
    expect(errorOf(deposit).code).toBe(13202);

    const refused = await launch(back.token);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe(14105);
    // Demo play stays open.
    expect((await launch(back.token, true)).statusCode).toBe(200);
  });

  it('cannot be removed or shortened; a longer period extends it; a second one is refused', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const limit = await exclude(player.token, 5, '1w');
    const back = await p.signIn(player.email, PASSWORD);
    const token = back.accessToken;

    const removed = await p.delete(`/api/player/limits/${limit.id}`, { token });
    expect(removed.statusCode).toBe(422);
    expect(errorOf(removed).message).toMatch(/cannot be removed or shortened/);
    const shorter = await p.put(`/api/player/limits/${limit.id}`, { period: '3d' }, { token });
    expect(shorter.statusCode).toBe(422);
    expect(errorOf(shorter).fields).toHaveProperty('period');
    const same = await p.put(`/api/player/limits/${limit.id}`, { period: '1w' }, { token });
    expect(same.statusCode).toBe(422);
    const unknown = await p.put(`/api/player/limits/${limit.id}`, { period: '6m' }, { token });
    expect(unknown.statusCode).toBe(422);

    const second = await p.post('/api/player/limits', { definition: 5, period: '2w' }, { token });
    expect(second.statusCode).toBe(422);
    expect(errorOf(second).fields?.['period']?.[0]).toMatch(/longer period/);

    const longer = dataOf(await p.put(`/api/player/limits/${limit.id}`, { period: '6w' }, { token }), limitSchema);
    expect(longer.period).toBe('6w');
    expect(Date.parse(longer.expiredAt ?? '')).toBe(Date.parse(limit.startedAt ?? '') + 42 * DAY_MS);
    expect(await limitsOf(token)).toHaveLength(1);

    // A missing or unknown period is a 422 on `period`.
    const other = await p.registerByEmail({ currency: 'USD' });
    for (const body of [{ definition: 5 }, { definition: 5, period: '1y' }, { definition: 4, period: '2w' }]) {
      const response = await p.post('/api/player/limits', body, { token: other.token });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).fields).toHaveProperty('period');
    }
    expect(await statusOf(other.id)).toBe(1);
  });

  it('ends by the job after its period: status back to active, play again', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    await exclude(player.token, 5, '1d');
    const back = await p.signIn(player.email, PASSWORD);

    advance(DAY_MS - 60_000);
    await runExclusionsJob();
    expect(await statusOf(player.id)).toBe(4);
    expect(await limitsOf(back.accessToken)).toHaveLength(1);

    advance(60_000);
    // Two processes run it at once (each its own occurrence): each row ends once.
    await Promise.all(
      [t.app.jobs, provider.app.jobs].map(async (jobs) => {
        await jobs.enqueue(t.db, { kind: EXCLUSIONS_JOB, key: `test:${randomUUID()}`, runAt: new Date() });
        await jobs.runDue();
      }),
    );
    await runExclusionsJob();
    expect(await statusOf(player.id)).toBe(1);
    expect(await limitsOf(back.accessToken)).toEqual([]);
    const row = await t.db
      .selectFrom('player_limits')
      .select(['ended_at', 'ends_at'])
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.ended_at).toEqual(row.ends_at);
    expect((await launch(back.accessToken)).statusCode).toBe(200);
  });

  it("gives back the status the player had before (an operator's limited deposits stay)", async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    await t.db.updateTable('players').set({ status: 2 }).where('id', '=', player.id).execute();
    await exclude(player.token, 5, '1d');
    expect(await statusOf(player.id)).toBe(4);
    advance(DAY_MS + 60_000);
    await runExclusionsJob();
    expect(await statusOf(player.id)).toBe(2);
  });

  it('stops marketing: the consents are withdrawn and cannot be given again while excluded', async () => {
    const player = await p.registerByEmail({ currency: 'USD', receiveEmailPromo: true });
    const profile = async (token: string) => dataOf(await p.get('/api/player/profile', { token }), profileSchema);
    expect((await profile(player.token)).receiveEmailPromo).toBe(true);
    await exclude(player.token, 5, '3d');
    const back = await p.signIn(player.email, PASSWORD);
    expect(await profile(back.accessToken)).toMatchObject({ receiveEmailPromo: false, receiveSmsPromo: false });
    const optIn = await p.put('/api/player/profile', { receiveEmailPromo: true }, { token: back.accessToken });
    expect(optIn.statusCode, optIn.body).toBe(200);
    expect((await profile(back.accessToken)).receiveEmailPromo).toBe(false);

    // Once it ended, the player may opt in again.
    advance(3 * DAY_MS);
    await runExclusionsJob();
    await p.put('/api/player/profile', { receiveEmailPromo: true }, { token: back.accessToken });
    expect((await profile(back.accessToken)).receiveEmailPromo).toBe(true);
  });
});

describe('bets of an excluded player', () => {
  it('an in-house round answers 14105, a provider bet USER_DISABLED', async () => {
    // The status is what the bet path reads; an open game session (the instant before its
    // sign-in session ends) is the only way a bet can still arrive.
    const dicePlayer = await f.playerWithSession('dice', 50_00n);
    const providerPlayer = await f.playerWithSession(GAME, 50_00n);
    expect((await dice(dicePlayer.session, 1)).statusCode).toBe(200);
    expect(await providerBet(providerPlayer.session, 1_00)).toMatchObject({ status: 'OK' });
    await setPlayerStatus(t, dicePlayer.player.id, 4);
    await setPlayerStatus(t, providerPlayer.player.id, 4);
    const refused = await dice(dicePlayer.session, 1);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe(14105);
    expect(await providerBet(providerPlayer.session, 1_00)).toMatchObject({ status: 'USER_DISABLED' });

    // After a real cooling-off the game sessions ended with the sign-in sessions.
    await setPlayerStatus(t, providerPlayer.player.id, 1);
    await exclude(providerPlayer.player.token, 5, '1d');
    expect(await providerBet(providerPlayer.session, 1_00)).toMatchObject({ status: 'TOKEN_EXPIRED' });
  });
});

describe('self-exclusion', () => {
  it('blocks registering again with the same e-mail (however written) and phone', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const phone = p.phone();
    await t.db.updateTable('players').set({ phone }).where('id', '=', player.id).execute();
    const limit = await exclude(player.token, 4, '1y');
    expect(limit).toMatchObject({ definition: 4, period: '1y' });
    expect(await statusOf(player.id)).toBe(4);

    const register = await t.db
      .selectFrom('self_exclusions')
      .selectAll()
      .where('limit_id', '=', limit.id)
      .executeTakeFirstOrThrow();
    expect(register).toMatchObject({ player_id: player.id, phone, email_normalized: player.email.toLowerCase() });
    expect(register.ends_at?.toISOString()).toBe(limit.expiredAt);

    const [local, domain] = player.email.split('@');
    const again = await p.post('/api/player/register', {
      email: `${(local ?? '').toUpperCase()}+again@${domain ?? ''}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: 1,
      currency: 'USD',
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).fields?.['email']?.[0]).toMatch(/Registration is not possible/);

    // The account's number changed later: the register still holds it.
    await t.db.updateTable('players').set({ phone: null }).where('id', '=', player.id).execute();
    const code = await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    expect(code.statusCode).toBe(422);
    expect(errorOf(code).fields?.['phone']?.[0]).toMatch(/Registration is not possible/);
  });

  it('no return before its end; after it, play resumes 24 hours after the request only', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const limit = await exclude(player.token, 4, '6m');
    const token = (await p.signIn(player.email, PASSWORD)).accessToken;
    const end = Date.parse(limit.expiredAt ?? '');
    expect(end - Date.parse(limit.startedAt ?? '')).toBeGreaterThanOrEqual(181 * DAY_MS);

    expect((await p.delete(`/api/player/limits/${limit.id}`, { token })).statusCode).toBe(422);
    expect((await p.put(`/api/player/limits/${limit.id}`, { period: '6m' }, { token })).statusCode).toBe(422);
    const early = await p.post(`/api/player/limits/${limit.id}/return`, undefined, { token });
    expect(early.statusCode).toBe(422);
    const coolingOff = await p.post('/api/player/limits', { definition: 5, period: '1d' }, { token });
    expect(coolingOff.statusCode).toBe(422);

    // Past its end it does not end by itself.
    advance(end - now().getTime() + 1000);
    await runExclusionsJob();
    expect(await statusOf(player.id)).toBe(4);
    expect(errorOf(await launch(token)).code).toBe(14105);

    const before = now().getTime();
    const asked = dataOf(await p.post(`/api/player/limits/${limit.id}/return`, undefined, { token }), limitSchema);
    const returnAt = Date.parse(asked.returnAt ?? '');
    expect(returnAt).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(returnAt).toBeLessThanOrEqual(now().getTime() + DAY_MS);
    // Asking again keeps the first wait.
    advance(HOUR_MS);
    const twice = dataOf(await p.post(`/api/player/limits/${limit.id}/return`, undefined, { token }), limitSchema);
    expect(twice.returnAt).toBe(asked.returnAt);

    advance(DAY_MS - 2 * HOUR_MS);
    await runExclusionsJob();
    expect(await statusOf(player.id)).toBe(4);
    expect(errorOf(await launch(token)).code).toBe(14105);

    advance(HOUR_MS);
    await runExclusionsJob();
    expect(await statusOf(player.id)).toBe(1);
    expect(await limitsOf(token)).toEqual([]);
    expect((await launch(token)).statusCode).toBe(200);
  });

  it('a permanent one never ends; a self-exclusion may follow a running cooling-off', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    await exclude(player.token, 5, '1d');
    const token = (await p.signIn(player.email, PASSWORD)).accessToken;
    const permanent = await exclude(token, 4, 'permanent');
    expect(permanent).toMatchObject({ definition: 4, period: 'permanent', expiredAt: null });
    const token2 = (await p.signIn(player.email, PASSWORD)).accessToken;
    // The break gave way to the longer exclusion.
    expect((await limitsOf(token2)).map((l) => l.definition)).toEqual([4]);
    const back = await p.post(`/api/player/limits/${permanent.id}/return`, undefined, { token: token2 });
    expect(back.statusCode).toBe(422);
    expect((await p.put(`/api/player/limits/${permanent.id}`, { period: '5y' }, { token: token2 })).statusCode).toBe(
      422,
    );
    const register = await t.db
      .selectFrom('self_exclusions')
      .select('ends_at')
      .where('limit_id', '=', permanent.id)
      .executeTakeFirstOrThrow();
    expect(register.ends_at).toBeNull();
  });

  it('a verified identity matching a running self-exclusion excludes the new account too', async () => {
    const identity = { first_name: 'Zoë', last_name: "O'Neil", birthdate: '1990-04-01' };
    const verify = async (player: { id: string; token: string }) => {
      const started = await p.post('/api/player/services/sumsub/auth', undefined, { token: player.token });
      expect(started.statusCode, started.body).toBe(200);
      const body = JSON.stringify({
        type: 'applicantReviewed',
        externalUserId: player.id,
        correlationId: randomUUID(),
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
        createdAtMs: String(Date.now()),
      });
      const response = await t.app.server.inject({
        method: 'POST',
        url: '/api/verification/webhooks/sandbox',
        headers: { 'content-type': 'application/json', ...verificationDigestHeaders(VERIFICATION_SECRET, body) },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    const first = await p.registerByEmail({ currency: 'USD' });
    await t.db.updateTable('players').set(identity).where('id', '=', first.id).execute();
    await verify(first);
    const limit = await exclude(first.token, 4, '3y');

    const second = await p.registerByEmail({ currency: 'USD' });
    await t.db
      .updateTable('players')
      .set({ first_name: 'ZOE', last_name: 'oneil', birthdate: '1990-04-01' })
      .where('id', '=', second.id)
      .execute();
    expect((await p.get('/api/player/limits', { token: second.token })).statusCode).toBe(200);
    await verify(second);
    expect(await statusOf(second.id)).toBe(4);
    // Its sessions ended; signed in again, it sees the same exclusion's end.
    expect((await p.get('/api/player/limits', { token: second.token })).statusCode).toBe(401);
    const token = (await p.signIn(second.email, PASSWORD)).accessToken;
    const [copied] = await limitsOf(token);
    expect(copied).toMatchObject({ definition: 4, period: '3y', expiredAt: limit.expiredAt });

    const identityOf = async (playerId: string) =>
      (
        await t.db
          .selectFrom('self_exclusions')
          .select('identity_hash')
          .where('player_id', '=', playerId)
          .executeTakeFirstOrThrow()
      ).identity_hash;
    expect(await identityOf(first.id)).toMatch(/^[0-9a-f]{64}$/);
    expect(await identityOf(second.id)).toBe(await identityOf(first.id));

    // Verified only after the exclusion: the approval writes the identity into the register.
    const later = await p.registerByEmail({ currency: 'USD' });
    await t.db
      .updateTable('players')
      .set({ first_name: 'Ana', last_name: 'Lima', birthdate: '1985-12-24' })
      .where('id', '=', later.id)
      .execute();
    await exclude(later.token, 4, '6m');
    expect(await identityOf(later.id)).toBeNull();
    const laterToken = (await p.signIn(later.email, PASSWORD)).accessToken;
    await verify({ id: later.id, token: laterToken });
    expect(await identityOf(later.id)).toMatch(/^[0-9a-f]{64}$/);

    // Someone else verified with another identity is not touched.
    const third = await p.registerByEmail({ currency: 'USD' });
    await t.db
      .updateTable('players')
      .set({ ...identity, birthdate: '1990-04-02' })
      .where('id', '=', third.id)
      .execute();
    await verify(third);
    expect(await statusOf(third.id)).toBe(1);
  });
});
