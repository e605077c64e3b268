import { PlayerStatus } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/game-wallet/service';
import { signBody } from '../src/modules/game-wallet/signature';
import { fixtures, setPlayerStatus, useApp, useTestServer } from './fixtures';
import { errorOf, PASSWORD } from './players';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * A player's game session belongs to the sign-in session that launched it: whatever ends
 * the sign-in session (logout, closing it from the sessions list, a password change that
 * closes the other sessions, a block) ends the game's bets, in-house and third-party alike.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-test-secret';
const PROVIDER_IP = '10.9.9.9';

const t = useTestServer();
// A second app on the same database that lets the third-party provider call back.
const providerApp = useApp(t, { gameProviders: [{ provider: PROVIDER, secret: SECRET, allowIps: [PROVIDER_IP] }] });
const f = fixtures(t);
const { p } = f;

const DICE_ROUND = { amount: 1, direction: 'under', targetHundredths: 5000 };
const gameHeaders = (gameToken: string) => ({ headers: { 'x-game-session': gameToken } });
const playDice = (gameToken: string) => p.post('/api/game/originals/dice/rounds', DICE_ROUND, gameHeaders(gameToken));

/** A signed-in player with 100.00 USD and a session of `game` (real money unless `demo`). */
async function playerWithGame(game: string, options: { demo?: boolean } = {}) {
  const launchBody = { demoMode: options.demo ?? false };
  const { player, accountId, session } = await f.playerWithSession(game, 10_000n, { launchBody });
  return { player, account: accountId, gameToken: session };
}

async function launch(game: string, accessToken: string, demo = false): Promise<string> {
  return (await f.launch(game, { demoMode: demo }, accessToken)).token;
}

async function realBalance(account: string): Promise<bigint> {
  return (await balancesOf(t.db, account)).real;
}

/** The in-house game refuses everything with 401 and takes no money. */
async function expectDiceRefused(gameToken: string, account: string) {
  const before = await realBalance(account);
  const round = await playDice(gameToken);
  expect(round.statusCode, round.body).toBe(401);
  expect(errorOf(round).message).toBe('Open the game again to start a new session.');
  expect((await p.get('/api/game/originals/session', gameHeaders(gameToken))).statusCode).toBe(401);
  expect((await p.get('/api/game/originals/seeds', gameHeaders(gameToken))).statusCode).toBe(401);
  expect((await p.post('/api/game/originals/seeds/rotate', {}, gameHeaders(gameToken))).statusCode).toBe(401);
  expect(await realBalance(account)).toBe(before);
}

interface CallbackAnswer {
  status: string;
  balance: number;
  currency: string;
}

async function callback(path: string, body: Record<string, unknown>): Promise<CallbackAnswer> {
  const raw = JSON.stringify(body);
  const response = await providerApp.server.inject({
    method: 'POST',
    url: `/api/game-wallet/${PROVIDER}/${path}`,
    payload: raw,
    remoteAddress: PROVIDER_IP,
    headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(SECRET, raw) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CallbackAnswer>();
}

let txCounter = 0;
const txId = (label: string) => `${label}-${Date.now()}-${++txCounter}`;

describe('in-house games end with the sign-in session', () => {
  it('ties the game session to the sign-in session that launched it', async () => {
    const { player, gameToken } = await playerWithGame('dice');
    const row = await t.db
      .selectFrom('game_sessions')
      .select('sign_in_session_id')
      .where('token_hash', '=', hashToken(gameToken))
      .executeTakeFirstOrThrow();
    expect(row.sign_in_session_id).toBe(player.sessionId);
  });

  it('refuses the game token after logout, leaving the balance unchanged', async () => {
    const { player, account, gameToken } = await playerWithGame('dice');
    expect((await playDice(gameToken)).statusCode).toBe(200);
    const logout = await p.post('/api/player/sessions/logout', undefined, { token: player.token });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    await expectDiceRefused(gameToken, account);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses the game token after its sign-in session was closed from the sessions list', async () => {
    const { player, account, gameToken } = await playerWithGame('dice');
    const other = await p.signIn(player.email, PASSWORD);
    const closed = await p.put(`/api/player/sessions/${player.sessionId}/close`, undefined, {
      token: other.accessToken,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await expectDiceRefused(gameToken, account);

    // A game launched from the sign-in session still open keeps playing.
    const kept = await launch('dice', other.accessToken);
    expect((await playDice(kept)).statusCode).toBe(200);
  });

  it('refuses the game tokens of the other sessions after a password change that closes them', async () => {
    const { player, account, gameToken } = await playerWithGame('dice');
    const current = await p.signIn(player.email, PASSWORD);
    const kept = await launch('dice', current.accessToken);
    const fresh = 'my new secret phrase';
    const changed = await p.put(
      '/api/player/passwords',
      { currentPassword: PASSWORD, newPassword: fresh, repeatNewPassword: fresh },
      { token: current.accessToken },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectDiceRefused(gameToken, account);
    expect((await playDice(kept)).statusCode).toBe(200);
  });

  it('refuses a demo game of the player too (its seeds are the player’s), but not a guest’s demo', async () => {
    const { player, gameToken } = await playerWithGame('dice', { demo: true });
    expect((await playDice(gameToken)).statusCode).toBe(200);
    await p.post('/api/player/sessions/logout', undefined, { token: player.token });
    expect((await playDice(gameToken)).statusCode).toBe(401);

    const guest = await p.post('/api/game/games/dice/play', { demoMode: true });
    const guestToken = guest.json<{ data: { token: string } }>().data.token;
    expect((await playDice(guestToken)).statusCode).toBe(200);
  });

  it('leaves an open mines round to the next launch: the old token may not step it, a new one resumes it', async () => {
    const { player, account, gameToken } = await playerWithGame('mines');
    const started = await p.post(
      '/api/game/originals/mines/rounds',
      { amount: 5, mineCount: 3 },
      gameHeaders(gameToken),
    );
    expect(started.statusCode, started.body).toBe(200);
    const roundId = started.json<{ data: { round: { id: string } } }>().data.round.id;
    await p.post('/api/player/sessions/logout', undefined, { token: player.token });
    const step = await p.post(
      `/api/game/originals/mines/rounds/${roundId}/reveal`,
      { tile: 0 },
      gameHeaders(gameToken),
    );
    expect(step.statusCode).toBe(401);
    expect((await p.get('/api/game/originals/mines/active', gameHeaders(gameToken))).statusCode).toBe(401);
    expect(await realBalance(account)).toBe(9_500n);

    const again = await p.signIn(player.email, PASSWORD);
    const resumed = await p.get(
      '/api/game/originals/mines/active',
      gameHeaders(await launch('mines', again.accessToken)),
    );
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<{ data: { id: string } | null }>().data?.id).toBe(roundId);
  });

  it('refuses bets once the account is blocked, whichever request ends the sign-in sessions', async () => {
    const { player, account, gameToken } = await playerWithGame('dice');
    await setPlayerStatus(t, player.id, PlayerStatus.BLOCKED);
    expect((await p.get('/api/player/profile', { token: player.token })).statusCode).toBe(403);
    await setPlayerStatus(t, player.id, PlayerStatus.ACTIVE);
    // Unblocked again: the sign-in sessions stay closed, and so does the game.
    await expectDiceRefused(gameToken, account);
  });
});

describe('third-party games end with the sign-in session', () => {
  it('answers TOKEN_EXPIRED to a bet after logout and moves no money; a late win is still paid', async () => {
    const { player, account, gameToken } = await playerWithGame('aurora-wilds');
    const round = 'sign-in-r1';
    const bet = await callback('bet', {
      token: gameToken,
      transactionId: txId('bet'),
      roundId: round,
      amount: 500,
      currency: 'USD',
    });
    expect(bet).toMatchObject({ status: 'OK', balance: 9_500 });
    await p.post('/api/player/sessions/logout', undefined, { token: player.token });

    const refused = await callback('bet', {
      token: gameToken,
      transactionId: txId('bet'),
      roundId: 'sign-in-r2',
      amount: 700,
      currency: 'USD',
    });
    expect(refused).toMatchObject({ status: 'TOKEN_EXPIRED', balance: 9_500, currency: 'USD' });
    expect(await realBalance(account)).toBe(9_500n);

    // The round in flight still settles: the money is the player's.
    const win = await callback('win', {
      token: gameToken,
      transactionId: txId('win'),
      roundId: round,
      amount: 1_200,
      currency: 'USD',
    });
    expect(win).toMatchObject({ status: 'OK', balance: 10_700 });
    expect(await realBalance(account)).toBe(10_700n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('answers TOKEN_EXPIRED after the sign-in session was closed from another one', async () => {
    const { player, account, gameToken } = await playerWithGame('aurora-wilds');
    const other = await p.signIn(player.email, PASSWORD);
    await p.put(`/api/player/sessions/${player.sessionId}/close`, undefined, { token: other.accessToken });
    const refused = await callback('bet', {
      token: gameToken,
      transactionId: txId('bet'),
      roundId: 'sign-in-r3',
      amount: 100,
      currency: 'USD',
    });
    expect(refused).toMatchObject({ status: 'TOKEN_EXPIRED', balance: 10_000 });
    expect(await realBalance(account)).toBe(10_000n);
  });
});
