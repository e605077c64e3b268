import { PlayerStatus } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { signBody } from '../src/modules/game-wallet/signature';
import { expireGameSession, fixtures, setPlayerStatus, useApp, useTestServer } from './fixtures';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * `resettle` (docs/api.md, "Sportsbook providers"): a signed correction of what a settled
 * round paid. Up credits like a win; down takes at most the real balance and records the
 * rest as the row's shortfall; idempotent on the provider's transaction id like every call.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-resettle-secret';
const GAME = 'aurora-wilds';
const IP = '10.9.9.9';

const t = useTestServer();
const app = useApp(t, { gameProviders: [{ provider: PROVIDER, secret: SECRET, allowIps: [IP] }] });
const f = fixtures(t);

interface Answer {
  status: string;
  balance: number;
  bonusBalance: number;
  currency: string;
  transactionId?: string;
}

async function call(path: string, body: Record<string, unknown>, options: { secret?: string } = {}) {
  const raw = JSON.stringify(body);
  const response = await app.server.inject({
    method: 'POST',
    url: `/api/game-wallet/${PROVIDER}/${path}`,
    payload: raw,
    remoteAddress: IP,
    headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(options.secret ?? SECRET, raw) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
}

let counter = 0;
const id = (label: string) => `${label}-${Date.now()}-${++counter}`;

/** A USD player with `fundMinor` cents and a real session of the provider's game. */
async function session(fundMinor: bigint) {
  const { player, session: token, accountId } = await f.playerWithSession(GAME, fundMinor);
  return { token, accountId, playerId: player.id };
}

/** A settled round: a bet of `stake` and a win of `payout`; answers the round id. */
async function settledRound(token: string, stake: number, payout: number): Promise<string> {
  const roundId = id('ticket');
  const bet = await call('bet', { token, transactionId: id('bet'), roundId, amount: stake, currency: 'USD' });
  expect(bet.status).toBe('OK');
  const win = await call('win', { token, transactionId: id('win'), roundId, amount: payout, currency: 'USD' });
  expect(win.status).toBe('OK');
  return roundId;
}

/** The recorded correction and its ledger transaction's kind. */
async function recorded(transactionId: string) {
  const row = await t.db
    .selectFrom('game_wallet_transactions as t')
    .leftJoin('ledger_transactions as l', 'l.id', 't.ledger_transaction_id')
    .select(['t.kind', 't.amount_minor', 't.shortfall_minor', 't.ledger_transaction_id', 'l.kind as ledger_kind'])
    .where('t.provider', '=', PROVIDER)
    .where('t.provider_tx_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return { ...row, amount_minor: BigInt(row.amount_minor), shortfall_minor: BigInt(row.shortfall_minor) };
}

/** What the ledger moved for a correction (sum of its postings on the player's account). */
async function movedOn(accountId: string, ledgerTransactionId: string | null): Promise<bigint> {
  if (!ledgerTransactionId) return 0n;
  const rows = await t.db
    .selectFrom('ledger_postings')
    .select('amount_minor')
    .where('transaction_id', '=', ledgerTransactionId)
    .where('account_id', '=', accountId)
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount_minor), 0n);
}

describe('resettle', () => {
  it('credits a correction up after a lost ticket once; a replay answers the first, other data is a duplicate', async () => {
    const { token, accountId } = await session(5_000n);
    const roundId = await settledRound(token, 1_000, 0);
    const resettle = { token, transactionId: id('resettle'), roundId, amount: 2_500 };
    const first = await call('resettle', resettle);
    expect(first).toMatchObject({ status: 'OK', balance: 6_500, currency: 'USD' });
    expect(first.transactionId).toBeDefined();
    expect(await call('resettle', resettle)).toMatchObject({
      status: 'OK',
      balance: 6_500,
      transactionId: first.transactionId,
    });
    expect(await call('resettle', { ...resettle, amount: 2_400 })).toMatchObject({
      status: 'DUPLICATE_TRANSACTION',
      balance: 6_500,
    });
    // A win's id is not a correction's.
    expect(await call('resettle', { ...resettle, amount: -2_500 })).toMatchObject({ status: 'DUPLICATE_TRANSACTION' });
    const row = await recorded(resettle.transactionId);
    expect(row).toMatchObject({
      kind: 'resettle',
      amount_minor: 2_500n,
      shortfall_minor: 0n,
      ledger_kind: 'game.resettle',
    });
    expect(await movedOn(accountId, row.ledger_transaction_id)).toBe(2_500n);
    expect((await balancesOf(t.db, accountId)).real).toBe(6_500n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('takes a correction down after a won ticket back from the real balance', async () => {
    const { token, accountId } = await session(10_000n);
    const roundId = await settledRound(token, 1_000, 3_000);
    expect((await call('balance', { token })).balance).toBe(12_000);
    const resettle = { token, transactionId: id('resettle'), roundId, amount: -2_000 };
    expect(await call('resettle', resettle)).toMatchObject({ status: 'OK', balance: 10_000 });
    expect(await call('resettle', resettle)).toMatchObject({ status: 'OK', balance: 10_000 });
    const row = await recorded(resettle.transactionId);
    expect(row).toMatchObject({ amount_minor: -2_000n, shortfall_minor: 0n, ledger_kind: 'game.resettle' });
    expect(await movedOn(accountId, row.ledger_transaction_id)).toBe(-2_000n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('records the part of a correction down the balance cannot cover; only what it collects moves', async () => {
    const { token, accountId } = await session(1_000n);
    const roundId = await settledRound(token, 1_000, 5_000);
    // The winnings are played away on another ticket: 1_000 is left.
    await settledRound(token, 4_000, 0);
    expect((await call('balance', { token })).balance).toBe(1_000);
    const resettle = { token, transactionId: id('resettle'), roundId, amount: -5_000 };
    expect(await call('resettle', resettle)).toMatchObject({ status: 'OK', balance: 0 });
    expect(await call('resettle', resettle)).toMatchObject({ status: 'OK', balance: 0 });
    const row = await recorded(resettle.transactionId);
    expect(row).toMatchObject({ amount_minor: -5_000n, shortfall_minor: 4_000n });
    expect(await movedOn(accountId, row.ledger_transaction_id)).toBe(-1_000n);

    // Nothing left at all: recorded wholly as a shortfall, no ledger transaction.
    const again = { token, transactionId: id('resettle'), roundId, amount: -700 };
    expect(await call('resettle', again)).toMatchObject({ status: 'OK', balance: 0 });
    expect(await recorded(again.transactionId)).toMatchObject({ shortfall_minor: 700n, ledger_transaction_id: null });
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 0n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('applies a correction retried in parallel once, beside bets of the same player', async () => {
    const { token, accountId } = await session(10_000n);
    const roundId = await settledRound(token, 1_000, 4_000);
    const down = { token, transactionId: id('resettle'), roundId, amount: -3_000 };
    const bets = Array.from({ length: 3 }, () =>
      call('bet', { token, transactionId: id('bet'), roundId: id('ticket'), amount: 100, currency: 'USD' }),
    );
    const answers = await Promise.all([...Array.from({ length: 5 }, () => call('resettle', down)), ...bets]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill('OK'));
    expect(new Set(answers.slice(0, 5).map((a) => a.transactionId)).size).toBe(1);
    expect((await balancesOf(t.db, accountId)).real).toBe(9_700n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("refuses an unknown round and another player's round", async () => {
    const { token } = await session(2_000n);
    const other = await session(2_000n);
    const theirs = await settledRound(other.token, 500, 0);
    expect(
      await call('resettle', { token, transactionId: id('resettle'), roundId: id('none'), amount: 100 }),
    ).toMatchObject({ status: 'TRANSACTION_DOES_NOT_EXIST', balance: 2_000 });
    const foreign = { token, transactionId: id('resettle'), roundId: theirs, amount: 100 };
    expect(await call('resettle', foreign)).toMatchObject({ status: 'TRANSACTION_DOES_NOT_EXIST', balance: 2_000 });
    // The refused id was not recorded: the owner may use the same id for their round.
    expect(await call('resettle', { ...foreign, token: other.token })).toMatchObject({ status: 'OK', balance: 1_600 });
  });

  it('is accepted after the token expired and for a blocked player; a later session of the player may send it', async () => {
    const { token, playerId, accountId } = await session(3_000n);
    const roundId = await settledRound(token, 1_000, 2_000);
    await expireGameSession(t, token);
    expect(await call('resettle', { token, transactionId: id('resettle'), roundId, amount: -500 })).toMatchObject({
      status: 'OK',
      balance: 3_500,
    });
    await setPlayerStatus(t, playerId, PlayerStatus.BLOCKED);
    expect(await call('resettle', { token, transactionId: id('resettle'), roundId, amount: 200 })).toMatchObject({
      status: 'OK',
      balance: 3_700,
    });
    expect((await balancesOf(t.db, accountId)).real).toBe(3_700n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('adjusts a demo balance, never below zero', async () => {
    const { token } = await f.launch(GAME, { demoMode: true });
    const start = (await call('balance', { token })).balance;
    const roundId = await settledRound(token, 1_000, 0);
    expect(await call('resettle', { token, transactionId: id('resettle'), roundId, amount: 400 })).toMatchObject({
      status: 'OK',
      balance: start - 600,
    });
    const down = { token, transactionId: id('resettle'), roundId, amount: -(start + 1_000) };
    expect(await call('resettle', down)).toMatchObject({ status: 'OK', balance: 0 });
    expect(await recorded(down.transactionId)).toMatchObject({
      shortfall_minor: BigInt(start + 1_000 - (start - 600)),
      ledger_transaction_id: null,
    });
  });

  it('checks the signature and the body like every callback', async () => {
    const { token } = await session(1_000n);
    const roundId = await settledRound(token, 100, 0);
    const body = { token, transactionId: id('resettle'), roundId, amount: 50 };
    expect((await call('resettle', body, { secret: 'guess' })).status).toBe('INVALID_SIGNATURE');
    expect((await call('resettle', { ...body, amount: 1.5 })).status).toBe('WRONG_SYNTAX');
    expect((await call('resettle', { ...body, token: 'nope' })).status).toBe('INVALID_TOKEN');
    expect(await call('resettle', body)).toMatchObject({ status: 'OK', balance: 950 });
  });
});
