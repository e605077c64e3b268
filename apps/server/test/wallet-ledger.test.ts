import { randomUUID } from 'node:crypto';
import { channels } from '@croupier/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import type { PostingEntry, PostInput, PostResult, ShareOf } from '../src/modules/wallet';
import { LedgerInputError } from '../src/modules/wallet';
import { createWalletRepository } from '../src/modules/wallet/repository';
import { seed } from '../src/seed';
import { DEMO_BALANCES, DEMO_PLAYER } from '../src/seed/wallet';
import { fixtures, seededRandom, useTestServer } from './fixtures';
import { balancesOf, fund, ledgerViolations, type Balances } from './wallet-helpers';

const t = useTestServer();
/** Players sign up through the API; their accounts open and fill through the wallet module. */
const { wallet, fundedAccount, accountIn, p } = fixtures(t);

/** A withdrawal-like debit: the player's real money to the operator's pending withdrawals. */
function debit(
  accountId: string,
  currency: string,
  amountMinor: bigint,
  idempotencyKey: string = randomUUID(),
): PostInput {
  return {
    idempotencyKey,
    kind: 'withdrawal',
    entries: [
      { accountRef: { accountId }, amountMinor: -amountMinor },
      { accountRef: { operator: 'withdrawals_pending', currency }, amountMinor },
    ],
  };
}

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

async function transactionCount(key?: string): Promise<number> {
  let query = t.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<string | number | bigint>().as('n'));
  if (key) query = query.where('idempotency_key', '=', key);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('posting', () => {
  it('moves money between accounts with postings that sum to zero and updates the balances', async () => {
    const { accountId } = await fundedAccount('USD', 10_000n);
    const result = await wallet.ledger.post(debit(accountId, 'USD', 2_500n, 'basic-debit'));
    expect(result.replayed).toBe(false);
    expect(result.transaction).toMatchObject({ idempotencyKey: 'basic-debit', kind: 'withdrawal', metadata: {} });
    expect(result.postings.map((p) => p.amountMinor).reduce((a, b) => a + b, 0n)).toBe(0n);
    expect(result.postings.every((p) => p.currency === 'USD')).toBe(true);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 7_500n, bonus: 0n, locked: 0n });
    expect(result.playerAccounts).toHaveLength(1);
    expect(result.playerAccounts[0]).toMatchObject({ id: accountId, balanceMinor: 7_500n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('keeps bonus and locked money apart from real money within one account', async () => {
    const { accountId } = await fundedAccount('EUR', 5_000n);
    await wallet.ledger.post({
      idempotencyKey: randomUUID(),
      kind: 'bonus_grant',
      entries: [
        { accountRef: { accountId }, bucket: 'bonus', amountMinor: 700n },
        { accountRef: { operator: 'bonus', currency: 'EUR' }, amountMinor: -700n },
      ],
    });
    await wallet.ledger.post({
      idempotencyKey: randomUUID(),
      kind: 'lock',
      entries: [
        { accountRef: { accountId }, bucket: 'real', amountMinor: -1_000n },
        { accountRef: { accountId }, bucket: 'locked', amountMinor: 1_000n },
      ],
    });
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 4_000n, bonus: 700n, locked: 1_000n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('idempotency', () => {
  it('answers a retry with the first result and applies it once, whatever the order of entries', async () => {
    const { accountId } = await fundedAccount('USD', 10_000n);
    const input = debit(accountId, 'USD', 1_000n, `retry-${randomUUID()}`);
    const first = await wallet.ledger.post(input);
    const again = await wallet.ledger.post(input);
    const reordered = await wallet.ledger.post({ ...input, entries: [...input.entries].reverse() });
    for (const retry of [again, reordered]) {
      expect(retry.replayed).toBe(true);
      expect(retry.transaction).toEqual(first.transaction);
      expect(retry.postings).toEqual(first.postings);
    }
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 9_000n, bonus: 0n, locked: 0n });
    expect(await transactionCount(input.idempotencyKey)).toBe(1);
  });

  it('refuses the same key with other parameters (409) and changes nothing', async () => {
    const { accountId } = await fundedAccount('USD', 10_000n);
    const input = debit(accountId, 'USD', 1_000n, `conflict-${randomUUID()}`);
    await wallet.ledger.post(input);
    const variants: PostInput[] = [
      debit(accountId, 'USD', 1_001n, input.idempotencyKey),
      { ...input, kind: 'bet' },
      { ...input, metadata: { invoiceId: 'other' } },
    ];
    for (const variant of variants) {
      const error = await errorOf(wallet.ledger.post(variant));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ errorName: 'IDEMPOTENCY_MISMATCH', status: 409, code: 1006 });
    }
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 9_000n, bonus: 0n, locked: 0n });
    expect(await transactionCount(input.idempotencyKey)).toBe(1);
  });

  it('applies one of many parallel posts with the same key; all get the same transaction', async () => {
    const { accountId } = await fundedAccount('USD', 10_000n);
    const input = debit(accountId, 'USD', 100n, `parallel-${randomUUID()}`);
    const results = await Promise.all(Array.from({ length: 10 }, () => wallet.ledger.post(input)));
    expect(new Set(results.map((r) => r.transaction.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 9_900n, bonus: 0n, locked: 0n });
  });
});

describe('overdraft and malformed postings', () => {
  it('refuses an overdraft with a clear error, writes nothing and leaves the key free', async () => {
    const { accountId } = await fundedAccount('BTC', 50_000n);
    const before = await transactionCount();
    const key = `overdraft-${randomUUID()}`;
    const error = await errorOf(wallet.ledger.post(debit(accountId, 'BTC', 50_001n, key)));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS', status: 400, code: 13201 });
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 50_000n, bonus: 0n, locked: 0n });
    expect(await transactionCount()).toBe(before);
    // Nothing was recorded under the key: once the money is there, the same request succeeds.
    await fund(wallet, accountId, 'BTC', 1n);
    expect((await wallet.ledger.post(debit(accountId, 'BTC', 50_001n, key))).replayed).toBe(false);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 0n, bonus: 0n, locked: 0n });
  });

  it('refuses to overdraw bonus and locked money as well', async () => {
    const { accountId } = await fundedAccount('USD', 1_000n);
    const error = await errorOf(
      wallet.ledger.post({
        idempotencyKey: randomUUID(),
        kind: 'bonus_spend',
        entries: [
          { accountRef: { accountId }, bucket: 'bonus', amountMinor: -1n },
          { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: 1n },
        ],
      }),
    );
    expect(error).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
  });

  it('refuses unbalanced, empty, zero and cross-currency postings before writing anything', async () => {
    const { accountId } = await fundedAccount('USD', 1_000n);
    const before = await transactionCount();
    const bad: PostInput[] = [
      {
        idempotencyKey: randomUUID(),
        kind: 'x',
        entries: [
          { accountRef: { accountId }, amountMinor: -10n },
          { accountRef: { operator: 'fees', currency: 'USD' }, amountMinor: 9n },
        ],
      },
      // Balanced in numbers, but in two currencies: the BTC side does not balance.
      {
        idempotencyKey: randomUUID(),
        kind: 'x',
        entries: [
          { accountRef: { accountId }, amountMinor: -10n },
          { accountRef: { operator: 'fees', currency: 'BTC' }, amountMinor: 10n },
        ],
      },
      { idempotencyKey: randomUUID(), kind: 'x', entries: [{ accountRef: { accountId }, amountMinor: 10n }] },
      {
        idempotencyKey: randomUUID(),
        kind: 'x',
        entries: [
          { accountRef: { accountId }, amountMinor: 0n },
          { accountRef: { operator: 'fees', currency: 'USD' }, amountMinor: 0n },
        ],
      },
      { ...debit(accountId, 'USD', 1n), idempotencyKey: '' },
      { ...debit(accountId, 'USD', 1n), kind: 'Not A Kind' },
      {
        idempotencyKey: randomUUID(),
        kind: 'x',
        entries: [
          { accountRef: { accountId }, amountMinor: -10n },
          { accountRef: { operator: 'fees', currency: 'USD' }, bucket: 'bonus', amountMinor: 10n },
        ],
      },
    ];
    for (const input of bad) {
      expect(await errorOf(wallet.ledger.post(input)), JSON.stringify(input.kind)).toBeInstanceOf(LedgerInputError);
    }
    expect(await transactionCount()).toBe(before);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 1_000n, bonus: 0n, locked: 0n });
  });

  it('answers 404 for an unknown account', async () => {
    for (const accountId of [randomUUID(), 'not-a-uuid']) {
      const error = await errorOf(wallet.ledger.post(debit(accountId, 'USD', 1n)));
      expect(error).toMatchObject({ errorName: 'NOT_FOUND', status: 404 });
    }
  });
});

describe("'spend' and 'share' entries", () => {
  /** A player's account holding `real` money (from the sandbox) and `bonus` money (from the operator's bonus account). */
  async function accountHolding(real: bigint, bonus: bigint, currency = 'USD'): Promise<string> {
    const { accountId } = await fundedAccount(currency, real);
    if (bonus > 0n) {
      await wallet.ledger.post({
        idempotencyKey: randomUUID(),
        kind: 'bonus_grant',
        entries: [
          { accountRef: { accountId }, bucket: 'bonus', amountMinor: bonus },
          { accountRef: { operator: 'bonus', currency }, amountMinor: -bonus },
        ],
      });
    }
    return accountId;
  }

  /** A bet: the stake from the player's real money first, then bonus, to the operator's game account. */
  function bet(accountId: string, stakeMinor: bigint, key: string = randomUUID()): PostInput {
    return {
      idempotencyKey: key,
      kind: 'game.bet',
      entries: [
        { accountRef: { accountId }, bucket: 'spend', amountMinor: -stakeMinor },
        { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: stakeMinor },
      ],
    };
  }

  /** A win paid back in `share`'s proportions from the operator's game account. */
  function win(accountId: string, amountMinor: bigint, share: ShareOf, key: string = randomUUID()): PostInput {
    return {
      idempotencyKey: key,
      kind: 'game.win',
      entries: [
        { accountRef: { accountId }, bucket: 'share', amountMinor, share },
        { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: -amountMinor },
      ],
    };
  }

  const batch = (inputs: PostInput[]) =>
    t.app.realtime.events.transaction((trx) => wallet.ledger.postManyIn(trx, inputs));

  /** The player account's postings of a result, as [bucket, amount]. */
  const playerPostings = (result: PostResult, accountId: string) =>
    result.postings.filter((p) => p.accountId === accountId).map((p) => [p.bucket, p.amountMinor]);

  it('spends real money first: fully real, real then bonus, fully bonus', async () => {
    const cases = [
      { real: 500n, bonus: 300n, stake: 200n, split: [200n, 0n], after: { real: 300n, bonus: 300n } },
      { real: 500n, bonus: 300n, stake: 700n, split: [500n, 200n], after: { real: 0n, bonus: 100n } },
      { real: 0n, bonus: 300n, stake: 300n, split: [0n, 300n], after: { real: 0n, bonus: 0n } },
    ] as const;
    for (const c of cases) {
      const accountId = await accountHolding(c.real, c.bonus);
      const result = await wallet.ledger.post(bet(accountId, c.stake));
      const [realMinor, bonusMinor] = c.split;
      expect(result.split).toEqual([{ accountId, realMinor, bonusMinor }]);
      // Only real and bonus postings are stored, and a part of zero is none.
      const expected = [
        ...(realMinor > 0n ? [['real', -realMinor]] : []),
        ...(bonusMinor > 0n ? [['bonus', -bonusMinor]] : []),
      ];
      expect(playerPostings(result, accountId)).toEqual(expected);
      expect(result.postings.map((p) => p.amountMinor).reduce((a, b) => a + b, 0n)).toBe(0n);
      expect(await balancesOf(t.db, accountId)).toEqual({ ...c.after, locked: 0n });
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses a stake that real and bonus money together do not cover, and writes nothing', async () => {
    const accountId = await accountHolding(100n, 50n);
    const before = await transactionCount();
    const key = `spend-short-${randomUUID()}`;
    const error = await errorOf(wallet.ledger.post(bet(accountId, 151n, key)));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
    expect(await transactionCount()).toBe(before);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 100n, bonus: 50n, locked: 0n });
    // Exactly enough goes through, under the same key.
    await fund(wallet, accountId, 'USD', 1n);
    expect((await wallet.ledger.post(bet(accountId, 151n, key))).split).toEqual([
      { accountId, realMinor: 101n, bonusMinor: 50n },
    ]);
  });

  it("sees the balances left by the batch's earlier transactions", async () => {
    const accountId = await accountHolding(100n, 100n);
    const [first, second] = await batch([bet(accountId, 80n), bet(accountId, 80n)]);
    expect(first?.split).toEqual([{ accountId, realMinor: 80n, bonusMinor: 0n }]);
    expect(second?.split).toEqual([{ accountId, realMinor: 20n, bonusMinor: 60n }]);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 0n, bonus: 40n, locked: 0n });
  });

  it('credits a share in explicit proportions, the bonus part rounded down', async () => {
    const accountId = await accountHolding(0n, 0n);
    const cases: { amount: bigint; share: ShareOf; split: [bigint, bigint] }[] = [
      { amount: 10n, share: { realMinor: 2n, bonusMinor: 1n }, split: [7n, 3n] },
      { amount: 1n, share: { realMinor: 1n, bonusMinor: 1n }, split: [1n, 0n] },
      { amount: 99n, share: { realMinor: 0n, bonusMinor: 5n }, split: [0n, 99n] },
      { amount: 40n, share: { realMinor: 7n, bonusMinor: 0n }, split: [40n, 0n] },
      { amount: 40n, share: { realMinor: 0n, bonusMinor: 0n }, split: [40n, 0n] },
    ];
    let expected = { real: 0n, bonus: 0n, locked: 0n };
    for (const c of cases) {
      const result = await wallet.ledger.post(win(accountId, c.amount, c.share));
      const [realMinor, bonusMinor] = c.split;
      expect(result.split, JSON.stringify(c.split.map(String))).toEqual([{ accountId, realMinor, bonusMinor }]);
      expect(playerPostings(result, accountId)).toEqual([
        ...(realMinor > 0n ? [['real', realMinor]] : []),
        ...(bonusMinor > 0n ? [['bonus', bonusMinor]] : []),
      ]);
      expected = { ...expected, real: expected.real + realMinor, bonus: expected.bonus + bonusMinor };
    }
    expect(await balancesOf(t.db, accountId)).toEqual(expected);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("posts a round's bet and win in one batch, the win in the bet's proportions (spendOf)", async () => {
    const accountId = await accountHolding(60n, 100n);
    const betKey = `round-bet-${randomUUID()}`;
    const [betResult, winResult] = await batch([
      bet(accountId, 100n, betKey),
      win(accountId, 251n, { spendOf: betKey }),
    ]);
    expect(betResult?.split).toEqual([{ accountId, realMinor: 60n, bonusMinor: 40n }]);
    // 251 × 40 / 100 = 100.4: the bonus part is 100, the real part the rest.
    expect(winResult?.split).toEqual([{ accountId, realMinor: 151n, bonusMinor: 100n }]);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 151n, bonus: 160n, locked: 0n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('replays a spend with its first split, whatever the balances are now', async () => {
    const accountId = await accountHolding(30n, 100n);
    const input = bet(accountId, 50n, `spend-retry-${randomUUID()}`);
    const first = await wallet.ledger.post(input);
    expect(first.split).toEqual([{ accountId, realMinor: 30n, bonusMinor: 20n }]);
    await fund(wallet, accountId, 'USD', 1_000n);
    for (const retry of [input, { ...input, entries: [...input.entries].reverse() }]) {
      const again = await wallet.ledger.post(retry);
      expect(again.replayed).toBe(true);
      expect(again.postings).toEqual(first.postings);
      expect(again.split).toEqual(first.split);
    }
    const shareInput = win(accountId, 10n, { realMinor: 1n, bonusMinor: 1n }, `share-retry-${randomUUID()}`);
    const shared = await wallet.ledger.post(shareInput);
    expect((await wallet.ledger.post(shareInput)).split).toEqual(shared.split);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 1_005n, bonus: 85n, locked: 0n });
  });

  it('keeps the split apart from plain postings on the same account', async () => {
    const accountId = await accountHolding(100n, 100n);
    // A stake and, in the same transaction, a plain fee from the player's real money.
    const input: PostInput = {
      idempotencyKey: `spend-mixed-${randomUUID()}`,
      kind: 'game.bet',
      entries: [
        { accountRef: { accountId }, amountMinor: -30n },
        { accountRef: { operator: 'fees', currency: 'USD' }, amountMinor: 30n },
        { accountRef: { accountId }, bucket: 'spend', amountMinor: -100n },
        { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: 100n },
      ],
    };
    const first = await wallet.ledger.post(input);
    expect(first.split).toEqual([{ accountId, realMinor: 70n, bonusMinor: 30n }]);
    expect((await wallet.ledger.post(input)).split).toEqual(first.split);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 0n, bonus: 70n, locked: 0n });
  });

  it('refuses another declaration under the same key (409)', async () => {
    const accountId = await accountHolding(1_000n, 1_000n);
    const spendKey = `spend-conflict-${randomUUID()}`;
    await wallet.ledger.post(bet(accountId, 100n, spendKey));
    const shareKey = `share-conflict-${randomUUID()}`;
    await wallet.ledger.post(win(accountId, 100n, { realMinor: 1n, bonusMinor: 1n }, shareKey));
    const plainBet: PostInput = {
      idempotencyKey: spendKey,
      kind: 'game.bet',
      entries: [
        { accountRef: { accountId }, amountMinor: -100n },
        { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: 100n },
      ],
    };
    const plainWin: PostInput = {
      idempotencyKey: shareKey,
      kind: 'game.win',
      entries: [
        { accountRef: { accountId }, amountMinor: 100n },
        { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: -100n },
      ],
    };
    const variants: PostInput[] = [
      plainBet,
      plainWin,
      bet(accountId, 101n, spendKey),
      win(accountId, 100n, { realMinor: 1n, bonusMinor: 2n }, shareKey),
      win(accountId, 100n, { realMinor: 2n, bonusMinor: 2n }, shareKey),
    ];
    for (const variant of variants) {
      expect(await errorOf(wallet.ledger.post(variant))).toMatchObject({ errorName: 'IDEMPOTENCY_MISMATCH' });
    }
    expect(await transactionCount(spendKey)).toBe(1);
    expect(await transactionCount(shareKey)).toBe(1);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 950n, bonus: 1_050n, locked: 0n });
  });

  it('refuses misuse as a programming error, before any money moves', async () => {
    const accountId = await accountHolding(1_000n, 1_000n);
    const other = await accountHolding(1_000n, 0n);
    const funded = await fund(wallet, accountId, 'USD', 1n);
    const operatorId = funded.postings.find((p) => p.accountId !== accountId)?.accountId ?? '';
    const betKey = `bet-${randomUUID()}`;
    const bad: PostInput[][] = [
      // 'spend' and 'share' move player accounts only.
      [bet(operatorId, 10n)],
      [win(operatorId, 10n, { realMinor: 1n, bonusMinor: 1n })],
      [
        {
          idempotencyKey: randomUUID(),
          kind: 'game.bet',
          entries: [
            {
              accountRef: { operator: 'game', currency: 'USD' },
              bucket: 'spend',
              amountMinor: -10n,
            } as unknown as PostingEntry,
            { accountRef: { accountId }, amountMinor: 10n },
          ],
        },
      ],
      // The signs: a stake is negative, a share positive.
      [
        {
          ...bet(accountId, 10n),
          entries: [
            { accountRef: { accountId }, bucket: 'spend', amountMinor: 10n },
            { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: -10n },
          ],
        },
      ],
      [
        {
          ...win(accountId, 10n, { realMinor: 1n, bonusMinor: 1n }),
          entries: [
            { accountRef: { accountId }, bucket: 'share', amountMinor: -10n, share: { realMinor: 1n, bonusMinor: 1n } },
            { accountRef: { operator: 'game', currency: 'USD' }, amountMinor: 10n },
          ],
        },
      ],
      // Negative proportions.
      [win(accountId, 10n, { realMinor: -1n, bonusMinor: 2n })],
      // spendOf: no such transaction, one without a spend, another account's spend, a later one.
      [win(accountId, 10n, { spendOf: `absent-${randomUUID()}` })],
      [debit(accountId, 'USD', 10n, betKey), win(accountId, 10n, { spendOf: betKey })],
      [bet(other, 10n, betKey), win(accountId, 10n, { spendOf: betKey })],
      [win(accountId, 10n, { spendOf: betKey }), bet(accountId, 10n, betKey)],
    ];
    const before = await transactionCount();
    for (const inputs of bad) {
      const error = await errorOf(batch(inputs));
      expect(error, inputs.map((i) => i.kind).join(', ')).toBeInstanceOf(LedgerInputError);
    }
    expect(await transactionCount()).toBe(before);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 1_001n, bonus: 1_000n, locked: 0n });
  });

  const SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? 20_240_611) + 7;
  it(`property: a stake takes min(stake, real) from real money and the rest from bonus (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const accountId = await accountHolding(0n, 0n);
    let balances = { real: 0n, bonus: 0n };
    let refused = 0;
    for (let step = 0; step < 40; step += 1) {
      const context = `seed ${SEED}, step ${step}`;
      // Random balances (often none of one kind), set by plain postings.
      const target = {
        real: random.int(1, 4) === 1 ? 0n : BigInt(random.int(1, 1_000)),
        bonus: random.int(1, 4) === 1 ? 0n : BigInt(random.int(1, 1_000)),
      };
      const entries: PostingEntry[] = [];
      const toReal = target.real - balances.real;
      const toBonus = target.bonus - balances.bonus;
      if (toReal !== 0n) {
        entries.push({ accountRef: { accountId }, amountMinor: toReal });
        entries.push({ accountRef: { operator: 'sandbox_funding', currency: 'USD' }, amountMinor: -toReal });
      }
      if (toBonus !== 0n) {
        entries.push({ accountRef: { accountId }, bucket: 'bonus', amountMinor: toBonus });
        entries.push({ accountRef: { operator: 'bonus', currency: 'USD' }, amountMinor: -toBonus });
      }
      if (entries.length > 0) await wallet.ledger.post({ idempotencyKey: randomUUID(), kind: 'adjust', entries });
      balances = target;

      const stake = BigInt(random.int(1, Number(target.real + target.bonus) + 50));
      const payout = random.int(1, 3) === 1 ? 0n : BigInt(random.int(1, 3_000));
      const betKey = randomUUID();
      const inputs = [
        bet(accountId, stake, betKey),
        ...(payout > 0n ? [win(accountId, payout, { spendOf: betKey })] : []),
      ];
      if (stake > target.real + target.bonus) {
        refused += 1;
        expect(await errorOf(batch(inputs)), context).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
        expect(await balancesOf(t.db, accountId), context).toEqual({ ...balances, locked: 0n });
        continue;
      }
      const [betResult, winResult] = await batch(inputs);
      const realPart = stake < target.real ? stake : target.real;
      const bonusPart = stake - realPart;
      expect(betResult?.split, context).toEqual([{ accountId, realMinor: realPart, bonusMinor: bonusPart }]);
      balances = { real: balances.real - realPart, bonus: balances.bonus - bonusPart };
      if (winResult) {
        const [parts] = winResult.split ?? [];
        if (!parts) throw new Error(`${context}: the win has no split`);
        expect(parts.realMinor + parts.bonusMinor, context).toBe(payout);
        // The bonus part is the largest whole amount within the stake's bonus proportion.
        expect(parts.bonusMinor * stake <= payout * bonusPart, context).toBe(true);
        expect((parts.bonusMinor + 1n) * stake > payout * bonusPart, context).toBe(true);
        balances = { real: balances.real + parts.realMinor, bonus: balances.bonus + parts.bonusMinor };
      }
      expect(await balancesOf(t.db, accountId), context).toEqual({ ...balances, locked: 0n });
    }
    expect(refused).toBeGreaterThan(0);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('database guards', () => {
  it('refuses to change or remove postings and transactions', async () => {
    const { accountId } = await fundedAccount('USD', 1_000n);
    const { transaction } = await wallet.ledger.post(debit(accountId, 'USD', 10n));
    // Writes no service makes: the database's guards must refuse them.
    const statements = [
      sql`update ledger_postings set amount_minor = amount_minor * 2 where transaction_id = ${transaction.id}`,
      sql`delete from ledger_postings where transaction_id = ${transaction.id}`,
      sql`truncate ledger_postings`,
      sql`update ledger_transactions set kind = 'other' where id = ${transaction.id}`,
      sql`delete from ledger_transactions where id = ${transaction.id}`,
    ];
    for (const statement of statements) {
      const error = await errorOf(statement.execute(t.db));
      expect(error).toMatchObject({ code: '55000' });
    }
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 990n, bonus: 0n, locked: 0n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses at commit a transaction whose postings do not balance, or that has none', async () => {
    const { accountId } = await fundedAccount('USD', 1_000n);
    // The wallet's own repository: the public API never writes a posting-less transaction.
    const repository = createWalletRepository(t.db);
    const unbalanced = t.db.transaction().execute(async (trx) => {
      const row = await repository.insertTransaction(trx, {
        idempotencyKey: randomUUID(),
        kind: 'bypass',
        requestHash: '0'.repeat(64),
        metadata: '{}',
      });
      await repository.insertPostings(trx, row?.id ?? '', [
        { accountId, bucket: 'real', currency: 'USD', amountMinor: 5n },
      ]);
    });
    expect(await errorOf(unbalanced)).toMatchObject({ code: '23514' });
    const empty = t.db.transaction().execute(async (trx) => {
      await repository.insertTransaction(trx, {
        idempotencyKey: randomUUID(),
        kind: 'bypass',
        requestHash: '0'.repeat(64),
        metadata: '{}',
      });
    });
    expect(await errorOf(empty)).toMatchObject({ code: '23514' });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses a player balance below zero even without the service (CHECK)', async () => {
    const { accountId } = await fundedAccount('USD', 100n);
    const error = await errorOf(
      createWalletRepository(t.db).applyDeltas(t.db, accountId, { real: -101n, bonus: 0n, locked: 0n }),
    );
    expect(error).toMatchObject({ code: '23514', constraint: 'ledger_accounts_player_not_negative' });
  });
});

describe('balance events', () => {
  function collect(channel: string): { events: unknown[]; stop: () => void } {
    const events: unknown[] = [];
    const stop = t.app.realtime.bus.subscribe((published, json) => {
      if (published === channel) events.push(JSON.parse(json));
    });
    return { events, stop };
  }

  it('publishes account.balance.updated on wallet:accounts#{playerId} after the commit', async () => {
    const { playerId, accountId } = await fundedAccount('USD', 10_000n);
    const { events, stop } = collect(channels.walletAccounts(playerId));
    try {
      let seenBeforeCommit = -1;
      await t.app.realtime.events.transaction(async (trx) => {
        await wallet.ledger.postIn(trx, debit(accountId, 'USD', 2_550n));
        seenBeforeCommit = events.length;
      });
      expect(seenBeforeCommit).toBe(0);
      expect(events).toEqual([
        {
          event: 'account.balance.updated',
          account: {
            id: accountId,
            currency: 'USD',
            status: 1,
            balance: 74.5,
            realBalance: 74.5,
            bonusBalance: 0,
            lockedBalance: 0,
            withdrawalBalance: 74.5,
          },
        },
      ]);
      // A retry changes nothing and says nothing.
    } finally {
      stop();
    }
  });

  it('publishes nothing when the transaction rolls back, and nothing changes', async () => {
    const { playerId, accountId } = await fundedAccount('USD', 10_000n);
    const { events, stop } = collect(channels.walletAccounts(playerId));
    try {
      const failure = t.app.realtime.events.transaction(async (trx) => {
        await wallet.ledger.postIn(trx, debit(accountId, 'USD', 100n));
        throw new Error('the caller failed after posting');
      });
      expect(await errorOf(failure)).toMatchObject({ message: 'the caller failed after posting' });
      expect(events).toEqual([]);
      expect(await balancesOf(t.db, accountId)).toEqual({ real: 10_000n, bonus: 0n, locked: 0n });

      // Refused postings publish nothing either; a replay neither.
      await errorOf(wallet.ledger.post(debit(accountId, 'USD', 10_001n)));
      const input = debit(accountId, 'USD', 1n);
      await wallet.ledger.post(input);
      await wallet.ledger.post(input);
      expect(events).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

describe('concurrency', () => {
  it('lets exactly one of 20 parallel debits of the whole balance through', async () => {
    const { accountId } = await fundedAccount('USD', 5_000n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => wallet.ledger.post(debit(accountId, 'USD', 5_000n))),
    );
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter(
      (o): o is PromiseRejectedResult => o.status === 'rejected' && o.reason instanceof AppError,
    );
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(refused.every((o) => (o.reason as AppError).errorName === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balancesOf(t.db, accountId)).toEqual({ real: 0n, bonus: 0n, locked: 0n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('does not deadlock when transfers cross between the same accounts in both directions', async () => {
    const a = await fundedAccount('EUR', 100_000n);
    const b = await fundedAccount('EUR', 100_000n);
    const transfer = (from: string, to: string): PostInput => ({
      idempotencyKey: randomUUID(),
      kind: 'transfer',
      entries: [
        { accountRef: { accountId: from }, amountMinor: -100n },
        { accountRef: { accountId: to }, amountMinor: 100n },
      ],
    });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        wallet.ledger.post(i % 2 === 0 ? transfer(a.accountId, b.accountId) : transfer(b.accountId, a.accountId)),
      ),
    );
    expect(await balancesOf(t.db, a.accountId)).toEqual({ real: 100_000n, bonus: 0n, locked: 0n });
    expect(await balancesOf(t.db, b.accountId)).toEqual({ real: 100_000n, bonus: 0n, locked: 0n });
  });
});

describe('property: random sequences keep the ledger sound', () => {
  const SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? 20_240_611);

  interface Account {
    id: string;
    currency: 'USD' | 'BTC';
  }

  async function setUp() {
    const accounts: Account[] = [];
    for (let i = 0; i < 3; i += 1) {
      const player = await p.registerByEmail({ currency: 'USD' });
      for (const currency of ['USD', 'BTC'] as const) {
        accounts.push({ id: await accountIn(player.id, currency), currency });
      }
    }
    return accounts;
  }

  /** A random operation: what it posts. Amounts are small so that overdrafts happen often. */
  function randomInput(random: ReturnType<typeof seededRandom>, accounts: Account[], prefix: string): PostInput {
    const account = random.pick(accounts);
    const { id: accountId, currency } = account;
    const amountMinor = BigInt(random.int(1, 500));
    const key = `${prefix}${randomUUID()}`;
    const kind = random.pick(['credit', 'debit', 'transfer', 'bonus_grant', 'bonus_spend', 'lock', 'release'] as const);
    const operator = (name: 'sandbox_funding' | 'withdrawals_pending' | 'bonus' | 'game') => ({
      accountRef: { operator: name, currency },
    });
    switch (kind) {
      case 'credit':
        return {
          idempotencyKey: key,
          kind,
          entries: [
            { accountRef: { accountId }, amountMinor },
            { ...operator('sandbox_funding'), amountMinor: -amountMinor },
          ],
        };
      case 'debit':
        return debit(accountId, currency, amountMinor, key);
      case 'transfer': {
        const others = accounts.filter((a) => a.currency === currency && a.id !== accountId);
        const to = random.pick(others);
        return {
          idempotencyKey: key,
          kind,
          metadata: { note: 'peer transfer', n: random.int(0, 9) },
          entries: [
            { accountRef: { accountId }, amountMinor: -amountMinor },
            { accountRef: { accountId: to.id }, amountMinor },
          ],
        };
      }
      case 'bonus_grant':
        return {
          idempotencyKey: key,
          kind,
          entries: [
            { accountRef: { accountId }, bucket: 'bonus', amountMinor },
            { ...operator('bonus'), amountMinor: -amountMinor },
          ],
        };
      case 'bonus_spend':
        return {
          idempotencyKey: key,
          kind,
          entries: [
            { accountRef: { accountId }, bucket: 'bonus', amountMinor: -amountMinor },
            { ...operator('game'), amountMinor },
          ],
        };
      case 'lock':
        return {
          idempotencyKey: key,
          kind,
          entries: [
            { accountRef: { accountId }, bucket: 'real', amountMinor: -amountMinor },
            { accountRef: { accountId }, bucket: 'locked', amountMinor },
          ],
        };
      case 'release':
        return {
          idempotencyKey: key,
          kind,
          entries: [
            { accountRef: { accountId }, bucket: 'locked', amountMinor: -amountMinor },
            { ...operator('withdrawals_pending'), amountMinor },
          ],
        };
    }
  }

  /** Player balances after `input`, or null when some would go below zero. */
  function applyToModel(model: Map<string, Balances>, input: PostInput): Map<string, Balances> | null {
    const next = new Map([...model].map(([id, b]) => [id, { ...b }]));
    for (const entry of input.entries) {
      if (!('accountId' in entry.accountRef)) continue;
      const balances = next.get(entry.accountRef.accountId);
      if (!balances) throw new Error('unknown account in the model');
      const bucket = entry.bucket ?? 'real';
      if (bucket === 'spend' || bucket === 'share') throw new Error('the model moves named balances only');
      balances[bucket] += entry.amountMinor;
    }
    for (const balances of next.values()) {
      if (balances.real < 0n || balances.bonus < 0n || balances.locked < 0n) return null;
    }
    return next;
  }

  /** Every key the test saw succeed has exactly one transaction, with its own postings (not twice as many). */
  async function checkKeysAppliedOnce(prefix: string, applied: Map<string, PostInput>): Promise<void> {
    const rows = await t.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .select(['t.idempotency_key', (eb) => eb.fn.countAll<string | number | bigint>().as('postings')])
      .where('t.idempotency_key', 'like', `${prefix}%`)
      .groupBy('t.idempotency_key')
      .execute();
    expect(rows.length).toBe(applied.size);
    for (const row of rows) {
      expect(Number(row.postings), row.idempotency_key).toBe(applied.get(row.idempotency_key)?.entries.length);
    }
  }

  it(`credits, debits, transfers and retries in sequence match a model (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const accounts = await setUp();
    let model = new Map(accounts.map((a) => [a.id, { real: 0n, bonus: 0n, locked: 0n }]));
    const applied = new Map<string, PostInput>();
    const firstResults = new Map<string, PostResult>();
    const history: PostInput[] = [];
    let refused = 0;

    for (let step = 0; step < 160; step += 1) {
      const context = `seed ${SEED}, step ${step}`;
      const previous = history.length > 0 ? random.pick(history) : undefined;
      const roll = random.int(1, 10);
      if (previous && roll === 1) {
        // A retry of an earlier request: the first result, nothing applied again.
        const result = await wallet.ledger.post(previous);
        expect(result.replayed, context).toBe(true);
        expect(result.transaction.id, context).toBe(firstResults.get(previous.idempotencyKey)?.transaction.id);
      } else if (previous && roll === 2) {
        // The same key with another amount: a 409.
        const [first, ...rest] = previous.entries;
        if (!first) throw new Error('empty history entry');
        const changed: PostInput = {
          ...previous,
          entries: [{ ...first, amountMinor: first.amountMinor + 1n }, ...rest],
        };
        expect(await errorOf(wallet.ledger.post(changed)), context).toMatchObject({
          errorName: 'IDEMPOTENCY_MISMATCH',
        });
      } else {
        const input = randomInput(random, accounts, 'prop-seq-');
        const expected = applyToModel(model, input);
        if (expected) {
          const result = await wallet.ledger.post(input);
          expect(result.replayed, context).toBe(false);
          model = expected;
          applied.set(input.idempotencyKey, input);
          firstResults.set(input.idempotencyKey, result);
          history.push(input);
        } else {
          refused += 1;
          expect(await errorOf(wallet.ledger.post(input)), context).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
        }
      }

      expect(await ledgerViolations(t.db), context).toEqual([]);
      for (const account of accounts) {
        expect(await balancesOf(t.db, account.id), `${context}, account ${account.id}`).toEqual(model.get(account.id));
      }
    }
    await checkKeysAppliedOnce('prop-seq-', applied);
    // The sequence exercised both outcomes.
    expect(applied.size).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(5);
  });

  it(`parallel batches with duplicate keys keep every invariant (seed ${SEED + 1})`, async () => {
    const random = seededRandom(SEED + 1);
    const accounts = await setUp();
    // Some money first, so that batches mix successes and refusals.
    for (const account of accounts) await fund(wallet, account.id, account.currency, 1_000n);
    const applied = new Map<string, PostInput>();

    for (let batch = 0; batch < 12; batch += 1) {
      const inputs = Array.from({ length: 8 }, () => randomInput(random, accounts, 'prop-par-'));
      // Each batch also sends two of its requests twice at once, as a client retrying on a timeout would.
      const sent = [...inputs, inputs[0] as PostInput, inputs[3] as PostInput];
      const outcomes = await Promise.allSettled(sent.map((input) => wallet.ledger.post(input)));
      outcomes.forEach((outcome, index) => {
        const input = sent[index] as PostInput;
        if (outcome.status === 'fulfilled') applied.set(input.idempotencyKey, input);
        else expect(outcome.reason, `batch ${batch}`).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
      });
      expect(await ledgerViolations(t.db), `batch ${batch}`).toEqual([]);
    }
    await checkKeysAppliedOnce('prop-par-', applied);
  });
});

describe('demo player seed', () => {
  it('is not seeded unless asked (tests, production)', async () => {
    const row = await t.db.selectFrom('players').select('id').where('email', '=', DEMO_PLAYER.email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('funds the demo player through ledger transactions, once, and the README credentials sign in', async () => {
    await seed(t.db, { demoPlayer: true });
    await seed(t.db, { demoPlayer: true });
    const auth = await p.signIn(DEMO_PLAYER.email, DEMO_PLAYER.password);
    const response = await p.get('/api/wallet/accounts', { token: auth.accessToken });
    expect(response.statusCode, response.body).toBe(200);
    const accounts = response.json<{ data: { currency: string; status: number; realBalance: number }[] }>().data;
    expect(accounts.map((a) => [a.currency, a.realBalance])).toEqual(DEMO_BALANCES.map((b) => [b.currency, b.amount]));
    expect(accounts.filter((a) => a.status === 1).map((a) => a.currency)).toEqual(['USD']);
    const funding = await t.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('kind', '=', 'sandbox_funding')
      .where('idempotency_key', 'like', 'seed:demo-player:%')
      .execute();
    expect(funding).toHaveLength(DEMO_BALANCES.length);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
