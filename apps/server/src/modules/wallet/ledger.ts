import { randomUUID } from 'node:crypto';
import { channels } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database, LedgerBucket } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from '../realtime';
import { toWalletAccount, type PlayerAccountView } from './present';
import { canonicalJson, requestHash, type JsonValue } from './request-hash';
import type {
  BalanceDeltas,
  LedgerAccountRow,
  LedgerPostingRow,
  OperatorAccountKind,
  WalletRepository,
} from './repository';

/**
 * The ledger: the only way money moves. A transaction is a set of postings, each adding
 * a signed amount to one balance (real, bonus or locked) of one account, that sum to zero
 * per currency. In one database transaction `post`:
 *
 * 1. records the transaction under its idempotency key (a retry with the same key and
 *    the same parameters gets the first result; other parameters are a 409),
 * 2. locks every affected account row in id order (one global order: no deadlocks),
 * 3. resolves `spend` and `share` entries into real and bonus postings from the locked
 *    balances, checks the postings balance and that no player balance would go below zero,
 * 4. writes the postings and the new materialised balances,
 * 5. queues `account.balance.updated` for each player account touched, published on
 *    `wallet:accounts#{playerId}` only after the commit.
 *
 * The database checks again at commit (balanced postings, player balances not negative,
 * postings immutable); those checks should never be what refuses a request.
 */

/** Which account a posting moves: a player's account by id, or an operator account (created on first use). */
export type AccountRef =
  | { accountId: string }
  | {
      operator: OperatorAccountKind;
      /** Which one of the kind: a payment provider id, a game provider… */
      key?: string;
      currency: string;
    };

/** A posting to one named balance of an account. */
export interface BucketEntry {
  accountRef: AccountRef;
  /** Which balance of the account; operator accounts have only `real`. Default `real`. */
  bucket?: LedgerBucket;
  /** Signed, in minor units of the account's currency: positive credits, negative debits. */
  amountMinor: bigint;
  share?: never;
}

/**
 * A stake from a player's account, split by the ledger under the account lock: real money
 * first, up to the real balance at that point of the batch, the rest from the bonus
 * balance (INSUFFICIENT_FUNDS when both together fall short). Becomes one or two postings
 * (`real`, `bonus`); a part of zero is no posting.
 */
export interface SpendEntry {
  accountRef: { accountId: string };
  bucket: 'spend';
  /** Negative: the stake. */
  amountMinor: bigint;
  share?: never;
}

/**
 * The proportions of a `share` entry: a stake's real and bonus parts, or the idempotency
 * key of an earlier transaction of the same batch whose `spend` entry on the same account
 * set them (a round's bet and win posted together).
 */
export type ShareOf = { realMinor: bigint; bonusMinor: bigint } | { spendOf: string };

/**
 * A credit to a player's account in a stake's proportions (a win): the bonus part is
 * floor(amount × bonus / (real + bonus)), the real part the rest, so rounding never makes
 * bonus money; with no bonus part in the stake it is all real. One or two postings.
 */
export interface ShareEntry {
  accountRef: { accountId: string };
  bucket: 'share';
  /** Positive: the credit. */
  amountMinor: bigint;
  share: ShareOf;
}

/** One entry of a transaction: a posting to a named balance, or a stake or win the ledger splits. */
export type PostingEntry = BucketEntry | SpendEntry | ShareEntry;

/** The real and bonus money (absolute amounts) that `spend` and `share` entries moved on one player account. */
export interface AccountSplit {
  accountId: string;
  realMinor: bigint;
  bonusMinor: bigint;
}

export interface PostInput {
  /**
   * The transaction's id, when the caller names it beforehand (a row of its own refers to
   * it before the postings exist); a uuid, by default a random one.
   */
  transactionId?: string;
  /** Unique per mutation, chosen by the caller (e.g. `deposit:{invoiceId}`); printable ASCII, at most 200. */
  idempotencyKey: string;
  /** What the movement is: `deposit`, `withdrawal`, `bet`, `sandbox_funding`… */
  kind: string;
  entries: PostingEntry[];
  /** Descriptive data kept with the transaction (invoice id, game round…). Part of the parameters a retry must repeat. */
  metadata?: { [key: string]: JsonValue };
}

export interface Posting {
  id: bigint;
  accountId: string;
  bucket: LedgerBucket;
  currency: string;
  amountMinor: bigint;
}

export interface PostResult {
  transaction: {
    id: string;
    idempotencyKey: string;
    kind: string;
    metadata: Record<string, unknown>;
    createdAt: Date;
  };
  postings: Posting[];
  /** The player accounts the transaction touched, as they are now. */
  playerAccounts: PlayerAccountView[];
  /** True when this was a retry answered with the first result. */
  replayed: boolean;
  /**
   * Per player account with `spend` or `share` entries in the transaction (in account id
   * order), what those entries moved from or to its real and bonus balances; absent when
   * the transaction has none. Derived from the postings, so a replay answers the same.
   */
  split?: AccountSplit[];
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
const KIND = /^[a-z][a-z0-9_.:-]{0,63}$/;
const OPERATOR_KEY = /^(?:[a-z0-9][a-z0-9_.-]{0,63})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT8_MAX = 2n ** 63n - 1n;
/** Metadata is a note, not a document store. */
const MAX_METADATA_BYTES = 8 * 1024;

/** A caller's mistake (a bug, never a player's input): malformed postings. */
export class LedgerInputError extends Error {
  override readonly name = 'LedgerInputError';
}

function refKey(ref: AccountRef): string {
  return 'accountId' in ref ? `account:${ref.accountId}` : `operator:${ref.operator}:${ref.key ?? ''}:${ref.currency}`;
}

const BUCKETS: ReadonlySet<string> = new Set(['real', 'bonus', 'locked', 'spend', 'share']);

const isSplit = (entry: PostingEntry): entry is SpendEntry | ShareEntry =>
  entry.bucket === 'spend' || entry.bucket === 'share';

/** Refuses a malformed `spend` or `share` entry (what can be told without the accounts). */
function checkSplitEntry(entry: SpendEntry | ShareEntry): void {
  const ref: AccountRef = entry.accountRef;
  if (!('accountId' in ref)) throw new LedgerInputError(`a '${entry.bucket}' entry moves a player account only`);
  if (entry.bucket === 'spend') {
    if (entry.amountMinor > 0n) throw new LedgerInputError("a 'spend' entry needs a negative amount");
    if (entry.share !== undefined) throw new LedgerInputError("a 'spend' entry has no share");
    return;
  }
  if (entry.amountMinor < 0n) throw new LedgerInputError("a 'share' entry needs a positive amount");
  const share: unknown = entry.share;
  if (typeof share !== 'object' || share === null) throw new LedgerInputError("a 'share' entry needs its share");
  const { realMinor, bonusMinor, spendOf } = share as { realMinor?: unknown; bonusMinor?: unknown; spendOf?: unknown };
  if (spendOf !== undefined) {
    if (
      typeof spendOf !== 'string' ||
      !IDEMPOTENCY_KEY.test(spendOf) ||
      realMinor !== undefined ||
      bonusMinor !== undefined
    ) {
      throw new LedgerInputError("a share's spendOf is the idempotency key of a transaction, alone");
    }
    return;
  }
  for (const part of [realMinor, bonusMinor]) {
    if (typeof part !== 'bigint' || part < 0n || part > INT8_MAX) {
      throw new LedgerInputError("a share's realMinor and bonusMinor are bigints from zero");
    }
  }
}

/** Refuses malformed input before anything touches the database. */
function checkInput(input: PostInput): void {
  if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
    throw new LedgerInputError('idempotencyKey must be 1 to 200 printable ASCII characters');
  }
  if (!KIND.test(input.kind)) throw new LedgerInputError(`invalid transaction kind ${JSON.stringify(input.kind)}`);
  if (input.entries.length < 2) throw new LedgerInputError('a transaction needs at least two postings');
  for (const entry of input.entries) {
    if (typeof entry.amountMinor !== 'bigint' || entry.amountMinor === 0n) {
      throw new LedgerInputError('every posting needs a non-zero bigint amount');
    }
    if (entry.amountMinor > INT8_MAX || entry.amountMinor < -INT8_MAX) {
      throw new LedgerInputError('posting amount out of range');
    }
    if (!BUCKETS.has(entry.bucket ?? 'real')) throw new LedgerInputError(`unknown bucket ${String(entry.bucket)}`);
    if (isSplit(entry)) {
      checkSplitEntry(entry);
      continue;
    }
    if (entry.share !== undefined) throw new LedgerInputError("only a 'share' entry has a share");
    const ref = entry.accountRef;
    if ('operator' in ref) {
      if (!OPERATOR_KEY.test(ref.key ?? '')) throw new LedgerInputError(`invalid operator key ${String(ref.key)}`);
      if ((entry.bucket ?? 'real') !== 'real') throw new LedgerInputError('operator accounts have only a real balance');
    }
  }
  if (Buffer.byteLength(canonicalJson(input.metadata ?? {})) > MAX_METADATA_BYTES) {
    throw new LedgerInputError('metadata too large');
  }
}

/**
 * Refuses a batch whose `share` entry names by `spendOf` no earlier transaction of the
 * batch with a `spend` entry on the same account.
 */
function checkSpendOf(inputs: readonly PostInput[]): void {
  inputs.forEach((input, index) => {
    for (const entry of input.entries) {
      if (entry.bucket !== 'share' || !('spendOf' in entry.share)) continue;
      const { spendOf } = entry.share;
      const account = entry.accountRef.accountId.toLowerCase();
      const earlier = inputs.slice(0, index).find((other) => other.idempotencyKey === spendOf);
      const spends = earlier?.entries.some(
        (other) => other.bucket === 'spend' && other.accountRef.accountId.toLowerCase() === account,
      );
      if (!spends) {
        throw new LedgerInputError(
          `spendOf ${JSON.stringify(spendOf)} names no earlier transaction of the batch spending from the account`,
        );
      }
    }
  });
}

/**
 * The parameters a retry must repeat, in a form that does not depend on entry or key order.
 * A `share` entry adds its share to its tuple; other entries keep the three elements they
 * always had (the hashes of transactions posted before stay valid).
 */
function parametersOf(input: PostInput) {
  const entries = input.entries
    .map((entry): string[] => {
      const tuple = [refKey(entry.accountRef), entry.bucket ?? 'real', entry.amountMinor.toString()];
      if (entry.bucket !== 'share') return tuple;
      const { share } = entry;
      return 'spendOf' in share
        ? [...tuple, 'spendOf', share.spendOf]
        : [...tuple, 'parts', share.realMinor.toString(), share.bonusMinor.toString()];
    })
    .sort((a, b) => (a.join('|') < b.join('|') ? -1 : a.join('|') > b.join('|') ? 1 : 0));
  return { kind: input.kind, entries, metadata: input.metadata ?? {} };
}

/**
 * The bonus and real parts of a credit of `amountMinor` (positive) in the proportions
 * `realMinor : bonusMinor`: the bonus part rounded down, the real part the rest.
 */
export function shareParts(
  amountMinor: bigint,
  proportions: { realMinor: bigint; bonusMinor: bigint },
): { realMinor: bigint; bonusMinor: bigint } {
  const total = proportions.realMinor + proportions.bonusMinor;
  const bonusMinor = proportions.bonusMinor === 0n ? 0n : (amountMinor * proportions.bonusMinor) / total;
  return { realMinor: amountMinor - bonusMinor, bonusMinor };
}

/**
 * `PostResult.split` from a transaction's entries and postings: each other entry is one
 * posting of its declared amount, so what an account's real and bonus postings move
 * beyond those came from its `spend` and `share` entries.
 */
function splitOf(entries: readonly PostingEntry[], postings: readonly Posting[]): AccountSplit[] | undefined {
  const moved = new Map<string, AccountSplit>();
  for (const entry of entries) {
    if (!isSplit(entry)) continue;
    const accountId = entry.accountRef.accountId.toLowerCase();
    moved.set(accountId, { accountId, realMinor: 0n, bonusMinor: 0n });
  }
  if (moved.size === 0) return undefined;
  /** Adds (sign 1) or takes away (sign -1) the magnitude of an amount moved on a balance. */
  const count = (accountId: string, bucket: string, amountMinor: bigint, sign: 1n | -1n) => {
    const split = moved.get(accountId);
    const magnitude = sign * (amountMinor < 0n ? -amountMinor : amountMinor);
    if (split && bucket === 'real') split.realMinor += magnitude;
    if (split && bucket === 'bonus') split.bonusMinor += magnitude;
  };
  for (const posting of postings) count(posting.accountId, posting.bucket, posting.amountMinor, 1n);
  for (const entry of entries) {
    if (isSplit(entry) || !('accountId' in entry.accountRef)) continue;
    count(entry.accountRef.accountId.toLowerCase(), entry.bucket ?? 'real', entry.amountMinor, -1n);
  }
  return [...moved.values()].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

const toPosting = (row: LedgerPostingRow): Posting => ({
  id: row.id,
  accountId: row.account_id,
  bucket: row.bucket,
  currency: row.currency,
  amountMinor: row.amount_minor,
});

function bucketColumn(row: LedgerAccountRow, bucket: LedgerBucket): bigint {
  if (bucket === 'bonus') return row.bonus_balance_minor;
  if (bucket === 'locked') return row.locked_balance_minor;
  return row.balance_minor;
}

/** Whether a database error is the last-line CHECK on player balances. */
function isPlayerBalanceCheck(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23514' && constraint === 'ledger_accounts_player_not_negative';
}

export function createLedger(deps: { repository: WalletRepository; events: RealtimeEvents }) {
  const { repository, events } = deps;

  async function replay(trx: Transaction<Database>, input: PostInput, hash: string): Promise<PostResult> {
    const existing = await repository.findTransactionByKey(trx, input.idempotencyKey);
    // Unreachable in practice: the insert saw the key, and transactions are never deleted.
    if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} vanished`);
    if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    const postings = (await repository.listPostings(trx, existing.id)).map(toPosting);
    const accountIds = [...new Set(postings.map((p) => p.accountId))];
    const split = splitOf(input.entries, postings);
    return {
      transaction: {
        id: existing.id,
        idempotencyKey: existing.idempotency_key,
        kind: existing.kind,
        metadata: existing.metadata,
        createdAt: existing.created_at,
      },
      postings,
      playerAccounts: await repository.playerAccountsByIds(trx, accountIds),
      replayed: true,
      ...(split ? { split } : {}),
    };
  }

  /**
   * Operator account ids by reference: they never change once created, so each is looked
   * up once per process (only committed ones are kept).
   */
  const operatorIds = new Map<string, string>();

  async function accountIdOf(trx: Transaction<Database>, ref: AccountRef): Promise<string> {
    if ('accountId' in ref) {
      if (!UUID.test(ref.accountId)) throw AppError.notFound('Unknown account.');
      return ref.accountId.toLowerCase();
    }
    const key = refKey(ref);
    const known = operatorIds.get(key);
    if (known) return known;
    const { id, created } = await repository.ensureOperatorAccount(trx, {
      kind: ref.operator,
      key: ref.key ?? '',
      currency: ref.currency,
    });
    // One created in this transaction is kept once it has committed (it may yet roll back).
    if (created) events.afterCommit(trx, () => operatorIds.set(key, id));
    else operatorIds.set(key, id);
    return id;
  }

  /**
   * Posts several transactions at once inside the caller's transaction (a game round's bet
   * and win): each is checked as if posted in turn, and all of them are written in two
   * statements, the account locks taken by the first. A batch is new or replayed as a whole;
   * a retry of a single transaction answers its first result.
   */
  async function postManyIn(trx: Transaction<Database>, inputs: readonly PostInput[]): Promise<PostResult[]> {
    if (inputs.length === 0) return [];
    for (const input of inputs) checkInput(input);
    if (new Set(inputs.map((input) => input.idempotencyKey)).size !== inputs.length) {
      throw new LedgerInputError('a batch repeats an idempotency key');
    }
    checkSpendOf(inputs);
    const prepared = inputs.map((input) => ({
      input,
      id: input.transactionId ?? randomUUID(),
      hash: requestHash(parametersOf(input)),
      metadata: canonicalJson(input.metadata ?? {}),
    }));

    // Resolve references to account ids; operator accounts are opened on first use.
    const idOf = new Map<string, string>();
    for (const { input } of prepared) {
      for (const entry of input.entries) {
        const key = refKey(entry.accountRef);
        if (!idOf.has(key)) idOf.set(key, await accountIdOf(trx, entry.accountRef));
      }
    }
    const ids = [...new Set(idOf.values())];
    const { accounts, inserted, createdAt } = await repository.insertTransactionsAndLock(
      trx,
      prepared.map((p) => ({
        id: p.id,
        idempotencyKey: p.input.idempotencyKey,
        kind: p.input.kind,
        requestHash: p.hash,
        metadata: p.metadata,
      })),
      ids,
    );
    if (inserted !== prepared.length) {
      const [only] = prepared;
      if (inserted === 0 && prepared.length === 1 && only) return [await replay(trx, only.input, only.hash)];
      throw new LedgerInputError('a batch of transactions was partly posted before');
    }
    const locked = new Map(accounts.map((row) => [row.id, row]));
    if (locked.size !== ids.length) throw AppError.notFound('Unknown account.');

    // Each transaction balances per currency and leaves no player balance below zero when
    // applied after the ones before it; the accounts' deltas add up over the batch.
    const running = new Map<string, BalanceDeltas>();
    const balanceOf = (id: string): BalanceDeltas => {
      let known = running.get(id);
      if (!known) {
        const account = locked.get(id) as LedgerAccountRow;
        known = {
          real: bucketColumn(account, 'real'),
          bonus: bucketColumn(account, 'bonus'),
          locked: bucketColumn(account, 'locked'),
        };
        running.set(id, known);
      }
      return known;
    };
    const deltas = new Map<string, BalanceDeltas>();
    const postings: {
      transactionId: string;
      accountId: string;
      bucket: LedgerBucket;
      currency: string;
      amountMinor: bigint;
    }[] = [];
    /** What each transaction's `spend` entries took, per account: the proportions a later `share` may name. */
    const spent = new Map<string, Map<string, { realMinor: bigint; bonusMinor: bigint }>>();
    for (const { input, id: transactionId } of prepared) {
      const sumByCurrency = new Map<string, bigint>();
      const own = new Map<string, BalanceDeltas>();
      const ownSpent = new Map<string, { realMinor: bigint; bonusMinor: bigint }>();
      spent.set(input.idempotencyKey, ownSpent);
      const post = (id: string, account: LedgerAccountRow, bucket: LedgerBucket, amountMinor: bigint) => {
        sumByCurrency.set(account.currency, (sumByCurrency.get(account.currency) ?? 0n) + amountMinor);
        const delta = own.get(id) ?? { real: 0n, bonus: 0n, locked: 0n };
        delta[bucket] += amountMinor;
        own.set(id, delta);
        postings.push({ transactionId, accountId: id, bucket, currency: account.currency, amountMinor });
      };
      for (const entry of input.entries) {
        const id = idOf.get(refKey(entry.accountRef)) as string;
        const account = locked.get(id) as LedgerAccountRow;
        if (!isSplit(entry)) {
          const bucket = entry.bucket ?? 'real';
          if (account.kind !== 'player' && bucket !== 'real') {
            throw new LedgerInputError('operator accounts have only a real balance');
          }
          post(id, account, bucket, entry.amountMinor);
          continue;
        }
        if (account.kind !== 'player') {
          throw new LedgerInputError(`a '${entry.bucket}' entry moves a player account only`);
        }
        if (entry.bucket === 'spend') {
          // The balances at this point: after the batch's earlier transactions and this one's earlier entries.
          const balance = balanceOf(id);
          const delta = own.get(id);
          const real = balance.real + (delta?.real ?? 0n);
          const bonus = balance.bonus + (delta?.bonus ?? 0n);
          const stake = -entry.amountMinor;
          const realMinor = real <= 0n ? 0n : stake < real ? stake : real;
          const bonusMinor = stake - realMinor;
          if (bonusMinor > bonus) throw new AppError('INSUFFICIENT_FUNDS');
          const sum = ownSpent.get(id) ?? { realMinor: 0n, bonusMinor: 0n };
          ownSpent.set(id, { realMinor: sum.realMinor + realMinor, bonusMinor: sum.bonusMinor + bonusMinor });
          if (realMinor !== 0n) post(id, account, 'real', -realMinor);
          if (bonusMinor !== 0n) post(id, account, 'bonus', -bonusMinor);
          continue;
        }
        const { share } = entry;
        // checkSpendOf saw the named transaction earlier in the batch, spending from this account.
        const proportions = 'spendOf' in share ? spent.get(share.spendOf)?.get(id) : share;
        if (!proportions) throw new LedgerInputError("a share's spendOf names no spend from its account");
        const parts = shareParts(entry.amountMinor, proportions);
        if (parts.realMinor !== 0n) post(id, account, 'real', parts.realMinor);
        if (parts.bonusMinor !== 0n) post(id, account, 'bonus', parts.bonusMinor);
      }
      for (const [currency, sum] of sumByCurrency) {
        if (sum !== 0n) throw new LedgerInputError(`postings in ${currency} sum to ${sum}, not zero`);
      }
      for (const [id, delta] of own) {
        const balance = balanceOf(id);
        const isPlayer = (locked.get(id) as LedgerAccountRow).kind === 'player';
        for (const bucket of ['real', 'bonus', 'locked'] as const) {
          if (isPlayer && delta[bucket] < 0n && balance[bucket] + delta[bucket] < 0n) {
            throw new AppError('INSUFFICIENT_FUNDS');
          }
          balance[bucket] += delta[bucket];
        }
        const total = deltas.get(id) ?? { real: 0n, bonus: 0n, locked: 0n };
        for (const bucket of ['real', 'bonus', 'locked'] as const) total[bucket] += delta[bucket];
        deltas.set(id, total);
      }
    }

    let written: Awaited<ReturnType<WalletRepository['writePostings']>>;
    try {
      written = await repository.writePostings(trx, postings, deltas);
    } catch (error) {
      if (isPlayerBalanceCheck(error)) throw new AppError('INSUFFICIENT_FUNDS', undefined, undefined, { cause: error });
      throw error;
    }
    const { playerAccounts } = written;
    for (const account of playerAccounts) {
      events.publishAfterCommit(trx, channels.walletAccounts(account.playerId), {
        event: 'account.balance.updated',
        account: toWalletAccount(account),
      });
    }

    return prepared.map(({ input, id }) => {
      const postings = written.postings.filter((row) => row.transaction_id === id).map(toPosting);
      const split = splitOf(input.entries, postings);
      return {
        transaction: {
          id,
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          metadata: JSON.parse(canonicalJson(input.metadata ?? {})) as Record<string, unknown>,
          createdAt,
        },
        postings,
        playerAccounts,
        replayed: false,
        ...(split ? { split } : {}),
      };
    });
  }

  /**
   * Posts inside a transaction the caller opened with `events.transaction` (so that the
   * balance events wait for its commit), together with the caller's own changes.
   */
  async function postIn(trx: Transaction<Database>, input: PostInput): Promise<PostResult> {
    const [result] = await postManyIn(trx, [input]);
    if (!result) throw new Error('ledger answered no result');
    return result;
  }

  return {
    postIn,
    postManyIn,
    /** Posts in a transaction of its own. */
    post(input: PostInput): Promise<PostResult> {
      return events.transaction((trx) => postIn(trx, input));
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
