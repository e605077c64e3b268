import { sql } from 'kysely';
import { expect } from 'vitest';
import { adminRequest, type fixtures } from './fixtures';
import type { TestServer } from './harness';

/**
 * Helpers of the tournament tests (on the shared fixture in `fixtures.ts`): prize bonuses
 * and tournaments through the operator API, the tournament's detail, players with a dice
 * session and their rounds, and the end moved to now.
 */

export const MINUTE = 60_000;

/**
 * A manual bonus through the operator API, wagered once, with no per-player limit (a
 * tournament's prize, a quest's reward); `body` names it and adds or overrides.
 */
export async function createManualBonus(t: TestServer, body: Record<string, unknown>): Promise<string> {
  const response = await adminRequest(t, 'POST', '/api/admin/bonuses', {
    body: { trigger: 'manual', wagerCasino: 1, perPlayerLimit: null, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data.id;
}

/** A manual cash bonus of 10 in the base currency (see createManualBonus). */
export const createManualCashBonus = (t: TestServer, name: string): Promise<string> =>
  createManualBonus(t, { name, type: 1, baseCurrencyAmount: 10 });

/** What a file's tournaments are unless a test says otherwise: identities `{prefix}-…`, title and scoring type. */
export interface TournamentDefaults {
  identityPrefix: string;
  title: string;
  type: number;
}

/**
 * The helpers on the file's server `t` and its fixture `f`; `Detail` is the shape of the
 * tournament the file reads.
 */
export function tournamentFixtures<Detail>(
  t: TestServer,
  f: ReturnType<typeof fixtures>,
  defaults: TournamentDefaults,
) {
  const { p } = f;
  let counter = 0;

  /** A manual bonus for prizes (see createManualBonus); `body` adds or overrides. */
  const createBonus = (body: Record<string, unknown>) =>
    createManualBonus(t, { name: `Prize bonus ${++counter}`, ...body });

  /** A cash bonus of 10 in the base currency. */
  const createCashBonus = () => createManualCashBonus(t, `Prize bonus ${++counter}`);

  /** A definition running from a minute ago for an hour, in USD and EUR; `body` adds or overrides. */
  function tournamentBody(body: Record<string, unknown> = {}) {
    return {
      identity: `${defaults.identityPrefix}-${Date.now()}-${++counter}`,
      title: defaults.title,
      type: defaults.type,
      startAt: new Date(Date.now() - MINUTE).toISOString(),
      endAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      confirmationRequired: false,
      baseCurrency: 'USD',
      currencies: [
        { isoCode: 'USD', rate: 1 },
        { isoCode: 'EUR', rate: 1.08 },
      ],
      ...body,
    };
  }

  async function createTournament(body: Record<string, unknown> = {}): Promise<Detail> {
    const response = await adminRequest(t, 'POST', '/api/admin/tournaments', { body: tournamentBody(body) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Detail }>().data;
  }

  /** The tournament's detail by id or identity, as a guest or signed in with `token`. */
  async function detail(id: string, token?: string): Promise<Detail> {
    const response = await p.get(`/api/retention/tournaments/${id}`, token ? { token } : {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Detail }>().data;
  }

  /** `rounds` dice rounds of `amount` (major units) under `targetHundredths` in game session `session`. */
  async function play(session: string, amount: number, rounds = 1, targetHundredths = 5000): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      const response = await f.dice(session, amount, targetHundredths);
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  /** A player of `currency` with `fundMinor` and a dice session. */
  async function diceSession(currency: string, fundMinor = 100_00n) {
    if (currency === 'USD') return f.playerWithSession('dice', fundMinor);
    const player = await p.registerByEmail({ currency });
    const { token } = await f.launch('dice', { demoMode: false }, player.token);
    await f.fundPlayer(player, fundMinor);
    return { player, session: token };
  }

  /** Time moved: the test ends a tournament now instead of waiting for its end (no service moves an end). */
  async function endNow(tournamentId: string): Promise<void> {
    await sql`update tournaments set end_at = now() - interval '1 millisecond' where id = ${tournamentId}`.execute(
      t.db,
    );
  }

  return { createBonus, createCashBonus, tournamentBody, createTournament, detail, play, diceSession, endNow };
}
