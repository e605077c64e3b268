import { randomUUID } from 'node:crypto';
import type { Bet, SandboxEvent, SportsbookSession, SportsbookTicket } from '@croupier/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { fixtures, useApp, useTestServer } from './fixtures';
import { errorOf } from './players';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * Betting on the sportsbook (docs/sportsbook.md, "Betting" and "Settlement") through the
 * sandbox feed: tickets placed with the sportsbook game's session, settled by the
 * settlement job from results (won, lost, void, accumulators, a corrected result), cashed
 * out, and seen in the bet history — every money move a game-wallet call, the ledger
 * balanced after each.
 */

const GAME = 'betsy-sportsbook-betsy';
/** The most the house may lose on one event, in USD (the base currency). */
const LIABILITY_USD = 500;

const t = useTestServer({
  SPORTSBOOK_FEED: 'sandbox',
  SPORTSBOOK_LIVE_DELAY_MS: '0',
  SPORTSBOOK_EVENT_LIABILITY: String(LIABILITY_USD),
});
const f = fixtures(t);
const { p } = f;
/** The same server with a live-bet delay. */
const delayed = useApp(t, () => ({
  config: (config) => ({ ...config, sportsbook: { ...config.sportsbook, liveDelayMs: 300, feed: 'off' } }),
}));

/** The same server settling two tickets a job. */
const smallBatches = useApp(t, () => ({
  config: (config) => ({ ...config, sportsbook: { ...config.sportsbook, feed: 'off' } }),
  sportsbook: { settleBatchSize: 2 },
}));

type Selection = { outcomeId: string; oddsMilli: number };

async function dev(path: string, body?: Record<string, unknown>) {
  const response = await t.app.server.inject({
    method: 'POST',
    url: `/api/dev/sportsbook${path}`,
    payload: body ?? {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: unknown }>().data;
}

let eventCount = 0;
/** A sandbox football event starting in an hour, with its markets open. */
async function event(): Promise<SandboxEvent & { pick: (key: string, type?: string) => Selection }> {
  eventCount += 1;
  const created = (await dev('/events', {
    home: `Home ${eventCount}`,
    away: `Away ${eventCount}`,
    startsInMs: 3_600_000,
  })) as SandboxEvent;
  return {
    ...created,
    pick(key, type = 'match_result') {
      const outcome = created.markets.find((m) => m.type === type)?.outcomes.find((o) => o.key === key);
      if (!outcome) throw new Error(`no ${type} ${key}`);
      return { outcomeId: outcome.id, oddsMilli: outcome.oddsMilli };
    },
  };
}

async function bettor(fundMinor = 100_00n) {
  const { player, headers, accountId } = await f.playerWithSession(GAME, fundMinor);
  return { player, headers, accountId };
}

function place(
  headers: Record<string, string>,
  selections: Selection[],
  stake: number,
  options: { oddsPolicy?: 'any' | 'higher' | 'none'; requestId?: string; app?: App } = {},
) {
  return (options.app ?? t.app).server.inject({
    method: 'POST',
    url: '/api/sportsbook/tickets',
    headers,
    payload: {
      requestId: options.requestId ?? randomUUID(),
      stake,
      selections,
      oddsPolicy: options.oddsPolicy ?? 'none',
    },
  });
}

async function placed(headers: Record<string, string>, selections: Selection[], stake: number) {
  const response = await place(headers, selections, stake);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SportsbookTicket }>().data;
}

async function tickets(headers: Record<string, string>, status: 'open' | 'settled') {
  const response = await t.app.server.inject({
    method: 'GET',
    url: `/api/sportsbook/tickets?status=${status}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SportsbookTicket[] }>().data;
}

async function ticket(headers: Record<string, string>, id: string): Promise<SportsbookTicket> {
  const all = [...(await tickets(headers, 'open')), ...(await tickets(headers, 'settled'))];
  const found = all.find((x) => x.id === id);
  if (!found) throw new Error(`no ticket ${id}`);
  return found;
}

/** Runs every due job (settlement batches enqueue their next ones). */
async function settle(app: App = t.app) {
  for (let done = await app.jobs.runDue(); done > 0; done = await app.jobs.runDue());
}

async function history(token: string, isSettled: boolean, acceptLanguage?: string): Promise<Bet[]> {
  const headers: Record<string, string> = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
  const response = await p.get(`/api/game/bets?isSettled=${isSettled}`, { token, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Bet[] }>().data;
}

/** The wallet calls of a ticket's round, by kind. */
async function walletCalls(ticketId: string): Promise<Record<string, number>> {
  const rows = await sql<{ kind: string; n: number }>`
    select kind, count(*)::int as n from game_wallet_transactions where round_id = ${ticketId} group by kind`.execute(
    t.db,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.kind, r.n]));
}

describe('placing tickets', () => {
  it('starts with the sportsbook session: currency, balance, bounds and the live delay', async () => {
    const { headers } = await bettor(50_00n);
    const response = await t.app.server.inject({ method: 'GET', url: '/api/sportsbook/session', headers });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json<{ data: SportsbookSession }>().data;
    expect(session).toMatchObject({ currency: 'USD', balance: 50, minStake: 0.01, maxStake: 10_000, liveDelayMs: 0 });
  });

  it('takes a single: the stake through the wallet, the ticket open, the history written', async () => {
    const match = await event();
    const { player, headers, accountId } = await bettor();
    const home = match.pick('home');
    const shown = await placed(headers, [home], 10);
    expect(shown).toMatchObject({
      type: 'single',
      status: 'open',
      currency: 'USD',
      stake: 10,
      oddsMilli: home.oddsMilli,
      potentialPayout: 21,
      payout: null,
    });
    expect(shown.legs).toEqual([
      expect.objectContaining({ eventId: match.eventId, outcomeId: home.outcomeId, live: false, resolution: null }),
    ]);
    // A cash-out offer is priced at once from the same odds, less the margin.
    expect(shown.cashOut).toBe(9.5);
    expect((await balancesOf(t.db, accountId)).real).toBe(90_00n);
    expect(await walletCalls(shown.id)).toEqual({ bet: 1 });
    const [open] = await history(player.token, false);
    expect(open).toMatchObject({
      roundId: shown.id,
      status: 1,
      amount: 10,
      payout: 0,
      ticketType: 1,
      coefficient: 2.1,
    });
    expect(open!.items).toEqual([
      expect.objectContaining({ event: 'Home 1 – Away 1', market: 'Match result', outcome: 'Home 1', stage: 1 }),
    ]);
  });

  it('answers a repeated request with the same ticket and moves the money once', async () => {
    const match = await event();
    const { headers, accountId } = await bettor();
    const requestId = randomUUID();
    const first = await place(headers, [match.pick('draw')], 5, { requestId });
    const again = await place(headers, [match.pick('draw')], 5, { requestId });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: SportsbookTicket }>().data.id).toBe(first.json<{ data: SportsbookTicket }>().data.id);
    expect((await balancesOf(t.db, accountId)).real).toBe(95_00n);
    const other = await place(headers, [match.pick('away')], 5, { requestId });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe(1006);
  });

  it('refuses two selections on one event, stakes out of bounds, too little money and unknown outcomes', async () => {
    const match = await event();
    const { headers } = await bettor(20_00n);
    const sameEvent = await place(headers, [match.pick('home'), match.pick('over', 'total')], 5);
    expect(errorOf(sameEvent).code).toBe(17006);
    expect(errorOf(await place(headers, [match.pick('home')], 0.001)).code).toBe(1001);
    expect(errorOf(await place(headers, [match.pick('home')], 20_000)).code).toBe(17004);
    expect(errorOf(await place(headers, [match.pick('home')], 50)).code).toBe(13201);
    const unknown = await place(headers, [{ outcomeId: 'nope', oddsMilli: 2000 }], 5);
    expect(errorOf(unknown).code).toBe(1001);
  });

  it('refuses bets on a suspended market and takes them again once it reopens', async () => {
    const match = await event();
    const { headers } = await bettor();
    const marketId = match.markets.find((m) => m.type === 'match_result')!.id;
    await dev(`/markets/${encodeURIComponent(marketId)}/suspend`);
    const refused = await place(headers, [match.pick('home')], 5);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe(17001);
    await dev(`/markets/${encodeURIComponent(marketId)}/reopen`);
    expect((await place(headers, [match.pick('home')], 5)).statusCode).toBe(200);
  });

  it('applies the player’s odds policy when a price moved', async () => {
    const match = await event();
    const { headers } = await bettor();
    const seen = match.pick('home');
    await dev(`/outcomes/${encodeURIComponent(seen.outcomeId)}/odds`, { oddsMilli: 2300 });
    // Ask: any change is shown first.
    expect(errorOf(await place(headers, [seen], 5, { oddsPolicy: 'none' })).code).toBe(17002);
    // Higher: a better price is taken.
    const better = await place(headers, [seen], 5, { oddsPolicy: 'higher' });
    expect(better.json<{ data: SportsbookTicket }>().data.oddsMilli).toBe(2300);
    await dev(`/outcomes/${encodeURIComponent(seen.outcomeId)}/odds`, { oddsMilli: 1900 });
    expect(errorOf(await place(headers, [{ ...seen, oddsMilli: 2300 }], 5, { oddsPolicy: 'higher' })).code).toBe(17002);
    // Any: taken at the price now.
    const any = await place(headers, [{ ...seen, oddsMilli: 2300 }], 5, { oddsPolicy: 'any' });
    expect(any.json<{ data: SportsbookTicket }>().data.oddsMilli).toBe(1900);
  });

  it('holds a live bet for the delay and prices it again after it', async () => {
    const match = await event();
    await dev(`/events/${encodeURIComponent(match.eventId)}/start`);
    const { headers } = await bettor();
    const seen = match.pick('home');
    const started = Date.now();
    const waiting = place(headers, [seen], 5, { oddsPolicy: 'none', app: delayed });
    // The price moves while the bet waits: asked to accept no change, it is refused.
    await dev(`/outcomes/${encodeURIComponent(seen.outcomeId)}/odds`, { oddsMilli: 1700 });
    const refused = await waiting;
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(errorOf(refused).code).toBe(17002);
    const taken = await place(headers, [{ ...seen, oddsMilli: 1700 }], 5, { app: delayed });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<{ data: SportsbookTicket }>().data.legs[0]!.live).toBe(true);
  });

  it('keeps each event within its liability limit', async () => {
    const match = await event();
    const { headers } = await bettor(1_000_00n);
    // 200 at 3.5 risks 500 for the house: the whole limit.
    const away = match.pick('away');
    expect((await place(headers, [away], 200)).statusCode).toBe(200);
    const over = await place(headers, [away], 1);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).code).toBe(17005);
    // A bet the house cannot lose on (1.9 × 1 − 1 > 0 still counts): another event is free.
    expect((await place(headers, [(await event()).pick('away')], 1)).statusCode).toBe(200);
  });

  it('passes the player’s bet limit like a casino bet', async () => {
    const match = await event();
    const { player, headers, accountId } = await bettor();
    const limit = await p.post(
      '/api/player/limits',
      { definition: 1, period: 'daily', currency: 'USD', amount: 15 },
      { token: player.token },
    );
    expect(limit.statusCode, limit.body).toBe(200);
    expect((await place(headers, [match.pick('home')], 10)).statusCode).toBe(200);
    const over = await place(headers, [match.pick('draw')], 10);
    expect(errorOf(over).code).toBe(14100);
    expect((await balancesOf(t.db, accountId)).real).toBe(90_00n);
  });

  it('answers 401 for a session of another game and keeps a ticket to its player', async () => {
    const match = await event();
    const dice = await f.playerWithSession('dice', 10_00n);
    expect((await place(dice.headers, [match.pick('home')], 1)).statusCode).toBe(401);
    const owner = await bettor();
    const shown = await placed(owner.headers, [match.pick('home')], 1);
    const other = await bettor();
    const response = await t.app.server.inject({
      method: 'POST',
      url: `/api/sportsbook/tickets/${shown.id}/cash-out`,
      headers: other.headers,
      payload: { amount: 0.5 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('settlement', () => {
  it('pays a won single, records a lost one, and shows both in history', async () => {
    const match = await event();
    const { player, headers, accountId } = await bettor();
    const won = await placed(headers, [match.pick('home')], 10);
    const lost = await placed(headers, [match.pick('yes', 'both_teams_to_score')], 10);
    await dev(`/events/${encodeURIComponent(match.eventId)}/result`, { home: 1, away: 0 });
    await settle();
    expect(await ticket(headers, won.id)).toMatchObject({ status: 'won', payout: 21, cashOut: null });
    expect(await ticket(headers, lost.id)).toMatchObject({ status: 'lost', payout: 0 });
    expect((await balancesOf(t.db, accountId)).real).toBe(100_00n - 20_00n + 21_00n);
    const settled = await history(player.token, true);
    expect(settled.map((b) => [b.roundId, b.status, b.payout])).toEqual(
      expect.arrayContaining([
        [won.id, 2, 21],
        [lost.id, 3, 0],
      ]),
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('settles a three-leg accumulator when its last event ends, recomputing a void leg', async () => {
    const [a, b, c] = [await event(), await event(), await event()];
    const { player, headers, accountId } = await bettor();
    const legs = [a.pick('home'), b.pick('over', 'total'), c.pick('away')];
    const combo = await placed(headers, legs, 10);
    expect(combo).toMatchObject({ type: 'combo', oddsMilli: 13965 });
    await dev(`/events/${encodeURIComponent(a.eventId)}/result`, { home: 2, away: 0 });
    await settle();
    expect((await ticket(headers, combo.id)).status).toBe('open');
    await dev(`/events/${encodeURIComponent(b.eventId)}/result`, { home: 2, away: 1 });
    await dev(`/events/${encodeURIComponent(c.eventId)}/cancel`);
    await settle();
    // The cancelled event's leg counts 1: 10 × 2.1 × 1.9.
    const settled = await ticket(headers, combo.id);
    expect(settled).toMatchObject({ status: 'won', payout: 39.9 });
    expect(settled.legs.map((l) => l.resolution)).toEqual(['won', 'won', 'void']);
    expect((await balancesOf(t.db, accountId)).real).toBe(100_00n - 10_00n + 39_90n);
    const [shown] = await history(player.token, true);
    expect(shown).toMatchObject({ roundId: combo.id, ticketType: 2 });
    // Outcomes on a side are named by the side: the event reads "Home n – Away n".
    const sides = shown!.items.map((i) => i.event.split(' – '));
    expect(shown!.items.map((i) => [i.market, i.outcome])).toEqual([
      ['Match result', sides[0]![0]],
      ['Total 2.5', 'Over 2.5'],
      ['Match result', sides[2]![1]],
    ]);
    // The history names selections in the reader's language (the best the site has).
    const [inSpanish] = await history(player.token, true, 'it-IT, es-ES;q=0.8, en;q=0.5');
    expect(inSpanish!.items.map((i) => [i.market, i.outcome])).toEqual([
      ['Resultado del partido', sides[0]![0]],
      ['Total 2.5', 'Más de 2.5'],
      ['Resultado del partido', sides[2]![1]],
    ]);
  });

  it('loses an accumulator at its first lost leg, whatever is still to play', async () => {
    const [a, b] = [await event(), await event()];
    const { headers } = await bettor();
    const combo = await placed(headers, [a.pick('home'), b.pick('home')], 10);
    await dev(`/events/${encodeURIComponent(a.eventId)}/result`, { home: 0, away: 1 });
    await settle();
    expect(await ticket(headers, combo.id)).toMatchObject({ status: 'lost', payout: 0 });
    await dev(`/events/${encodeURIComponent(b.eventId)}/result`, { home: 3, away: 0 });
    await settle();
    const after = await ticket(headers, combo.id);
    expect(after).toMatchObject({ status: 'lost', payout: 0 });
    expect(after.legs.map((l) => l.resolution)).toEqual(['lost', 'won']);
    expect(await walletCalls(combo.id)).toEqual({ bet: 1, win: 1 });
  });

  it('refunds a ticket whose event is called off as a rollback of its bet', async () => {
    const match = await event();
    const { player, headers, accountId } = await bettor();
    const shown = await placed(headers, [match.pick('draw')], 10);
    await dev(`/events/${encodeURIComponent(match.eventId)}/cancel`);
    await settle();
    expect(await ticket(headers, shown.id)).toMatchObject({ status: 'void', payout: 10 });
    expect((await balancesOf(t.db, accountId)).real).toBe(100_00n);
    expect(await walletCalls(shown.id)).toEqual({ bet: 1, rollback: 1 });
    expect((await history(player.token, true))[0]).toMatchObject({ status: 4, payout: 10 });
  });

  it('settles each ticket once when two runners settle the same result at the same time', async () => {
    const match = await event();
    const placedTickets = [];
    for (let i = 0; i < 5; i++) {
      const { headers } = await bettor();
      placedTickets.push(await placed(headers, [match.pick('home')], 10));
    }
    await dev(`/events/${encodeURIComponent(match.eventId)}/result`, { home: 3, away: 1 });
    // Two apps on the database work the same batch (as after a lapsed lease), each in its
    // own transaction, while the job runs too.
    const run = (app: App) =>
      app.realtime.events.transaction((trx) => app.sportsbookBetting.settlement.settleBatch(trx, match.eventId, 1));
    await Promise.all([run(t.app), run(delayed), settle(delayed)]);
    for (const shown of placedTickets) expect(await walletCalls(shown.id)).toEqual({ bet: 1, win: 1 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('settles an event in batches that chain, each resuming after the last', async () => {
    const match = await event();
    const shown = [];
    for (let i = 0; i < 5; i++) shown.push(await placed((await bettor()).headers, [match.pick('away')], 2));
    await dev(`/events/${encodeURIComponent(match.eventId)}/result`, { home: 0, away: 1 });
    await settle(smallBatches);
    for (const ticket of shown) expect(await walletCalls(ticket.id)).toEqual({ bet: 1, win: 1 });
    const jobs = await sql<{ n: number }>`
      select count(*)::int as n from jobs where kind = 'sportsbook.settle-event' and payload->>'eventId' = ${match.eventId}`.execute(
      t.db,
    );
    // Two tickets a batch: three jobs.
    expect(jobs.rows[0]!.n).toBe(3);
  });

  it('resettles a corrected result with the difference, both ways, with a balanced ledger', async () => {
    const match = await event();
    const { headers, accountId } = await bettor();
    const home = await placed(headers, [match.pick('home')], 10);
    const under = await placed(headers, [match.pick('under', 'total')], 10);
    await dev(`/events/${encodeURIComponent(match.eventId)}/result`, { home: 1, away: 0 });
    await settle();
    expect((await balancesOf(t.db, accountId)).real).toBe(80_00n + 21_00n + 19_00n);
    // Corrected: 1–1. The home win is taken back; under 2.5 still wins.
    await dev(`/events/${encodeURIComponent(match.eventId)}/result`, { home: 1, away: 1 });
    await settle();
    expect(await ticket(headers, home.id)).toMatchObject({ status: 'lost', payout: 0 });
    expect(await ticket(headers, under.id)).toMatchObject({ status: 'won', payout: 19 });
    expect((await balancesOf(t.db, accountId)).real).toBe(80_00n + 19_00n);
    // Corrected back: 2–1, the home win paid again and under 2.5 now lost.
    await dev(`/events/${encodeURIComponent(match.eventId)}/result`, { home: 2, away: 1 });
    await settle();
    expect(await ticket(headers, home.id)).toMatchObject({ status: 'won', payout: 21 });
    expect(await ticket(headers, under.id)).toMatchObject({ status: 'lost', payout: 0 });
    expect((await balancesOf(t.db, accountId)).real).toBe(80_00n + 21_00n);
    expect(await walletCalls(home.id)).toEqual({ bet: 1, win: 1, resettle: 2 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('cash-out', () => {
  async function cashOut(headers: Record<string, string>, id: string, amount: number) {
    return t.app.server.inject({
      method: 'POST',
      url: `/api/sportsbook/tickets/${id}/cash-out`,
      headers,
      payload: { amount },
    });
  }

  it('pays the offer seen (or a better one) once, and the result changes nothing after', async () => {
    const match = await event();
    const { player, headers, accountId } = await bettor();
    const home = match.pick('home');
    const shown = await placed(headers, [home], 10);
    // The home side shortens: the offer rises to 10 × 2.1 / 1.5 × 0.95.
    await dev(`/outcomes/${encodeURIComponent(home.outcomeId)}/odds`, { oddsMilli: 1500 });
    expect((await ticket(headers, shown.id)).cashOut).toBe(13.3);
    const response = await cashOut(headers, shown.id, 12);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: SportsbookTicket }>().data).toMatchObject({ status: 'cashed_out', payout: 13.3 });
    expect((await balancesOf(t.db, accountId)).real).toBe(90_00n + 13_30n);
    expect(errorOf(await cashOut(headers, shown.id, 13.3)).code).toBe(17007);
    await dev(`/events/${encodeURIComponent(match.eventId)}/result`, { home: 4, away: 0 });
    await settle();
    expect(await ticket(headers, shown.id)).toMatchObject({ status: 'cashed_out', payout: 13.3 });
    expect((await balancesOf(t.db, accountId)).real).toBe(90_00n + 13_30n);
    expect((await history(player.token, true))[0]).toMatchObject({ status: 5, payout: 13.3 });
    expect(await walletCalls(shown.id)).toEqual({ bet: 1, win: 1 });
  });

  it('refuses when the price fell below the offer seen, or when a market is suspended', async () => {
    const match = await event();
    const { headers } = await bettor();
    const away = match.pick('away');
    const shown = await placed(headers, [away], 10);
    const offer = (await ticket(headers, shown.id)).cashOut!;
    await dev(`/outcomes/${encodeURIComponent(away.outcomeId)}/odds`, { oddsMilli: 5000 });
    const fell = await cashOut(headers, shown.id, offer);
    expect(fell.statusCode).toBe(409);
    expect(errorOf(fell).code).toBe(17008);
    await dev(`/markets/${encodeURIComponent(match.markets[0]!.id)}/suspend`);
    expect((await ticket(headers, shown.id)).cashOut).toBeNull();
    expect(errorOf(await cashOut(headers, shown.id, 1)).code).toBe(17007);
    expect((await ticket(headers, shown.id)).status).toBe('open');
  });
});
