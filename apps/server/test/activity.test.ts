import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/schema';
import type { ActivityConsumer, ActivityRecord } from '../src/modules/activity';
import { ADMIN_KEY, fixtures, useGameProvider, useTestServer } from './fixtures';

/**
 * The activity stream (docs/activity.md): every record reaches each consumer exactly once,
 * in commit order — across retries, a consumer's failure, two app instances reading at
 * once, a transaction that commits after a later one, and a process that dies mid-batch.
 * Probe consumers write what they saw into a table of the test's own, in the batch's
 * transaction, so a record handled twice (or lost) shows up as a count.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-activity-secret';

/** Probe behaviour the tests switch: fail once after writing, or stop at a gate mid-batch. */
const control: { failOnce: Set<string>; gate?: { reached: (pid: number) => void; wait: Promise<void> } } = {
  failOnce: new Set(),
};

function probe(name: string): ActivityConsumer {
  return {
    name,
    async handle(trx: Transaction<Database>, records: readonly ActivityRecord[]) {
      for (const record of records) {
        const amount = 'amountMinor' in record ? record.amountMinor.toString() : null;
        const extra =
          record.kind === 'win'
            ? `stake=${record.roundStakeMinor}`
            : record.kind === 'rollback'
              ? `undid=${record.undid}`
              : record.kind === 'profile'
                ? record.filledFields.join(',')
                : record.kind === 'sign-in' && record.sessionId === 'held'
                  ? 'held'
                  : '';
        await sql`insert into activity_probe (consumer, record_id, kind, player_id, amount_minor, extra)
          values (${name}, ${record.id}, ${record.kind}, ${record.playerId}, ${amount}, ${extra})`.execute(trx);
      }
      if (control.failOnce.delete(name)) throw new Error(`${name} fails once`);
      if (name === 'probe-crash' && control.gate && records.length > 0) {
        const pid = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        control.gate.reached(pid.rows[0]?.pid ?? 0);
        await control.gate.wait;
      }
    },
  };
}

const t = useTestServer(
  { ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' },
  {
    beforeReady: (_server, app) => {
      for (const name of ['probe-a', 'probe-b', 'probe-crash']) app.activity.consume(probe(name));
    },
  },
);
const { call: providerCall } = useGameProvider(t, PROVIDER, SECRET);
const f = fixtures(t);
const { p, dice } = f;

beforeAll(async () => {
  await sql`create table activity_probe (
    seq bigint generated always as identity primary key,
    consumer text not null, record_id text not null, kind text not null, player_id uuid not null,
    amount_minor bigint, extra text not null)`.execute(t.db);
});

interface ProbeRow {
  seq: string;
  consumer: string;
  record_id: string;
  kind: string;
  player_id: string;
  amount_minor: string | null;
  extra: string;
}

async function probeRows(consumer: string, playerId?: string): Promise<ProbeRow[]> {
  const rows =
    await sql<ProbeRow>`select seq::text, consumer, record_id, kind, player_id::text, amount_minor::text, extra
    from activity_probe where consumer = ${consumer} and (${playerId ?? null}::uuid is null or player_id = ${playerId ?? null}::uuid)
    order by activity_probe.seq`.execute(t.db);
  return rows.rows;
}

/** Record ids a consumer handled more than once (must be none). */
async function duplicates(consumer: string): Promise<string[]> {
  const rows = await sql<{ record_id: string }>`select record_id from activity_probe where consumer = ${consumer}
    group by record_id having count(*) > 1`.execute(t.db);
  return rows.rows.map((r) => r.record_id);
}

let tx = 0;
const txId = (label: string) => `${label}-${++tx}-${Date.now()}`;

describe('the activity stream', () => {
  it('brings every kind of activity to every consumer once, in commit order', async () => {
    await t.app.activity.drain();
    const { player, session } = await f.playerWithSession('dice', 100_00n);
    // Sign-in (the registration's session) and a profile change.
    const profile = await p.put('/api/player/profile', { firstName: 'Ada', city: 'Lisbon' }, { token: player.token });
    expect(profile.statusCode, profile.body).toBe(200);
    // Two dice rounds (won or lost: a win is a record of its own).
    expect((await dice(session, 2, 9500)).statusCode).toBe(200);
    expect((await dice(session, 1, 200)).statusCode).toBe(200);
    // A provider's bet, win and the rollback of a second bet.
    const provider = await f.playerWithSession('aurora-wilds', 50_00n);
    await providerCall('bet', {
      token: provider.session,
      transactionId: txId('bet'),
      roundId: 'pr-1',
      amount: 3_00,
      currency: 'USD',
    });
    await providerCall('win', {
      token: provider.session,
      transactionId: txId('win'),
      roundId: 'pr-1',
      amount: 7_50,
      currency: 'USD',
    });
    const second = {
      token: provider.session,
      transactionId: txId('bet'),
      roundId: 'pr-2',
      amount: 2_00,
      currency: 'USD',
    };
    await providerCall('bet', second);
    await providerCall('rollback', {
      token: provider.session,
      transactionId: txId('rb'),
      referenceTransactionId: second.transactionId,
      roundId: 'pr-2',
    });
    // Demo play is not activity.
    const demo = await p.post('/api/game/games/dice/play', { demoMode: true }, { token: player.token });
    expect(demo.statusCode).toBe(200);
    expect((await dice(demo.json<{ data: { token: string } }>().data.token, 1)).statusCode).toBe(200);

    const handled = await t.app.activity.drain();
    expect(handled['probe-a']).toBeGreaterThanOrEqual(10);

    const mine = await probeRows('probe-a', player.id);
    const rounds = await sql<{ amount: string; payout: string }>`select r.stake_minor::text as amount,
        r.payout_minor::text as payout from game_rounds r
      where r.player_id = ${player.id} and not r.is_demo order by r.nonce`.execute(t.db);
    // Each round: its bet, then its settling win (0 for a loss) with the round's stake for multipliers.
    const expected = rounds.rows.flatMap((round) => [
      ['bet', round.amount, ''],
      ['win', round.payout, `stake=${round.amount}`],
    ]);
    expect(mine.slice(0, 2).map((r) => r.kind)).toEqual(['sign-in', 'profile']);
    expect(mine[1]?.extra.split(',')).toEqual(expect.arrayContaining(['firstName', 'city', 'email']));
    expect(
      mine.slice(2).map((r) => [r.kind, r.amount_minor, r.extra]),
      JSON.stringify(rounds.rows),
    ).toEqual(expected);
    expect(expected.filter(([kind]) => kind === 'bet')).toHaveLength(2);
    const theirs = await probeRows('probe-a', provider.player.id);
    expect(theirs.map((r) => [r.kind, r.amount_minor, r.extra])).toEqual([
      ['sign-in', null, ''],
      ['bet', '300', ''],
      ['win', '750', 'stake=300'],
      ['bet', '200', ''],
      ['rollback', '200', 'undid=bet'],
    ]);
    // Every consumer saw the same records; nothing twice; a second drain finds nothing new.
    expect((await probeRows('probe-b', player.id)).map((r) => r.record_id)).toEqual(mine.map((r) => r.record_id));
    expect(await t.app.activity.drain()).toMatchObject({ 'probe-a': 0, 'probe-b': 0, 'probe-crash': 0 });
    for (const name of ['probe-a', 'probe-b', 'probe-crash']) expect(await duplicates(name)).toEqual([]);
  });

  it("rolls a failed batch back with the consumer's position: the records come again, and count once", async () => {
    await t.app.activity.drain();
    const { player, session } = await f.playerWithSession('dice', 100_00n);
    for (let i = 0; i < 3; i++) expect((await dice(session, 1)).statusCode).toBe(200);
    control.failOnce.add('probe-a');
    await expect(t.app.activity.drain()).rejects.toThrow('probe-a fails once');
    const consumer = (await t.app.activity.consumers()).find((c) => c.name === 'probe-a');
    expect(consumer?.failures).toBe(1);
    expect(consumer?.last_error).toBe('probe-a fails once');
    // The failure left nothing behind; the retry handles the same records once.
    await t.app.activity.drain();
    const kinds = (await probeRows('probe-a', player.id)).map((r) => r.kind);
    expect(kinds.filter((kind) => kind !== 'win')).toEqual(['sign-in', 'bet', 'bet', 'bet']);
    expect(await duplicates('probe-a')).toEqual([]);
    expect((await t.app.activity.consumers()).find((c) => c.name === 'probe-a')?.failures).toBe(0);
  });

  it('counts each record once with two app instances polling the same consumers while players bet', async () => {
    await t.app.activity.drain();
    let second: App | undefined;
    const stops: (() => Promise<void>)[] = [];
    try {
      second = await buildApp({ config: t.config, db: t.db, logger: false });
      for (const name of ['probe-a', 'probe-b', 'probe-crash']) second.activity.consume(probe(name));
      await second.server.ready();
      stops.push(t.app.activity.start(5), second.activity.start(5));
      const sessions = await Promise.all(Array.from({ length: 4 }, () => f.playerWithSession('dice', 100_00n)));
      const rounds = await Promise.all(
        sessions.flatMap(({ session }) => Array.from({ length: 6 }, () => dice(session, 1))),
      );
      expect(rounds.every((r) => r.statusCode === 200)).toBe(true);
      await Promise.all(stops.map((stop) => stop()));
      stops.length = 0;
      await second.activity.drain();
      for (const { player } of sessions) {
        const rows = await probeRows('probe-b', player.id);
        expect(rows.filter((r) => r.kind === 'bet')).toHaveLength(6);
      }
      for (const name of ['probe-a', 'probe-b']) expect(await duplicates(name)).toEqual([]);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await second?.server.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'does not skip a transaction that commits after a later one (PostgreSQL)',
    async () => {
      await t.app.activity.drain();
      const early = await f.playerWithSession('dice', 100_00n);
      const late = await f.playerWithSession('dice', 100_00n);
      await t.app.activity.drain();
      // An open transaction takes its id first, then a round commits while it stays open.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const begun = new Promise<void>((resolve) => (started = resolve));
      const open = t.db.transaction().execute(async (trx) => {
        await sql`select pg_current_xact_id()`.execute(trx);
        await sql`insert into player_activities (player_id, kind, data)
          values (${early.player.id}, 'sign-in', ${JSON.stringify({ sessionId: 'held' })}::jsonb)`.execute(trx);
        started();
        await held;
      });
      await begun;
      expect((await dice(late.session, 1)).statusCode).toBe(200);
      // The round is committed, but an older transaction is still open: the horizon stops before both.
      await t.app.activity.drain();
      // (Its player's sign-in may be handled: background work of the sign-up can hold the horizon back.)
      expect((await probeRows('probe-a', late.player.id)).filter((r) => r.kind === 'bet')).toEqual([]);
      release();
      await open;
      await t.app.activity.drain();
      const heldRows = (await probeRows('probe-a', early.player.id)).filter((r) => r.extra === 'held');
      const lateRows = await probeRows('probe-a', late.player.id);
      expect(heldRows).toHaveLength(1);
      expect(lateRows.map((r) => r.kind).filter((kind) => kind !== 'sign-in' && kind !== 'win')).toEqual(['bet']);
      // In commit order by transaction id: the held transaction's record first.
      const lateBet = lateRows.find((r) => r.kind === 'bet');
      expect(BigInt(heldRows[0]?.seq ?? 0)).toBeLessThan(BigInt(lateBet?.seq ?? 0));
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'loses nothing and counts nothing twice when the process dies mid-batch (PostgreSQL)',
    async () => {
      await t.app.activity.drain();
      const { player, session } = await f.playerWithSession('dice', 100_00n);
      for (let i = 0; i < 3; i++) expect((await dice(session, 1)).statusCode).toBe(200);
      let reached!: (pid: number) => void;
      const atGate = new Promise<number>((resolve) => (reached = resolve));
      let open!: () => void;
      control.gate = { reached: (pid) => reached(pid), wait: new Promise<void>((resolve) => (open = resolve)) };
      // The crash consumer writes its rows, then its connection is killed before the commit.
      const dying = t.app.activity.drain().catch((error: unknown) => error);
      const pid = await atGate;
      await sql`select pg_terminate_backend(${pid})`.execute(t.db);
      open();
      expect(await dying).toBeInstanceOf(Error);
      control.gate = undefined;
      expect(await probeRows('probe-crash', player.id)).toEqual([]);
      // Another run (the restarted process) handles the same records once.
      await t.app.activity.drain();
      const kinds = (await probeRows('probe-crash', player.id)).map((r) => r.kind);
      expect(kinds.filter((kind) => kind !== 'win')).toEqual(['sign-in', 'bet', 'bet', 'bet']);
      expect(await duplicates('probe-crash')).toEqual([]);
    },
  );
});

afterAll(() => {
  control.gate = undefined;
});
