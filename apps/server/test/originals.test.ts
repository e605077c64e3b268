import { replayRound, type DiceParams } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { fixtures, useTestServer } from './fixtures';
import { bearer, errorOf } from './players';
import { balancesOf, ledgerViolations } from './wallet-helpers';

const t = useTestServer();
const f = fixtures(t);
const { p } = f;

interface Round {
  id: string;
  game: string;
  amount: number;
  payout: number;
  nonce?: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  seeds: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
}

/** A registered player with `fundMinor` USD cents and a real dice (or limbo) session. */
const realPlayer = (fundMinor: bigint, game = 'dice') => f.playerWithSession(game, fundMinor);

const play = (session: string, game: string, body: Record<string, unknown>) =>
  p.post(`/api/game/originals/${game}/rounds`, body, { headers: { 'x-game-session': session } });

describe('originals: dice and limbo for real money', () => {
  it('plays a dice round: the stake leaves, the payout arrives, the ledger balances', async () => {
    const { player, session, accountId } = await realPlayer(10_000n);
    const seeds = await p.get('/api/game/originals/seeds', { headers: { 'x-game-session': session } });
    expect(seeds.statusCode, seeds.body).toBe(200);
    const before = seeds.json<{ data: { active: { serverSeedHash: string; nonce: number } } }>().data.active;
    expect(before.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.nonce).toBe(0);

    const response = await play(session, 'dice', { amount: 2.5, direction: 'under', targetHundredths: 5000 });
    expect(response.statusCode, response.body).toBe(200);
    const { round, balance } = response.json<{ data: { round: Round; balance: number } }>().data;
    expect(round.amount).toBe(2.5);
    expect(round.seeds.nonce).toBe(0);
    expect(round.seeds.serverSeed).toBeNull();
    const payoutMinor = BigInt(Math.round(round.payout * 100));
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 250n + payoutMinor);
    expect(balance).toBe(Number(10_000n - 250n + payoutMinor) / 100);
    expect(await ledgerViolations(t.db)).toEqual([]);

    const spins = await p.get('/api/game/spins', { token: player.token });
    expect(spins.statusCode, spins.body).toBe(200);
    const page = spins.json<{
      data: { id: string; gameIdentity: string; amount: number }[];
      meta: { totalRows: number };
    }>();
    expect(page.meta.totalRows).toBe(1);
    expect(page.data[0]).toMatchObject({ id: round.id, gameIdentity: 'dice', amount: 2.5, currency: 'USD' });
  });

  it('verifies a round with replayRound once the seed pair is rotated', async () => {
    const { player, session } = await realPlayer(10_000n);
    const headers = { 'x-game-session': session };
    const set = await p.put('/api/game/originals/seeds/client-seed', { clientSeed: 'my-lucky-seed' }, { headers });
    expect(set.statusCode, set.body).toBe(200);
    const first = await play(session, 'dice', { amount: 1, direction: 'over', targetHundredths: 3000 });
    const second = await play(session, 'limbo', { amount: 1, targetHundredths: 250 });
    expect(first.statusCode, first.body).toBe(200);
    // The dice session does not play limbo.
    expect(second.statusCode).toBe(400);
    const round = first.json<{ data: { round: Round } }>().data.round;
    expect(round.seeds.clientSeed).toBe('my-lucky-seed');

    const hidden = await p.get(`/api/game/originals/rounds/${round.id}`, { token: player.token });
    expect(hidden.json<{ data: Round }>().data.seeds.serverSeed).toBeNull();

    const rotated = await p.post('/api/game/originals/seeds/rotate', {}, { headers });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const seeds = rotated.json<{
      data: { active: { serverSeedHash: string; nonce: number }; previous: { serverSeed: string; nonce: number } };
    }>().data;
    expect(seeds.previous.nonce).toBe(1);
    expect(seeds.active.nonce).toBe(0);
    expect(seeds.active.serverSeedHash).not.toBe(round.seeds.serverSeedHash);

    const recalled = await p.get(`/api/game/originals/rounds/${round.id}`, { token: player.token });
    expect(recalled.statusCode, recalled.body).toBe(200);
    const detail = recalled.json<{ data: Round }>().data;
    expect(detail.seeds.serverSeed).toBe(seeds.previous.serverSeed);
    const replay = replayRound(
      { serverSeed: detail.seeds.serverSeed ?? '', clientSeed: detail.seeds.clientSeed, nonce: detail.seeds.nonce },
      { game: 'dice', params: detail.params as unknown as DiceParams },
    );
    expect(replay.ok && replay.value.outcome).toEqual(detail.outcome);

    // Another player's round is not found, like an unknown one.
    const other = await p.registerByEmail();
    const foreign = await p.get(`/api/game/originals/rounds/${round.id}`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad stakes and parameters per field (422), and a stake above the balance', async () => {
    const { session, accountId } = await realPlayer(500n);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0, direction: 'under', targetHundredths: 5000 }, 'amount'],
      [{ amount: 0.001, direction: 'under', targetHundredths: 5000 }, 'amount'],
      [{ amount: 1, direction: 'sideways', targetHundredths: 5000 }, 'direction'],
      [{ amount: 1, direction: 'under', targetHundredths: 5 }, 'targetHundredths'],
      [{ amount: 1, direction: 'under', targetHundredths: 50.5 }, 'targetHundredths'],
    ];
    for (const [body, field] of cases) {
      const response = await play(session, 'dice', body);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    // Above the in-house games' stake ceiling (10,000 major units).
    const ceiling = await play(session, 'dice', { amount: 10_000.01, direction: 'under', targetHundredths: 5000 });
    expect(ceiling.statusCode, ceiling.body).toBe(422);
    expect(Object.keys(errorOf(ceiling).fields ?? {})).toEqual(['amount']);
    const tooMuch = await play(session, 'dice', { amount: 5.01, direction: 'under', targetHundredths: 5000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).code).toBe(13201);
    expect((await balancesOf(t.db, accountId)).real).toBe(500n);
    // Nothing was half-applied: the nonce did not move.
    const seeds = await p.get('/api/game/originals/seeds', { headers: { 'x-game-session': session } });
    expect(seeds.json<{ data: { active: { nonce: number } } }>().data.active.nonce).toBe(0);
  });

  it('never double-spends: 20 parallel bets of the whole balance', async () => {
    const { session, accountId } = await realPlayer(1_000n, 'limbo');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => play(session, 'limbo', { amount: 10, targetHundredths: 100_000 })),
    );
    const won = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json<{ data: { round: Round } }>().data.round);
    for (const r of responses) expect([200, 400]).toContain(r.statusCode);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const paidMinor = won.reduce((sum, r) => sum + BigInt(Math.round(r.payout * 100)), 0n);
    const { real } = await balancesOf(t.db, accountId);
    expect(real).toBe(1_000n - BigInt(won.length) * 1_000n + paidMinor);
    expect(real >= 0n).toBe(true);
    // Without a win in between, only one bet could be afforded.
    if (paidMinor === 0n) expect(won.length).toBe(1);
    expect(new Set(won.map((r) => r.seeds.nonce)).size).toBe(won.length);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('lets a guest play demo with play money outside the ledger', async () => {
    const launch = await p.post('/api/game/games/dice/play', { demoMode: true });
    expect(launch.statusCode, launch.body).toBe(200);
    const { token, gameUrl } = launch.json<{ data: { token: string; gameUrl: string } }>().data;
    expect(gameUrl).toContain('mode=demo');
    const postingsBefore = await t.db
      .selectFrom('ledger_postings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const response = await play(token, 'dice', { amount: 10, direction: 'under', targetHundredths: 5000 });
    expect(response.statusCode, response.body).toBe(200);
    const { round, balance } = response.json<{ data: { round: Round; balance: number } }>().data;
    expect(balance).toBe(1000 - 10 + round.payout);
    const postingsAfter = await t.db
      .selectFrom('ledger_postings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(postingsAfter.n).toBe(postingsBefore.n);
    // Real money needs a signed-in player.
    const real = await p.post('/api/game/games/dice/play', { demoMode: false });
    expect(real.statusCode).toBe(401);
  });

  it('needs a game session', async () => {
    const response = await play('not-a-token', 'dice', { amount: 1, direction: 'under', targetHundredths: 5000 });
    expect(response.statusCode).toBe(401);
    const bare = await p.post('/api/game/originals/dice/rounds', {
      amount: 1,
      direction: 'under',
      targetHundredths: 5000,
    });
    expect([401, 422]).toContain(bare.statusCode);
    expect(bearer('x')).toBeDefined();
  });
});
