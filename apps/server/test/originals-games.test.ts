import {
  FairRng,
  ROULETTE,
  minesMultiplierBp,
  playSlotRound,
  replayRound,
  startMines,
  type MinesActions,
  type MinesParams,
  type PlinkoParams,
  type RouletteBet,
  type RoundInput,
} from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { fixtures, useTestServer } from './fixtures';
import { errorOf } from './players';
import { balancesOf, ledgerViolations } from './wallet-helpers';

const t = useTestServer();
const f = fixtures(t);
const { p } = f;

interface Round {
  id: string;
  game: string;
  gameIdentity: string;
  status: 'open' | 'settled';
  isDemo: boolean;
  amount: number;
  payout: number;
  multiplier: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  actions: { reveals: number[]; cashOut: boolean } | null;
  seeds: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
}
type Answer = { data: { round: Round; balance: number } };

/** A registered player with `fundMinor` USD cents and a real session of the catalogue game `identity`. */
const realPlayer = (fundMinor: bigint, identity: string) => f.playerWithSession(identity, fundMinor);

const post = (session: string, path: string, body?: Record<string, unknown>) =>
  p.post(`/api/game/originals/${path}`, body, { headers: { 'x-game-session': session } });

/** The secret of the player's active pair, read from the database (what the server will play with). */
async function activeSeeds(session: string, clientSeed: string) {
  const headers = { 'x-game-session': session };
  const set = await p.put('/api/game/originals/seeds/client-seed', { clientSeed }, { headers });
  expect(set.statusCode, set.body).toBe(200);
  const { id, nonce } = set.json<{ data: { active: { id: string; nonce: number } } }>().data.active;
  const row = await t.db
    .selectFrom('game_seed_pairs')
    .select('server_seed')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { serverSeed: row.server_seed, clientSeed, nonce };
}

async function nonceOf(session: string): Promise<number> {
  const seeds = await p.get('/api/game/originals/seeds', { headers: { 'x-game-session': session } });
  return seeds.json<{ data: { active: { nonce: number } } }>().data.active.nonce;
}

/** Rotates the pair and recalls the round with its revealed server seed. */
async function recallRevealed(session: string, token: string, roundId: string): Promise<Round> {
  const rotated = await p.post('/api/game/originals/seeds/rotate', {}, { headers: { 'x-game-session': session } });
  expect(rotated.statusCode, rotated.body).toBe(200);
  const recalled = await p.get(`/api/game/originals/rounds/${roundId}`, { token });
  expect(recalled.statusCode, recalled.body).toBe(200);
  const round = recalled.json<{ data: Round }>().data;
  expect(round.seeds.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  return round;
}

function replayed(round: Round, input: RoundInput) {
  const result = replayRound(
    { serverSeed: round.seeds.serverSeed ?? '', clientSeed: round.seeds.clientSeed, nonce: round.seeds.nonce },
    input,
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value.outcome;
}

const cents = (major: number) => BigInt(Math.round(major * 100));

async function walletTxCount(roundId: string, kind: 'bet' | 'win'): Promise<number> {
  const rows = await t.db
    .selectFrom('game_wallet_transactions')
    .select('id')
    .where('round_id', '=', roundId)
    .where('kind', '=', kind)
    .execute();
  return rows.length;
}

describe('originals: plinko', () => {
  it('plays the outcome the seeds fix, pays it, and recall replays it', async () => {
    const { player, session, accountId } = await realPlayer(10_000n, 'plinko');
    const seeds = await activeSeeds(session, 'plinko-known');
    const params: PlinkoParams = { rows: 12, risk: 'high' };
    const expected = replayRound(seeds, { game: 'plinko', params });

    const response = await post(session, 'plinko/rounds', { amount: 2, ...params });
    expect(response.statusCode, response.body).toBe(200);
    const { round, balance } = response.json<Answer>().data;
    expect(expected.ok && expected.value.outcome).toEqual(round.outcome);
    expect(round).toMatchObject({ game: 'plinko', gameIdentity: 'plinko', status: 'settled', amount: 2 });
    expect(round.params).toEqual(params);
    const multiplierBp = round.outcome.multiplierBp as number;
    const payoutMinor = (200n * BigInt(multiplierBp)) / 10_000n;
    expect(cents(round.payout)).toBe(payoutMinor);
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 200n + payoutMinor);
    expect(cents(balance)).toBe(10_000n - 200n + payoutMinor);
    expect(await nonceOf(session)).toBe(1);

    // A later client seed does not change the recalled round's.
    await activeSeeds(session, 'changed-later');
    const recalled = await recallRevealed(session, player.token, round.id);
    expect(recalled.seeds.clientSeed).toBe('plinko-known');
    expect(replayed(recalled, { game: 'plinko', params: recalled.params as unknown as PlinkoParams })).toEqual(
      round.outcome,
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses bad rows and risk per field, and a stake above the balance with nothing written', async () => {
    const { session, accountId } = await realPlayer(100n, 'plinko');
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1, rows: 7, risk: 'low' }, 'rows'],
      [{ amount: 1, rows: 17, risk: 'low' }, 'rows'],
      [{ amount: 1, rows: 8.5, risk: 'low' }, 'rows'],
      [{ amount: 1, rows: 8, risk: 'extreme' }, 'risk'],
      [{ amount: 0, rows: 8, risk: 'low' }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const response = await post(session, 'plinko/rounds', body);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    const tooMuch = await post(session, 'plinko/rounds', { amount: 1.01, rows: 8, risk: 'low' });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).code).toBe(13201);
    expect((await balancesOf(t.db, accountId)).real).toBe(100n);
    expect(await nonceOf(session)).toBe(0);
    // A plinko session does not play dice.
    const dice = await post(session, 'dice/rounds', { amount: 1, direction: 'under', targetHundredths: 5000 });
    expect(dice.statusCode).toBe(400);
  });
});

describe('originals: slot (Fruit Fiesta)', () => {
  it('plays a paid spin with its free spins as one round and advances the nonce by noncesUsed', async () => {
    const { player, session, accountId } = await realPlayer(10_000n, 'fruit-fiesta');
    // A client seed whose first round triggers free spins, found offline with the known server seed.
    const probe = await activeSeeds(session, 'probe');
    let clientSeed = '';
    let expectedRound: ReturnType<typeof playSlotRound> | undefined;
    for (let i = 0; i < 20_000 && !expectedRound; i += 1) {
      const rng = new FairRng(probe.serverSeed, `fs-${i}`, 0);
      const round = playSlotRound((n) => rng.reset(n), 0);
      if (round.noncesUsed > 1) {
        clientSeed = `fs-${i}`;
        expectedRound = round;
      }
    }
    if (!expectedRound) throw new Error('no free-spin trigger found');
    await activeSeeds(session, clientSeed);

    const response = await post(session, 'slot/rounds', { amount: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const { round } = response.json<Answer>().data;
    expect(round).toMatchObject({ game: 'slot', gameIdentity: 'fruit-fiesta', status: 'settled', params: {} });
    expect(round.outcome).toEqual(JSON.parse(JSON.stringify(expectedRound)));
    expect((round.outcome.spins as unknown[]).length).toBe(expectedRound.noncesUsed);
    const payoutMinor = (100n * BigInt(expectedRound.multiplierBp)) / 10_000n;
    expect(cents(round.payout)).toBe(payoutMinor);
    expect(await nonceOf(session)).toBe(expectedRound.noncesUsed);

    // The next round starts after the free spins' nonces.
    const next = await post(session, 'slot/rounds', { amount: 1 });
    expect(next.statusCode, next.body).toBe(200);
    const second = next.json<Answer>().data.round;
    expect(second.seeds.nonce).toBe(expectedRound.noncesUsed);
    const secondPayout = cents(second.payout);
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 200n + payoutMinor + secondPayout);

    const recalled = await recallRevealed(session, player.token, round.id);
    expect(replayed(recalled, { game: 'slot' })).toEqual(JSON.parse(JSON.stringify(round.outcome)));
    // One bet and one win per round, free spins included.
    expect(await walletTxCount(round.id, 'bet')).toBe(1);
    expect(await walletTxCount(round.id, 'win')).toBe(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('originals: roulette', () => {
  it('settles several bets as one round with the stake their sum', async () => {
    const { player, session, accountId } = await realPlayer(10_000n, 'roulette');
    const seeds = await activeSeeds(session, 'roulette-known');
    const bets = [
      { type: 'red', amount: 1 },
      { type: 'straight', numbers: [17], amount: 0.5 },
      { type: 'dozen', index: 2, amount: 2 },
      { type: 'split', numbers: [3, 2], amount: 0.25 },
    ];
    const asLib = bets.map(({ amount, ...spot }) => ({ ...spot, stakeMinor: cents(amount) })) as RouletteBet[];
    const expected = replayRound(seeds, { game: 'roulette', bets: asLib });
    if (!expected.ok || expected.value.game !== 'roulette') throw new Error('replay failed');
    const { pocket, totalPayoutMinor } = expected.value.outcome;

    const response = await post(session, 'roulette/rounds', { bets });
    expect(response.statusCode, response.body).toBe(200);
    const { round, balance } = response.json<Answer>().data;
    expect(round.amount).toBe(3.75);
    expect(round.outcome.pocket).toBe(pocket);
    expect(cents(round.payout)).toBe(totalPayoutMinor);
    expect(round.outcome.bets).toEqual(
      expected.value.outcome.bets.map((b) => ({ multiplierBp: b.multiplierBp, payout: Number(b.payoutMinor) / 100 })),
    );
    // Stored as given, numbers sorted.
    expect((round.params.bets as { numbers?: number[] }[])[3]?.numbers).toEqual([2, 3]);
    expect(cents(balance)).toBe(10_000n - 375n + totalPayoutMinor);
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 375n + totalPayoutMinor);
    expect(await walletTxCount(round.id, 'bet')).toBe(1);

    const recalled = await recallRevealed(session, player.token, round.id);
    const recalledBets = (recalled.params.bets as { amount: number }[]).map(({ amount, ...spot }) => ({
      ...spot,
      stakeMinor: cents(amount),
    })) as RouletteBet[];
    const outcome = replayed(recalled, { game: 'roulette', bets: recalledBets }) as { pocket: number };
    expect(outcome.pocket).toBe(recalled.outcome.pocket);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('names the bad bet field (422), caps the bets, and refuses a total above the balance', async () => {
    const { session, accountId } = await realPlayer(300n, 'roulette');
    const cases: [unknown[], string][] = [
      [[{ type: 'split', numbers: [1, 5], amount: 1 }], 'bets.0.numbers'],
      [
        [
          { type: 'red', amount: 1 },
          { type: 'straight', numbers: [37], amount: 1 },
        ],
        'bets.1.numbers',
      ],
      [
        [
          { type: 'red', amount: 1 },
          { type: 'red', amount: 0.001 },
        ],
        'bets.1.amount',
      ],
      [[{ type: 'dozen', index: 4, amount: 1 }], 'bets.0.index'],
      [[{ type: 'zero', amount: 1 }], 'bets.0.type'],
      [[], 'bets'],
      [Array.from({ length: 51 }, () => ({ type: 'red', amount: 0.01 })), 'bets'],
    ];
    for (const [bets, field] of cases) {
      const response = await post(session, 'roulette/rounds', { bets });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    expect(ROULETTE.maxBets).toBeGreaterThanOrEqual(50);
    const fifty = await post(session, 'roulette/rounds', {
      bets: Array.from({ length: 50 }, () => ({ type: 'black', amount: 0.01 })),
    });
    expect(fifty.statusCode, fifty.body).toBe(200);
    const afterFifty = (await balancesOf(t.db, accountId)).real;
    const tooMuch = await post(session, 'roulette/rounds', {
      bets: [
        { type: 'red', amount: Number(afterFifty) / 100 },
        { type: 'black', amount: 0.01 },
      ],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).code).toBe(13201);
    expect((await balancesOf(t.db, accountId)).real).toBe(afterFifty);
    expect(await nonceOf(session)).toBe(1);
  });
});

describe('originals: mines', () => {
  /** The board the next mines round of the session will have (mines from the known seeds). */
  async function knownBoard(session: string, mineCount: number) {
    const seeds = await activeSeeds(session, `mines-${mineCount}`);
    const state = startMines(new FairRng(seeds.serverSeed, seeds.clientSeed, seeds.nonce), { mineCount });
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !state.mines.includes(tile));
    return { mines: state.mines, safe };
  }

  it('starts, reveals and cashes out through the wallet; recall replays the actions', async () => {
    const { player, session, accountId, headers } = await realPlayer(10_000n, 'mines');
    const board = await knownBoard(session, 3);

    const started = await post(session, 'mines/rounds', { amount: 5, mineCount: 3 });
    expect(started.statusCode, started.body).toBe(200);
    const { round, balance } = started.json<Answer>().data;
    expect(round).toMatchObject({ game: 'mines', status: 'open', amount: 5, payout: 0 });
    expect(round.outcome).toMatchObject({ mineCount: 3, mines: null, revealed: [], status: 'playing' });
    expect(JSON.stringify(round)).not.toContain(JSON.stringify(board.mines));
    expect(balance).toBe(95);
    expect((await balancesOf(t.db, accountId)).real).toBe(9_500n);

    // The player resumes after a reload; a second round, a rotation and an early cash-out wait.
    const active = await p.get('/api/game/originals/mines/active', { headers });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json<{ data: Round | null }>().data?.id).toBe(round.id);
    const second = await post(session, 'mines/rounds', { amount: 1, mineCount: 1 });
    expect(second.statusCode).toBe(409);
    const rotate = await p.post('/api/game/originals/seeds/rotate', {}, { headers });
    expect(rotate.statusCode).toBe(409);
    expect(errorOf(rotate).code).toBe(1005);
    const early = await post(session, `mines/rounds/${round.id}/cashout`);
    expect(early.statusCode).toBe(409);

    const first = await post(session, `mines/rounds/${round.id}/reveal`, { tile: board.safe[0] });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json<Answer>().data.round;
    expect(afterFirst.status).toBe('open');
    expect(afterFirst.outcome).toMatchObject({ revealed: [board.safe[0]], mines: null, status: 'playing' });
    for (const [tile, field] of [
      [board.safe[0], 'tile'],
      [25, 'tile'],
      [-1, 'tile'],
      [2.5, 'tile'],
    ] as const) {
      const bad = await post(session, `mines/rounds/${round.id}/reveal`, { tile });
      expect(bad.statusCode, bad.body).toBe(422);
      expect(Object.keys(errorOf(bad).fields ?? {})).toEqual([field]);
    }
    const secondReveal = await post(session, `mines/rounds/${round.id}/reveal`, { tile: board.safe[1] });
    expect(secondReveal.statusCode, secondReveal.body).toBe(200);
    const multiplierBp = secondReveal.json<Answer>().data.round.outcome.multiplierBp as number;
    expect(multiplierBp).toBeGreaterThan(10_000);

    const cashed = await post(session, `mines/rounds/${round.id}/cashout`);
    expect(cashed.statusCode, cashed.body).toBe(200);
    const settled = cashed.json<Answer>().data;
    const payoutMinor = (500n * BigInt(multiplierBp)) / 10_000n;
    expect(settled.round).toMatchObject({
      status: 'settled',
      actions: { reveals: board.safe.slice(0, 2), cashOut: true },
    });
    expect(settled.round.outcome).toMatchObject({ status: 'cashedOut', mines: board.mines });
    expect(cents(settled.round.payout)).toBe(payoutMinor);
    expect(cents(settled.balance)).toBe(9_500n + payoutMinor);
    expect((await balancesOf(t.db, accountId)).real).toBe(9_500n + payoutMinor);
    const again = await post(session, `mines/rounds/${round.id}/reveal`, { tile: board.safe[2] });
    expect(again.statusCode).toBe(409);
    const none = await p.get('/api/game/originals/mines/active', { headers });
    expect(none.json<{ data: Round | null }>().data).toBeNull();

    const recalled = await recallRevealed(session, player.token, round.id);
    const replay = replayed(recalled, {
      game: 'mines',
      params: recalled.params as unknown as MinesParams,
      actions: recalled.actions as MinesActions,
    });
    expect(replay).toEqual(recalled.outcome);
    const spins = await p.get('/api/game/spins', { token: player.token });
    expect(spins.json<{ data: { id: string }[] }>().data.map((s) => s.id)).toEqual([round.id]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('ends the round on a mine: settled with a win of 0, the board shown', async () => {
    const { player, session, accountId } = await realPlayer(1_000n, 'mines');
    const board = await knownBoard(session, 5);
    const started = await post(session, 'mines/rounds', { amount: 2, mineCount: 5 });
    const { round } = started.json<Answer>().data;
    // An open round is neither in the history nor recallable.
    const hidden = await p.get(`/api/game/originals/rounds/${round.id}`, { token: player.token });
    expect(hidden.statusCode).toBe(404);
    await post(session, `mines/rounds/${round.id}/reveal`, { tile: board.safe[0] });
    const boom = await post(session, `mines/rounds/${round.id}/reveal`, { tile: board.mines[0] });
    expect(boom.statusCode, boom.body).toBe(200);
    const lost = boom.json<Answer>().data;
    expect(lost.round).toMatchObject({ status: 'settled', payout: 0, multiplier: 0 });
    expect(lost.round.outcome).toMatchObject({ status: 'lost', hitTile: board.mines[0], mines: board.mines });
    expect(lost.balance).toBe(8);
    expect((await balancesOf(t.db, accountId)).real).toBe(800n);
    // The provider round ends with a win of 0.
    expect(await walletTxCount(round.id, 'win')).toBe(1);
    const cashout = await post(session, `mines/rounds/${round.id}/cashout`);
    expect(cashout.statusCode).toBe(409);
    // Settled: a new round may start.
    const next = await post(session, 'mines/rounds', { amount: 1, mineCount: 24 });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('cashes out by itself on the last safe tile, beyond 2³¹ basis points', async () => {
    const { player, session, accountId } = await realPlayer(100n, 'mines');
    const board = await knownBoard(session, 7);
    const { round } = (await post(session, 'mines/rounds', { amount: 0.01, mineCount: 7 })).json<Answer>().data;
    let last: Answer['data'] | undefined;
    for (const tile of board.safe) {
      const response = await post(session, `mines/rounds/${round.id}/reveal`, { tile });
      expect(response.statusCode, response.body).toBe(200);
      last = response.json<Answer>().data;
    }
    const multiplierBp = minesMultiplierBp(7, 18);
    expect(multiplierBp).toBeGreaterThan(2 ** 31);
    expect(last?.round).toMatchObject({ status: 'settled', actions: { reveals: board.safe, cashOut: false } });
    expect(last?.round.outcome).toMatchObject({ status: 'cashedOut', multiplierBp });
    const payoutMinor = BigInt(multiplierBp) / 10_000n;
    expect(cents(last?.round.payout ?? 0)).toBe(payoutMinor);
    expect((await balancesOf(t.db, accountId)).real).toBe(99n + payoutMinor);
    const recalled = await recallRevealed(session, player.token, round.id);
    expect(recalled.multiplier).toBe(multiplierBp / 10_000);
    expect(
      replayed(recalled, {
        game: 'mines',
        params: recalled.params as unknown as MinesParams,
        actions: recalled.actions as MinesActions,
      }),
    ).toEqual(recalled.outcome);
  });

  it('opens one of ten parallel starts and pays one of ten parallel cash-outs', async () => {
    const { session, accountId } = await realPlayer(1_000n, 'mines');
    const board = await knownBoard(session, 1);
    const starts = await Promise.all(
      Array.from({ length: 10 }, () => post(session, 'mines/rounds', { amount: 10, mineCount: 1 })),
    );
    const opened = starts.filter((r) => r.statusCode === 200);
    expect(opened).toHaveLength(1);
    expect(starts.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect((await balancesOf(t.db, accountId)).real).toBe(0n);
    const { round } = opened[0]!.json<Answer>().data;
    const revealed = await post(session, `mines/rounds/${round.id}/reveal`, { tile: board.safe[0] });
    const multiplierBp = revealed.json<Answer>().data.round.outcome.multiplierBp as number;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(session, `mines/rounds/${round.id}/cashout`)),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const payoutMinor = (1_000n * BigInt(multiplierBp)) / 10_000n;
    expect((await balancesOf(t.db, accountId)).real).toBe(payoutMinor);
    expect(await walletTxCount(round.id, 'win')).toBe(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("keeps rounds to their owner: another player's or guest's round is not found", async () => {
    const owner = await realPlayer(1_000n, 'mines');
    const { round } = (await post(owner.session, 'mines/rounds', { amount: 1, mineCount: 3 })).json<Answer>().data;
    const other = await realPlayer(1_000n, 'mines');
    expect((await post(other.session, `mines/rounds/${round.id}/reveal`, { tile: 0 })).statusCode).toBe(404);
    expect((await post(other.session, `mines/rounds/${round.id}/cashout`)).statusCode).toBe(404);
    expect((await post(other.session, 'mines/rounds/not-a-round/cashout')).statusCode).toBe(404);
    const guest = await p.post('/api/game/games/mines/play', { demoMode: true });
    const guestToken = guest.json<{ data: { token: string } }>().data.token;
    expect((await post(guestToken, `mines/rounds/${round.id}/reveal`, { tile: 0 })).statusCode).toBe(404);
    // The owner's demo mode is another mode: its open round is not this one.
    const demo = await p.post('/api/game/games/mines/play', { demoMode: true }, { token: owner.player.token });
    const demoToken = demo.json<{ data: { token: string } }>().data.token;
    const demoActive = await p.get('/api/game/originals/mines/active', { headers: { 'x-game-session': demoToken } });
    expect(demoActive.json<{ data: Round | null }>().data).toBeNull();
    expect((await post(demoToken, `mines/rounds/${round.id}/cashout`)).statusCode).toBe(404);
    // A new launch of the same player and mode resumes it.
    const again = await p.post('/api/game/games/mines/play', { demoMode: false }, { token: owner.player.token });
    const againToken = again.json<{ data: { token: string } }>().data.token;
    const resumed = await p.get('/api/game/originals/mines/active', { headers: { 'x-game-session': againToken } });
    expect(resumed.json<{ data: Round | null }>().data?.id).toBe(round.id);
  });

  it('refuses a start above the balance and bad mine counts with nothing written', async () => {
    const { player, session, accountId } = await realPlayer(100n, 'mines');
    for (const mineCount of [0, 25, 2.5]) {
      const response = await post(session, 'mines/rounds', { amount: 1, mineCount });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['mineCount']);
    }
    const tooMuch = await post(session, 'mines/rounds', { amount: 1.01, mineCount: 3 });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).code).toBe(13201);
    expect((await balancesOf(t.db, accountId)).real).toBe(100n);
    expect(await nonceOf(session)).toBe(0);
    const rounds = await t.db.selectFrom('game_rounds').select('id').where('player_id', '=', player.id).execute();
    expect(rounds).toEqual([]);
    const active = await p.get('/api/game/originals/mines/active', { headers: { 'x-game-session': session } });
    expect(active.json<{ data: Round | null }>().data).toBeNull();
  });

  it('lets a guest play a demo round with play money', async () => {
    const launch = await p.post('/api/game/games/mines/play', { demoMode: true });
    const token = launch.json<{ data: { token: string } }>().data.token;
    const board = await knownBoard(token, 2);
    const started = await post(token, 'mines/rounds', { amount: 10, mineCount: 2 });
    expect(started.statusCode, started.body).toBe(200);
    const { round, balance } = started.json<Answer>().data;
    expect(round.isDemo).toBe(true);
    expect(balance).toBe(990);
    await post(token, `mines/rounds/${round.id}/reveal`, { tile: board.safe[0] });
    const cashed = await post(token, `mines/rounds/${round.id}/cashout`);
    expect(cashed.statusCode, cashed.body).toBe(200);
    const settled = cashed.json<Answer>().data;
    expect(settled.balance).toBe(990 + settled.round.payout);
  });
});
