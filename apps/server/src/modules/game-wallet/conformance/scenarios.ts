import { randomUUID } from 'node:crypto';
import type { FreeRoundsGrant, GameWalletResponse, GameWalletStatus } from '@croupier/contract';
import {
  createPlayer,
  createProviderClient,
  type CallbackResult,
  type KitPlayer,
  type ProviderClient,
  type ProviderCredentials,
  type WalletCall,
} from './client';

/**
 * The conformance kit: a simulated external game provider that opens real-money sessions
 * the way an aggregator does (a signed-in player launches a game of the provider) and then
 * plays the seamless-wallet scenarios over signed HTTP, checking every answer's status and
 * balance against the callback rules (docs/api.md, Game-wallet callbacks) and the player's own wallet.
 */

export interface KitProvider extends ProviderCredentials {
  /** A catalogue game of this provider (id or identity) that the kit's player launches. */
  gameId: string;
}

export interface ConformanceTarget {
  /** The server under test, e.g. http://127.0.0.1:3000 (no trailing slash). */
  baseUrl: string;
  /** The provider the kit plays as: its secret must be the one the server is configured with. */
  provider: KitProvider;
  /**
   * A configured provider whose allow-list leaves out the kit's address: its correctly
   * signed calls must be refused. Without it the allow-list scenario is skipped.
   */
  fenced?: KitProvider | undefined;
  /** Makes a session token expire now (a hook of the operator's side); without it that scenario is skipped. */
  expireToken?: ((token: string) => Promise<void>) | undefined;
  /** The ledger's broken invariants after the run; without it that check is skipped. */
  ledgerViolations?: (() => Promise<string[]>) | undefined;
  /** Play money credited to the kit's player first, in major units (default 1000). */
  fundMajor?: number;
  /**
   * Gives the kit's player `rounds` free rounds on the provider's game, as the operator does
   * with a free-spins bonus (issued; the kit activates them as the player), and answers their
   * id (the `freeRoundsId` sent to the provider) and the bet value of a round in minor units.
   * Without it the free-round scenarios are skipped.
   */
  grantFreeRounds?:
    ((player: { id: string; currency: string }, rounds: number) => Promise<FreeRoundsGiven>) | undefined;
  /**
   * The grant the provider received for these free rounds once they are active (the
   * provider's free-rounds endpoint, e.g. the kit's receiver), undefined when none came.
   * Without it the delivery scenario is skipped.
   */
  deliveredGrant?: ((freeRoundsId: string) => Promise<FreeRoundsGrant | undefined>) | undefined;
}

export interface FreeRoundsGiven {
  freeRoundsId: string;
  betMinor: number;
}

export type Outcome = 'PASS' | 'FAIL' | 'SKIP';

export interface ScenarioResult {
  id: string;
  title: string;
  outcome: Outcome;
  /** What was checked (PASS), what differed (FAIL) or why it did not run (SKIP). */
  detail: string;
  durationMs: number;
}

/** A check that did not hold. */
class Mismatch extends Error {
  override readonly name = 'Mismatch';
}

/** A scenario that cannot run against this target. */
class Skipped extends Error {
  override readonly name = 'Skipped';
}

interface Context {
  target: ConformanceTarget;
  provider: ProviderClient;
  player: KitPlayer;
  currency: string;
  /** A new session of the provider's game: its launch token. */
  open(): Promise<string>;
  /** A transaction or round id unique to this run. */
  id(label: string): string;
}

interface Scenario {
  id: string;
  title: string;
  run(ctx: Context): Promise<string>;
}

/** Checks one callback answer; returns it. */
function expectAnswer(
  step: string,
  result: CallbackResult,
  expected: { status: GameWalletStatus; balance?: number; currency?: string; transactionId?: string },
): GameWalletResponse {
  if (result.httpStatus !== 200 || !result.answer) {
    throw new Mismatch(
      `${step}: expected HTTP 200 with a wallet answer, got ${result.httpStatus} ${result.text.slice(0, 200)}`,
    );
  }
  const got = result.answer;
  const wrong: string[] = [];
  if (got.status !== expected.status) wrong.push(`status ${got.status} (expected ${expected.status})`);
  if (expected.balance !== undefined && got.balance !== expected.balance) {
    wrong.push(`balance ${got.balance} (expected ${expected.balance})`);
  }
  if (expected.currency !== undefined && got.currency !== expected.currency) {
    wrong.push(`currency ${got.currency} (expected ${expected.currency})`);
  }
  if (expected.transactionId !== undefined && got.transactionId !== expected.transactionId) {
    wrong.push(`transactionId ${got.transactionId ?? 'none'} (expected ${expected.transactionId})`);
  }
  if (wrong.length > 0) throw new Mismatch(`${step}: ${wrong.join(', ')}`);
  return got;
}

/** The balance the player's own wallet shows must be the one the callbacks report. */
async function expectWallet(ctx: Context, step: string, balanceMinor: number): Promise<void> {
  const shown = await ctx.player.walletBalanceMinor();
  if (shown !== balanceMinor)
    throw new Mismatch(`${step}: the player's wallet shows ${shown}, expected ${balanceMinor}`);
}

type Expected = Parameters<typeof expectAnswer>[2];

/** Sends one callback as the kit's provider and checks its answer. */
async function send(
  ctx: Context,
  step: string,
  call: WalletCall,
  body: Record<string, unknown>,
  expected: Expected,
): Promise<GameWalletResponse> {
  return expectAnswer(step, await ctx.provider.call(call, body), expected);
}

/** Sends a call and its retry; both must answer OK with `balance`, the retry the first's transactionId. */
async function twice(
  ctx: Context,
  step: string,
  call: WalletCall,
  body: Record<string, unknown>,
  balance: number,
): Promise<GameWalletResponse> {
  const first = await send(ctx, step, call, body, { status: 'OK', balance });
  await send(ctx, `retried ${step}`, call, body, { status: 'OK', balance, transactionId: first.transactionId ?? '' });
  return first;
}

/** A call's transaction id sent again with another amount: refused as a duplicate, nothing moved. */
async function sameIdOtherAmount(
  ctx: Context,
  call: WalletCall,
  body: Record<string, unknown>,
  amount: number,
  balance: number,
): Promise<void> {
  await send(ctx, 'same id, other amount', call, { ...body, amount }, { status: 'DUPLICATE_TRANSACTION', balance });
}

async function balanceNow(ctx: Context, token: string): Promise<number> {
  return (await send(ctx, 'balance', 'balance', { token }, { status: 'OK' })).balance;
}

/** A new session of the provider's game and its balance before the scenario's calls. */
async function opened(ctx: Context): Promise<{ token: string; start: number }> {
  const token = await ctx.open();
  return { token, start: await balanceNow(ctx, token) };
}

const money = (ctx: Context, token: string, roundId: string, amount: number, transactionId = ctx.id('tx')) => ({
  token,
  transactionId,
  roundId,
  amount,
  currency: ctx.currency,
});

/** A rollback of `bet` under a new transaction id. */
const rollbackOf = (ctx: Context, token: string, bet: { transactionId: string; roundId: string }, label = 'rb') => ({
  token,
  transactionId: ctx.id(label),
  referenceTransactionId: bet.transactionId,
  roundId: bet.roundId,
});

/** Free rounds given to the kit's player for a scenario, or a skip when the target cannot give any. */
async function freeRoundsFor(ctx: Context, rounds: number): Promise<FreeRoundsGiven> {
  if (!ctx.target.grantFreeRounds) throw new Skipped('the target gives no free rounds (no grantFreeRounds hook)');
  const given = await ctx.target.grantFreeRounds({ id: ctx.player.id, currency: ctx.currency }, rounds);
  await ctx.player.activateFreespins(given.freeRoundsId);
  return given;
}

/** The player's grant as their bonus page shows it. */
async function grantOf(ctx: Context, id: string) {
  const grant = (await ctx.player.freespins()).find((g) => g.id === id);
  if (!grant) throw new Mismatch(`the player's free spins do not list ${id}`);
  return grant;
}

const freeRound = (
  ctx: Context,
  token: string,
  freeRoundsId: string,
  amount: number,
  transactionId = ctx.id('tx'),
) => ({
  ...money(ctx, token, ctx.id('free-round'), amount, transactionId),
  freeRoundsId,
});

/**
 * A sportsbook as a provider of the wallet (docs/api.md, "Sportsbook providers"): a ticket is
 * a round, its stake a `bet`; settlement a `win` (0 when lost; a cash-out's amount when cashed
 * out); a void the bet's `rollback`; a corrected result a `resettle` with a signed amount.
 * Every call is sent twice: the retry must answer the first result and move nothing.
 */
function sportsbookScenarios(): Scenario[] {
  /** A ticket of `stake` placed (and retried): answers its bet and the balance after it. */
  async function placed(ctx: Context, token: string, stake: number) {
    const start = await balanceNow(ctx, token);
    const bet = money(ctx, token, ctx.id('ticket'), stake);
    await twice(ctx, 'ticket bet', 'bet', bet, start - stake);
    return { bet, start, roundId: bet.roundId };
  }

  const resettle = (ctx: Context, token: string, roundId: string, amount: number) => ({
    token,
    transactionId: ctx.id('resettle'),
    roundId,
    amount,
  });

  return [
    {
      id: 'sportsbook-ticket-won',
      title: 'Sportsbook: a ticket bet, then won',
      async run(ctx) {
        const token = await ctx.open();
        const { start, roundId } = await placed(ctx, token, 200);
        await twice(ctx, 'settlement (won)', 'win', money(ctx, token, roundId, 500), start + 300);
        await expectWallet(ctx, 'after the won ticket', start + 300);
        return `stake 200, payout 500: ${start} → ${start + 300}; retries moved nothing`;
      },
    },
    {
      id: 'sportsbook-ticket-lost',
      title: 'Sportsbook: a ticket bet, then lost (win of 0)',
      async run(ctx) {
        const token = await ctx.open();
        const { start, roundId } = await placed(ctx, token, 200);
        await twice(ctx, 'settlement (lost)', 'win', money(ctx, token, roundId, 0), start - 200);
        await expectWallet(ctx, 'after the lost ticket', start - 200);
        return 'stake 200 kept; the win of 0 and its retry OK';
      },
    },
    {
      id: 'sportsbook-ticket-void',
      title: 'Sportsbook: a void ticket (rollback of its bet) is refunded once',
      async run(ctx) {
        const token = await ctx.open();
        const { start, bet } = await placed(ctx, token, 250);
        await twice(ctx, 'void', 'rollback', rollbackOf(ctx, token, bet, 'void'), start);
        await expectWallet(ctx, 'after the void', start);
        return 'refunded once; the retry moved nothing';
      },
    },
    {
      id: 'sportsbook-cash-out',
      title: 'Sportsbook: a cash-out before the event ends (a win of the cash-out amount)',
      async run(ctx) {
        const token = await ctx.open();
        const { start, roundId } = await placed(ctx, token, 300);
        await twice(ctx, 'cash-out', 'win', money(ctx, token, roundId, 180), start - 120);
        await expectWallet(ctx, 'after the cash-out', start - 120);
        return `stake 300 cashed out for 180: ${start} → ${start - 120}`;
      },
    },
    {
      id: 'sportsbook-resettle-down',
      title: 'Sportsbook: a won ticket resettled down takes the difference back once',
      async run(ctx) {
        const token = await ctx.open();
        const { start, roundId } = await placed(ctx, token, 100);
        await twice(ctx, 'settlement (won)', 'win', money(ctx, token, roundId, 400), start + 300);
        const correction = resettle(ctx, token, roundId, -300);
        await twice(ctx, 'resettle down', 'resettle', correction, start);
        await sameIdOtherAmount(ctx, 'resettle', correction, -299, start);
        await expectWallet(ctx, 'after the correction', start);
        return 'payout 400 corrected to 100: 300 taken back once; other amount DUPLICATE_TRANSACTION';
      },
    },
    {
      id: 'sportsbook-resettle-up',
      title: 'Sportsbook: a lost ticket resettled up credits the difference once',
      async run(ctx) {
        const token = await ctx.open();
        const { start, roundId } = await placed(ctx, token, 100);
        await twice(ctx, 'settlement (lost)', 'win', money(ctx, token, roundId, 0), start - 100);
        await twice(ctx, 'resettle up', 'resettle', resettle(ctx, token, roundId, 250), start + 150);
        await expectWallet(ctx, 'after the correction', start + 150);
        return 'payout 0 corrected to 250: credited once';
      },
    },
    {
      id: 'sportsbook-resettle-unknown-round',
      title: 'Sportsbook: a resettle of a round without a bet is refused',
      async run(ctx) {
        const { token, start } = await opened(ctx);
        const correction = resettle(ctx, token, ctx.id('no-ticket'), 100);
        await send(ctx, 'resettle of an unknown round', 'resettle', correction, {
          status: 'TRANSACTION_DOES_NOT_EXIST',
          balance: start,
        });
        await expectWallet(ctx, 'after the refusal', start);
        return 'TRANSACTION_DOES_NOT_EXIST; nothing moved';
      },
    },
    {
      id: 'sportsbook-resettle-shortfall',
      title: 'Sportsbook: a resettle down beyond the balance takes the balance, never below zero',
      async run(ctx) {
        const token = await ctx.open();
        const { start, roundId } = await placed(ctx, token, 100);
        await twice(ctx, 'settlement (won)', 'win', money(ctx, token, roundId, 100), start);
        // More than the player holds: the rest is recorded as a shortfall for the operator.
        const correction = resettle(ctx, token, roundId, -(start + 500));
        await twice(ctx, 'resettle down beyond the balance', 'resettle', correction, 0);
        await expectWallet(ctx, 'after the correction', 0);
        // Funded again: the kit's later scenarios play with money.
        await ctx.player.fund(ctx.target.fundMajor ?? 1000);
        return `OK with balance 0 (${start} collected, 500 short); the ledger check below covers the rest`;
      },
    },
  ];
}

export const SCENARIOS: Scenario[] = [
  {
    id: 'balance',
    title: 'Balance of a new session',
    async run(ctx) {
      const token = await ctx.open();
      const answer = await send(ctx, 'balance', 'balance', { token }, { status: 'OK', currency: ctx.currency });
      await expectWallet(ctx, 'balance', answer.balance);
      return `OK ${answer.balance} ${answer.currency}, as the player's wallet`;
    },
  },
  {
    id: 'bet',
    title: 'Bet debits the stake',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const answer = await send(ctx, 'bet', 'bet', money(ctx, token, ctx.id('round'), 150), {
        status: 'OK',
        balance: start - 150,
      });
      if (!answer.transactionId) throw new Mismatch('bet: the answer has no transactionId');
      await expectWallet(ctx, 'after the bet', start - 150);
      return `OK, ${start} → ${start - 150}`;
    },
  },
  {
    id: 'duplicate-bet',
    title: 'Duplicate bet: same answer, debited once',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const bet = money(ctx, token, ctx.id('round'), 200);
      await twice(ctx, 'bet', 'bet', bet, start - 200);
      await sameIdOtherAmount(ctx, 'bet', bet, 201, start - 200);
      await expectWallet(ctx, 'after the retries', start - 200);
      return 'retry answered the first transactionId; other amount DUPLICATE_TRANSACTION; debited once';
    },
  },
  {
    id: 'concurrent-duplicate-bet',
    title: 'Bet retried 5 times at once: debited once',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const bet = money(ctx, token, ctx.id('round'), 120);
      const results = await Promise.all(Array.from({ length: 5 }, () => ctx.provider.call('bet', bet)));
      const ids = new Set(results.map((r, i) => expectAnswer(`bet #${i + 1}`, r, { status: 'OK' }).transactionId));
      if (ids.size !== 1) throw new Mismatch(`5 retries were recorded as ${ids.size} transactions`);
      await expectWallet(ctx, 'after the parallel retries', start - 120);
      return 'all 5 OK with one transactionId; debited once';
    },
  },
  {
    id: 'win',
    title: 'Win credits the payout',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const round = ctx.id('round');
      await send(ctx, 'bet', 'bet', money(ctx, token, round, 100), { status: 'OK', balance: start - 100 });
      await send(ctx, 'win', 'win', money(ctx, token, round, 250), { status: 'OK', balance: start + 150 });
      await expectWallet(ctx, 'after the win', start + 150);
      return `OK, ${start} → ${start - 100} → ${start + 150}`;
    },
  },
  {
    id: 'duplicate-win',
    title: 'Duplicate win: same answer, credited once',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const round = ctx.id('round');
      await send(ctx, 'bet', 'bet', money(ctx, token, round, 100), { status: 'OK' });
      await twice(ctx, 'win', 'win', money(ctx, token, round, 300), start + 200);
      await expectWallet(ctx, 'after the retry', start + 200);
      return 'retry answered the first transactionId; credited once';
    },
  },
  {
    id: 'rollback',
    title: 'Rollback of a bet refunds it once',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const bet = money(ctx, token, ctx.id('round'), 300);
      await send(ctx, 'bet', 'bet', bet, { status: 'OK', balance: start - 300 });
      const rollback = rollbackOf(ctx, token, bet);
      await send(ctx, 'rollback', 'rollback', rollback, { status: 'OK', balance: start });
      await send(ctx, 'retried rollback', 'rollback', rollback, { status: 'OK', balance: start });
      await send(ctx, 'second rollback of the bet (other id)', 'rollback', rollbackOf(ctx, token, bet), {
        status: 'OK',
        balance: start,
      });
      await expectWallet(ctx, 'after the rollbacks', start);
      return 'refunded once (retry and a second rollback id moved nothing)';
    },
  },
  {
    id: 'rollback-before-bet',
    title: 'Rollback before its bet: the late bet is refused',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const lateBet = money(ctx, token, ctx.id('round'), 180);
      await send(ctx, 'rollback of an unknown bet', 'rollback', rollbackOf(ctx, token, lateBet), {
        status: 'OK',
        balance: start,
      });
      await send(ctx, 'the late bet', 'bet', lateBet, { status: 'TRANSACTION_ROLLED_BACK', balance: start });
      await expectWallet(ctx, 'after the late bet', start);
      return 'rollback recorded; late bet TRANSACTION_ROLLED_BACK; nothing debited';
    },
  },
  {
    id: 'win-after-token-expiry',
    title: 'Win after the launch token expired is credited',
    async run(ctx) {
      const expire = ctx.target.expireToken;
      if (!expire) throw new Skipped('no way to expire a token on this target (give the kit a database)');
      const { token, start } = await opened(ctx);
      const round = ctx.id('round');
      await send(ctx, 'bet', 'bet', money(ctx, token, round, 100), { status: 'OK', balance: start - 100 });
      await expire(token);
      await send(ctx, 'win after expiry', 'win', money(ctx, token, round, 400), { status: 'OK', balance: start + 300 });
      await send(ctx, 'new bet after expiry', 'bet', money(ctx, token, ctx.id('round'), 100), {
        status: 'TOKEN_EXPIRED',
        balance: start + 300,
      });
      await expectWallet(ctx, 'after the late win', start + 300);
      return 'late win OK and credited; a new bet TOKEN_EXPIRED';
    },
  },
  {
    id: 'insufficient-funds',
    title: 'Insufficient funds answers the actual balance',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      await send(ctx, 'bet above the balance', 'bet', money(ctx, token, ctx.id('round'), start + 1), {
        status: 'NOT_ENOUGH_MONEY',
        balance: start,
      });
      await expectWallet(ctx, 'after the refusal', start);
      return `NOT_ENOUGH_MONEY with balance ${start}; nothing debited`;
    },
  },
  {
    id: 'wrong-currency',
    title: 'Wrong currency is refused',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const other = ctx.currency === 'EUR' ? 'USD' : 'EUR';
      const round = ctx.id('round');
      const refused = { status: 'WRONG_CURRENCY', balance: start } as const;
      await send(ctx, 'bet in another currency', 'bet', { ...money(ctx, token, round, 100), currency: other }, refused);
      await send(ctx, 'win in another currency', 'win', { ...money(ctx, token, round, 100), currency: other }, refused);
      const balance = { token, currency: other };
      await send(ctx, 'balance in another currency', 'balance', balance, { status: 'WRONG_CURRENCY' });
      await expectWallet(ctx, 'after the refusals', start);
      return `${other} bet, win and balance WRONG_CURRENCY; nothing moved`;
    },
  },
  {
    id: 'bad-signature',
    title: 'Bad or missing signature is refused',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const bet = money(ctx, token, ctx.id('round'), 100);
      expectAnswer(
        'bet signed with another key',
        await ctx.provider.call('bet', bet, { signWith: `${ctx.provider.provider.secret}x` }),
        { status: 'INVALID_SIGNATURE' },
      );
      expectAnswer('bet without a signature', await ctx.provider.call('bet', bet, { signature: null }), {
        status: 'INVALID_SIGNATURE',
      });
      await expectWallet(ctx, 'after the forged bets', start);
      // The refused calls left no record: the same id, signed, is a new bet.
      await send(ctx, 'the same bet, signed', 'bet', bet, { status: 'OK', balance: start - 100 });
      return 'INVALID_SIGNATURE twice, nothing recorded; then the signed bet OK';
    },
  },
  {
    id: 'allow-list',
    title: 'Call from an address outside the allow-list is refused',
    async run(ctx) {
      const fenced = ctx.target.fenced;
      if (!fenced) throw new Skipped('no provider whose allow-list leaves out this address was given');
      const token = (await ctx.player.launch(fenced.gameId)).token;
      const client = createProviderClient(ctx.target.baseUrl, fenced);
      const start = await ctx.player.walletBalanceMinor();
      expectAnswer('balance from outside the allow-list', await client.call('balance', { token }), {
        status: 'INVALID_PARTNER',
      });
      expectAnswer(
        'bet from outside the allow-list',
        await client.call('bet', money(ctx, token, ctx.id('round'), 100)),
        { status: 'INVALID_PARTNER' },
      );
      await expectWallet(ctx, 'after the refused bet', start);
      return `${fenced.id}: correctly signed calls INVALID_PARTNER; nothing debited`;
    },
  },
  {
    id: 'unknown-token',
    title: 'Unknown session token is refused',
    async run(ctx) {
      await send(ctx, 'balance of an unknown token', 'balance', { token: randomUUID() }, { status: 'INVALID_TOKEN' });
      return 'INVALID_TOKEN';
    },
  },
  {
    id: 'malformed-body',
    title: 'Malformed body answers WRONG_SYNTAX',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const bet = { ...money(ctx, token, ctx.id('round'), 100), amount: 'ten' };
      await send(ctx, 'bet with a text amount', 'bet', bet, { status: 'WRONG_SYNTAX' });
      await expectWallet(ctx, 'after the malformed bet', start);
      return 'HTTP 200 WRONG_SYNTAX; nothing debited';
    },
  },
  {
    id: 'end-round',
    title: 'End of round answers the balance',
    async run(ctx) {
      const { token, start } = await opened(ctx);
      const round = ctx.id('round');
      await send(ctx, 'bet', 'bet', money(ctx, token, round, 100), { status: 'OK' });
      await send(ctx, 'win', 'win', money(ctx, token, round, 0), { status: 'OK', balance: start - 100 });
      await send(ctx, 'end-round', 'end-round', { token, roundId: round }, { status: 'OK', balance: start - 100 });
      await expectWallet(ctx, 'after the round', start - 100);
      return 'losing round (win 0) closed OK';
    },
  },
  // Before the free rounds: their winnings become a bonus whose wager the tickets would meet.
  ...sportsbookScenarios(),
  {
    id: 'free-round',
    title: 'Free round: a win naming the grant, no money moved, counted once',
    async run(ctx) {
      const given = await freeRoundsFor(ctx, 3);
      const { token, start } = await opened(ctx);
      const call = freeRound(ctx, token, given.freeRoundsId, given.betMinor * 5);
      await twice(ctx, 'free round', 'win', call, start);
      await sameIdOtherAmount(ctx, 'win', call, 1, start);
      await expectWallet(ctx, 'after the free round', start);
      const grant = await grantOf(ctx, given.freeRoundsId);
      if (grant.usedCount !== 1 || grant.wonMinor !== given.betMinor * 5) {
        throw new Mismatch(
          `the grant shows ${grant.usedCount} used and ${grant.wonMinor} won (expected 1 and ${given.betMinor * 5})`,
        );
      }
      return 'OK without money; retry answered the first transactionId; one round used, its win on the grant';
    },
  },
  {
    id: 'free-rounds-granted',
    title: 'Free rounds reach the provider: a signed grant with the player, game, rounds and bet',
    async run(ctx) {
      if (!ctx.target.deliveredGrant)
        throw new Skipped('no view of what the provider received (no deliveredGrant hook)');
      const given = await freeRoundsFor(ctx, 4);
      const grant = await ctx.target.deliveredGrant(given.freeRoundsId);
      if (!grant) throw new Mismatch('the provider received no grant for the active free rounds');
      const wrong: string[] = [];
      if (grant.playerId !== ctx.player.id) wrong.push(`playerId ${grant.playerId}`);
      if (grant.currency !== ctx.currency) wrong.push(`currency ${grant.currency}`);
      if (grant.rounds !== 4) wrong.push(`rounds ${grant.rounds} (expected 4)`);
      if (grant.betAmount !== given.betMinor) wrong.push(`betAmount ${grant.betAmount} (expected ${given.betMinor})`);
      if (wrong.length > 0) throw new Mismatch(`the grant differs: ${wrong.join(', ')}`);
      return `grant ${grant.freeRoundsId}: ${grant.rounds} rounds of ${grant.betAmount} on ${grant.gameId}`;
    },
  },
  {
    id: 'free-round-unknown',
    title: 'Free round of unknown free rounds: refused',
    async run(ctx) {
      if (!ctx.target.grantFreeRounds) throw new Skipped('the target gives no free rounds (no grantFreeRounds hook)');
      const { token, start } = await opened(ctx);
      await send(ctx, 'free round', 'win', freeRound(ctx, token, randomUUID(), 100), {
        status: 'FREE_ROUNDS_NOT_AVAILABLE',
        balance: start,
      });
      await expectWallet(ctx, 'after the refusal', start);
      return 'FREE_ROUNDS_NOT_AVAILABLE, nothing moved';
    },
  },
  {
    id: 'free-rounds-used-up',
    title: 'Free rounds used up: the grant ends, its winnings become a bonus, one more is refused',
    async run(ctx) {
      const given = await freeRoundsFor(ctx, 2);
      const { token, start } = await opened(ctx);
      for (const [i, amount] of [given.betMinor * 2, 0].entries()) {
        await send(ctx, `free round ${i + 1}`, 'win', freeRound(ctx, token, given.freeRoundsId, amount), {
          status: 'OK',
          balance: start,
        });
      }
      await send(ctx, 'a third free round', 'win', freeRound(ctx, token, given.freeRoundsId, 100), {
        status: 'FREE_ROUNDS_NOT_AVAILABLE',
        balance: start,
      });
      const grant = await grantOf(ctx, given.freeRoundsId);
      if (grant.status !== 3 || grant.result !== 2 || grant.usedCount !== 2 || grant.wonMinor !== given.betMinor * 2) {
        throw new Mismatch(
          `the grant shows status ${grant.status}, result ${grant.result}, ${grant.usedCount} used, ${grant.wonMinor} won ` +
            `(expected 3, 2, 2 and ${given.betMinor * 2})`,
        );
      }
      if (!grant.winningsBonusId) throw new Mismatch('the winnings did not become a bonus');
      await expectWallet(ctx, 'after the free rounds', start);
      return 'two rounds OK; the grant played, its winnings a bonus; a third FREE_ROUNDS_NOT_AVAILABLE';
    },
  },
];

/** Runs the scenarios in order, then the ledger check; never throws for a failed check. */
export async function runConformance(
  target: ConformanceTarget,
  options: { only?: string[]; onResult?: (result: ScenarioResult) => void } = {},
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const record = (result: ScenarioResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  const chosen = options.only?.length ? SCENARIOS.filter((s) => options.only?.includes(s.id)) : SCENARIOS;
  const runId = `kit-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  let counter = 0;

  let ctx: Context;
  const setupStarted = performance.now();
  try {
    const player = await createPlayer(target.baseUrl, { label: 'conformance' });
    await player.fund(target.fundMajor ?? 1000);
    const provider = createProviderClient(target.baseUrl, target.provider);
    ctx = {
      target,
      provider,
      player,
      currency: player.currency,
      open: async () => (await player.launch(target.provider.gameId)).token,
      id: (label) => `${runId}-${label}-${++counter}`,
    };
  } catch (error) {
    const detail = `setup failed (sign-up, funding): ${error instanceof Error ? error.message : String(error)}`;
    for (const scenario of chosen) {
      record({
        id: scenario.id,
        title: scenario.title,
        outcome: 'FAIL',
        detail,
        durationMs: performance.now() - setupStarted,
      });
    }
    return results;
  }

  for (const scenario of chosen) {
    const started = performance.now();
    let outcome: Outcome;
    let detail: string;
    try {
      detail = await scenario.run(ctx);
      outcome = 'PASS';
    } catch (error) {
      outcome = error instanceof Skipped ? 'SKIP' : 'FAIL';
      detail = error instanceof Error ? error.message : String(error);
    }
    record({ id: scenario.id, title: scenario.title, outcome, detail, durationMs: performance.now() - started });
  }

  const started = performance.now();
  if (!target.ledgerViolations) {
    record({
      id: 'ledger-invariants',
      title: 'Ledger invariants after the run',
      outcome: 'SKIP',
      detail: 'no database access on this target',
      durationMs: 0,
    });
  } else {
    const violations = await target.ledgerViolations();
    record({
      id: 'ledger-invariants',
      title: 'Ledger invariants after the run',
      outcome: violations.length === 0 ? 'PASS' : 'FAIL',
      detail:
        violations.length === 0
          ? 'postings sum to zero per currency; balances equal their postings; no player below zero'
          : violations.slice(0, 5).join('; '),
      durationMs: performance.now() - started,
    });
  }
  return results;
}

/** The results as a fixed-width table with a summary line. */
export function formatReport(results: ScenarioResult[]): string {
  const rows = results.map((r, i) => [String(i + 1), r.id, r.outcome, `${Math.round(r.durationMs)} ms`, r.detail]);
  const header = ['#', 'scenario', 'result', 'time', 'detail'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)));
  // The detail column is last and left unpadded so that long messages do not widen the table.
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === cells.length - 1 ? cell : cell.padEnd(widths[c] ?? 0))).join('  ');
  const rule =
    widths
      .slice(0, -1)
      .map((w) => '-'.repeat(w))
      .join('  ') + '  ------';
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  return [
    line(header),
    rule,
    ...rows.map(line),
    '',
    `${count('PASS')} passed, ${count('FAIL')} failed, ${count('SKIP')} skipped`,
  ].join('\n');
}

export const hasFailures = (results: ScenarioResult[]): boolean => results.some((r) => r.outcome === 'FAIL');
