import {
  adminBonusSchema,
  bonusCodeSchema,
  bonusStatusSchema,
  originalsPlayResponseSchema,
  originalsSessionResponseSchema,
  paginationMetaSchema,
  playerBonusSchema,
  playerFreespinDetailSchema,
  spinSchema,
  type OriginalsFreespinAfter,
  type OriginalsRound,
  type PlayerFreespinDetail,
} from '@croupier/contract';
import { FairRng, payoutMinor, playSlotRound } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FRUIT_FREESPINS_BONUS_ID } from '../src/seed/bonuses';
import { ADMIN_KEY, adminRequest, fixtures, useTestServer } from './fixtures';
import { recordPublications } from './payments-helpers';
import { errorOf } from './players';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * Free spins (docs/bonuses.md, "Free spins"): a free-spins bonus gives a grant of spins on
 * the in-house slot, listed, activated and cancelled by its owner; a spin is a slot round
 * that moves no money and counts down the grant; the last spin (or the grant's expiry)
 * turns the winnings into a bonus to wager, exactly once. Given by the operator's API and
 * by the seeded code FRUIT20. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL), where
 * concurrent spins really race.
 */

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '1000000' });
const f = fixtures(t);
const { p } = f;

const SLOT = 'fruit-fiesta';
const BET_MINOR = 20n;

async function createFreespinsBonus(body: Record<string, unknown> = {}) {
  const response = await adminRequest(t, 'POST', '/api/admin/bonuses', {
    body: {
      name: 'Three free spins',
      type: 3,
      trigger: 'manual',
      freespins: { gameId: SLOT, count: 3, betValues: [{ currency: 'USD', amount: 0.2 }] },
      wagerCasino: 35,
      perPlayerLimit: null,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return z.object({ data: adminBonusSchema }).parse(response.json()).data;
}

async function give(player: { id: string }, bonusId: string, currency = 'USD'): Promise<PlayerFreespinDetail> {
  const response = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
    body: { bonusId, currency },
  });
  expect(response.statusCode, response.body).toBe(201);
  return z.object({ data: playerFreespinDetailSchema }).parse(response.json()).data;
}

const act = (player: { token: string }, id: string, action: 'activate' | 'cancel') =>
  p.put(`/api/game/player-freespins/${id}/${action}`, undefined, { token: player.token });

async function activate(player: { token: string }, id: string): Promise<PlayerFreespinDetail> {
  const response = await act(player, id, 'activate');
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: playerFreespinDetailSchema }).parse(response.json()).data;
}

async function listed(player: { token: string }, query = '') {
  const response = await p.get(`/api/game/player-freespins${query}`, { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: z.array(playerFreespinDetailSchema), meta: paginationMetaSchema }).parse(response.json());
}

async function playerBonuses(player: { token: string }) {
  const response = await p.get('/api/game/player-bonuses', { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: z.array(playerBonusSchema) }).parse(response.json()).data;
}

async function session(headers: Record<string, string>) {
  const response = await p.get('/api/game/originals/session', { headers });
  expect(response.statusCode, response.body).toBe(200);
  return originalsSessionResponseSchema.parse(response.json()).data;
}

const spin = (headers: Record<string, string>, freespinId: string) =>
  p.post('/api/game/originals/slot/rounds', { freespinId }, { headers });

async function spinOk(
  headers: Record<string, string>,
  freespinId: string,
): Promise<{ round: OriginalsRound; balance: number; freespin: OriginalsFreespinAfter }> {
  const response = await spin(headers, freespinId);
  expect(response.statusCode, response.body).toBe(200);
  const data = originalsPlayResponseSchema.parse(response.json()).data;
  if (!data.freespin) throw new Error('a free spin answers its grant');
  return { ...data, freespin: data.freespin };
}

/**
 * Sets a client seed whose next `count` slot rounds (from the pair's nonce) win something in
 * all (`win`) or nothing at all, found offline with the pair's server seed (read from the
 * database, as the originals tests do); answers each round's payout at `BET_MINOR`.
 */
async function plannedSpins(headers: Record<string, string>, count: number, win: boolean): Promise<bigint[]> {
  const set = await p.put('/api/game/originals/seeds/client-seed', { clientSeed: 'probe' }, { headers });
  expect(set.statusCode, set.body).toBe(200);
  const { id, nonce } = set.json<{ data: { active: { id: string; nonce: number } } }>().data.active;
  const { server_seed: serverSeed } = await t.db
    .selectFrom('game_seed_pairs')
    .select('server_seed')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 5_000; i += 1) {
    const clientSeed = `fs-${win ? 'win' : 'none'}-${i}`;
    const payouts: bigint[] = [];
    let next = nonce;
    for (let n = 0; n < count; n += 1) {
      const round = playSlotRound((k) => new FairRng(serverSeed, clientSeed, k), next);
      payouts.push(payoutMinor(BET_MINOR, round.multiplierBp));
      next += round.noncesUsed;
    }
    const total = payouts.reduce((a, b) => a + b, 0n);
    if (win ? total > 0n : total === 0n) {
      const chosen = await p.put('/api/game/originals/seeds/client-seed', { clientSeed }, { headers });
      expect(chosen.statusCode, chosen.body).toBe(200);
      return payouts;
    }
  }
  throw new Error('no client seed found');
}

const major = (minor: bigint) => Number(minor) / 100;

describe('giving, listing, activating and cancelling free spins', () => {
  it('a free-spins bonus gives free spins (not a player bonus), which only their owner lists, activates and cancels', async () => {
    const bonus = await createFreespinsBonus();
    const unknownGame = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        name: 'Nowhere',
        type: 3,
        trigger: 'manual',
        freespins: { gameId: 'no-such-game', count: 3, betValues: [{ currency: 'USD', amount: 0.2 }] },
      },
    });
    expect(unknownGame.statusCode).toBe(422);
    expect(errorOf(unknownGame).fields).toHaveProperty(['freespins.gameId']);

    const { player, headers } = await f.playerWithSession(SLOT, 1_000n);
    const stranger = await p.registerByEmail({ currency: 'USD' });
    const published = recordPublications(t);
    try {
      const given = await give(player, bonus.id);
      expect(given).toMatchObject({
        name: 'Three free spins',
        status: 1,
        result: 1,
        count: 3,
        usedCount: 0,
        progress: 0,
        gameId: SLOT,
        providerId: 'croupier',
        currency: 'USD',
        betAmount: 0.2,
        wonAmount: 0,
        winningsBonusId: null,
        expiredAt: null,
      });
      expect(given.activationExpiredAt).not.toBeNull();
      // No player bonus of 0: a grant holds no money.
      expect(await playerBonuses(player)).toEqual([]);
      const statuses = await p.get(`/api/game/bonuses/status?bonusIds[]=${bonus.id}&currency=USD`, {
        token: player.token,
      });
      expect(z.object({ data: z.array(bonusStatusSchema) }).parse(statuses.json()).data).toEqual([
        { id: bonus.id, issueStatus: 1 },
      ]);

      const list = await listed(player);
      expect(list.data.map((g) => g.id)).toEqual([given.id]);
      expect(list.meta.totalRows).toBe(1);
      expect((await listed(player, '?status[]=2')).data).toEqual([]);
      expect((await listed(player, '?currency[]=EUR')).data).toEqual([]);
      expect((await listed(stranger)).data).toEqual([]);
      expect((await p.get('/api/game/player-freespins')).statusCode).toBe(401);

      // Issued spins are not offered in the game yet.
      expect((await session(headers)).freespins).toEqual([]);
      for (const action of ['activate', 'cancel'] as const) {
        expect((await act(stranger, given.id, action)).statusCode).toBe(404);
        expect((await act(player, 'not-an-id', action)).statusCode).toBe(404);
      }

      const active = await activate(player, given.id);
      expect(active).toMatchObject({ status: 2, result: 1 });
      // Default terms: 30 days to play them.
      const days = (Date.parse(active.expiredAt ?? '') - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      expect((await activate(player, given.id)).status).toBe(2);
      expect((await session(headers)).freespins).toEqual([
        {
          id: given.id,
          name: 'Three free spins',
          count: 3,
          usedCount: 0,
          remaining: 3,
          betAmount: 0.2,
          won: 0,
          expiresAt: active.expiredAt,
        },
      ]);

      // Several grants may be active at once.
      const second = await give(player, bonus.id);
      await activate(player, second.id);
      expect((await session(headers)).freespins.map((g) => g.id)).toEqual([given.id, second.id]);
      const cancelled = await act(player, second.id, 'cancel');
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(z.object({ data: playerFreespinDetailSchema }).parse(cancelled.json()).data).toMatchObject({
        status: 3,
        result: 3,
      });
      const again = await act(player, second.id, 'cancel');
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).code).toBe(15001);
      expect((await act(player, second.id, 'activate')).statusCode).toBe(409);
      expect((await session(headers)).freespins.map((g) => g.id)).toEqual([given.id]);

      const events = published.seen
        .filter((s) => s.channel === `bonus:player-freespins#${player.id}`)
        .map((s) => {
          const grant = s.data.playerFreespin as { id: string; status: number; result: number };
          return [s.data.event, grant.id === given.id ? 'first' : 'second', grant.status, grant.result];
        });
      expect(events).toEqual([
        ['player.freespin.created', 'first', 1, 1],
        ['player.freespin.updated', 'first', 2, 1],
        ['player.freespin.created', 'second', 1, 1],
        ['player.freespin.updated', 'second', 2, 1],
        ['player.freespin.updated', 'second', 3, 3],
      ]);
    } finally {
      published.stop();
    }
  });

  it('the seeded code FRUIT20 gives 20 spins of 0.20 on Fruit Fiesta in the player’s currency, once', async () => {
    for (const currency of ['USD', 'EUR']) {
      const player = await p.registerByEmail({ currency });
      const entered = await p.post(
        '/api/game/bonuses/bonuscodes',
        { bonusCode: 'fruit20', trigger: 1 },
        { token: player.token },
      );
      expect(entered.statusCode, entered.body).toBe(200);
      expect(z.object({ data: bonusCodeSchema }).parse(entered.json()).data).toMatchObject({ status: 2, result: 2 });
      const [grant] = (await listed(player)).data;
      expect(grant).toMatchObject({
        name: '20 free spins on Fruit Fiesta',
        status: 1,
        count: 20,
        gameId: SLOT,
        currency,
        betAmount: 0.2,
      });
      const entry = await t.db
        .selectFrom('player_bonus_codes')
        .select(['player_freespin_id', 'player_bonus_id'])
        .where('player_id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ player_freespin_id: grant?.id, player_bonus_id: null });
      const twice = await p.post(
        '/api/game/bonuses/bonuscodes',
        { bonusCode: 'FRUIT20', trigger: 1 },
        { token: player.token },
      );
      expect(z.object({ data: bonusCodeSchema }).parse(twice.json()).data.status).toBe(4);
      expect((await listed(player)).data).toHaveLength(1);
    }
    const admin = await adminRequest(t, 'GET', `/api/admin/bonuses/${FRUIT_FREESPINS_BONUS_ID}`);
    expect(z.object({ data: adminBonusSchema }).parse(admin.json()).data).toMatchObject({
      type: 3,
      wagerCasino: 35,
      assignConditions: { gameId: SLOT },
    });
  });
});

describe('playing free spins on the slot', () => {
  it('spins move no money and count down; the last turns the winnings into an active bonus, once', async () => {
    const bonus = await createFreespinsBonus({ maxWinMultiplier: 10 });
    const { player, headers, accountId } = await f.playerWithSession(SLOT, 1_000n);
    const grant = await give(player, bonus.id);
    await activate(player, grant.id);
    const payouts = await plannedSpins(headers, 3, true);
    const total = payouts.reduce((a, b) => a + b, 0n);
    const published = recordPublications(t);
    try {
      const rounds: OriginalsRound[] = [];
      for (const [index, expected] of payouts.entries()) {
        const answer = await spinOk(headers, grant.id);
        rounds.push(answer.round);
        expect(answer.round).toMatchObject({ game: 'slot', amount: 0.2, freespinId: grant.id, isDemo: false });
        expect(BigInt(Math.round(answer.round.payout * 100))).toBe(expected);
        // The cash balance is untouched; the frame's balance (real plus bonus money) gains the
        // winnings once the last spin turned them into an active bonus.
        // Compared in cents: 10 + 4.12 is 14.120000000000001 in floating point.
        expect(Math.round(answer.balance * 100)).toBe(index === 2 ? 1000 + Number(total) : 1000);
        const won = payouts.slice(0, index + 1).reduce((a, b) => a + b, 0n);
        expect(answer.freespin).toMatchObject({
          id: grant.id,
          usedCount: index + 1,
          remaining: 2 - index,
          won: major(won),
        });
        expect(answer.freespin.finished).toBe(index === 2);
      }
      const last = (await spin(headers, grant.id)).json<{ error: { code: number } }>();
      expect(last.error.code).toBe(15001);

      // Finished: played, with its winnings a bonus of theirs, activated (no other was active).
      const [finished] = (await listed(player)).data;
      const [winnings] = await playerBonuses(player);
      expect(finished).toMatchObject({ status: 3, result: 2, usedCount: 3, progress: 100, wonAmount: major(total) });
      expect(winnings).toMatchObject({
        id: finished?.winningsBonusId,
        name: 'Three free spins',
        bonusType: 1,
        status: 2,
        amount: major(total),
        wagerCasino: 35,
        requiredWagerCasinoAmount: major(total * 35n),
        maxWinAmount: major(total * 10n),
      });
      const balances = await balancesOf(t.db, accountId);
      expect(balances).toMatchObject({ real: 1_000n, bonus: total });
      // The rounds moved no money through the game wallet.
      const walletCalls = await t.db
        .selectFrom('game_wallet_transactions')
        .select('id')
        .where(
          'round_id',
          'in',
          rounds.map((r) => r.id),
        )
        .execute();
      expect(walletCalls).toEqual([]);
      // The only ledger transaction of the account since funding: the winnings bonus's grant.
      const kinds = await t.db
        .selectFrom('ledger_postings as p')
        .innerJoin('ledger_transactions as x', 'x.id', 'p.transaction_id')
        .select('x.kind')
        .where('p.account_id', '=', accountId)
        .orderBy('x.created_at')
        .execute();
      expect(kinds.map((k) => k.kind)).toEqual(['sandbox_funding', 'bonus.grant']);

      const freespinEvents = published.seen.filter((s) => s.channel === `bonus:player-freespins#${player.id}`);
      expect(freespinEvents.map((s) => [s.data.event, (s.data.playerFreespin as { status: number }).status])).toEqual([
        ['player.freespin.updated', 3],
      ]);
      const bonusEvents = published.seen.filter((s) => s.channel === `bonus:player-bonuses#${player.id}`);
      expect(bonusEvents.map((s) => s.data.event)).toEqual(['player.bonus.created', 'player.bonus.updated']);

      // History shows the spins as free spins; recall as any round, marked.
      const spins = await p.get('/api/game/spins?perPage=10', { token: player.token });
      const history = z.object({ data: z.array(spinSchema) }).parse(spins.json()).data;
      expect(history.map((s) => [s.id, s.isFreespin, s.amount])).toEqual(
        rounds.map((r) => [r.id, true, 0.2]).reverse(),
      );
      const recalled = await p.get(`/api/game/originals/rounds/${rounds[0]?.id ?? ''}`, { token: player.token });
      expect(recalled.json<{ data: OriginalsRound }>().data.freespinId).toBe(grant.id);
      expect((await session(headers)).freespins).toEqual([]);
      expect(await ledgerViolations(t.db)).toEqual([]);
    } finally {
      published.stop();
    }
  });

  it('spins that win nothing finish with no bonus; winnings wait issued while another bonus is active', async () => {
    const bonus = await createFreespinsBonus({
      freespins: { gameId: SLOT, count: 2, betValues: [{ currency: 'USD', amount: 0.2 }] },
    });
    const { player, headers } = await f.playerWithSession(SLOT, 1_000n);
    const nothing = await give(player, bonus.id);
    await activate(player, nothing.id);
    await plannedSpins(headers, 2, false);
    await spinOk(headers, nothing.id);
    const end = await spinOk(headers, nothing.id);
    expect(end.freespin).toMatchObject({ finished: true, result: 2, won: 0, winningsBonus: null });
    expect(await playerBonuses(player)).toEqual([]);

    const cash = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: { name: 'Cash', type: 1, trigger: 'manual', amounts: [{ currency: 'USD', amount: 5 }], wagerCasino: 10 },
    });
    const cashId = z.object({ data: adminBonusSchema }).parse(cash.json()).data.id;
    const issued = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
      body: { bonusId: cashId, currency: 'USD' },
    });
    const cashBonus = z.object({ data: playerBonusSchema }).parse(issued.json()).data;
    expect(
      (await p.put(`/api/game/player-bonuses/${cashBonus.id}/activate`, undefined, { token: player.token })).statusCode,
    ).toBe(200);

    const grant = await give(player, bonus.id);
    await activate(player, grant.id);
    const payouts = await plannedSpins(headers, 2, true);
    await spinOk(headers, grant.id);
    const last = await spinOk(headers, grant.id);
    const total = payouts.reduce((a, b) => a + b, 0n);
    expect(last.freespin.winningsBonus).toMatchObject({ amount: major(total), activated: false });
    const bonuses = await playerBonuses(player);
    expect(bonuses.map((b) => [b.name, b.status, b.amount])).toEqual(
      expect.arrayContaining([
        ['Cash', 2, 5],
        ['Three free spins', 1, major(total)],
      ]),
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses another game’s or player’s grant, an issued one, a demo session; a paid spin is unchanged', async () => {
    const onDice = await createFreespinsBonus({
      name: 'Dice spins',
      freespins: { gameId: 'dice', count: 3, betValues: [{ currency: 'USD', amount: 0.2 }] },
    });
    const onSlot = await createFreespinsBonus();
    const { player, headers, accountId } = await f.playerWithSession(SLOT, 1_000n);
    const other = await f.playerWithSession(SLOT, 0n);

    const dice = await give(player, onDice.id);
    await activate(player, dice.id);
    const elsewhere = await spin(headers, dice.id);
    expect(elsewhere.statusCode).toBe(422);
    expect(errorOf(elsewhere).fields).toHaveProperty('freespinId');
    expect((await session(headers)).freespins).toEqual([]);
    // Only the slot offers free spins, even to a grant of its own game.
    const diceSession = await f.launch('dice', { demoMode: false }, player.token);
    expect((await session({ 'x-game-session': diceSession.token })).freespins).toEqual([]);

    const theirs = await give(other.player, onSlot.id);
    await activate(other.player, theirs.id);
    expect((await spin(headers, theirs.id)).statusCode).toBe(422);
    expect((await spin(headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(422);
    expect((await spin(headers, 'nope')).statusCode).toBe(422);

    const issued = await give(player, onSlot.id);
    const notYet = await spin(headers, issued.id);
    expect(notYet.statusCode).toBe(409);
    expect(errorOf(notYet).code).toBe(15001);

    await activate(player, issued.id);
    const demo = await f.launch(SLOT, { demoMode: true }, player.token);
    const inDemo = await spin({ 'x-game-session': demo.token }, issued.id);
    expect(inDemo.statusCode).toBe(422);

    // Nothing was taken from the grants by the refusals.
    expect((await listed(player)).data.map((g) => [g.name, g.usedCount])).toEqual(
      expect.arrayContaining([
        ['Dice spins', 0],
        ['Three free spins', 0],
      ]),
    );
    // A paid spin still stakes money from the balance.
    const paid = await p.post('/api/game/originals/slot/rounds', { amount: 1 }, { headers });
    expect(paid.statusCode, paid.body).toBe(200);
    const round = originalsPlayResponseSchema.parse(paid.json()).data;
    expect(round.freespin).toBeUndefined();
    expect(round.round.freespinId).toBeNull();
    expect((await balancesOf(t.db, accountId)).real).toBe(900n + BigInt(Math.round(round.round.payout * 100)));
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('concurrent spins never take more than the grant has, and its winnings are given once', async () => {
    const bonus = await createFreespinsBonus({
      freespins: { gameId: SLOT, count: 5, betValues: [{ currency: 'USD', amount: 0.2 }] },
    });
    const { player, headers, accountId } = await f.playerWithSession(SLOT, 1_000n);
    const grant = await give(player, bonus.id);
    await activate(player, grant.id);
    const answers = await Promise.all(Array.from({ length: 12 }, () => spin(headers, grant.id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array<number>(5).fill(200), ...Array<number>(7).fill(409)]);
    const [finished] = (await listed(player)).data;
    expect(finished).toMatchObject({ usedCount: 5, status: 3, result: 2 });
    const won = answers
      .filter((a) => a.statusCode === 200)
      .reduce(
        (sum, a) => sum + BigInt(Math.round(originalsPlayResponseSchema.parse(a.json()).data.round.payout * 100)),
        0n,
      );
    expect(finished?.wonAmount).toBe(major(won));
    const winnings = await t.db
      .selectFrom('player_bonuses')
      .select('amount_minor')
      .where('source', '=', `freespins:${grant.id}`)
      .execute();
    expect(winnings).toEqual(won > 0n ? [{ amount_minor: won }] : []);
    expect((await balancesOf(t.db, accountId)).real).toBe(1_000n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('deadlines (durable jobs)', () => {
  it('issued spins expire when their time to activate passes', async () => {
    // 0.00002 days: 1.7 s.
    const bonus = await createFreespinsBonus({ name: 'Brief', activationDays: 0.00002 });
    const player = await p.registerByEmail({ currency: 'USD' });
    const grant = await give(player, bonus.id);
    await new Promise((resolve) => setTimeout(resolve, 1_900));
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect((await listed(player)).data[0]).toMatchObject({ id: grant.id, status: 3, result: 4 });
    expect((await act(player, grant.id, 'activate')).statusCode).toBe(409);
  });

  it('active spins expire with spins left: played no more, and what they won becomes a bonus', async () => {
    // 0.00005 days to play them once active: 4.3 s.
    const bonus = await createFreespinsBonus({ name: 'Hurry', wageringDays: 0.00005 });
    const { player, headers, accountId } = await f.playerWithSession(SLOT, 1_000n);
    const grant = await give(player, bonus.id);
    const payouts = await plannedSpins(headers, 1, true);
    await activate(player, grant.id);
    const first = await spinOk(headers, grant.id);
    expect(first.freespin.remaining).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 4_600));
    // Past the deadline the spins are refused even before the job has run.
    expect(errorOf(await spin(headers, grant.id)).code).toBe(15001);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [expired] = (await listed(player)).data;
    expect(expired).toMatchObject({ status: 3, result: 4, usedCount: 1 });
    const [winnings] = await playerBonuses(player);
    expect(winnings).toMatchObject({ id: expired?.winningsBonusId, amount: major(payouts[0] ?? 0n), status: 2 });
    expect((await balancesOf(t.db, accountId)).bonus).toBe(payouts[0]);
    // The job ran once: a second run finds nothing due.
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('free-spin wins in the winners feed', () => {
  /** Sets a client seed whose next slot round's payout at `BET_MINOR` passes `accept`; answers it. */
  async function nextSpinPaying(headers: Record<string, string>, accept: (payout: bigint) => boolean): Promise<bigint> {
    const set = await p.put('/api/game/originals/seeds/client-seed', { clientSeed: 'probe' }, { headers });
    expect(set.statusCode, set.body).toBe(200);
    const { id, nonce } = set.json<{ data: { active: { id: string; nonce: number } } }>().data.active;
    const { server_seed: serverSeed } = await t.db
      .selectFrom('game_seed_pairs')
      .select('server_seed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 5_000; i += 1) {
      const clientSeed = `feed-${i}`;
      const round = playSlotRound((k) => new FairRng(serverSeed, clientSeed, k), nonce);
      const payout = payoutMinor(BET_MINOR, round.multiplierBp);
      if (accept(payout)) {
        const chosen = await p.put('/api/game/originals/seeds/client-seed', { clientSeed }, { headers });
        expect(chosen.statusCode, chosen.body).toBe(200);
        return payout;
      }
    }
    throw new Error('no client seed found');
  }

  it('a free spin that paid anything is a winner, as a win without a bet; published after its commit', async () => {
    const bonus = await createFreespinsBonus({ name: 'Feed spins' });
    const { player, headers } = await f.playerWithSession(SLOT, 1_000n);
    const grant = await give(player, bonus.id);
    await activate(player, grant.id);
    const published = recordPublications(t);
    try {
      // Less than the grant's stake per spin, but no money was staked: a winner all the same.
      const small = await nextSpinPaying(headers, (payout) => payout > 0n && payout < BET_MINOR);
      const won = await spinOk(headers, grant.id);
      await nextSpinPaying(headers, (payout) => payout === 0n);
      const lost = await spinOk(headers, grant.id);
      expect(lost.round.payout).toBe(0);

      const rows = await t.db
        .selectFrom('game_wins')
        .select(['provider', 'round_id', 'game_id', 'currency', 'stake_minor', 'payout_minor'])
        .where('player_id', '=', player.id)
        .execute();
      expect(rows).toEqual([
        {
          provider: 'croupier',
          round_id: won.round.id,
          game_id: expect.any(String) as unknown,
          currency: 'USD',
          stake_minor: 0n,
          payout_minor: small,
        },
      ]);
      const gameId = rows[0]?.game_id;
      const expected = { gameId, amount: 0, payout: major(small), currency: 'USD' };

      // Published like any winner (at most once per channel every 3 s: an earlier winner may hold the window).
      const deadline = Date.now() + 4_000;
      const announced = () =>
        published.seen.find(
          (s) =>
            s.channel.startsWith('game:winners:') &&
            (s.data.winner as { gameId?: string; payout?: number } | undefined)?.gameId === gameId &&
            (s.data.winner as { payout?: number }).payout === major(small),
        );
      while (!announced() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(announced()?.data.winner).toMatchObject(expected);

      const list = await p.get('/api/game/spins/winners?perPage=47');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ data: unknown[] }>().data).toContainEqual(expect.objectContaining(expected));
    } finally {
      published.stop();
    }
  });
});
