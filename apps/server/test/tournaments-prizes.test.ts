import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NEXT_OCCURRENCE_JOB, nextOccurrenceJobKey, occurrenceIdentity } from '../src/modules/tournaments';
import { ADMIN_KEY, adminRequest, fixtures, useApp, useTestServer } from './fixtures';
import type { RegisteredPlayer } from './players';
import { ledgerViolations } from './wallet-helpers';
import { crashAtSecondAward } from './tournament-crash';
import { MINUTE, tournamentFixtures } from './tournament-helpers';

/**
 * Tournament prizes of every kind and recurring schedules (docs/tournaments.md): cash paid
 * once through the ledger to the winner's real balance in their currency, free spins and
 * bonuses from the bonus engine, a refused cash prize, a crash mid-payout, and daily and
 * weekly series that make exactly one next occurrence until stopped.
 */

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
// A second app instance on the same database, as a second process would be.
const other = useApp(t, {});
const f = fixtures(t);
const { p } = f;

interface Prize {
  place: number;
  type?: number;
  title: string;
  bonusId?: string;
  amounts?: { isoCode: string; amount: number }[];
  entry?: { playerId: string; points: number };
}
interface Detail {
  id: string;
  identity: string;
  state: number;
  startAt: string;
  endAt: string;
  recurrence?: string | null;
  prizes: Prize[];
}

const { createBonus, createCashBonus, tournamentBody, createTournament, detail, play, diceSession, endNow } =
  tournamentFixtures<Detail>(t, f, { identityPrefix: 'prize-race', title: 'Prize race', type: 4 });
let counter = 0;
const DAY_MS = 24 * 60 * MINUTE;

const createFreespinsBonus = () =>
  createBonus({
    type: 3,
    freespins: { gameId: 'fruit-fiesta', count: 5, betValues: [{ currency: 'USD', amount: 0.2 }] },
  });

async function realBalance(player: RegisteredPlayer, currency: string): Promise<bigint> {
  const row = await sql<{ balance: string }>`select balance_minor::text as balance from ledger_accounts
    where player_id = ${player.id} and currency = ${currency}`.execute(t.db);
  return BigInt(row.rows[0]?.balance ?? '0');
}

/** The ledger transactions of a tournament's cash prizes: [key, player's currency, amount]. */
async function cashPostings(tournamentId: string) {
  const rows = await sql<{ key: string; currency: string; amount: string }>`select t.idempotency_key as key,
      p.currency, p.amount_minor::text as amount
    from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id
      join ledger_accounts a on a.id = p.account_id and a.kind = 'player'
    where t.idempotency_key like ${`tournament:${tournamentId}:%`} order by t.idempotency_key`.execute(t.db);
  return rows.rows.map((r) => [r.key, r.currency, BigInt(r.amount)]);
}

/** Plays `rounds[i]` rounds for each player in turn, so the first ranks first. */
async function standings(tournamentId: string, players: { session: string }[], rounds: number[]) {
  await t.app.activity.drain();
  for (const [index, player] of players.entries()) await play(player.session, 1, rounds[index] ?? 1);
  await t.app.activity.drain();
  await endNow(tournamentId);
}

describe('cash prizes', () => {
  it('pays a cash prize once to the winner’s real balance in their currency, however often the finish runs', async () => {
    const tournament = await createTournament({
      prizes: [
        {
          place: 1,
          type: 2,
          title: 'Cash',
          amounts: [
            { isoCode: 'USD', amount: 25 },
            { isoCode: 'EUR', amount: 23.5 },
          ],
        },
      ],
    });
    expect((await detail(tournament.id)).prizes).toEqual([
      {
        place: 1,
        type: 2,
        title: 'Cash',
        amounts: [
          { isoCode: 'EUR', amount: 23.5 },
          { isoCode: 'USD', amount: 25 },
        ],
      },
    ]);
    const winner = await diceSession('EUR');
    await standings(tournament.id, [winner], [2]);
    const before = await realBalance(winner.player, 'EUR');

    const results = await Promise.all([
      t.app.tournaments.finish(tournament.id),
      other.tournaments.finish(tournament.id),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.app.tournaments.finish(tournament.id)).toBe(false);
    // The job's handler run again on a completed tournament: nothing more.
    expect(await t.app.realtime.events.transaction((trx) => t.app.tournaments.finishIn(trx, tournament.id))).toBe(
      false,
    );

    expect(await realBalance(winner.player, 'EUR')).toBe(before + 23_50n);
    expect(await cashPostings(tournament.id)).toEqual([[`tournament:${tournament.id}:1`, 'EUR', 23_50n]]);
    const award = await sql<{ prize_type: number; amount_minor: string; currency: string; issue_error: string | null }>`
      select prize_type, amount_minor::text as amount_minor, currency, issue_error from tournament_awards
      where tournament_id = ${tournament.id}`.execute(t.db);
    expect(award.rows).toEqual([{ prize_type: 2, amount_minor: '2350', currency: 'EUR', issue_error: null }]);
    const paidFrom = await sql<{ kind: string; balance: string }>`select a.kind, a.balance_minor::text as balance
      from ledger_accounts a where a.kind = 'tournament_prizes' and a.currency = 'EUR'`.execute(t.db);
    expect(paidFrom.rows).toHaveLength(1);
    expect(BigInt(paidFrom.rows[0]?.balance ?? '0')).toBeLessThan(0n);
    expect(await ledgerViolations(t.db)).toEqual([]);
    const finished = await detail(tournament.id);
    expect(finished.prizes[0]?.entry?.playerId).toBe(winner.player.id);
    // The player's own accounts show the money (real balance).
    const accounts = await p.get('/api/wallet/accounts', { token: winner.player.token });
    expect(accounts.statusCode, accounts.body).toBe(200);
    const euroAccount = accounts
      .json<{ data: { currency: string; realBalance: number }[] }>()
      .data.find((a) => a.currency === 'EUR');
    expect(euroAccount?.realBalance).toBe(Number(before + 23_50n) / 100);
  });

  it('keeps a cash prize without an amount in the winner’s currency awarded with the reason and pays the others', async () => {
    const tournament = await createTournament({
      prizes: [
        { place: 1, type: 2, title: 'Dollars only', amounts: [{ isoCode: 'USD', amount: 10 }] },
        { place: 2, type: 2, title: 'Dollars too', amounts: [{ isoCode: 'USD', amount: 5 }] },
      ],
    });
    const euro = await diceSession('EUR');
    const dollar = await diceSession('USD');
    await standings(tournament.id, [euro, dollar], [3, 1]);
    const before = await realBalance(dollar.player, 'USD');
    expect(await t.app.tournaments.finish(tournament.id)).toBe(true);
    const awards = await sql<{ place: number; player_id: string; issue_error: string | null; amount: string | null }>`
      select place, player_id, issue_error, amount_minor::text as amount from tournament_awards
      where tournament_id = ${tournament.id} order by place`.execute(t.db);
    expect(awards.rows).toEqual([
      { place: 1, player_id: euro.player.id, issue_error: 'No cash amount in EUR.', amount: null },
      { place: 2, player_id: dollar.player.id, issue_error: null, amount: '500' },
    ]);
    expect(await cashPostings(tournament.id)).toEqual([[`tournament:${tournament.id}:2`, 'USD', 5_00n]]);
    expect(await realBalance(dollar.player, 'USD')).toBe(before + 5_00n);
  });

  it('rolls a payout that crashes after the first cash posting back whole, and pays each once when run again', async () => {
    const tournament = await createTournament({
      prizes: [
        { place: 1, type: 2, title: 'First', amounts: [{ isoCode: 'USD', amount: 20 }] },
        { place: 2, type: 2, title: 'Second', amounts: [{ isoCode: 'USD', amount: 10 }] },
      ],
    });
    const first = await diceSession('USD');
    const second = await diceSession('USD');
    await standings(tournament.id, [first, second], [2, 1]);
    const before = [await realBalance(first.player, 'USD'), await realBalance(second.player, 'USD')];
    // A crash between the first and the second prize, after the first was issued.
    const recover = await crashAtSecondAward(t.db, tournament.id);
    try {
      await expect(t.app.tournaments.finish(tournament.id)).rejects.toThrow('crash mid-payout');
      expect(await cashPostings(tournament.id)).toEqual([]);
      expect(await realBalance(first.player, 'USD')).toBe(before[0]);
      expect((await detail(tournament.id)).state).toBe(4);
    } finally {
      await recover();
    }
    expect(await t.app.tournaments.finish(tournament.id)).toBe(true);
    expect(await t.app.tournaments.finish(tournament.id)).toBe(false);
    expect(await cashPostings(tournament.id)).toEqual([
      [`tournament:${tournament.id}:1`, 'USD', 20_00n],
      [`tournament:${tournament.id}:2`, 'USD', 10_00n],
    ]);
    expect(await realBalance(first.player, 'USD')).toBe((before[0] ?? 0n) + 20_00n);
    expect(await realBalance(second.player, 'USD')).toBe((before[1] ?? 0n) + 10_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('free spins and mixed prize tables', () => {
  it('gives cash, free spins and a bonus to the places of one table', async () => {
    const spinsId = await createFreespinsBonus();
    const bonusId = await createCashBonus();
    const tournament = await createTournament({
      prizes: [
        { place: 1, type: 2, title: 'Cash', amounts: [{ isoCode: 'USD', amount: 15 }] },
        { place: 2, type: 3, title: 'Spins', bonusId: spinsId },
        // The old body: no type, a bonus.
        { place: 3, title: 'Bonus', bonusId },
      ],
    });
    expect((await detail(tournament.id)).prizes.map((prize) => [prize.place, prize.type, prize.bonusId])).toEqual([
      [1, 2, undefined],
      [2, 3, spinsId],
      [3, 1, bonusId],
    ]);
    const [a, b, c] = [await diceSession('USD'), await diceSession('USD'), await diceSession('USD')];
    await standings(tournament.id, [a, b, c], [3, 2, 1]);
    const before = await realBalance(a.player, 'USD');
    expect(await t.app.tournaments.finish(tournament.id)).toBe(true);

    expect(await realBalance(a.player, 'USD')).toBe(before + 15_00n);
    const spins = await sql<{ player_id: string; count: number; status: number }>`select player_id, count, status
      from player_freespins where bonus_id = ${spinsId}`.execute(t.db);
    expect(spins.rows).toEqual([{ player_id: b.player.id, count: 5, status: 1 }]);
    const listed = await p.get('/api/game/player-freespins', { token: b.player.token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: unknown[] }>().data).toHaveLength(1);
    const bonuses = await sql<{ player_id: string }>`select player_id from player_bonuses
      where source = ${`tournament:${tournament.id}:3`}`.execute(t.db);
    expect(bonuses.rows.map((r) => r.player_id)).toEqual([c.player.id]);
    const awards = await sql<{ place: number; prize_type: number; issue_error: string | null }>`select place,
      prize_type, issue_error from tournament_awards where tournament_id = ${tournament.id} order by place`.execute(
      t.db,
    );
    expect(awards.rows).toEqual([
      { place: 1, prize_type: 2, issue_error: null },
      { place: 2, prize_type: 3, issue_error: null },
      { place: 3, prize_type: 1, issue_error: null },
    ]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses a free-spins prize of another bonus, a cash prize without amounts and a bonus prize without its bonus', async () => {
    const bonusId = await createCashBonus();
    for (const prize of [
      { place: 1, type: 3, title: 'Spins', bonusId },
      { place: 1, type: 3, title: 'Spins', bonusId: '00000000-0000-4000-8000-000000000000' },
      { place: 1, type: 2, title: 'Cash' },
      { place: 1, type: 2, title: 'Cash', bonusId, amounts: [{ isoCode: 'USD', amount: 1 }] },
      { place: 1, type: 2, title: 'Cash', amounts: [{ isoCode: 'XXX', amount: 1 }] },
      { place: 1, type: 1, title: 'Bonus' },
    ]) {
      const response = await adminRequest(t, 'POST', '/api/admin/tournaments', {
        body: tournamentBody({ prizes: [prize] }),
      });
      expect(response.statusCode, JSON.stringify(prize)).toBe(422);
    }
  });
});

describe('recurring schedules', () => {
  async function occurrences(seriesIdentity: string) {
    const rows = await sql<{ id: string; identity: string; start_at: Date; end_at: Date }>`select t.id, t.identity,
        t.start_at, t.end_at from tournaments t join tournament_series s on s.id = t.series_id
      where s.identity = ${seriesIdentity} order by t.start_at`.execute(t.db);
    return rows.rows;
  }

  for (const [recurrence, periodMs] of [
    ['daily', DAY_MS],
    ['weekly', 7 * DAY_MS],
  ] as const) {
    it(`makes exactly one next ${recurrence} occurrence, however often its job runs`, async () => {
      const series = `series-${recurrence}-${++counter}`;
      const startAt = new Date(Date.now() - MINUTE);
      const endAt = new Date(startAt.getTime() + 2 * 60 * MINUTE);
      const spinsId = await createFreespinsBonus();
      const first = await createTournament({
        identity: series,
        recurrence,
        startAt: startAt.toISOString(),
        endAt: endAt.toISOString(),
        prizes: [
          { place: 1, type: 2, title: 'Cash', amounts: [{ isoCode: 'USD', amount: 5 }] },
          { place: 2, type: 3, title: 'Spins', bonusId: spinsId },
        ],
      });
      expect(first.identity).toBe(occurrenceIdentity(series, startAt));
      expect(first.recurrence).toBe(recurrence);
      // The job of the next occurrence is due at this one's start (already passed).
      const jobs = await sql<{ run_at: Date }>`select run_at from jobs
        where kind = ${NEXT_OCCURRENCE_JOB} and key = ${nextOccurrenceJobKey(first.id)}`.execute(t.db);
      expect(jobs.rows.map((r) => r.run_at.getTime())).toEqual([startAt.getTime()]);

      // The job run by two runners in turn, then the handler by two app instances at once.
      await t.app.jobs.runDue();
      await other.jobs.runDue();
      expect(await occurrences(series)).toHaveLength(2);
      const ran = await sql<{ status: string }>`select status from jobs
        where kind = ${NEXT_OCCURRENCE_JOB} and key = ${nextOccurrenceJobKey(first.id)}`.execute(t.db);
      expect(ran.rows).toEqual([{ status: 'done' }]);
      await Promise.all(
        [t.app, other].map((app) =>
          app.realtime.events.transaction((trx) => app.tournaments.nextOccurrenceIn(trx, first.id)),
        ),
      );
      const made = await occurrences(series);
      expect(made).toHaveLength(2);
      const next = made[1];
      expect(next?.start_at.getTime()).toBe(startAt.getTime() + periodMs);
      expect(next?.end_at.getTime()).toBe(endAt.getTime() + periodMs);
      expect(next?.identity).toBe(occurrenceIdentity(series, new Date(startAt.getTime() + periodMs)));
      const nextDetail = await detail(next?.id ?? '');
      expect(nextDetail).toMatchObject({ state: 2, recurrence });
      expect(nextDetail.prizes.map((prize) => [prize.place, prize.type, prize.amounts, prize.bonusId])).toEqual([
        [1, 2, [{ isoCode: 'USD', amount: 5 }], undefined],
        [2, 3, undefined, spinsId],
      ]);
      // The next occurrence has its finish job and its own next job, due at its start.
      const nextJobs = await sql<{ kind: string; run_at: Date }>`select kind, run_at from jobs
        where payload->>'tournamentId' = ${next?.id ?? ''} order by kind`.execute(t.db);
      expect(nextJobs.rows.map((r) => r.kind)).toEqual(['tournaments.finish', NEXT_OCCURRENCE_JOB]);
      expect(nextJobs.rows[1]?.run_at.getTime()).toBe(startAt.getTime() + periodMs);
      // At start, the jobs of open occurrences are made sure of: nothing new.
      await t.app.tournaments.ensureFinishJobs();
      expect(await occurrences(series)).toHaveLength(2);
    });
  }

  it('stops a series: no occurrence is made after it', async () => {
    const series = `series-stop-${++counter}`;
    const first = await createTournament({ identity: series, recurrence: 'daily' });
    const stopped = await adminRequest(t, 'DELETE', `/api/admin/tournaments/${first.identity}/recurrence`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<{ data: Detail }>().data).toMatchObject({ id: first.id, recurrence: null });
    await t.app.jobs.runDue();
    await t.app.realtime.events.transaction((trx) => t.app.tournaments.nextOccurrenceIn(trx, first.id));
    expect(await occurrences(series)).toHaveLength(1);
    // The series identity is taken; a tournament that is not recurring cannot be stopped.
    const again = await adminRequest(t, 'POST', '/api/admin/tournaments', {
      body: tournamentBody({ identity: series, recurrence: 'weekly' }),
    });
    expect(again.statusCode).toBe(422);
    const single = await createTournament();
    expect(single.recurrence).toBeNull();
    expect((await adminRequest(t, 'DELETE', `/api/admin/tournaments/${single.id}/recurrence`)).statusCode).toBe(409);
    expect((await adminRequest(t, 'DELETE', '/api/admin/tournaments/no-such-race/recurrence')).statusCode).toBe(404);
  });

  it('seeds a running daily occurrence with a cash prize', async () => {
    const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
    const seeded = await detail(occurrenceIdentity('daily-sprint', today));
    expect(seeded).toMatchObject({ state: 3, recurrence: 'daily' });
    expect(seeded.prizes[0]?.type).toBe(2);
    expect(seeded.prizes[0]?.amounts).toContainEqual({ isoCode: 'USD', amount: 25 });
    expect(seeded.prizes[1]?.type).toBe(3);
  });
});
