import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOriginalsRepository } from '../src/modules/originals/repository';
import { createRemoteRounds } from '../src/modules/originals/remote-rounds';
import { createSignedHttpWallet, type RemoteAnswer, type RemoteWallet } from '../src/modules/originals/remote-wallet';
import { fixtures, useApp, useTestServer } from './fixtures';
import { errorOf } from './players';
import { listen } from './realtime-helpers';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * The in-house games run apart from the wallet: a second app on the same database whose
 * games call the first app's `/api/game-wallet/croupier/*` callbacks over signed HTTP.
 * Faults are injected between the two: a request that never arrives, an answer that is
 * lost after the wallet applied the call, a process that dies mid-round.
 */

const SECRET = 'croupier-remote-wallet-test-secret';

type Fault = 'lose-request' | 'lose-answer' | 'crash';
type Call = 'bet' | 'win' | 'rollback';

/** The real signed client with a queue of faults per call. */
class FaultyWallet implements RemoteWallet {
  readonly plan: Record<Call, Fault[]> = { bet: [], win: [], rollback: [] };
  readonly sent: Call[] = [];
  constructor(private readonly inner: RemoteWallet) {}

  private async run(call: Call, send: () => Promise<RemoteAnswer>): Promise<RemoteAnswer> {
    const fault = this.plan[call].shift();
    this.sent.push(call);
    if (fault === 'lose-request') return undefined;
    if (fault === 'crash') throw new Error('the games process died');
    const answer = await send();
    return fault === 'lose-answer' ? undefined : answer;
  }

  bet: RemoteWallet['bet'] = (token, call) => this.run('bet', () => this.inner.bet(token, call));
  win: RemoteWallet['win'] = (token, call) => this.run('win', () => this.inner.win(token, call));
  rollback: RemoteWallet['rollback'] = (token, call) => this.run('rollback', () => this.inner.rollback(token, call));
}

const t = useTestServer({ GAME_PROVIDERS: 'croupier', GAME_PROVIDER_CROUPIER_SECRET: SECRET });
const f = fixtures(t);
const { p } = f;
let http: RemoteWallet;
let walletUrl = '';
let faulty: FaultyWallet;
/** Any process can finish owed calls: this one stands for the background retry. */
let retry: ReturnType<typeof createRemoteRounds>;
let remoteWallet: { url: string; secret: string; timeoutMs: number };

beforeAll(async () => {
  const { port } = await listen(t.app);
  walletUrl = `http://127.0.0.1:${port}`;
  remoteWallet = { url: walletUrl, secret: SECRET, timeoutMs: 5000 };
  http = createSignedHttpWallet(remoteWallet);
  faulty = new FaultyWallet(http);
  retry = createRemoteRounds({
    repository: createOriginalsRepository(t.db),
    wallet: http,
    leaseMs: 60_000,
    retryBaseMs: 0,
  });
});
/** The in-house games' process: its rounds call the first app's wallet over signed HTTP, through `faulty`. */
const games = useApp(t, () => ({
  config: (config) => ({ ...config, originals: { remoteWallet } }),
  originalsRemote: { wallet: faulty, retryIntervalMs: 0, retryBaseMs: 0 },
}));
beforeEach(() => {
  faulty.plan.bet = [];
  faulty.plan.win = [];
  faulty.plan.rollback = [];
  faulty.sent.length = 0;
});

/** A funded player with a real session of `game`, launched on the wallet's app. */
const realPlayer = (fundMinor: bigint, game = 'dice') => f.playerWithSession(game, fundMinor);

/** A request to the games' app (the one that calls the wallet over HTTP). */
const onGames = (method: 'GET' | 'POST', url: string, session: string, body?: Record<string, unknown>) =>
  games.server.inject({
    method,
    url,
    headers: { 'x-game-session': session },
    ...(body ? { payload: body } : {}),
    remoteAddress: p.ip(),
  });

const dice = (session: string, amount = 1) =>
  onGames('POST', '/api/game/originals/dice/rounds', session, { amount, direction: 'under', targetHundredths: 5000 });

interface PlayedRound {
  id: string;
  payout: number;
  status: string;
}

const roundOf = (id: string) =>
  t.db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const callOf = (id: string) =>
  t.db.selectFrom('game_round_wallet_calls').selectAll().where('round_id', '=', id).executeTakeFirst();
const walletTransactionsOf = (roundId: string) =>
  t.db
    .selectFrom('game_wallet_transactions')
    .select(['provider', 'kind', 'amount_minor', 'rolled_back'])
    .where('round_id', '=', roundId)
    .orderBy('created_at')
    .execute();
/** The newest round of a player (a round the answer did not name). */
const newestRoundOf = (playerId: string) =>
  t.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

describe('in-house games over the signed HTTP wallet', () => {
  it('plays dice: the wallet takes the bet and credits the win as provider croupier; nothing is left owed', async () => {
    const { session, accountId } = await realPlayer(10_000n);
    const response = await dice(session, 2.5);
    expect(response.statusCode, response.body).toBe(200);
    const { round, balance } = response.json<{ data: { round: PlayedRound; balance: number } }>().data;
    expect(round.status).toBe('settled');
    const payoutMinor = BigInt(Math.round(round.payout * 100));
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 250n + payoutMinor);
    expect(balance).toBe(Number(10_000n - 250n + payoutMinor) / 100);
    expect(await walletTransactionsOf(round.id)).toEqual([
      { provider: 'croupier', kind: 'bet', amount_minor: 250n, rolled_back: false },
      { provider: 'croupier', kind: 'win', amount_minor: payoutMinor, rolled_back: false },
    ]);
    expect(faulty.sent).toEqual(['bet', 'win']);
    expect(await callOf(round.id)).toBeUndefined();
    expect((await roundOf(round.id)).settled_at).not.toBeNull();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('plays mines over several calls: steps wait without calls, the cash-out pays once to the session that bet', async () => {
    const { player, session, accountId } = await realPlayer(10_000n, 'mines');
    const started = await onGames('POST', '/api/game/originals/mines/rounds', session, { amount: 1, mineCount: 1 });
    expect(started.statusCode, started.body).toBe(200);
    const round = started.json<{ data: { round: PlayedRound } }>().data.round;
    expect(round.status).toBe('open');
    expect((await callOf(round.id))?.due_at).toBeNull();
    // A second start waits for this one; a reload opens another session of the same player.
    const second = await onGames('POST', '/api/game/originals/mines/rounds', session, { amount: 1, mineCount: 1 });
    expect(second.statusCode).toBe(409);
    const relaunch = await p.post('/api/game/games/mines/play', { demoMode: false }, { token: player.token });
    const reloaded = relaunch.json<{ data: { token: string } }>().data.token;

    // One mine among 25 tiles: the reveal is safe (the round stays open) or the mine (it settles at 0).
    const step = await onGames('POST', `/api/game/originals/mines/rounds/${round.id}/reveal`, reloaded, { tile: 0 });
    expect(step.statusCode, step.body).toBe(200);
    expect(faulty.sent).toEqual(
      step.json<{ data: { round: PlayedRound } }>().data.round.status === 'open' ? ['bet'] : ['bet', 'win'],
    );
    if (step.json<{ data: { round: PlayedRound } }>().data.round.status === 'open') {
      const cashOuts = await Promise.all(
        [1, 2, 3].map(() => onGames('POST', `/api/game/originals/mines/rounds/${round.id}/cashout`, reloaded)),
      );
      expect(cashOuts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    }
    const settled = await roundOf(round.id);
    expect(settled.status).toBe('settled');
    const transactions = await walletTransactionsOf(round.id);
    expect(transactions.map((tx) => tx.kind)).toEqual(['bet', 'win']);
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 100n + settled.payout_minor);
    expect(await callOf(round.id)).toBeUndefined();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a bet the wallet refuses is the player error and a void round: nothing moves', async () => {
    const { player, session, accountId } = await realPlayer(100n);
    const response = await dice(session, 5);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe(13201);
    const round = await newestRoundOf(player.id);
    expect(round.status).toBe('void');
    expect(await callOf(round.id)).toBeUndefined();
    expect((await balancesOf(t.db, accountId)).real).toBe(100n);
    // A void round is no history.
    const spins = await p.get('/api/game/spins', { token: player.token });
    expect(spins.json<{ meta: { totalRows: number } }>().meta.totalRows).toBe(0);
  });

  it("the wallet applies the in-house stake bounds to croupier's calls: a stake above them is 422, the round void", async () => {
    const { player, session, accountId } = await realPlayer(1_000n);
    const response = await dice(session, 10_000.01);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['amount']);
    expect((await newestRoundOf(player.id)).status).toBe('void');
    expect((await balancesOf(t.db, accountId)).real).toBe(1_000n);
  });

  it('a bet whose answer is lost is rolled back at once: the stake comes back, the round is void', async () => {
    const { player, session, accountId } = await realPlayer(1_000n);
    faulty.plan.bet.push('lose-answer');
    const response = await dice(session, 3);
    expect(response.statusCode, response.body).toBe(503);
    expect(errorOf(response).code).toBe(1503);
    expect(faulty.sent).toEqual(['bet', 'rollback']);
    const round = await newestRoundOf(player.id);
    expect(round.status).toBe('void');
    expect(await walletTransactionsOf(round.id)).toMatchObject([
      { kind: 'bet', rolled_back: true },
      { kind: 'rollback' },
    ]);
    expect((await balancesOf(t.db, accountId)).real).toBe(1_000n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a bet and its rollback both lost: the retry refunds it, and the bet arriving late is refused', async () => {
    const { player, session, accountId } = await realPlayer(1_000n);
    faulty.plan.bet.push('lose-request');
    faulty.plan.rollback.push('lose-request');
    const response = await dice(session, 3);
    expect(response.statusCode).toBe(503);
    const round = await newestRoundOf(player.id);
    expect(round.status).toBe('refunding');
    expect((await callOf(round.id))?.last_error).toBe('rollback: no answer');

    expect(await retry.deliverDue()).toBeGreaterThanOrEqual(1);
    expect((await roundOf(round.id)).status).toBe('void');
    expect(await callOf(round.id)).toBeUndefined();
    // The bet that never arrived turns up now (a slow network): the wallet refuses it.
    const late = await http.bet(session, {
      transactionId: `${round.id}:bet`,
      roundId: round.id,
      currency: 'USD',
      amountMinor: 300n,
    });
    expect(late?.status).toBe('TRANSACTION_ROLLED_BACK');
    expect((await balancesOf(t.db, accountId)).real).toBe(1_000n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a win whose answer is lost waits in paying; the retry settles it without paying twice', async () => {
    const { player, session, accountId } = await realPlayer(10_000n);
    faulty.plan.win.push('lose-answer');
    const first = await dice(session, 1);
    expect(first.statusCode, first.body).toBe(503);
    expect(errorOf(first).code).toBe(1503);
    const round = await newestRoundOf(player.id);
    expect(round.status).toBe('paying');
    // The wallet applied the win although its answer was lost.
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 100n + round.payout_minor);
    // The history shows what the wallet did: the round with its win.
    const spins = await p.get('/api/game/spins', { token: player.token });
    expect(spins.json<{ data: { id: string; payout: number }[] }>().data).toMatchObject([
      { id: round.id, payout: Number(round.payout_minor) / 100 },
    ]);

    expect(await retry.deliverDue()).toBeGreaterThanOrEqual(1);
    expect((await roundOf(round.id)).status).toBe('settled');
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n - 100n + round.payout_minor);
    const transactions = await walletTransactionsOf(round.id);
    expect(transactions.map((tx) => tx.kind)).toEqual(['bet', 'win']);
    // Nothing is due any more: a second pass takes nothing.
    await retry.deliverDue();
    expect(await walletTransactionsOf(round.id)).toHaveLength(2);
    expect(await ledgerViolations(t.db)).toEqual([]);

    // The player plays on in the same session.
    const next = await dice(session, 1);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('a process that dies before its bet: the retry rolls the round back instead of betting', async () => {
    const { player, session, accountId } = await realPlayer(1_000n);
    faulty.plan.bet.push('crash');
    const response = await dice(session, 2);
    expect(response.statusCode).toBe(500);
    const round = await newestRoundOf(player.id);
    expect(round.status).toBe('betting');
    // Its lease runs out (the process that held it is gone); no API moves the clock.
    await t.db
      .updateTable('game_round_wallet_calls')
      .set({ due_at: new Date(0) })
      .where('round_id', '=', round.id)
      .execute();
    await retry.deliverDue();
    expect((await roundOf(round.id)).status).toBe('void');
    expect(await walletTransactionsOf(round.id)).toMatchObject([{ kind: 'rollback' }]);
    expect((await balancesOf(t.db, accountId)).real).toBe(1_000n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('the wallet refuses a call signed with another key and changes nothing', async () => {
    const { session, accountId } = await realPlayer(1_000n);
    const stranger = createSignedHttpWallet({ url: walletUrl, secret: 'not-the-croupier-secret', timeoutMs: 5000 });
    const call = { transactionId: 'stranger:bet', roundId: 'stranger', currency: 'USD', amountMinor: 100n };
    expect((await stranger.bet(session, call))?.status).toBe('INVALID_SIGNATURE');
    expect((await http.bet(session, call))?.status).toBe('OK');
    expect((await balancesOf(t.db, accountId)).real).toBe(900n);
  });
});
