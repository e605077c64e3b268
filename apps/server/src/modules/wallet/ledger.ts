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
   * Posts inside a transaction the caller opened with `events.transaction` (so that the
   * balance events wait for its commit), together with the caller's own changes.
   */
  async function postIn(trx: Transaction<Database>, input: PostInput): Promise<PostResult> {
    checkInput(input);
    const hash = requestHash(parametersOf(input));
    const metadata = canonicalJson(input.metadata ?? {});

    const inserted = await repository.insertTransaction(trx, {
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      requestHash: hash,
      metadata,
    });
    if (!inserted) return replay(trx, input, hash);

    // Resolve references to account ids; operator accounts are opened on first use.
    const idOf = new Map<string, string>();
    for (const entry of input.entries) {
      const ref = entry.accountRef;
      const key = refKey(ref);
      if (idOf.has(key)) continue;
      if ('accountId' in ref) {
        if (!UUID.test(ref.accountId)) throw AppError.notFound('Unknown account.');
        idOf.set(key, ref.accountId.toLowerCase());
      } else {
        idOf.set(
          key,
          await repository.ensureOperatorAccount(trx, {
            kind: ref.operator,
            key: ref.key ?? '',
            currency: ref.currency,
          }),
        );
      }
    }

    const ids = [...new Set(idOf.values())];
    const locked = new Map((await repository.lockAccounts(trx, ids)).map((row) => [row.id, row]));
    if (locked.size !== ids.length) throw AppError.notFound('Unknown account.');

    // Balance per currency, and the change of every balance of every account.
    const sumByCurrency = new Map<string, bigint>();
    const deltas = new Map<string, BalanceDeltas>();
    const postings: { accountId: string; bucket: LedgerBucket; currency: string; amountMinor: bigint }[] = [];
    for (const entry of input.entries) {
      const id = idOf.get(refKey(entry.accountRef)) as string;
      const account = locked.get(id) as LedgerAccountRow;
      const bucket = entry.bucket ?? 'real';
      if (account.kind !== 'player' && bucket !== 'real') {
        throw new LedgerInputError('operator accounts have only a real balance');
      }
      sumByCurrency.set(account.currency, (sumByCurrency.get(account.currency) ?? 0n) + entry.amountMinor);
      const delta = deltas.get(id) ?? { real: 0n, bonus: 0n, locked: 0n };
      delta[bucket] += entry.amountMinor;
      deltas.set(id, delta);
      postings.push({ accountId: id, bucket, currency: account.currency, amountMinor: entry.amountMinor });
    }
    for (const [currency, sum] of sumByCurrency) {
      if (sum !== 0n) throw new LedgerInputError(`postings in ${currency} sum to ${sum}, not zero`);
    }
    for (const [id, delta] of deltas) {
      const account = locked.get(id) as LedgerAccountRow;
      if (account.kind !== 'player') continue;
      for (const bucket of ['real', 'bonus', 'locked'] as const) {
        if (delta[bucket] < 0n && bucketColumn(account, bucket) + delta[bucket] < 0n) {
          throw new AppError('INSUFFICIENT_FUNDS');
        }
      }
    }

    const written = (await repository.insertPostings(trx, inserted.id, postings)).map(toPosting);
    try {
      for (const [id, delta] of deltas) await repository.applyDeltas(trx, id, delta);
    } catch (error) {
      if (isPlayerBalanceCheck(error)) throw new AppError('INSUFFICIENT_FUNDS', undefined, undefined, { cause: error });
      throw error;
    }

    const playerIds = [...deltas.keys()].filter((id) => locked.get(id)?.kind === 'player');
    const playerAccounts = await repository.playerAccountsByIds(trx, playerIds);
    for (const account of playerAccounts) {
      events.publishAfterCommit(trx, channels.walletAccounts(account.playerId), {
        event: 'account.balance.updated',
        account: toWalletAccount(account),
      });
    }

    return {
      transaction: {
        id: inserted.id,
        idempotencyKey: inserted.idempotency_key,
        kind: inserted.kind,
        metadata: inserted.metadata,
        createdAt: inserted.created_at,
      },
      postings: written,
      playerAccounts,
      replayed: false,
    };
  }

  return {
    postIn,
    /** Posts in a transaction of its own. */
    post(input: PostInput): Promise<PostResult> {
      return events.transaction((trx) => postIn(trx, input));
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
