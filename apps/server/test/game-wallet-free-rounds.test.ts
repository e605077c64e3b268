import { randomUUID } from 'node:crypto';
import { spinSchema } from '@croupier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createOperator,
  createPlayer,
  createProviderClient,
  type KitPlayer,
  type ProviderClient,
} from '../src/modules/game-wallet/conformance';
import { ADMIN_KEY, adminRequest, expireGameSession } from './fixtures';
import { playableGames, useFreeRoundsServer } from './free-rounds-helpers';
import { errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';

/**
 * Free rounds of third-party providers (docs/bonuses.md, "Free spins"), beyond the
 * conformance kit's scenarios: who may play a grant, the rules of a new round, concurrent
 * rounds of one grant, the grant's delivery and withdrawal at the provider, and the
 * player's history. The provider is played over signed HTTP as the kit does. Runs on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL), where the concurrent rounds really race.
 */

const SECRET = 'free-rounds-northern-lights-secret-0123456789';
const OTHER_SECRET = 'free-rounds-golden-koi-secret-0123456789abcd';

// golden-koi takes no free rounds: free spins cannot name its games.
const { t, receiver } = useFreeRoundsServer(
  { secret: SECRET, otherSecret: OTHER_SECRET },
  { RATE_LIMIT_PER_MINUTE: '1000000' },
);

let baseUrl: string;
let provider: ProviderClient;
let operator: ReturnType<typeof createOperator>;
beforeAll(async () => {
  baseUrl = await t.app.server.listen({ host: '127.0.0.1', port: 0 });
  provider = createProviderClient(baseUrl, { id: 'northern-lights', secret: SECRET });
  operator = createOperator(baseUrl, ADMIN_KEY);
});

/** Two enabled, unrestricted games of a provider. */
async function gamesOf(providerIdentity: string): Promise<[string, string]> {
  const [first, second] = await playableGames(t, providerIdentity);
  if (!first || !second) throw new Error(`fewer than two playable games of ${providerIdentity}`);
  return [first, second];
}

/** A funded player with `rounds` free rounds on `game` (issued; activated unless told otherwise). */
async function playerWithRounds(game: string, rounds: number, options: { activate?: boolean } = {}) {
  const player = await createPlayer(baseUrl, { label: 'free-rounds' });
  await player.fund(10);
  const given = await operator.grantFreeRounds({ playerId: player.id, gameId: game, currency: 'USD', rounds });
  if (options.activate !== false) await player.activateFreespins(given.freeRoundsId);
  return { player, ...given };
}

const freeRound = (token: string, freeRoundsId: string, amount: number, transactionId = randomUUID()) =>
  provider.call('win', { token, transactionId, roundId: randomUUID(), amount, currency: 'USD', freeRoundsId });

async function statusOf(call: ReturnType<typeof freeRound>) {
  const result = await call;
  expect(result.httpStatus).toBe(200);
  return result.answer?.status;
}

const grantOf = async (player: KitPlayer, id: string) => (await player.freespins()).find((grant) => grant.id === id);

const rowsOf = (grantId: string) =>
  t.db.selectFrom('game_wallet_transactions').selectAll().where('freespin_id', '=', grantId).execute();

describe('free rounds of a provider', () => {
  it("are played only by the grant's player, account and game, once active, and never in demo", async () => {
    const [game, otherGame] = await gamesOf('northern-lights');
    const { player, freeRoundsId } = await playerWithRounds(game, 3, { activate: false });
    const { token } = await player.launch(game);
    expect(await statusOf(freeRound(token, freeRoundsId, 10))).toBe('FREE_ROUNDS_NOT_AVAILABLE'); // issued only

    await player.activateFreespins(freeRoundsId);
    const stranger = await createPlayer(baseUrl, { label: 'free-rounds-stranger' });
    const strangerToken = (await stranger.launch(game)).token;
    expect(await statusOf(freeRound(strangerToken, freeRoundsId, 10))).toBe('FREE_ROUNDS_NOT_AVAILABLE');
    const otherGameToken = (await player.launch(otherGame)).token;
    expect(await statusOf(freeRound(otherGameToken, freeRoundsId, 10))).toBe('FREE_ROUNDS_NOT_AVAILABLE');
    const demo = await t.app.server.inject({
      method: 'POST',
      url: `/api/game/games/${game}/play`,
      payload: { demoMode: true },
    });
    const demoToken = z.object({ data: z.object({ token: z.string() }) }).parse(demo.json()).data.token;
    expect(await statusOf(freeRound(demoToken, freeRoundsId, 10))).toBe('FREE_ROUNDS_NOT_AVAILABLE');
    expect(await rowsOf(freeRoundsId)).toEqual([]);

    expect(await statusOf(freeRound(token, freeRoundsId, 10))).toBe('OK');
    expect(await grantOf(player, freeRoundsId)).toMatchObject({ usedCount: 1, wonMinor: 10 });
    // A normal win may not reuse a free round's id, nor the other way round.
    const reused = (await rowsOf(freeRoundsId))[0]?.provider_tx_id ?? '';
    const normalWin = await provider.call('win', {
      token,
      transactionId: reused,
      roundId: randomUUID(),
      amount: 10,
      currency: 'USD',
    });
    expect(normalWin.answer?.status).toBe('DUPLICATE_TRANSACTION');
    expect(await grantOf(player, freeRoundsId)).toMatchObject({ usedCount: 1 });
  });

  it('are new rounds: an expired token or a blocked player plays none, a wrong currency is refused', async () => {
    const [game] = await gamesOf('northern-lights');
    const { player, freeRoundsId } = await playerWithRounds(game, 3);
    const { token } = await player.launch(game);
    const eur = await provider.call('win', {
      token,
      transactionId: randomUUID(),
      roundId: randomUUID(),
      amount: 5,
      currency: 'EUR',
      freeRoundsId,
    });
    expect(eur.answer?.status).toBe('WRONG_CURRENCY');
    await expireGameSession(t, token);
    expect(await statusOf(freeRound(token, freeRoundsId, 5))).toBe('TOKEN_EXPIRED');

    const fresh = (await player.launch(game)).token;
    await t.db.updateTable('players').set({ status: 3 }).where('id', '=', player.id).execute();
    expect(await statusOf(freeRound(fresh, freeRoundsId, 5))).toBe('USER_DISABLED');
    await t.db.updateTable('players').set({ status: 1 }).where('id', '=', player.id).execute();
    expect(await statusOf(freeRound(fresh, freeRoundsId, 5))).toBe('OK');
    expect(await grantOf(player, freeRoundsId)).toMatchObject({ usedCount: 1, wonMinor: 5 });
  });

  it('sent at once never take more rounds than the grant has, and its winnings become one bonus', async () => {
    const [game] = await gamesOf('northern-lights');
    const { player, freeRoundsId } = await playerWithRounds(game, 3);
    const { token } = await player.launch(game);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => statusOf(freeRound(token, freeRoundsId, 7))));
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'FREE_ROUNDS_NOT_AVAILABLE')).toHaveLength(5);
    expect(await rowsOf(freeRoundsId)).toHaveLength(3);
    const grant = await grantOf(player, freeRoundsId);
    expect(grant).toMatchObject({ usedCount: 3, status: 3, result: 2, wonMinor: 21 });
    const bonuses = await t.db
      .selectFrom('player_bonuses')
      .select(['id', 'amount_minor'])
      .where('source', '=', `freespins:${freeRoundsId}`)
      .execute();
    expect(bonuses).toEqual([{ id: grant?.winningsBonusId, amount_minor: 21n }]);
    // The real balance never moved.
    expect(await player.walletBalanceMinor()).toBe(1000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("are listed in the player's history as free spins, with the grant's bet as the stake", async () => {
    const [game] = await gamesOf('northern-lights');
    const { player, freeRoundsId, betMinor } = await playerWithRounds(game, 2);
    const { token } = await player.launch(game);
    expect(await statusOf(freeRound(token, freeRoundsId, 30))).toBe('OK');
    const round = await t.db
      .selectFrom('game_wallet_transactions')
      .select('round_id')
      .where('freespin_id', '=', freeRoundsId)
      .executeTakeFirstOrThrow();
    const history = await t.app.server.inject({
      url: '/api/game/spins',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(history.statusCode, history.body).toBe(200);
    const spins = z.object({ data: z.array(spinSchema) }).parse(history.json()).data;
    expect(spins).toHaveLength(1);
    expect(spins[0]).toMatchObject({
      id: `northern-lights:${round.round_id}`,
      isFreespin: true,
      amount: betMinor / 100,
      payout: 0.3,
      gameIdentity: game,
    });
    // A round that won is in the winners feed, as a win without a bet.
    const winner = await t.db
      .selectFrom('game_wins')
      .select(['stake_minor', 'payout_minor'])
      .where('provider', '=', 'northern-lights')
      .where('round_id', '=', round.round_id)
      .executeTakeFirst();
    expect(winner).toEqual({ stake_minor: 0n, payout_minor: 30n });
  });
});

describe('free-round grants at the provider', () => {
  it('are sent once active, signed, with the rounds left; cancelled or expired ones are withdrawn', async () => {
    const [game] = await gamesOf('northern-lights');
    const { player, freeRoundsId, betMinor } = await playerWithRounds(game, 5);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(receiver().grants.get(freeRoundsId)).toMatchObject({
      playerId: player.id,
      gameId: game,
      currency: 'USD',
      rounds: 5,
      betAmount: betMinor,
    });
    expect(receiver().grants.get(freeRoundsId)?.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const cancelled = await t.app.server.inject({
      method: 'PUT',
      url: `/api/game/player-freespins/${freeRoundsId}/cancel`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.jobs.runDue();
    expect(receiver().cancelled.has(freeRoundsId)).toBe(true);

    // Expired with rounds left: withdrawn too.
    const second = await playerWithRounds(game, 5);
    await t.app.jobs.runDue();
    await t.db
      .updateTable('player_freespins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.freeRoundsId)
      .execute();
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('key', 'like', `freespins.expire:${second.freeRoundsId}:%`)
      .execute();
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await grantOf(second.player, second.freeRoundsId)).toMatchObject({ status: 3, result: 4 });
    expect(receiver().cancelled.has(second.freeRoundsId)).toBe(true);
  });

  it('are not sent when cancelled before the delivery ran; a used-up grant is not withdrawn', async () => {
    const [game] = await gamesOf('northern-lights');
    const early = await playerWithRounds(game, 2);
    const cancelled = await t.app.server.inject({
      method: 'PUT',
      url: `/api/game/player-freespins/${early.freeRoundsId}/cancel`,
      headers: { authorization: `Bearer ${early.player.token}` },
    });
    expect(cancelled.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(receiver().grants.has(early.freeRoundsId)).toBe(false);

    const played = await playerWithRounds(game, 1);
    await t.app.jobs.runDue();
    const { token } = await played.player.launch(game);
    expect(await statusOf(freeRound(token, played.freeRoundsId, 0))).toBe('OK');
    await t.app.jobs.runDue();
    expect(await grantOf(played.player, played.freeRoundsId)).toMatchObject({ status: 3, result: 2 });
    expect(receiver().cancelled.has(played.freeRoundsId)).toBe(false);
  });

  it('cannot be given on a game whose provider takes no free rounds', async () => {
    const [game] = await gamesOf('golden-koi');
    const response = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        name: 'Koi free rounds',
        type: 3,
        trigger: 'manual',
        freespins: { gameId: game, count: 5, betValues: [{ currency: 'USD', amount: 0.1 }] },
        wagerCasino: 1,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).fields).toHaveProperty(['freespins.gameId']);
  });
});
