import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FINISH_JOB, finishJobKey } from '../src/modules/tournaments';
import { ADMIN_KEY, adminRequest, fixtures, useGameProvider, useTestServer } from './fixtures';
import type { RegisteredPlayer } from './players';
import { Clients, eventually, listen } from './realtime-helpers';
import { crashAtSecondAward } from './tournament-crash';
import { MINUTE, tournamentFixtures } from './tournament-helpers';

/**
 * Tournaments (docs/tournaments.md): definitions and their states, scoring from the
 * activity stream (each scoring, bet bounds, games, currencies, opt-in, rollbacks, ties)
 * and the finish that issues each prize once however often its job runs.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-tournament-secret';

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
const gameProvider = useGameProvider(t, PROVIDER, SECRET);
const f = fixtures(t);
const { p } = f;

interface Entry {
  points: number;
  place: number;
}
interface Detail {
  id: string;
  identity: string;
  state: number;
  type: number;
  isAvailable: boolean;
  confirmationRequired: boolean;
  participants: number;
  leaderboard: { playerId: string; place: number; points: number; nickname: string | null }[];
  prizes: { place: number; title: string; bonusId?: string; entry?: { playerId: string; points: number } }[];
  playerEntry?: Entry | null;
}

const { createCashBonus, createBonus, createTournament, detail, play, diceSession, endNow } =
  tournamentFixtures<Detail>(t, f, { identityPrefix: 'race', title: 'Test race', type: 1 });
let counter = 0;

/** The player's real-money dice rounds (stake and payout in minor units), oldest first. */
async function rounds(player: RegisteredPlayer) {
  const rows = await sql<{ stake: string; payout: string }>`select stake_minor::text as stake,
      payout_minor::text as payout from game_rounds
    where player_id = ${player.id} and not is_demo order by nonce`.execute(t.db);
  return rows.rows.map((r) => ({ stake: BigInt(r.stake), payout: BigInt(r.payout) }));
}

async function entryOf(tournamentId: string, player: RegisteredPlayer): Promise<Entry | null | undefined> {
  return (await detail(tournamentId, player.token)).playerEntry;
}

describe('tournament definitions', () => {
  it('lists tournaments by the state the clock gives, pages them and filters by identity', async () => {
    const running = await createTournament();
    const upcoming = await createTournament({
      startAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      endAt: new Date(Date.now() + 120 * MINUTE).toISOString(),
    });
    expect(running).toMatchObject({ state: 3, isAvailable: true, type: 1, participants: 0 });
    expect(upcoming).toMatchObject({ state: 2, isAvailable: false });

    const active = await p.get(
      `/api/retention/tournaments?state[]=2&state[]=3&identity[]=${running.identity}&identity[]=${upcoming.identity}`,
    );
    expect(active.statusCode, active.body).toBe(200);
    expect(
      active
        .json<{ data: Detail[] }>()
        .data.map((x) => x.identity)
        .sort(),
    ).toEqual([running.identity, upcoming.identity].sort());
    const onlyRunning = await p.get(`/api/retention/tournaments?state[]=3&identity[]=${upcoming.identity}`);
    expect(onlyRunning.json<{ data: Detail[] }>().data).toEqual([]);
    // The seeded demo tournaments: one running, one upcoming, one completed.
    const seeded = await p.get(
      '/api/retention/tournaments?identity[]=originals-race&identity[]=multiplier-hunt&identity[]=autumn-classic',
    );
    expect(Object.fromEntries(seeded.json<{ data: Detail[] }>().data.map((x) => [x.identity, x.state]))).toEqual({
      'originals-race': 3,
      'multiplier-hunt': 2,
      'autumn-classic': 5,
    });
    const page = await p.get('/api/retention/tournaments?perPage=1&page=2');
    expect(page.json<{ meta: { page: number; perPage: number; totalRows: number } }>().meta).toMatchObject({
      page: 2,
      perPage: 1,
    });
    expect(page.json<{ data: Detail[] }>().data).toHaveLength(1);
  });

  it('answers the detail by id or identity, with playerEntry only for a signed-in player', async () => {
    const tournament = await createTournament({ confirmationRequired: true });
    const guest = await detail(tournament.identity);
    expect(guest.id).toBe(tournament.id);
    expect('playerEntry' in guest).toBe(false);
    const player = await p.registerByEmail({ currency: 'USD' });
    expect((await detail(tournament.id, player.token)).playerEntry).toBeNull();
    const joined = await p.post(`/api/retention/tournaments/${tournament.id}/participate`, {}, { token: player.token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<{ data: Entry }>().data).toEqual({ points: 0, place: 1 });
    expect((await detail(tournament.id, player.token)).playerEntry).toEqual({ points: 0, place: 1 });
    expect((await p.post(`/api/retention/tournaments/${tournament.id}/participate`, {})).statusCode).toBe(401);
    expect((await p.get('/api/retention/tournaments/no-such-race')).statusCode).toBe(404);
  });

  it('refuses to join a tournament that is not running, and invalid definitions', async () => {
    const upcoming = await createTournament({
      startAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      endAt: new Date(Date.now() + 120 * MINUTE).toISOString(),
    });
    const player = await p.registerByEmail({ currency: 'USD' });
    const response = await p.post(`/api/retention/tournaments/${upcoming.id}/participate`, {}, { token: player.token });
    expect(response.statusCode).toBe(409);
    const bad = await adminRequest(t, 'POST', '/api/admin/tournaments', {
      body: {
        identity: 'bad-window',
        title: 'Bad',
        type: 1,
        startAt: new Date().toISOString(),
        endAt: new Date(Date.now() - MINUTE).toISOString(),
        baseCurrency: 'USD',
        currencies: [{ isoCode: 'USD', rate: 1 }],
      },
    });
    expect(bad.statusCode).toBe(422);
    const unauthorised = await adminRequest(t, 'POST', '/api/admin/tournaments', { body: {}, key: null });
    expect(unauthorised.statusCode).toBe(401);
  });
});

describe('scoring', () => {
  it('total wagered: opt-in rounds count after joining, in the base currency, within the bet bounds', async () => {
    const tournament = await createTournament({
      confirmationRequired: true,
      currencies: [
        { isoCode: 'USD', rate: 1, minAmount: 0.5, minAmountOp: 'gte', maxAmount: 5, maxAmountOp: 'lt' },
        { isoCode: 'EUR', rate: 1.08 },
      ],
    });
    await t.app.activity.drain();
    const usd = await diceSession('USD', 100_00n);
    await play(usd.session, 1); // before joining: not counted
    await p.post(`/api/retention/tournaments/${tournament.id}/participate`, {}, { token: usd.player.token });
    await play(usd.session, 1, 3); // 3.00
    await play(usd.session, 0.4); // below the minimum
    await play(usd.session, 5); // the maximum is exclusive
    await play(usd.session, 0.5); // the minimum is inclusive
    const eur = await diceSession('EUR', 100_00n);
    await p.post(`/api/retention/tournaments/${tournament.id}/participate`, {}, { token: eur.player.token });
    await play(eur.session, 2.5); // 2.70 USD
    const other = await diceSession('USD', 100_00n); // never joins
    await play(other.session, 10);
    await t.app.activity.drain();

    expect(await entryOf(tournament.id, usd.player)).toEqual({ points: 3.5, place: 1 });
    expect(await entryOf(tournament.id, eur.player)).toEqual({ points: 2.7, place: 2 });
    expect(await entryOf(tournament.id, other.player)).toBeNull();
    const board = (await detail(tournament.id)).leaderboard;
    expect(board.map((row) => [row.playerId, row.place, row.points])).toEqual([
      [usd.player.id, 1, 3.5],
      [eur.player.id, 2, 2.7],
    ]);
    // Drained again: nothing counts twice.
    await t.app.activity.drain();
    expect(await entryOf(tournament.id, usd.player)).toEqual({ points: 3.5, place: 1 });
  });

  it('biggest multiplier, net win and points per round, with automatic entry', async () => {
    const multiplier = await createTournament({ type: 2 });
    const net = await createTournament({ type: 3 });
    const perRound = await createTournament({ type: 4 });
    await t.app.activity.drain();
    const { player, session } = await diceSession('USD', 100_00n);
    await play(session, 1, 6, 2500); // a 4x-ish target: some wins, some losses
    await play(session, 2, 2, 9000);
    await t.app.activity.drain();
    const played = await rounds(player);
    expect(played).toHaveLength(8);
    const best = played.reduce(
      (max, r) => (r.payout > 0n ? Math.max(max, Number((r.payout * 100n) / r.stake)) : max),
      0,
    );
    const netHundredths = played.reduce((sum, r) => sum + r.payout - r.stake, 0n);
    expect((await entryOf(multiplier.id, player))?.points).toBe(best / 100);
    expect((await entryOf(net.id, player))?.points).toBe(Number(netHundredths) / 100);
    expect((await entryOf(perRound.id, player))?.points).toBe(8);
  });

  it('excludes the games of excluded collections and counts only included ones', async () => {
    const excluding = await createTournament({ gameCollections: ['originals'], gameCollectionsExcluded: true });
    const including = await createTournament({ gameCollections: ['originals'] });
    await t.app.activity.drain();
    const { player, session } = await diceSession('USD', 100_00n);
    await play(session, 1, 2);
    await t.app.activity.drain();
    expect(await entryOf(excluding.id, player)).toBeNull();
    expect((await entryOf(including.id, player))?.points).toBe(2);
  });

  it('takes back rolled-back bets', async () => {
    const wagered = await createTournament({ type: 1 });
    const perRound = await createTournament({ type: 4 });
    await t.app.activity.drain();
    const provider = await f.playerWithSession('aurora-wilds', 50_00n);
    const tx = (label: string) => `${label}-${++counter}-${Date.now()}`;
    await gameProvider.call('bet', {
      token: provider.session,
      transactionId: tx('bet'),
      roundId: 'tr-1',
      amount: 3_00,
      currency: 'USD',
    });
    const second = {
      token: provider.session,
      transactionId: tx('bet'),
      roundId: 'tr-2',
      amount: 2_00,
      currency: 'USD',
    };
    await gameProvider.call('bet', second);
    await gameProvider.call('rollback', {
      token: provider.session,
      transactionId: tx('rb'),
      referenceTransactionId: second.transactionId,
      roundId: 'tr-2',
    });
    await t.app.activity.drain();
    expect((await entryOf(wagered.id, provider.player))?.points).toBe(3);
    expect((await entryOf(perRound.id, provider.player))?.points).toBe(1);
  });

  it('ranks equal points by who reached them first', async () => {
    const tournament = await createTournament({ type: 4 });
    await t.app.activity.drain();
    const first = await diceSession('USD', 100_00n);
    const second = await diceSession('USD', 100_00n);
    await play(first.session, 1);
    await play(second.session, 1);
    await t.app.activity.drain();
    expect(await entryOf(tournament.id, first.player)).toEqual({ points: 1, place: 1 });
    expect(await entryOf(tournament.id, second.player)).toEqual({ points: 1, place: 2 });
    // The second player moves ahead, then the first draws level again: the second got there first.
    await play(second.session, 1);
    await t.app.activity.drain();
    await play(first.session, 1);
    await t.app.activity.drain();
    const board = (await detail(tournament.id)).leaderboard;
    expect(board.map((row) => [row.playerId, row.points, row.place])).toEqual([
      [second.player.id, 2, 1],
      [first.player.id, 2, 2],
    ]);
  });
});

describe('live updates', () => {
  const clients = new Clients(() => wsUrl);
  let wsUrl = '';

  it("publishes the player's entry after each batch and the leaderboard at most once a second", async () => {
    wsUrl = (await listen(t.app)).url;
    try {
      const tournament = await createTournament({ type: 4 });
      await t.app.activity.drain();
      const { player, session } = await diceSession('USD', 100_00n);
      const entries: { points: number; place: number }[] = [];
      const boards: { playerId: string; points: number; place: number }[][] = [];
      const client = clients.create({ token: player.token });
      const board = client.newSubscription(`tournaments:${tournament.id}`);
      board.on('publication', (ctx) => boards.push((ctx.data as { leaderboard: (typeof boards)[number] }).leaderboard));
      const own = client.newSubscription(`tournaments:${tournament.id}#${player.id}`);
      own.on('publication', (ctx) => entries.push((ctx.data as { entry: { points: number; place: number } }).entry));
      let subscribed = 0;
      for (const sub of [board, own]) {
        sub.on('subscribed', () => (subscribed += 1));
        sub.subscribe();
      }
      client.connect();
      await eventually('both subscriptions', () => subscribed === 2);

      await play(session, 1, 2);
      await t.app.activity.drain();
      await eventually('the entry', () => entries.at(-1)?.points === 2);
      await eventually('the leaderboard', () => boards.at(-1)?.[0]?.points === 2);
      const before = boards.length;
      // Three batches within the throttle period: at most one more publication, with the last points.
      for (let i = 0; i < 3; i++) {
        await play(session, 1);
        await t.app.activity.drain();
      }
      await eventually('the entry after the burst', () => entries.at(-1)?.points === 5);
      await eventually('the last leaderboard', () => boards.at(-1)?.[0]?.points === 5, 3000);
      expect(boards.length - before).toBeLessThanOrEqual(2);
      expect(boards.at(-1)?.[0]).toMatchObject({ playerId: player.id, place: 1, points: 5 });
    } finally {
      clients.closeAll();
    }
  });
});

describe('finish and payout', () => {
  it('freezes the standings and issues each prize once, however often the job runs', async () => {
    const bonusId = await createCashBonus();
    const tournament = await createTournament({
      type: 4,
      prizes: [
        { place: 1, title: 'First prize', bonusId },
        { place: 2, title: 'Second prize', bonusId },
        { place: 3, title: 'Third prize', bonusId },
      ],
    });
    await t.app.activity.drain();
    const winner = await diceSession('EUR', 100_00n);
    const runnerUp = await diceSession('USD', 100_00n);
    await play(winner.session, 1, 3);
    await play(runnerUp.session, 1, 2);
    await t.app.activity.drain();
    await endNow(tournament.id);
    // A round after the end does not count.
    await play(runnerUp.session, 1, 5);
    await t.app.activity.drain();
    expect((await entryOf(tournament.id, runnerUp.player))?.points).toBe(2);

    // The job, due now, run by two runners in turn, and the handler's finish called again.
    await sql`update jobs set run_at = now() where kind = ${FINISH_JOB} and key = ${finishJobKey(tournament.id)}`.execute(
      t.db,
    );
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await t.app.activity.drain()).toBeDefined();
    const again = await t.app.server.inject({ method: 'GET', url: `/api/retention/tournaments/${tournament.id}` });
    expect(again.json<{ data: Detail }>().data.state).toBe(5);
    const done = await sql<{
      status: string;
    }>`select status from jobs where key = ${finishJobKey(tournament.id)}`.execute(t.db);
    expect(done.rows).toHaveLength(1);

    const bonuses = await sql<{ player_id: string; source: string; currency: string }>`select pb.player_id,
        pb.source, a.currency from player_bonuses pb join ledger_accounts a on a.id = pb.account_id
      where pb.source like ${`tournament:${tournament.id}:%`} order by pb.source`.execute(t.db);
    expect(bonuses.rows.map((r) => [r.player_id, r.source, r.currency])).toEqual([
      [winner.player.id, `tournament:${tournament.id}:1`, 'EUR'],
      [runnerUp.player.id, `tournament:${tournament.id}:2`, 'USD'],
    ]);

    const finished = await detail(tournament.id, winner.player.token);
    expect(finished.prizes.map((prize) => [prize.place, prize.entry?.playerId, prize.entry?.points])).toEqual([
      [1, winner.player.id, 3],
      [2, runnerUp.player.id, 2],
      [3, undefined, undefined],
    ]);
    expect(finished.playerEntry).toEqual({ points: 3, place: 1 });
    expect(finished.isAvailable).toBe(false);
    const listed = await p.get(`/api/retention/tournaments?state[]=5&identity[]=${tournament.identity}`);
    expect(listed.json<{ data: Detail[] }>().data).toHaveLength(1);

    // Each winner has one message about the place (the finish ran more than once).
    const messages = await sql<{ player_id: string; title: string; body: string }>`select player_id, title, body
      from player_messages where kind = 'tournamentPrize' and source_key like ${`tournament:${tournament.id}:%`}
      order by source_key`.execute(t.db);
    expect(messages.rows.map((m) => m.player_id)).toEqual([winner.player.id, runnerUp.player.id]);
    expect(messages.rows[0]?.body).toContain('place 1');
  });

  it('issues the prizes once when two app instances finish at once', async () => {
    const bonusId = await createCashBonus();
    const tournament = await createTournament({ type: 4, prizes: [{ place: 1, title: 'Winner', bonusId }] });
    await t.app.activity.drain();
    const { player, session } = await diceSession('USD', 100_00n);
    await play(session, 1);
    await t.app.activity.drain();
    await endNow(tournament.id);
    // Two app instances on the same database, as two processes would be.
    const results = await Promise.all([
      t.app.tournaments.finish(tournament.id),
      gameProvider.app.tournaments.finish(tournament.id),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.app.tournaments.finish(tournament.id)).toBe(false);
    const issued = await sql<{ count: string }>`select count(*)::text as count from player_bonuses
      where source = ${`tournament:${tournament.id}:1`} and player_id = ${player.id}`.execute(t.db);
    expect(issued.rows[0]?.count).toBe('1');
  });

  it('rolls a payout that fails midway back whole, and pays each prize once when it runs again', async () => {
    const bonusId = await createCashBonus();
    const tournament = await createTournament({
      type: 4,
      prizes: [
        { place: 1, title: 'First', bonusId },
        { place: 2, title: 'Second', bonusId },
      ],
    });
    await t.app.activity.drain();
    const first = await diceSession('USD', 100_00n);
    const second = await diceSession('USD', 100_00n);
    await play(first.session, 1, 2);
    await play(second.session, 1);
    await t.app.activity.drain();
    await endNow(tournament.id);
    // A crash between the first and the second prize, after the first was issued.
    const recover = await crashAtSecondAward(t.db, tournament.id);
    const issued = async () =>
      (
        await sql<{ source: string }>`select source from player_bonuses
          where source like ${`tournament:${tournament.id}:%`} order by source`.execute(t.db)
      ).rows.map((r) => r.source);
    try {
      await expect(t.app.tournaments.finish(tournament.id)).rejects.toThrow('crash mid-payout');
      expect(await issued()).toEqual([]);
      expect((await detail(tournament.id)).state).toBe(4);
    } finally {
      await recover();
    }
    expect(await t.app.tournaments.finish(tournament.id)).toBe(true);
    expect(await t.app.tournaments.finish(tournament.id)).toBe(false);
    expect(await issued()).toEqual([`tournament:${tournament.id}:1`, `tournament:${tournament.id}:2`]);
  });

  it('keeps a prize the bonus engine refuses awarded, with the reason, and pays the others', async () => {
    const usdOnlyId = await createBonus({ type: 1, amounts: [{ currency: 'USD', amount: 5 }] });
    const bonusId = await createCashBonus();
    const tournament = await createTournament({
      type: 4,
      prizes: [
        { place: 1, title: 'USD only', bonusId: usdOnlyId },
        { place: 2, title: 'Any currency', bonusId },
      ],
    });
    await t.app.activity.drain();
    const euro = await diceSession('EUR', 100_00n);
    const dollar = await diceSession('USD', 100_00n);
    await play(euro.session, 1, 2);
    await play(dollar.session, 1);
    await t.app.activity.drain();
    await endNow(tournament.id);
    expect(await t.app.tournaments.finish(tournament.id)).toBe(true);
    const awards = await sql<{ place: number; issue_error: string | null }>`select place, issue_error
      from tournament_awards where tournament_id = ${tournament.id} order by place`.execute(t.db);
    expect(awards.rows.map((r) => [r.place, r.issue_error !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    const issued = await sql<{ player_id: string }>`select player_id from player_bonuses
      where source like ${`tournament:${tournament.id}:%`}`.execute(t.db);
    expect(issued.rows.map((r) => r.player_id)).toEqual([dollar.player.id]);
  });

  it('does not count a round handled after the standings froze', async () => {
    const tournament = await createTournament({ type: 4 });
    await t.app.activity.drain();
    const { player, session } = await diceSession('USD', 100_00n);
    await play(session, 1);
    await t.app.activity.drain();
    // Played before the end, but the stream is behind: the finish comes first.
    await play(session, 1);
    await endNow(tournament.id);
    expect(await t.app.tournaments.finish(tournament.id)).toBe(true);
    await t.app.activity.drain();
    expect(await entryOf(tournament.id, player)).toEqual({ points: 1, place: 1 });
  });

  it('does not finish before the end', async () => {
    const tournament = await createTournament();
    await expect(t.app.tournaments.finish(tournament.id)).rejects.toThrow('has not ended');
  });
});
