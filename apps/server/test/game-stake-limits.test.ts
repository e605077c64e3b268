import { describe, expect, it } from 'vitest';
import { type App } from '../src/app';
import type { BetRule } from '../src/modules/game-wallet';
import { signBody } from '../src/modules/game-wallet/signature';
import { channels, PlayerStatus } from '@croupier/contract';
import { ADMIN_KEY, adminRequest, fixtures, setPlayerStatus, useApp, useTestServer } from './fixtures';
import { errorOf } from './players';
import { balancesOf } from './wallet-helpers';

/**
 * The rules a bet passes: the operator's stake limits per game and currency (operator API,
 * in-house and third-party games alike), the launch refusal of players who may not play
 * for real, and the hook through which other modules refuse bets and tell the game page.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-limits-secret';
const THIRD_PARTY_GAME = 'aurora-wilds';
/** The stake the test rule refuses, in minor units. */
const RESTRICTED_STAKE_MINOR = 777;

const restrictingRule: BetRule = {
  check({ session, amountMinor }) {
    if (amountMinor !== BigInt(RESTRICTED_STAKE_MINOR) || !session.player_id) return undefined;
    // As the bonus module will: the bet breaks the active bonus's maximum bet.
    const playerBonus = {
      id: 'bonus-1',
      name: 'Welcome',
      bonusType: 1,
      status: 2,
      result: 1,
      amount: 10,
      currency: 'USD',
      maxBetAmount: 5,
    };
    return {
      status: 'BET_OUT_OF_LIMITS',
      event: { event: 'game.bet.max.exceed', gameIdentity: 'dice', playerBonus },
    };
  },
};

const t = useTestServer({
  ADMIN_API_KEY: ADMIN_KEY,
  GAME_PROVIDERS: PROVIDER,
  GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: SECRET,
});
const f = fixtures(t);
const { p } = f;
/** A second app on the same database with a rule of another module (as limits and bonuses will add). */
const ruled = useApp(t, { gameBetRules: [restrictingRule] });

const admin = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>, key = ADMIN_KEY) =>
  adminRequest(t, method, url, { ...(body ? { body } : {}), key: key || null });

async function launched(game: string, fundMinor: bigint, body: Record<string, unknown> = {}) {
  const { player, session, gameUrl, accountId } = await f.playerWithSession(game, fundMinor, { launchBody: body });
  return { player, token: session, gameUrl, accountId };
}

const frameSession = (app: App, token: string) =>
  app.server.inject({ method: 'GET', url: '/api/game/originals/session', headers: { 'x-game-session': token } });
const diceRound = (app: App, token: string, amount: number) =>
  app.server.inject({
    method: 'POST',
    url: '/api/game/originals/dice/rounds',
    headers: { 'x-game-session': token },
    payload: { amount, direction: 'under', targetHundredths: 5000 },
  });

describe('stake limits per game and currency', () => {
  it('the operator API needs the key, names bad amounts per field and knows games and currencies', async () => {
    expect((await admin('GET', '/api/admin/games/dice/stake-limits', undefined, '')).statusCode).toBe(401);
    expect((await admin('GET', '/api/admin/games/dice/stake-limits', undefined, 'wrong-key')).statusCode).toBe(401);
    const empty = await admin('GET', '/api/admin/games/dice/stake-limits');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<{ data: unknown[] }>().data).toEqual([]);

    const inverted = await admin('PUT', '/api/admin/games/dice/stake-limits/USD', { minStake: 5, maxStake: 1 });
    expect(inverted.statusCode).toBe(422);
    expect(Object.keys(errorOf(inverted).fields ?? {})).toEqual(['maxStake']);
    const precise = await admin('PUT', '/api/admin/games/dice/stake-limits/USD', { minStake: 0.001, maxStake: 1 });
    expect(Object.keys(errorOf(precise).fields ?? {})).toEqual(['minStake']);
    expect(
      (await admin('PUT', '/api/admin/games/dice/stake-limits/XYZ', { minStake: 1, maxStake: 2 })).statusCode,
    ).toBe(404);
    expect(
      (await admin('PUT', '/api/admin/games/no-such-game/stake-limits/USD', { minStake: 1, maxStake: 2 })).statusCode,
    ).toBe(404);
    expect((await admin('DELETE', '/api/admin/games/dice/stake-limits/EUR')).statusCode).toBe(404);
  });

  it('bounds an in-house game: the frame shows them, rounds outside are 422 on the stake, removal restores the built-in ones', async () => {
    const { token, accountId } = await launched('dice', 10_000n);
    const builtIn = await frameSession(t.app, token);
    expect(builtIn.json<{ data: { minStake: number; maxStake: number } }>().data).toMatchObject({
      minStake: 0.01,
      maxStake: 10_000,
    });

    const set = await admin('PUT', '/api/admin/games/dice/stake-limits/USD', { minStake: 0.5, maxStake: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: unknown }>().data).toMatchObject({ currency: 'USD', minStake: 0.5, maxStake: 2 });
    const listed = await admin('GET', '/api/admin/games/dice/stake-limits');
    expect(listed.json<{ data: { currency: string }[] }>().data.map((l) => l.currency)).toEqual(['USD']);
    expect(
      (await frameSession(t.app, token)).json<{ data: { minStake: number; maxStake: number } }>().data,
    ).toMatchObject({ minStake: 0.5, maxStake: 2 });

    for (const amount of [0.49, 2.01]) {
      const refused = await diceRound(t.app, token, amount);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(errorOf(refused).fields ?? {})).toEqual(['amount']);
    }
    expect((await balancesOf(t.db, accountId)).real).toBe(10_000n);
    expect((await diceRound(t.app, token, 2)).statusCode).toBe(200);

    expect((await admin('DELETE', '/api/admin/games/dice/stake-limits/USD')).statusCode).toBe(204);
    expect((await frameSession(t.app, token)).json<{ data: { maxStake: number } }>().data.maxStake).toBe(10_000);
    expect((await diceRound(t.app, token, 5)).statusCode).toBe(200);
  });

  it("bounds a third-party game's bets over the signed callbacks (BET_OUT_OF_LIMITS, nothing taken)", async () => {
    const { token, accountId } = await launched(THIRD_PARTY_GAME, 10_000n);
    expect(
      (await admin('PUT', `/api/admin/games/${THIRD_PARTY_GAME}/stake-limits/USD`, { minStake: 1, maxStake: 20 }))
        .statusCode,
    ).toBe(200);
    const bet = async (transactionId: string, amount: number) => {
      const raw = JSON.stringify({ token, transactionId, roundId: transactionId, amount, currency: 'USD' });
      const response = await t.app.server.inject({
        method: 'POST',
        url: `/api/game-wallet/${PROVIDER}/bet`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(SECRET, raw) },
      });
      return response.json<{ status: string; balance: number }>();
    };
    expect(await bet('limits-high', 2_001)).toMatchObject({ status: 'BET_OUT_OF_LIMITS', balance: 10_000 });
    expect(await bet('limits-low', 99)).toMatchObject({ status: 'BET_OUT_OF_LIMITS', balance: 10_000 });
    expect(await bet('limits-ok', 2_000)).toMatchObject({ status: 'OK', balance: 8_000 });
    expect((await balancesOf(t.db, accountId)).real).toBe(8_000n);
  });
});

describe('launch', () => {
  it('refuses real money to a self-excluded player with 14105 (demo stays open)', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    await setPlayerStatus(t, player.id, PlayerStatus.SELF_EXCLUDED);
    const real = await p.post('/api/game/games/dice/play', { demoMode: false }, { token: player.token });
    expect(real.statusCode).toBe(400);
    expect(errorOf(real).code).toBe(14105);
    const demo = await p.post('/api/game/games/dice/play', { demoMode: true }, { token: player.token });
    expect(demo.statusCode, demo.body).toBe(200);
  });

  it("hands the page's locale to the in-house frame as lang (a malformed one is left out)", async () => {
    const { gameUrl } = await launched('dice', 0n, { locale: 'pt-BR' });
    expect(gameUrl.startsWith(`${t.config.siteUrl}/play/dice?`)).toBe(true);
    expect(gameUrl).toMatch(/\/play\/dice\?mode=real&lang=pt-BR#token=[\w-]+$/);
    expect((await launched('dice', 0n, { locale: '../../x' })).gameUrl).not.toContain('lang=');
  });
});

describe('bet rules of other modules', () => {
  it('a rule refuses the bet and publishes its event (max bet exceeded) on game:bets#{playerId} for the game page', async () => {
    const { player, token, accountId } = await launched('dice', 10_000n);
    const published: { channel: string; json: string }[] = [];
    const stop = ruled.realtime.bus.subscribe((channel, json) => published.push({ channel, json }));
    try {
      const refused = await diceRound(ruled, token, RESTRICTED_STAKE_MINOR / 100);
      expect(refused.statusCode).toBe(422);
      const bets = published.filter((entry) => entry.channel === channels.bets(player.id));
      expect(bets).toHaveLength(1);
      expect(JSON.parse(bets[0]?.json ?? '{}')).toMatchObject({
        event: 'game.bet.max.exceed',
        gameIdentity: 'dice',
        playerBonus: { maxBetAmount: 5, currency: 'USD' },
      });
      expect((await balancesOf(t.db, accountId)).real).toBe(10_000n);
      // Other stakes pass the rule.
      expect((await diceRound(ruled, token, 1)).statusCode).toBe(200);
    } finally {
      stop();
    }
  });
});
