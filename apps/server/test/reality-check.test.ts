import { describe, expect, it } from 'vitest';
import { signBody } from '../src/modules/game-wallet/signature';
import { fixtures, useApp, useTestServer } from './fixtures';
import { errorOf, PASSWORD } from './players';

/**
 * Reality checks and session time (docs/player-protection.md, "Reality checks and session
 * time"): the settings API, an in-house dice round refused while a check is due and played
 * again after Continue, the session-time limit ending play, and a third-party bet through
 * the game wallet answered REALITY_CHECK. Time passing is the dev route that makes a check
 * due now (the service's own clock is covered by its unit tests).
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-reality-secret';
const PROVIDER_IP = '10.9.9.9';

const t = useTestServer();
const providerApp = useApp(t, { gameProviders: [{ provider: PROVIDER, secret: SECRET, allowIps: [PROVIDER_IP] }] });
const f = fixtures(t);
const { p } = f;

const DICE_ROUND = { amount: 1, direction: 'under', targetHundredths: 5000 };
const gameHeaders = (gameToken: string) => ({ headers: { 'x-game-session': gameToken } });
const playDice = (gameToken: string) => p.post('/api/game/originals/dice/rounds', DICE_ROUND, gameHeaders(gameToken));
const makeDue = (gameToken: string, check: 'realityCheck' | 'sessionTime') =>
  p.post('/api/dev/game/sessions/reality-check/due', { check }, gameHeaders(gameToken));

interface Summary {
  playedSeconds: number;
  currency: string;
  stakes: number;
  wins: number;
  netResult: number;
  intervalMinutes: number | null;
  realityCheckDue: boolean;
  nextCheckAt: string | null;
  sessionEnded: boolean;
  sessionEndsAt: string | null;
}

async function setSettings(accessToken: string, body: Record<string, unknown>) {
  return p.put('/api/player/reality-check', body, { token: accessToken });
}

async function summaryOf(gameToken: string): Promise<Summary> {
  const response = await p.get('/api/game/sessions/reality-check', gameHeaders(gameToken));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Summary }>().data;
}

describe('reality-check settings', () => {
  it('answers none by default, saves a choice and refuses values off the lists', async () => {
    const player = await f.p.registerByEmail({ currency: 'USD' });
    const none = await p.get('/api/player/reality-check', { token: player.token });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ data: { intervalMinutes: null, sessionLimitMinutes: null } });

    const saved = await setSettings(player.token, { intervalMinutes: 30, sessionLimitMinutes: 120 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: { intervalMinutes: 30, sessionLimitMinutes: 120 } });
    expect((await p.get('/api/player/reality-check', { token: player.token })).json()).toEqual(saved.json());

    const bad = await setSettings(player.token, { intervalMinutes: 7, sessionLimitMinutes: 5 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['intervalMinutes', 'sessionLimitMinutes']);
    expect((await p.get('/api/player/reality-check')).statusCode).toBe(401);
  });
});

describe('in-house rounds', () => {
  it('refuses a dice round while a check is due; Continue acknowledges and play goes on', async () => {
    const { player, session } = await f.playerWithSession('dice', 10_000n);
    // Set after the launch: the open session follows at once.
    expect((await setSettings(player.token, { intervalMinutes: 15, sessionLimitMinutes: null })).statusCode).toBe(200);
    const first = await playDice(session);
    expect(first.statusCode, first.body).toBe(200);
    const before = await summaryOf(session);
    expect(before).toMatchObject({ realityCheckDue: false, intervalMinutes: 15, currency: 'USD', stakes: 1 });
    expect(Date.parse(before.nextCheckAt ?? '')).toBeGreaterThan(Date.now() + 14 * 60_000);

    expect((await makeDue(session, 'realityCheck')).statusCode).toBe(200);
    const refused = await playDice(session);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe(14106);
    const due = await summaryOf(session);
    expect(due.realityCheckDue).toBe(true);
    // One round played: stakes 1.00, the net result is what it won back minus the stake.
    expect(due.netResult).toBeCloseTo(due.wins - 1, 9);
    expect(due.playedSeconds).toBeGreaterThanOrEqual(0);

    const ack = await p.post('/api/game/sessions/reality-check', undefined, gameHeaders(session));
    expect(ack.statusCode, ack.body).toBe(200);
    const after = ack.json<{ data: Summary }>().data;
    expect(after.realityCheckDue).toBe(false);
    expect(Date.parse(after.nextCheckAt ?? '')).toBeGreaterThan(Date.now() + 14 * 60_000);
    // A second Continue changes nothing.
    const again = await p.post('/api/game/sessions/reality-check', undefined, gameHeaders(session));
    expect(again.json<{ data: Summary }>().data.nextCheckAt).toBe(after.nextCheckAt);

    const played = await playDice(session);
    expect(played.statusCode, played.body).toBe(200);
    expect((await summaryOf(session)).stakes).toBe(2);
  });

  it('a session opened with settings has its first check one interval away; off means no checks', async () => {
    const { player } = await f.playerWithSession('dice', 10_000n);
    await setSettings(player.token, { intervalMinutes: 60, sessionLimitMinutes: 240 });
    const { token } = await f.launch('dice', { demoMode: false }, player.token);
    const summary = await summaryOf(token);
    expect(Date.parse(summary.nextCheckAt ?? '') - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(summary.sessionEndsAt).not.toBeNull();

    // Turned off: the open session has no more checks (a due one too).
    await makeDue(token, 'realityCheck');
    await setSettings(player.token, { intervalMinutes: null, sessionLimitMinutes: 240 });
    expect((await summaryOf(token)).nextCheckAt).toBeNull();
    expect((await playDice(token)).statusCode).toBe(200);

    // Demo sessions have no checks at all.
    const demo = await f.launch('dice', { demoMode: true }, player.token);
    expect(await summaryOf(demo.token)).toMatchObject({ nextCheckAt: null, sessionEndsAt: null });
    expect((await makeDue(demo.token, 'realityCheck')).statusCode).toBe(422);
  });

  it('the session-time limit ends play for the session; Continue does not lift it', async () => {
    const { player, session } = await f.playerWithSession('dice', 10_000n);
    await setSettings(player.token, { intervalMinutes: null, sessionLimitMinutes: 30 });
    const { sessionEndsAt } = await summaryOf(session);
    expect(Date.parse(sessionEndsAt ?? '') - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await playDice(session)).statusCode).toBe(200);

    expect((await makeDue(session, 'sessionTime')).statusCode).toBe(200);
    const ended = await playDice(session);
    expect(ended.statusCode).toBe(400);
    expect(errorOf(ended).code).toBe(14107);
    await p.post('/api/game/sessions/reality-check', undefined, gameHeaders(session));
    expect(errorOf(await playDice(session)).code).toBe(14107);
    expect((await summaryOf(session)).sessionEnded).toBe(true);

    // Reopening the game in the same sign-in session does not restart the limit's clock.
    const reopened = await f.launch('dice', { demoMode: false }, player.token);
    const again = await summaryOf(reopened.token);
    expect(Date.parse(again.sessionEndsAt ?? '')).toBeLessThanOrEqual(Date.parse(sessionEndsAt ?? ''));
  });
});

describe('with a moving clock', () => {
  // Another app on the same database whose rules read this clock (AppOptions.now).
  let nowMs = Date.now();
  const clocked = useApp(t, { now: () => new Date(nowMs) });
  const minutes = (n: number) => n * 60_000;
  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { payload?: object; headers?: Record<string, string> },
  ) => clocked.server.inject({ method, url, remoteAddress: p.ip(), ...options });

  it('a check falls due after the interval; Continue sets the next one interval later; the limit ends play', async () => {
    nowMs = Date.now();
    const player = await p.registerByEmail({ currency: 'USD' });
    // Signed in on the clocked app: each app of a test server signs its own access tokens.
    const signedIn = await inject('POST', '/api/player/sessions', {
      payload: { login: player.email, password: PASSWORD, fingerprint: '' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const auth = { authorization: `Bearer ${signedIn.json<{ data: { accessToken: string } }>().data.accessToken}` };
    const saved = await inject('PUT', '/api/player/reality-check', {
      payload: { intervalMinutes: 15, sessionLimitMinutes: 60 },
      headers: auth,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const launched = await inject('POST', '/api/game/games/dice/play', { payload: { demoMode: false }, headers: auth });
    expect(launched.statusCode, launched.body).toBe(200);
    const gameToken = launched.json<{ data: { token: string } }>().data.token;
    await f.fundPlayer(player, 10_000n);
    const game = { 'x-game-session': gameToken };
    const dice = () => inject('POST', '/api/game/originals/dice/rounds', { payload: DICE_ROUND, headers: game });

    nowMs += minutes(14);
    expect((await dice()).statusCode).toBe(200);
    nowMs += minutes(1);
    expect(errorOf(await dice()).code).toBe(14106);
    nowMs += minutes(5);
    const ack = await inject('POST', '/api/game/sessions/reality-check', { headers: game });
    const summary = ack.json<{ data: Summary }>().data;
    // The launch's time is the database's, a moment after the clock was read.
    expect(summary.playedSeconds).toBeGreaterThanOrEqual(20 * 60 - 5);
    expect(summary.playedSeconds).toBeLessThanOrEqual(20 * 60);
    expect(Date.parse(summary.nextCheckAt ?? '')).toBe(nowMs + minutes(15));
    expect((await dice()).statusCode).toBe(200);
    nowMs += minutes(15);
    expect(errorOf(await dice()).code).toBe(14106);
    await inject('POST', '/api/game/sessions/reality-check', { headers: game });

    // 60 minutes after the launch: play is over for the session.
    nowMs += minutes(25);
    const ended = await dice();
    expect(errorOf(ended).code).toBe(14107);
  });
});

describe('third-party games', () => {
  async function call(path: string, body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    const response = await providerApp.server.inject({
      method: 'POST',
      url: `/api/game-wallet/${PROVIDER}/${path}`,
      payload: raw,
      remoteAddress: PROVIDER_IP,
      headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(SECRET, raw) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ status: string; balance: number }>();
  }

  it('a provider bet answers REALITY_CHECK while due, LIMIT_REACHED after the session time, OK otherwise', async () => {
    const { player, session } = await f.playerWithSession('aurora-wilds', 10_000n);
    await setSettings(player.token, { intervalMinutes: 45, sessionLimitMinutes: 60 });
    const bet = (id: string) => ({ token: session, transactionId: id, roundId: id, amount: 100, currency: 'USD' });
    expect(await call('bet', bet(`rc-ok-${Date.now()}`))).toMatchObject({ status: 'OK', balance: 9_900 });

    await makeDue(session, 'realityCheck');
    expect(await call('bet', bet(`rc-due-${Date.now()}`))).toMatchObject({ status: 'REALITY_CHECK', balance: 9_900 });
    // Wins are still paid while a check is due.
    const win = { token: session, transactionId: `rc-win-${Date.now()}`, roundId: 'w', amount: 50, currency: 'USD' };
    expect(await call('win', win)).toMatchObject({ status: 'OK', balance: 9_950 });

    const summary = await p.post('/api/game/sessions/reality-check', undefined, gameHeaders(session));
    expect(summary.json<{ data: Summary }>().data).toMatchObject({ stakes: 1, wins: 0.5, netResult: -0.5 });
    expect(await call('bet', bet(`rc-after-${Date.now()}`))).toMatchObject({ status: 'OK', balance: 9_850 });

    await makeDue(session, 'sessionTime');
    expect(await call('bet', bet(`rc-ended-${Date.now()}`))).toMatchObject({ status: 'LIMIT_REACHED' });
  });
});
