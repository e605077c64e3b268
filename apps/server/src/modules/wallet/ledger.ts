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
 * 3. checks the postings balance and that no player balance would go below zero,
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

export interface PostingEntry {
  accountRef: AccountRef;
  /** Which balance of the account; operator accounts have only `real`. Default `real`. */
  bucket?: LedgerBucket;
  /** Signed, in minor units of the account's currency: positive credits, negative debits. */
  amountMinor: bigint;
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

/** The parameters a retry must repeat, in a form that does not depend on entry or key order. */
function parametersOf(input: PostInput) {
  const entries = input.entries
    .map((entry) => [refKey(entry.accountRef), entry.bucket ?? 'real', entry.amountMinor.toString()] as const)
    .sort((a, b) => (a.join('|') < b.join('|') ? -1 : a.join('|') > b.join('|') ? 1 : 0));
  return { kind: input.kind, entries, metadata: input.metadata ?? {} };
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
    for (const { input, id: transactionId } of prepared) {
      const sumByCurrency = new Map<string, bigint>();
      const own = new Map<string, BalanceDeltas>();
      for (const entry of input.entries) {
        const id = idOf.get(refKey(entry.accountRef)) as string;
        const account = locked.get(id) as LedgerAccountRow;
        const bucket = entry.bucket ?? 'real';
        if (account.kind !== 'player' && bucket !== 'real') {
          throw new LedgerInputError('operator accounts have only a real balance');
        }
        sumByCurrency.set(account.currency, (sumByCurrency.get(account.currency) ?? 0n) + entry.amountMinor);
        const delta = own.get(id) ?? { real: 0n, bonus: 0n, locked: 0n };
        delta[bucket] += entry.amountMinor;
        own.set(id, delta);
        postings.push({
          transactionId,
          accountId: id,
          bucket,
          currency: account.currency,
          amountMinor: entry.amountMinor,
        });
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

    return prepared.map(({ input, id }) => ({
      transaction: {
        id,
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        metadata: JSON.parse(canonicalJson(input.metadata ?? {})) as Record<string, unknown>,
        createdAt,
      },
      postings: written.postings.filter((row) => row.transaction_id === id).map(toPosting),
      playerAccounts,
      replayed: false,
    }));
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
