import { FairRng, playDice, type DiceParams } from '@croupier/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { signBody } from '../src/modules/game-wallet/signature';
import { ADMIN_KEY, adminRequest, fixtures } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { ledgerViolations } from './wallet-helpers';

/**
 * The bet path's statement budget (ARCHITECTURE.md, "The bet path's budget"): every statement
 * a request sends to the database, BEGIN and COMMIT included, counted through the database
 * layer. Each is one round trip. A change that adds a statement to a round fails here: raise
 * the budget on purpose, in ARCHITECTURE.md and here together, or find the statement a home
 * in one that is already sent.
 */
export const BET_PATH_BUDGET = {
  /** A real-money dice round through HTTP, the largest case: a win above the stake (winners feed). */
  diceRound: 10,
  /** A losing dice round (no win posted, no winners feed). */
  diceRoundLost: 9,
  /** A third-party provider's bet callback. */
  providerBet: 8,
  /** A provider's win callback that makes the round a winner (winners feed). */
  providerWin: 8,
  /** A won dice round while a bonus is being wagered: one statement more (the wager's update). */
  diceRoundWithBonus: 11,
  diceRoundLostWithBonus: 10,
  /**
   * With a bet or loss limit on the account, one statement more (the counters' guarded
   * upsert, docs/player-protection.md "Limits on the bet path"); a deposit limit adds none.
   */
  diceRoundWithLimits: 11,
  diceRoundLostWithLimits: 10,
  providerBetWithLimits: 9,
  providerWinWithLimits: 9,
  /**
   * A pre-match sportsbook single (docs/sportsbook.md, "Placing a ticket"): the session and
   * idempotency reads, the selections read once share-locked, the event's exposure, the
   * wallet's bet (its id lock, row, ledger posting, turnover), the ticket, its leg and the
   * two history rows; nothing after the commit.
   */
  sportsbookSingle: 15,
} as const;

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-budget-secret';

let t: TestServer;
let providerApp: App;
let f: ReturnType<typeof fixtures>;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN_KEY, SPORTSBOOK_FEED: 'sandbox', SPORTSBOOK_LIVE_DELAY_MS: '0' });
  // A second app on the same database (and statement recorder), with the provider's access.
  providerApp = await buildApp({
    config: t.config,
    db: t.db,
    logger: false,
    gameProviders: [{ provider: PROVIDER, secret: SECRET, allowIps: ['10.9.9.9'] }],
  });
  await providerApp.server.ready();
  f = fixtures(t);
});
afterAll(async () => {
  await providerApp.server.close();
  await t.close();
});

/**
 * A request's own statements, and those after its COMMIT. Reads of the winners feed's
 * publication are nobody's: they follow a winning round's commit at most once per feed
 * window per process, and may fall into the next request's count.
 */
function split(statements: string[]): { own: string[]; after: string[] } {
  const counted = statements.filter((sql) => !isFeedRead(sql));
  const commit = counted.findIndex((sql) => /^\s*commit\b/i.test(sql));
  return commit < 0
    ? { own: counted, after: [] }
    : { own: counted.slice(0, commit + 1), after: counted.slice(commit + 1) };
}

/** Reads of the winners feed's publication (after a commit, throttled per process). */
const isFeedRead = (sql: string) => /from "game_wins"|from "countries"/.test(sql);

const listed = (statements: string[]) =>
  statements.map((sql, i) => `${i + 1}. ${sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n');

describe('the bet path keeps its statement budget', () => {
  /** Bet, loss and deposit limits far above what the rounds use. */
  async function setLimits(token: string, depositOnly = false) {
    const bodies = [
      { definition: 3, period: 'monthly', currency: 'USD', amount: 100_000 },
      ...(depositOnly
        ? []
        : [
            { definition: 1, period: 'daily', currency: 'USD', amount: 100_000 },
            { definition: 2, period: 'weekly', currency: 'USD', amount: 100_000 },
          ]),
    ];
    for (const body of bodies) {
      const response = await f.p.post('/api/player/limits', body, { token });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  async function diceRounds(mode: 'plain' | 'bonus' | 'limits' | 'deposit-limit') {
    const withBonus = mode === 'bonus';
    const { player, headers } = await f.playerWithSession('dice', 1_000_000n);
    if (mode === 'limits' || mode === 'deposit-limit') await setLimits(player.token, mode === 'deposit-limit');
    if (withBonus) {
      const created = await adminRequest(t, 'POST', '/api/admin/bonuses', {
        body: {
          name: 'Budget',
          type: 1,
          trigger: 'manual',
          amounts: [{ currency: 'USD', amount: 100 }],
          wagerCasino: 40,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const bonusId = created.json<{ data: { id: string } }>().data.id;
      const issued = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
        body: { bonusId, currency: 'USD' },
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const id = issued.json<{ data: { id: string } }>().data.id;
      const activated = await f.p.put(`/api/game/player-bonuses/${id}/activate`, undefined, { token: player.token });
      expect(activated.statusCode, activated.body).toBe(200);
    }
    const play = (params: DiceParams) =>
      f.p.post('/api/game/originals/dice/rounds', { amount: 1, ...params }, { headers });
    // The seed pair exists before the rounds (created by its first read), so that the
    // outcome of the next nonce can be chosen below.
    expect((await f.p.get('/api/game/originals/seeds', { headers })).statusCode).toBe(200);

    /** Parameters that win (or lose) on the pair's next nonce, computed from its seeds. */
    async function paramsThat(win: boolean): Promise<DiceParams> {
      const pair = await t.db
        .selectFrom('game_seed_pairs')
        .select(['server_seed', 'client_seed', 'nonce'])
        .where('player_id', '=', player.id)
        .where('is_active', '=', true)
        .executeTakeFirstOrThrow();
      const nonce = Number(pair.nonce);
      const candidates: DiceParams[] = win
        ? [
            { direction: 'under', targetHundredths: 9800 },
            { direction: 'over', targetHundredths: 200 },
          ]
        : [
            { direction: 'under', targetHundredths: 100 },
            { direction: 'over', targetHundredths: 9900 },
          ];
      const found = candidates.find(
        (params) => playDice(new FairRng(pair.server_seed, pair.client_seed, nonce), params).win === win,
      );
      if (!found) throw new Error('no candidate gives the outcome');
      return found;
    }

    // Warm-up: the process's caches (game ids, currencies, stake limits, operator accounts) fill.
    expect((await play(await paramsThat(false))).statusCode).toBe(200);

    for (const win of [false, true, false, true]) {
      const params = await paramsThat(win);
      const { result, statements } = await t.statementsDuring(() => play(params));
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json<{ data: { round: { outcome: { win: boolean } } } }>().data.round.outcome.win).toBe(win);
      const { own, after } = split(statements);
      const budget = withBonus
        ? win
          ? BET_PATH_BUDGET.diceRoundWithBonus
          : BET_PATH_BUDGET.diceRoundLostWithBonus
        : mode === 'limits'
          ? win
            ? BET_PATH_BUDGET.diceRoundWithLimits
            : BET_PATH_BUDGET.diceRoundLostWithLimits
          : win
            ? BET_PATH_BUDGET.diceRound
            : BET_PATH_BUDGET.diceRoundLost;
      expect(own.length, `${win ? 'won' : 'lost'} round:\n${listed(statements)}`).toBeLessThanOrEqual(budget);
      // One transaction: the round is all or nothing.
      expect(own.filter((sql) => /^\s*(begin|commit)\b/i.test(sql))).toEqual(['begin', 'commit']);
      expect(after, listed(after)).toEqual([]);
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  }

  it('a dice round: one transaction, at most the budget, win or lose', async () => {
    await diceRounds('plain');
  });

  it('a dice round while a bonus is wagered: one statement more', async () => {
    await diceRounds('bonus');
  });

  it('a dice round with bet and loss limits: one statement more; a deposit limit alone: none', async () => {
    await diceRounds('limits');
    await diceRounds('deposit-limit');
  });

  it("a provider's bet and win callbacks with bet and loss limits: one statement more each", async () => {
    await providerRounds(true);
  });

  it("a provider's bet and win callbacks", async () => {
    await providerRounds(false);
  });

  async function providerRounds(withLimits: boolean) {
    const { session: token, player } = await f.playerWithSession('aurora-wilds', 100_000n);
    if (withLimits) await setLimits(player.token);
    // Provider transaction ids are unique per provider: each run has its own.
    const tag = withLimits ? 'limited-' : '';
    async function call(path: string, body: Record<string, unknown>) {
      const raw = JSON.stringify(body);
      const response = await providerApp.server.inject({
        method: 'POST',
        url: `/api/game-wallet/${PROVIDER}/${path}`,
        payload: raw,
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(SECRET, raw) },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ status: string }>().status, response.body).toBe('OK');
    }
    const money = { token, currency: 'USD' };
    // Warm-up round (caches, operator accounts).
    await call('bet', { ...money, transactionId: `${tag}warm-bet`, roundId: `${tag}warm`, amount: 100 });
    await call('win', { ...money, transactionId: `${tag}warm-win`, roundId: `${tag}warm`, amount: 0 });

    for (const round of ['r1', 'r2']) {
      const bet = await t.statementsDuring(() =>
        call('bet', { ...money, transactionId: `${tag}${round}-bet`, roundId: `${tag}${round}`, amount: 100 }),
      );
      const betOwn = split(bet.statements).own;
      expect(betOwn.length, listed(bet.statements)).toBeLessThanOrEqual(
        withLimits ? BET_PATH_BUDGET.providerBetWithLimits : BET_PATH_BUDGET.providerBet,
      );
      const win = await t.statementsDuring(() =>
        call('win', { ...money, transactionId: `${tag}${round}-win`, roundId: `${tag}${round}`, amount: 250 }),
      );
      const { own, after } = split(win.statements);
      expect(own.length, listed(win.statements)).toBeLessThanOrEqual(
        withLimits ? BET_PATH_BUDGET.providerWinWithLimits : BET_PATH_BUDGET.providerWin,
      );
      expect(after, listed(after)).toEqual([]);
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  }

  it('places a sportsbook single within its budget', async () => {
    const created = await t.app.server.inject({
      method: 'POST',
      url: '/api/dev/sportsbook/events',
      payload: { home: 'Budget Home', away: 'Budget Away', startsInMs: 3_600_000 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const markets = created.json<{ data: { markets: { outcomes: { id: string; oddsMilli: number }[] }[] } }>().data
      .markets;
    const { headers } = await f.playerWithSession('betsy-sportsbook-betsy', 1_000_00n);
    const place = (outcome: { id: string; oddsMilli: number }) =>
      t.app.server.inject({
        method: 'POST',
        url: '/api/sportsbook/tickets',
        headers,
        payload: {
          requestId: crypto.randomUUID(),
          stake: 1,
          selections: [{ outcomeId: outcome.id, oddsMilli: outcome.oddsMilli }],
          oddsPolicy: 'none',
        },
      });
    // Warm-up ticket (caches, the event's exposure row, operator accounts).
    expect((await place(markets[0]!.outcomes[0]!)).statusCode).toBe(200);
    for (const outcome of [markets[0]!.outcomes[1]!, markets[1]!.outcomes[0]!]) {
      const placed = await t.statementsDuring(async () => {
        const response = await place(outcome);
        expect(response.statusCode, response.body).toBe(200);
      });
      const { own } = split(placed.statements);
      expect(own.length, listed(placed.statements)).toBeLessThanOrEqual(BET_PATH_BUDGET.sportsbookSingle);
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
