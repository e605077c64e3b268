import { PlayerStatus } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { signBody } from '../src/modules/game-wallet/signature';
import { expireGameSession, fixtures, setPlayerStatus, useApp, useTestServer } from './fixtures';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * The game wallet's provider callbacks, as a third-party provider calls them: signed
 * HTTP requests with the scenarios of the seamless-wallet pattern.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-test-secret';
const GAME = 'aurora-wilds';

const t = useTestServer();
// A second app on the same database, configured with the provider's access.
const app = useApp(t, { gameProviders: [{ provider: PROVIDER, secret: SECRET, allowIps: ['127.0.0.1', '10.9.9.9'] }] });
const f = fixtures(t);
const { p } = f;

interface Answer {
  status: string;
  balance: number;
  bonusBalance: number;
  currency: string;
  transactionId?: string;
}

async function call(path: string, body: Record<string, unknown>, options: { secret?: string; ip?: string } = {}) {
  const raw = JSON.stringify(body);
  const response = await app.server.inject({
    method: 'POST',
    url: `/api/game-wallet/${PROVIDER}/${path}`,
    payload: raw,
    remoteAddress: options.ip ?? '10.9.9.9',
    headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(options.secret ?? SECRET, raw) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
}

/** A player with `fundMinor` USD cents and a real session of a third-party game. */
async function session(fundMinor: bigint) {
  const { player, session: token, accountId } = await f.playerWithSession(GAME, fundMinor);
  return { token, account: accountId, playerId: player.id, accessToken: player.token };
}

let txCounter = 0;
const txId = (label: string) => `${label}-${Date.now()}-${++txCounter}`;

describe('game wallet callbacks', () => {
  it('answers the balance, takes a bet once and pays a win once', async () => {
    const { token, account } = await session(10_000n);
    expect(await call('balance', { token })).toMatchObject({ status: 'OK', balance: 10_000, currency: 'USD' });

    const bet = { token, transactionId: txId('bet'), roundId: 'r1', amount: 1_500, currency: 'USD' };
    const first = await call('bet', bet);
    expect(first).toMatchObject({ status: 'OK', balance: 8_500 });
    const again = await call('bet', bet);
    expect(again).toMatchObject({ status: 'OK', balance: 8_500, transactionId: first.transactionId });
    expect(await call('bet', { ...bet, amount: 1 })).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: 8_500 });

    const win = { token, transactionId: txId('win'), roundId: 'r1', amount: 4_000, currency: 'USD' };
    expect(await call('win', win)).toMatchObject({ status: 'OK', balance: 12_500 });
    expect(await call('win', win)).toMatchObject({ status: 'OK', balance: 12_500 });
    expect(await call('end-round', { token, roundId: 'r1' })).toMatchObject({ status: 'OK', balance: 12_500 });
    expect((await balancesOf(t.db, account)).real).toBe(12_500n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refunds a rolled back bet once; a rollback before its bet refuses the bet later', async () => {
    const { token, account } = await session(5_000n);
    const bet = { token, transactionId: txId('bet'), roundId: 'r2', amount: 2_000, currency: 'USD' };
    expect(await call('bet', bet)).toMatchObject({ status: 'OK', balance: 3_000 });
    const rollback = { token, transactionId: txId('rb'), referenceTransactionId: bet.transactionId, roundId: 'r2' };
    expect(await call('rollback', rollback)).toMatchObject({ status: 'OK', balance: 5_000 });
    expect(await call('rollback', rollback)).toMatchObject({ status: 'OK', balance: 5_000 });
    expect(await call('rollback', { ...rollback, transactionId: txId('rb') })).toMatchObject({
      status: 'OK',
      balance: 5_000,
    });

    const lateId = txId('late-bet');
    const early = { token, transactionId: txId('rb'), referenceTransactionId: lateId, roundId: 'r3' };
    expect(await call('rollback', early)).toMatchObject({ status: 'OK', balance: 5_000 });
    const late = await call('bet', { token, transactionId: lateId, roundId: 'r3', amount: 100, currency: 'USD' });
    expect(late).toMatchObject({ status: 'TRANSACTION_ROLLED_BACK', balance: 5_000 });
    expect((await balancesOf(t.db, account)).real).toBe(5_000n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('accepts wins after the token expired, refuses bets then', async () => {
    const { token } = await session(1_000n);
    expect(
      await call('bet', { token, transactionId: txId('bet'), roundId: 'r4', amount: 500, currency: 'USD' }),
    ).toMatchObject({
      status: 'OK',
    });
    await expireGameSession(t, token);
    const late = await call('win', { token, transactionId: txId('win'), roundId: 'r4', amount: 900, currency: 'USD' });
    expect(late).toMatchObject({ status: 'OK', balance: 1_400 });
    const bet = await call('bet', { token, transactionId: txId('bet'), roundId: 'r5', amount: 100, currency: 'USD' });
    expect(bet).toMatchObject({ status: 'TOKEN_EXPIRED', balance: 1_400 });
  });

  it('answers insufficient funds with the balance, wrong currency, and refuses bad signatures and addresses', async () => {
    const { token } = await session(700n);
    const poor = await call('bet', { token, transactionId: txId('bet'), roundId: 'r6', amount: 701, currency: 'USD' });
    expect(poor).toMatchObject({ status: 'NOT_ENOUGH_MONEY', balance: 700 });
    const euro = await call('bet', { token, transactionId: txId('bet'), roundId: 'r6', amount: 1, currency: 'EUR' });
    expect(euro).toMatchObject({ status: 'WRONG_CURRENCY', balance: 700 });
    const forged = await call(
      'bet',
      { token, transactionId: txId('bet'), roundId: 'r6', amount: 1, currency: 'USD' },
      { secret: 'guess' },
    );
    expect(forged.status).toBe('INVALID_SIGNATURE');
    const stranger = await call('balance', { token }, { ip: '203.0.113.9' });
    expect(stranger.status).toBe('INVALID_PARTNER');
    expect((await call('balance', { token: 'nope' })).status).toBe('INVALID_TOKEN');
    expect((await call('balance', { token })).balance).toBe(700);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('debits a bet retried in parallel once', async () => {
    const { token, account } = await session(3_000n);
    const bet = { token, transactionId: txId('bet'), roundId: 'r8', amount: 1_000, currency: 'USD' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('bet', bet)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill('OK'));
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect((await balancesOf(t.db, account)).real).toBe(2_000n);
  });

  it('refuses bets of a blocked player but still pays wins and rollbacks', async () => {
    const { token, playerId } = await session(2_000n);
    const bet = { token, transactionId: txId('bet'), roundId: 'r7', amount: 1_000, currency: 'USD' };
    expect(await call('bet', bet)).toMatchObject({ status: 'OK', balance: 1_000 });
    await setPlayerStatus(t, playerId, PlayerStatus.BLOCKED);
    const refused = await call('bet', { ...bet, transactionId: txId('bet') });
    expect(refused).toMatchObject({ status: 'USER_DISABLED', balance: 1_000 });
    const win = await call('win', { ...bet, transactionId: txId('win'), amount: 300 });
    expect(win).toMatchObject({ status: 'OK', balance: 1_300 });
    const rollback = { token, transactionId: txId('rb'), referenceTransactionId: bet.transactionId, roundId: 'r7' };
    expect(await call('rollback', rollback)).toMatchObject({ status: 'OK', balance: 2_300 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("lists a third-party game's rounds in the player's casino history: bets not rolled back, wins", async () => {
    const { token, accessToken } = await session(10_000n);
    const round = (id: string) => ({ token, roundId: id, currency: 'USD' });
    const played = `hist-${txCounter + 1}`;
    expect(await call('bet', { ...round(played), transactionId: txId('bet'), amount: 500 })).toMatchObject({
      status: 'OK',
    });
    expect(await call('bet', { ...round(played), transactionId: txId('bet'), amount: 250 })).toMatchObject({
      status: 'OK',
    });
    expect(await call('win', { ...round(played), transactionId: txId('win'), amount: 1_200 })).toMatchObject({
      status: 'OK',
    });
    // A round whose only bet was rolled back moved no money: it is no history.
    const undone = `undone-${txCounter + 1}`;
    const undoneBet = { ...round(undone), transactionId: txId('bet'), amount: 300 };
    expect(await call('bet', undoneBet)).toMatchObject({ status: 'OK' });
    const rollback = {
      token,
      transactionId: txId('rb'),
      referenceTransactionId: undoneBet.transactionId,
      roundId: undone,
    };
    expect(await call('rollback', rollback)).toMatchObject({ status: 'OK' });

    const spins = await p.get('/api/game/spins', { token: accessToken });
    expect(spins.statusCode, spins.body).toBe(200);
    const page = spins.json<{ data: Record<string, unknown>[]; meta: { totalRows: number } }>();
    expect(page.meta.totalRows).toBe(1);
    expect(page.data).toEqual([
      {
        id: `${PROVIDER}:${played}`,
        game: 'Aurora Wilds',
        gameIdentity: GAME,
        amount: 7.5,
        payout: 12,
        currency: 'USD',
        createdAt: expect.any(String) as string,
      },
    ]);
  });

  it('refuses a geo-restricted game at launch', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const launch = await p.post(
      '/api/game/games/polar-fortune-jackpot/play',
      { demoMode: false, countryCode: 'DE' },
      { token: player.token },
    );
    expect(launch.statusCode).toBe(400);
    expect(launch.json<{ error: { code: number } }>().error.code).toBe(14308);
  });
});
