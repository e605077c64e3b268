import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { channels, PlayerStatus, type ChannelEvent, type ErrorName, type GameWalletStatus } from '@croupier/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Database, GameSessionTable, GameWalletTransactionTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventRegistry } from '../../lib/events';
import type { RealtimeEvents } from '../realtime';
import type { Ledger, PostInput, PostResult, ShareOf } from '../wallet';
import type { GameSessionRow, GameWalletRepository, GameWalletTxRow } from './repository';

/**
 * The game wallet: the operator side of the seamless-wallet pattern. A game (ours, in
 * process, or a provider's, over signed HTTP) holds a session token and calls back for
 * every money movement: balance, bet, win, rollback, end of round.
 *
 * - Each call is recorded once under the provider's transaction id (unique in the
 *   database); a replay answers the first result with the balance as it is now.
 * - A rollback of a bet never seen is recorded, and that bet is refused if it comes later.
 * - Bets need an open session and a player allowed to play; wins and rollbacks are
 *   accepted after expiry or a block (the money is the player's either way).
 * - A player's game session belongs to the sign-in session that launched it: when that one
 *   ends (logout, closed from the sessions list, password change, block), bets answer
 *   TOKEN_EXPIRED like an expired token, whichever path ended it.
 * - Real money moves in the ledger between the player's account and the operator's
 *   'game' account of the provider; demo sessions have a play balance of their own.
 */

/** Players whose bets are refused: 3 blocked, 4 self-excluded. */
const DISABLED_STATUSES = new Set([3, 4]);
/**
 * Operator game accounts per provider and currency (see gameAccount). Every real round
 * holds its shard's row lock from its ledger post to its commit: with 64, 128 players
 * playing at once share a row by two on average (16 made eight queue on each).
 */
const GAME_ACCOUNT_SHARDS = 64;

export interface GameSession extends GameSessionRow {
  player_status: number | null;
  /**
   * The account has a bet or loss limit, as the session's read found it: the round counts
   * against them before its posting (outside the game account's lock).
   */
  account_limits_apply: boolean;
  /** The sign-in session that launched it has ended (never for a guest's demo). */
  sign_in_ended: boolean;
}

/** Whether a session may still bet: unexpired, and its sign-in session still open. */
export const canBet = (session: GameSession, nowMs = Date.now()): boolean =>
  session.expires_at.getTime() > nowMs && !session.sign_in_ended;

/**
 * Why a session may not play a new round (its token expired or its sign-in ended, the
 * player is blocked or self-excluded), or undefined: the checks of every bet, also asked
 * by rounds that are not bets (a bonus's free spins).
 */
export function newRoundRefusal(
  session: GameSession,
  nowMs = Date.now(),
): 'TOKEN_EXPIRED' | 'USER_DISABLED' | undefined {
  if (!canBet(session, nowMs)) return 'TOKEN_EXPIRED';
  if (session.player_status !== null && DISABLED_STATUSES.has(session.player_status)) return 'USER_DISABLED';
  return undefined;
}

interface Balances {
  balanceMinor: bigint;
  bonusBalanceMinor: bigint;
}

export interface WalletAnswer {
  status: GameWalletStatus;
  balanceMinor: bigint;
  bonusBalanceMinor: bigint;
  currency: string;
  /** Our id of the recorded transaction. */
  transactionId?: string;
  /** True when the call was a retry answered from the record. */
  replayed?: boolean;
}

export interface MoneyCall {
  /** The provider's transaction id: the idempotency key. */
  transactionId: string;
  roundId: string;
  amountMinor: bigint;
  currency: string;
}

/** A refusal of a bet by a rule (stake limits, responsible-gaming limits, bonus rules). */
export interface BetRefusal {
  status: GameWalletStatus;
  /** The player's API error for it (the in-house frame), when the status alone does not say which. */
  errorName?: ErrorName;
  /** Published on `game:bets#{playerId}` so that the game page opens its modal. */
  event?: ChannelEvent<ReturnType<typeof channels.bets>>;
}

export interface BetRule {
  /** `trx` is the bet's transaction: a rule reads through it (a second connection could wait on it). */
  check(bet: {
    session: GameSession;
    amountMinor: bigint;
    trx: Transaction<Database>;
  }): Promise<BetRefusal | undefined> | BetRefusal | undefined;
}

/** A game as bonus terms read it: its identity (events, included games) and type (contributions). */
export interface GameInfo {
  identity: string;
  type: string;
}

/**
 * The bonuses module's side of the bet path (docs/bonuses.md, "Wagering"). Called in the
 * money's transaction only when bonus money is involved: the account holds some after the
 * posting, or the call moved some. Players without a bonus pay nothing for it.
 */
export interface BonusWagering {
  /**
   * A real-money bet was posted; a refusal rolls it back (max bet, a game the bonus excludes).
   * `balancesChanged`: the bonus converted or finished in this transaction.
   */
  afterBet(
    trx: Transaction<Database>,
    bet: {
      session: GameSession;
      game: GameInfo;
      stakeMinor: bigint;
      /** The part of the stake paid with bonus money. */
      bonusStakeMinor: bigint;
      bonusBalanceMinor: bigint;
      /** The round ended in the same call (an in-house one-shot round). */
      settled: boolean;
    },
  ): Promise<{ refusal?: BetRefusal; balancesChanged: boolean }>;
  /**
   * A round was settled (a win, also of 0), a bet rolled back, or a settled round's payout
   * corrected (`resettle`). A sportsbook's round counts its stakes toward the sportsbook
   * wager when it is settled by a win (docs/bonuses.md, "Wagering").
   */
  afterSettle(
    trx: Transaction<Database>,
    settle: {
      session: GameSession;
      game: GameInfo;
      kind: 'win' | 'rollback' | 'resettle';
      /** The win, the refunded stake, or the signed correction. */
      amountMinor: bigint;
      /** The round's stakes not rolled back (a win or a correction); the refunded stake (a rollback). */
      roundStakeMinor: bigint;
      /** The bonus part of the round's stakes (a win) or of the refunded bet. */
      bonusStakeMinor: bigint;
      /** After the posting; undefined when nothing was posted. */
      bonusBalanceMinor: bigint | undefined;
    },
  ): Promise<{ balancesChanged: boolean }>;
}

/**
 * The bonuses module's side of providers' free rounds (docs/bonuses.md, "Free spins"): a
 * win naming a free-spins grant takes one of its spins and adds the win to what the grant
 * won, in the call's transaction. False when the grant may not be played here (another
 * player's, account's or game's, not active, used up, past its deadline).
 */
export interface FreeRoundsPlay {
  playIn(
    trx: Transaction<Database>,
    round: { grantId: string; accountId: string; gameId: string; payoutMinor: bigint },
  ): Promise<boolean>;
}

/**
 * The limits module's side of the bet path (docs/player-protection.md, "Limits on the bet
 * path"). Called in the money's transaction only for an account whose posting answered
 * `limitsApply` (it has a bet or loss limit): other players pay nothing for it.
 */
export interface PlayLimits {
  /** A stake was posted (with the round's win when it settled at once); the error of a limit it passes. */
  countStake(
    trx: Transaction<Database>,
    input: { accountId: string; stakeMinor: bigint; wonMinor: bigint },
  ): Promise<ErrorName | undefined>;
  /** A win or a refunded bet was posted. */
  countReturn(
    trx: Transaction<Database>,
    input: { accountId: string; wonMinor: bigint; refundedMinor: bigint },
  ): Promise<void>;
  /** Why the player may not open a real-money game now (14100, 14101, 14105), if so. */
  launchRefusal(playerId: string, accountId: string | null): Promise<ErrorName | undefined>;
}

/**
 * A correction of what a settled round paid (a sportsbook's resettlement of a corrected
 * result): `amountMinor` is signed, positive credits the player, negative takes money back.
 */
export interface ResettleCall {
  /** The provider's transaction id: the idempotency key. */
  transactionId: string;
  roundId: string;
  amountMinor: bigint;
}

/** A win of a provider's free round: no bet before it, no money moved. */
export interface FreeRoundCall extends MoneyCall {
  freeRoundsId: string;
}

/** Thrown inside a wallet transaction to roll it back and answer with a status. */
export class WalletRefusal extends Error {
  override readonly name = 'WalletRefusal';
  constructor(
    readonly status: GameWalletStatus,
    /** The player's API error for it (see BetRefusal.errorName). */
    readonly errorName?: ErrorName,
  ) {
    super(status);
  }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createGameWallet(deps: {
  repository: GameWalletRepository;
  ledger: Ledger;
  events: RealtimeEvents;
  /** The payments turn-over: real-money bets count toward a deposit's wager. */
  recordWager: (trx: Transaction<Database>, accountId: string, wagerMinor: bigint) => Promise<unknown>;
  rules?: BetRule[];
  /** Lifetime of a launch token for bets. */
  sessionTtlMs: number;
  /** A demo session's starting play balance in minor units. */
  demoBalanceMinor: (currency: string) => bigint;
  /** Where `game.win-credited` goes, inside the crediting transaction. */
  appEvents?: EventRegistry;
  /** Bonus wagering (the bonuses module). */
  wagering?: BonusWagering;
  /** Providers' free rounds (the bonuses module's free spins). */
  freeRounds?: FreeRoundsPlay;
  /** Responsible-gaming limits (the limits module). */
  limits?: PlayLimits;
  /** Columns a player's real-money session starts with (the play-sessions module's check times). */
  sessionValues?: (player: {
    id: string;
    sessionId: string;
  }) => Promise<Pick<Insertable<GameSessionTable>, 'reality_check_due_at' | 'play_ends_at'>>;
}) {
  const { repository, ledger, events, recordWager } = deps;
  const rules = deps.rules ?? [];
  const { db } = repository;

  /** Games' identity and type never change: read once per process, in the caller's transaction. */
  const games = new Map<string, GameInfo>();
  async function gameOf(trx: Transaction<Database>, session: GameSession): Promise<GameInfo> {
    const known = games.get(session.game_id);
    if (known) return known;
    const found = (await repository.gameInfo(trx, session.game_id)) ?? { identity: session.game_id, type: 'unknown' };
    games.set(session.game_id, found);
    return found;
  }

  /** The account's split of a posting (spend or share), zero when it moved no bonus money. */
  function splitOf(posted: PostResult, accountId: string): { realMinor: bigint; bonusMinor: bigint } {
    return posted.split?.find((a) => a.accountId === accountId) ?? { realMinor: 0n, bonusMinor: 0n };
  }

  /** Runs the bonus side of a bet when bonus money is involved; a refusal rolls the bet back. */
  async function wagerBet(
    trx: Transaction<Database>,
    session: GameSession,
    bet: { stakeMinor: bigint; bonusStakeMinor: bigint; bonusBalanceMinor: bigint; settled: boolean },
  ): Promise<boolean> {
    if (!deps.wagering || (bet.bonusStakeMinor === 0n && bet.bonusBalanceMinor === 0n)) return false;
    const { refusal, balancesChanged } = await deps.wagering.afterBet(trx, {
      session,
      game: await gameOf(trx, session),
      ...bet,
    });
    if (refusal) {
      if (refusal.event && session.player_id) events.publish(channels.bets(session.player_id), refusal.event);
      throw new WalletRefusal(refusal.status, refusal.errorName);
    }
    return balancesChanged;
  }

  async function wagerSettle(
    trx: Transaction<Database>,
    session: GameSession,
    settle: {
      kind: 'win' | 'rollback' | 'resettle';
      amountMinor: bigint;
      roundStakeMinor: bigint;
      bonusStakeMinor: bigint;
      bonusBalanceMinor: bigint | undefined;
    },
  ): Promise<boolean> {
    if (!deps.wagering || (settle.bonusStakeMinor === 0n && !settle.bonusBalanceMinor)) return false;
    const { balancesChanged } = await deps.wagering.afterSettle(trx, {
      session,
      game: await gameOf(trx, session),
      ...settle,
    });
    return balancesChanged;
  }

  async function balanceOf(q: Transaction<Database> | typeof db, session: GameSession) {
    if (session.is_demo || !session.account_id) {
      return { balanceMinor: await repository.demoBalance(q, session.id), bonusBalanceMinor: 0n };
    }
    const row = await repository.accountBalances(q, session.account_id);
    return { balanceMinor: row.balance_minor, bonusBalanceMinor: row.bonus_balance_minor };
  }

  async function answer(
    q: Transaction<Database> | typeof db,
    session: GameSession,
    status: GameWalletStatus,
    extra: { transactionId?: string; replayed?: boolean } = {},
    /** The balances as the transaction left them, when it knows them (no re-read). */
    known?: Balances,
  ): Promise<WalletAnswer> {
    return { status, currency: session.currency, ...(known ?? (await balanceOf(q, session))), ...extra };
  }

  /** The session's account balances from a ledger answer (the accounts it touched, as they are now). */
  function balancesAfter(session: GameSession, posted: PostResult): Balances | undefined {
    const account = posted.playerAccounts.find((a) => a.id === session.account_id);
    return account && { balanceMinor: account.balanceMinor, bonusBalanceMinor: account.bonusBalanceMinor };
  }

  /** Whether a posting's player account has a bet or loss limit (read under its lock with the balances). */
  function limitsApply(session: GameSession, posted: PostResult): boolean {
    return posted.playerAccounts.some((a) => a.id === session.account_id && a.limitsApply);
  }

  /**
   * Counts a stake against the account's bet and loss limits; passing one rolls the round back
   * (LIMIT_REACHED). Called before the posting when the session's read found the account
   * limited, so that the counters' row locks come before the ledger's (the order every
   * round takes) and the game account's row is not held for it; and after the posting when
   * only the posting found it (a limit set since the read: the ledger answers the flag
   * under the account's lock, so no round escapes a limit set meanwhile).
   */
  async function countStake(
    trx: Transaction<Database>,
    session: GameSession,
    posted: PostResult | undefined,
    round: { stakeMinor: bigint; wonMinor: bigint },
  ): Promise<boolean> {
    if (!deps.limits || !session.account_id || session.is_demo) return false;
    if (posted ? !limitsApply(session, posted) : !session.account_limits_apply) return false;
    const errorName = await deps.limits.countStake(trx, { accountId: session.account_id, ...round });
    if (errorName) throw new WalletRefusal('LIMIT_REACHED', errorName);
    return true;
  }

  /** A win or a refund against the limits' counters; before or after the posting like countStake. */
  async function countReturn(
    trx: Transaction<Database>,
    session: GameSession,
    posted: PostResult | undefined,
    money: { wonMinor: bigint; refundedMinor: bigint },
  ): Promise<boolean> {
    if (!deps.limits || !session.account_id || session.is_demo) return false;
    if (posted ? !limitsApply(session, posted) : !session.account_limits_apply) return false;
    await deps.limits.countReturn(trx, { accountId: session.account_id, ...money });
    return true;
  }

  /** Same id, same call: the first answer again; same id, another call: a duplicate. */
  async function replayOf(
    trx: Transaction<Database>,
    session: GameSession,
    kind: GameWalletTxRow['kind'],
    call: { transactionId: string; amountMinor?: bigint; referenceTransactionId?: string; freeRoundsId?: string },
  ): Promise<WalletAnswer> {
    const existing = await repository.findTransaction(trx, session.provider, call.transactionId);
    const same =
      existing !== undefined &&
      existing.kind === kind &&
      existing.session_id === session.id &&
      existing.freespin_id === (call.freeRoundsId?.toLowerCase() ?? null) &&
      (call.amountMinor === undefined || existing.amount_minor === call.amountMinor) &&
      (call.referenceTransactionId === undefined || existing.reference_tx_id === call.referenceTransactionId);
    if (!same) throw new WalletRefusal('DUPLICATE_TRANSACTION');
    return answer(trx, session, 'OK', { transactionId: existing.id, replayed: true });
  }

  /**
   * The operator's game account of a session: keyed by provider and a shard of the
   * player's account, so that rounds of different players do not queue on one row lock
   * (the provider's total is the sum over its shards).
   */
  function gameAccount(session: GameSession) {
    const shard = Number.parseInt((session.account_id ?? '0').slice(0, 8), 16) % GAME_ACCOUNT_SHARDS;
    return { operator: 'game' as const, key: `${session.provider.slice(0, 60)}.${shard}`, currency: session.currency };
  }

  function ledgerKey(session: GameSession, kind: string, transactionId: string): string {
    // Printable ASCII as the ledger requires; provider ids are hashed when they are not.
    const safe = /^[\x21-\x7e]{1,120}$/.test(transactionId) ? transactionId : hashToken(transactionId);
    return `game:${session.provider}:${kind}:${safe}`;
  }

  async function betIn(trx: Transaction<Database>, session: GameSession, call: MoneyCall): Promise<WalletAnswer> {
    if (call.currency !== session.currency) throw new WalletRefusal('WRONG_CURRENCY');
    if (call.amountMinor <= 0n) throw new WalletRefusal('WRONG_TYPES');
    await repository.lockTransactionId(trx, session.provider, call.transactionId);
    const real = !session.is_demo && session.account_id !== null;
    // The ledger transaction's id is chosen now so that the row names it from the start
    // (checked at commit); a refusal below rolls both back.
    const ledgerId = real ? randomUUID() : null;
    const inserted = await repository.insertBet(trx, {
      provider: session.provider,
      provider_tx_id: call.transactionId,
      kind: 'bet',
      session_id: session.id,
      round_id: call.roundId,
      amount_minor: call.amountMinor,
      currency: call.currency,
      reference_tx_id: null,
      ledger_transaction_id: ledgerId,
    });
    if (!inserted) return replayOf(trx, session, 'bet', call);
    // A bet whose rollback came first is never taken.
    if (inserted.rolled_back_first) throw new WalletRefusal('TRANSACTION_ROLLED_BACK');
    await checkBet(trx, session, call.amountMinor);
    if (!ledgerId || !session.account_id) {
      if (!(await repository.debitDemo(trx, session.id, call.amountMinor))) throw new WalletRefusal('NOT_ENOUGH_MONEY');
      return answer(trx, session, 'OK', { transactionId: inserted.id });
    }
    const stake = { stakeMinor: call.amountMinor, wonMinor: 0n };
    const counted = await countStake(trx, session, undefined, stake);
    const [posted] = await postOrRefuse(trx, [betPosting(session, session.account_id, call, ledgerId)]);
    if (!counted) await countStake(trx, session, posted, stake);
    const split = splitOf(posted, session.account_id);
    // The bonus part is kept on the row: the round's win and the bet's rollback pay it back.
    if (split.bonusMinor > 0n) await repository.setBonusPart(trx, inserted.id, split.bonusMinor, posted.transaction.id);
    else await keepLedgerReference(trx, inserted.id, ledgerId, posted);
    await recordWager(trx, session.account_id, call.amountMinor);
    const after = balancesAfter(session, posted);
    const changed = await wagerBet(trx, session, {
      stakeMinor: call.amountMinor,
      bonusStakeMinor: split.bonusMinor,
      bonusBalanceMinor: after?.bonusBalanceMinor ?? 0n,
      settled: false,
    });
    // A bonus that converted or finished moved money after the posting: read the balances again.
    return answer(trx, session, 'OK', { transactionId: inserted.id }, changed ? undefined : after);
  }

  /** A bet's ledger transaction: the stake from the player's account to the provider's game account. */
  function betPosting(session: GameSession, accountId: string, call: MoneyCall, transactionId?: string): PostInput {
    return {
      ...(transactionId ? { transactionId } : {}),
      idempotencyKey: ledgerKey(session, 'bet', call.transactionId),
      kind: 'game.bet',
      entries: [
        // Real money first, then bonus money (the ledger splits it under the account's lock).
        { accountRef: { accountId }, bucket: 'spend', amountMinor: -call.amountMinor },
        { accountRef: gameAccount(session), amountMinor: call.amountMinor },
      ],
      metadata: { provider: session.provider, roundId: call.roundId, gameId: session.game_id },
    };
  }

  /**
   * A win's ledger transaction: the payout from the provider's game account to the player's,
   * split like the stakes it pays back (`share`: a bonus part goes to the bonus balance).
   */
  function winPosting(
    session: GameSession,
    accountId: string,
    call: MoneyCall,
    share: ShareOf,
    transactionId?: string,
  ): PostInput {
    return {
      ...(transactionId ? { transactionId } : {}),
      idempotencyKey: ledgerKey(session, 'win', call.transactionId),
      kind: 'game.win',
      entries: [
        { accountRef: { accountId }, bucket: 'share', share, amountMinor: call.amountMinor },
        { accountRef: gameAccount(session), amountMinor: -call.amountMinor },
      ],
      metadata: { provider: session.provider, roundId: call.roundId, gameId: session.game_id },
    };
  }

  /**
   * A call's row names the ledger transaction chosen for it before posting; a ledger that
   * answered another one (its key was posted before: never expected, the call's id being
   * new) is named instead.
   */
  async function keepLedgerReference(
    trx: Transaction<Database>,
    callId: string,
    chosenId: string,
    posted: PostResult,
  ): Promise<void> {
    if (posted.transaction.id !== chosenId) await repository.setLedgerTransaction(trx, callId, posted.transaction.id);
  }

  /** Posts in the caller's transaction; an overdraft is the wallet's NOT_ENOUGH_MONEY. */
  async function postOrRefuse(trx: Transaction<Database>, inputs: PostInput[]): Promise<[PostResult, ...PostResult[]]> {
    try {
      const results = await ledger.postManyIn(trx, inputs);
      if (results.length === 0) throw new Error('ledger answered no result');
      return results as [PostResult, ...PostResult[]];
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'INSUFFICIENT_FUNDS') {
        throw new WalletRefusal('NOT_ENOUGH_MONEY');
      }
      throw error;
    }
  }

  /** Refuses a new bet of the session (expired, player disabled, a rule); the checks of every bet. */
  async function checkBet(trx: Transaction<Database>, session: GameSession, amountMinor: bigint): Promise<void> {
    // New bets only: an expired session (or one whose sign-in ended) or a disabled player may still settle, not bet.
    const refusal = newRoundRefusal(session);
    if (refusal) {
      // Providers get USER_DISABLED; the in-house frame names a cooling-off or self-exclusion (14105).
      const excluded = refusal === 'USER_DISABLED' && session.player_status === PlayerStatus.SELF_EXCLUDED;
      throw new WalletRefusal(refusal, excluded ? 'GAME_LIMIT_SELF_EXCLUSION' : undefined);
    }
    for (const rule of rules) {
      const refusal = await rule.check({ session, amountMinor, trx });
      if (refusal) {
        // Published now: the refusal rolls this transaction back.
        if (refusal.event && session.player_id) events.publish(channels.bets(session.player_id), refusal.event);
        throw new WalletRefusal(refusal.status, refusal.errorName);
      }
    }
  }

  /**
   * An in-house round's money in one go, inside the round's transaction: its bet and, when
   * the round is settled in the same call, its win. The transaction ids are derived from a
   * round id made in this transaction, so no rollback can have named them before, and
   * nobody can send them again: no advisory lock, no look-up of a rollback. Both calls are
   * recorded in one statement before the money moves; the bet and the win are posted to the
   * ledger together (its account locks are the last locks the round takes).
   */
  async function playIn(
    trx: Transaction<Database>,
    session: GameSession,
    call: {
      roundId: string;
      currency: string;
      stakeMinor: bigint;
      bet: { transactionId: string };
      /** Absent: the round stays open (mines), its win comes with a later step. */
      win?: { transactionId: string; amountMinor: bigint };
    },
  ): Promise<WalletAnswer> {
    if (call.currency !== session.currency) throw new WalletRefusal('WRONG_CURRENCY');
    if (call.stakeMinor <= 0n || (call.win && call.win.amountMinor < 0n)) throw new WalletRefusal('WRONG_TYPES');
    await checkBet(trx, session, call.stakeMinor);
    const real = !session.is_demo && session.account_id !== null;
    const payoutMinor = call.win?.amountMinor ?? 0n;
    const betLedgerId = real ? randomUUID() : null;
    const winLedgerId = real && payoutMinor > 0n ? randomUUID() : null;
    const row = (
      kind: 'bet' | 'win',
      transactionId: string,
      amountMinor: bigint,
      ledgerId: string | null,
    ): Insertable<GameWalletTransactionTable> => ({
      provider: session.provider,
      provider_tx_id: transactionId,
      kind,
      session_id: session.id,
      round_id: call.roundId,
      amount_minor: amountMinor,
      currency: call.currency,
      reference_tx_id: null,
      // Checked at commit: the ledger transaction is posted below, in this transaction.
      ledger_transaction_id: ledgerId,
    });
    const rows = [row('bet', call.bet.transactionId, call.stakeMinor, betLedgerId)];
    if (call.win) rows.push(row('win', call.win.transactionId, payoutMinor, winLedgerId));
    const inserted = await repository.insertTransactions(trx, rows);
    const betRow = inserted.find((r) => r.kind === 'bet');
    if (!betRow || inserted.length !== rows.length) throw new Error(`round ${call.roundId} was recorded before`);

    if (!real || !session.account_id) {
      const balanceMinor = await repository.settleDemo(trx, session.id, call.stakeMinor, payoutMinor);
      if (balanceMinor === undefined) throw new WalletRefusal('NOT_ENOUGH_MONEY');
      return {
        status: 'OK',
        currency: session.currency,
        balanceMinor,
        bonusBalanceMinor: 0n,
        transactionId: betRow.id,
      };
    }
    const accountId = session.account_id;
    const money = { roundId: call.roundId, currency: call.currency };
    const bet = betPosting(
      session,
      accountId,
      { ...money, ...call.bet, amountMinor: call.stakeMinor },
      betLedgerId ?? undefined,
    );
    const inputs = [bet];
    if (call.win && winLedgerId) {
      inputs.push(
        winPosting(session, accountId, { ...money, ...call.win }, { spendOf: bet.idempotencyKey }, winLedgerId),
      );
    }
    const round = { stakeMinor: call.stakeMinor, wonMinor: payoutMinor };
    const counted = await countStake(trx, session, undefined, round);
    const posted = await postOrRefuse(trx, inputs);
    if (!counted) await countStake(trx, session, posted[0], round);
    const betSplit = splitOf(posted[0], accountId);
    // A round left open (mines) keeps its bonus part for the win that comes later.
    if (!call.win && betSplit.bonusMinor > 0n && betLedgerId) {
      await repository.setBonusPart(trx, betRow.id, betSplit.bonusMinor, betLedgerId);
    }
    await recordWager(trx, session.account_id, call.stakeMinor);
    const bonusChanged = await wagerBet(trx, session, {
      stakeMinor: call.stakeMinor,
      bonusStakeMinor: betSplit.bonusMinor,
      bonusBalanceMinor: balancesAfter(session, posted[0])?.bonusBalanceMinor ?? 0n,
      settled: call.win !== undefined,
    });
    if (call.win && payoutMinor > 0n) {
      await deps.appEvents?.emit('game.win-credited', {
        trx,
        session,
        roundId: call.roundId,
        amountMinor: payoutMinor,
        roundTotals: { stakeMinor: call.stakeMinor, wonMinor: payoutMinor },
      });
    }
    // The batch's results share the accounts as they are after it; the answer names the last call.
    const last = inserted.find((r) => r.kind === 'win') ?? betRow;
    return answer(
      trx,
      session,
      'OK',
      { transactionId: last.id },
      bonusChanged ? undefined : balancesAfter(session, posted[0]),
    );
  }

  /** Credits a win; accepted after expiry and for blocked players. A win of 0 is recorded without money. */
  async function winIn(trx: Transaction<Database>, session: GameSession, call: MoneyCall): Promise<WalletAnswer> {
    if (call.currency !== session.currency) throw new WalletRefusal('WRONG_CURRENCY');
    if (call.amountMinor < 0n) throw new WalletRefusal('WRONG_TYPES');
    const real = !session.is_demo && session.account_id !== null;
    const ledgerId = real && call.amountMinor > 0n ? randomUUID() : null;
    const inserted = await repository.insertWin(trx, {
      provider: session.provider,
      provider_tx_id: call.transactionId,
      kind: 'win',
      session_id: session.id,
      round_id: call.roundId,
      amount_minor: call.amountMinor,
      currency: call.currency,
      reference_tx_id: null,
      ledger_transaction_id: ledgerId,
    });
    if (!inserted) return replayOf(trx, session, 'win', call);
    const roundBonusStake = inserted.round_bonus_stake_minor;
    const share = { realMinor: inserted.round_stake_minor - roundBonusStake, bonusMinor: roundBonusStake };
    if (call.amountMinor > 0n) {
      if (!ledgerId || !session.account_id) {
        await repository.creditDemo(trx, session.id, call.amountMinor);
      } else {
        const won = { wonMinor: call.amountMinor, refundedMinor: 0n };
        const counted = await countReturn(trx, session, undefined, won);
        const [posted] = await postOrRefuse(trx, [winPosting(session, session.account_id, call, share, ledgerId)]);
        await keepLedgerReference(trx, inserted.id, ledgerId, posted);
        if (!counted) await countReturn(trx, session, posted, won);
        const posting = balancesAfter(session, posted);
        const changed = await wagerSettle(trx, session, {
          kind: 'win',
          amountMinor: call.amountMinor,
          roundStakeMinor: inserted.round_stake_minor,
          bonusStakeMinor: roundBonusStake,
          bonusBalanceMinor: posting?.bonusBalanceMinor,
        });
        const after = changed ? undefined : posting;
        await deps.appEvents?.emit('game.win-credited', {
          trx,
          session,
          roundId: call.roundId,
          amountMinor: call.amountMinor,
        });
        return answer(trx, session, 'OK', { transactionId: inserted.id }, after);
      }
    }
    const balances = await balanceOf(trx, session);
    // A round that ends without a payout settles the bonus too (met, or its money gone).
    if (!session.is_demo && session.account_id) {
      const changed = await wagerSettle(trx, session, {
        kind: 'win',
        amountMinor: 0n,
        roundStakeMinor: inserted.round_stake_minor,
        bonusStakeMinor: roundBonusStake,
        bonusBalanceMinor: balances.bonusBalanceMinor,
      });
      if (changed) return answer(trx, session, 'OK', { transactionId: inserted.id });
    }
    return answer(trx, session, 'OK', { transactionId: inserted.id }, balances);
  }

  /**
   * A provider's free round: the win of a round played with a free-spins grant. A replay
   * answers as the first call did; otherwise it is a new round (refused like a bet when the
   * session may no longer bet), the grant's spin is taken and the win added to the grant's
   * winnings (they become a bonus when the grant finishes); no money moves now. The id's
   * lock makes a replay wait for the first call's commit, so a spin is never taken twice.
   */
  async function freeRoundIn(
    trx: Transaction<Database>,
    session: GameSession,
    call: FreeRoundCall,
  ): Promise<WalletAnswer> {
    if (call.currency !== session.currency) throw new WalletRefusal('WRONG_CURRENCY');
    if (call.amountMinor < 0n) throw new WalletRefusal('WRONG_TYPES');
    await repository.lockTransactionId(trx, session.provider, call.transactionId);
    if (await repository.findTransaction(trx, session.provider, call.transactionId)) {
      return replayOf(trx, session, 'win', call);
    }
    const refusal = newRoundRefusal(session);
    if (refusal) throw new WalletRefusal(refusal);
    const grantId = call.freeRoundsId.toLowerCase();
    const played =
      deps.freeRounds !== undefined &&
      !session.is_demo &&
      session.account_id !== null &&
      (await deps.freeRounds.playIn(trx, {
        grantId,
        accountId: session.account_id,
        gameId: session.game_id,
        payoutMinor: call.amountMinor,
      }));
    if (!played) throw new WalletRefusal('FREE_ROUNDS_NOT_AVAILABLE');
    const inserted = await repository.insertTransaction(trx, {
      provider: session.provider,
      provider_tx_id: call.transactionId,
      kind: 'win',
      session_id: session.id,
      round_id: call.roundId,
      amount_minor: call.amountMinor,
      currency: call.currency,
      reference_tx_id: null,
      ledger_transaction_id: null,
      freespin_id: grantId,
    });
    if (!inserted) throw new Error(`free round ${call.transactionId} was recorded under the lock of its id`);
    // A round that won is a winner like any other (the winners feed), a win without a bet.
    if (call.amountMinor > 0n) {
      await deps.appEvents?.emit('game.win-credited', {
        trx,
        session,
        roundId: call.roundId,
        amountMinor: call.amountMinor,
        roundTotals: { stakeMinor: 0n, wonMinor: call.amountMinor },
      });
    }
    // The grant's last spin may have turned its winnings into an active bonus: read the balances.
    return answer(trx, session, 'OK', { transactionId: inserted.id });
  }

  /** Undoes a bet (refunds it); an unknown bet is recorded so that it is refused if it arrives. */
  async function rollbackIn(
    trx: Transaction<Database>,
    session: GameSession,
    call: { transactionId: string; referenceTransactionId: string; roundId: string },
  ): Promise<WalletAnswer> {
    await repository.lockTransactionId(trx, session.provider, call.referenceTransactionId);
    const inserted = await repository.insertTransaction(trx, {
      provider: session.provider,
      provider_tx_id: call.transactionId,
      kind: 'rollback',
      session_id: session.id,
      round_id: call.roundId,
      amount_minor: 0n,
      currency: session.currency,
      reference_tx_id: call.referenceTransactionId,
      ledger_transaction_id: null,
    });
    if (!inserted) {
      const earlier = await repository.findRollbackOf(trx, session.provider, call.referenceTransactionId);
      // Another id rolling back the same bet: it is rolled back already.
      if (earlier && earlier.provider_tx_id !== call.transactionId) {
        return answer(trx, session, 'OK', { transactionId: earlier.id, replayed: true });
      }
      return replayOf(trx, session, 'rollback', call);
    }
    const bet = await repository.lockBet(trx, session.provider, call.referenceTransactionId);
    if (!bet || bet.rolled_back) return answer(trx, session, 'OK', { transactionId: inserted.id });
    // The refund goes where the bet came from (the bet may have had another session of the player).
    const origin = bet.session_id === session.id ? session : await repository.findSession(trx, bet.session_id);
    if (!origin || origin.player_id !== session.player_id) throw new WalletRefusal('TRANSACTION_DOES_NOT_EXIST');
    // Marked first: the bonus side below must no longer count this bet as open (the last open
    // bet's rollback is what lets a met wager convert).
    await repository.markRolledBack(trx, bet.id, inserted.id, bet.amount_minor);
    if (bet.ledger_transaction_id && origin.account_id && !origin.is_demo) {
      const share = { realMinor: bet.amount_minor - bet.bonus_minor, bonusMinor: bet.bonus_minor };
      const refund = { wonMinor: 0n, refundedMinor: bet.amount_minor };
      const counted = await countReturn(trx, origin, undefined, refund);
      const [posted] = await postOrRefuse(trx, [
        {
          idempotencyKey: ledgerKey(session, 'rollback', call.transactionId),
          kind: 'game.rollback',
          entries: [
            // Refunded as it was paid: the bonus part back to the bonus balance.
            { accountRef: { accountId: origin.account_id }, bucket: 'share', share, amountMinor: bet.amount_minor },
            { accountRef: gameAccount(origin), amountMinor: -bet.amount_minor },
          ],
          metadata: { provider: session.provider, roundId: bet.round_id, betTransactionId: bet.id },
        },
      ]);
      await repository.setLedgerTransaction(trx, inserted.id, posted.transaction.id);
      if (!counted) await countReturn(trx, origin, posted, refund);
      await wagerSettle(trx, origin, {
        kind: 'rollback',
        amountMinor: bet.amount_minor,
        roundStakeMinor: bet.amount_minor,
        bonusStakeMinor: bet.bonus_minor,
        bonusBalanceMinor: posted.playerAccounts.find((a) => a.id === origin.account_id)?.bonusBalanceMinor,
      });
    } else if (origin.is_demo) {
      await repository.creditDemo(trx, origin.id, bet.amount_minor);
    }
    return answer(trx, session, 'OK', { transactionId: inserted.id });
  }

  /**
   * Corrects what a settled round paid (docs/api.md, "Sportsbook providers"). Accepted after
   * expiry and for blocked players like a win: the correction is owed either way. The round
   * must have a bet of this session's player (TRANSACTION_DOES_NOT_EXIST otherwise); the
   * money moves on the account (or demo balance) of the session that bet.
   *
   * - Up: credited from the provider's game account in the proportions of the round's
   *   stakes, like a win (a bonus part goes to the bonus balance).
   * - Down: taken from the real balance only (bonus money is left alone), at most what it
   *   holds: player balances never go below zero. The part not collected is kept on the
   *   row (`shortfall_minor`) for the operator; the answer is OK all the same, and only the
   *   money collected moves, so the ledger stays balanced.
   * - Limits count a correction up as a win and one down as a negative win (it raises the
   *   loss); the turnover and the bonus wager are left as they are (the stakes did not change).
   */
  async function resettleIn(
    trx: Transaction<Database>,
    session: GameSession,
    call: ResettleCall,
  ): Promise<WalletAnswer> {
    const round = await repository.findRound(trx, session.provider, call.roundId);
    if (!round) throw new WalletRefusal('TRANSACTION_DOES_NOT_EXIST');
    const origin = round.session_id === session.id ? session : await repository.findSession(trx, round.session_id);
    // A guest's demo round belongs to its session only; a player's to any of their sessions.
    const own =
      origin !== undefined &&
      (session.player_id === null ? origin.id === session.id : origin.player_id === session.player_id);
    if (!origin || !own) throw new WalletRefusal('TRANSACTION_DOES_NOT_EXIST');
    // The ledger reference and the shortfall are known after the money moved: set then.
    const inserted = await repository.insertTransaction(trx, {
      provider: session.provider,
      provider_tx_id: call.transactionId,
      kind: 'resettle',
      session_id: session.id,
      round_id: call.roundId,
      amount_minor: call.amountMinor,
      currency: origin.currency,
      reference_tx_id: null,
      ledger_transaction_id: null,
    });
    if (!inserted) return replayOf(trx, session, 'resettle', call);

    if (origin.is_demo || !origin.account_id) {
      const moved = await repository.correctDemo(trx, origin.id, call.amountMinor);
      if (moved !== call.amountMinor) {
        await repository.recordCorrection(trx, inserted.id, {
          ledgerTransactionId: null,
          shortfallMinor: moved - call.amountMinor,
        });
      }
      return answer(trx, session, 'OK', { transactionId: inserted.id });
    }

    const accountId = origin.account_id;
    const game = gameAccount(origin);
    const metadata = {
      provider: session.provider,
      roundId: call.roundId,
      gameId: origin.game_id,
      correctionMinor: call.amountMinor.toString(),
    };
    let posted: PostResult | undefined;
    let movedMinor = 0n;
    if (call.amountMinor > 0n) {
      const share = { realMinor: round.stake_minor - round.bonus_stake_minor, bonusMinor: round.bonus_stake_minor };
      [posted] = await postOrRefuse(trx, [
        {
          idempotencyKey: ledgerKey(session, 'resettle', call.transactionId),
          kind: 'game.resettle',
          entries: [
            { accountRef: { accountId }, bucket: 'share', share, amountMinor: call.amountMinor },
            { accountRef: game, amountMinor: -call.amountMinor },
          ],
          metadata,
        },
      ]);
      movedMinor = call.amountMinor;
    } else if (call.amountMinor < 0n) {
      // Both accounts locked in the ledger's order before the balance is read: what is
      // collected cannot change before the posting below.
      const realMinor = await repository.lockForCorrection(trx, accountId, game);
      const wanted = -call.amountMinor;
      const collected = realMinor <= 0n ? 0n : wanted < realMinor ? wanted : realMinor;
      if (collected > 0n) {
        [posted] = await postOrRefuse(trx, [
          {
            idempotencyKey: ledgerKey(session, 'resettle', call.transactionId),
            kind: 'game.resettle',
            entries: [
              { accountRef: { accountId }, amountMinor: -collected },
              { accountRef: game, amountMinor: collected },
            ],
            metadata,
          },
        ]);
      }
      movedMinor = -collected;
    }
    const shortfallMinor = movedMinor - call.amountMinor;
    if (posted || shortfallMinor > 0n) {
      await repository.recordCorrection(trx, inserted.id, {
        ledgerTransactionId: posted?.transaction.id ?? null,
        shortfallMinor,
      });
    }
    if (movedMinor !== 0n) await countReturn(trx, origin, posted, { wonMinor: movedMinor, refundedMinor: 0n });
    const after = posted ? balancesAfter(origin, posted) : undefined;
    const changed = await wagerSettle(trx, origin, {
      kind: 'resettle',
      amountMinor: movedMinor,
      roundStakeMinor: round.stake_minor,
      bonusStakeMinor: movedMinor > 0n ? round.bonus_stake_minor : 0n,
      bonusBalanceMinor: after?.bonusBalanceMinor,
    });
    const known = !changed && origin.account_id === session.account_id ? after : undefined;
    return answer(trx, session, 'OK', { transactionId: inserted.id }, known);
  }

  /**
   * Runs a callback in a transaction of its own; a refusal rolls it back and answers its
   * status with the balance as it is (insufficient funds answers the actual balance).
   */
  async function run(
    session: GameSession,
    work: (trx: Transaction<Database>) => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    try {
      return await events.transaction(work);
    } catch (error) {
      if (error instanceof WalletRefusal) return answer(db, session, error.status);
      throw error;
    }
  }

  return {
    betIn,
    winIn,
    freeRoundIn,
    playIn,
    rollbackIn,
    resettleIn,

    /** A session by id, in the caller's transaction (a multi-step round settles on the session that bet). */
    sessionById: (q: Transaction<Database>, sessionId: string): Promise<GameSession | undefined> =>
      repository.findSession(q, sessionId),

    /** A session by its token (also expired ones: the callers decide). */
    async sessionOf(token: string): Promise<GameSession | undefined> {
      return repository.findSessionByTokenHash(db, hashToken(token));
    },

    /**
     * Opens a game session; the token is returned once and only its hash is kept. A
     * player's session names the sign-in session that launches it and ends with it.
     */
    async openSession(input: {
      player: { id: string; sessionId: string } | null;
      gameId: string;
      provider: string;
      accountId: string | null;
      currency: string;
      isDemo: boolean;
    }): Promise<{ token: string; session: GameSessionRow }> {
      // Refused at launch already, not only at the first bet (14103: the web client sends the player home).
      if (!input.isDemo && input.player) {
        const status = await repository.playerStatus(db, input.player.id);
        // A break or a used-up bet or loss limit answers its own code (14105, 14100, 14101).
        const limited = await deps.limits?.launchRefusal(input.player.id, input.accountId);
        if (limited) throw new AppError(limited);
        // Status 4 comes from a break only: also in the minute before the job ends a finished one.
        if (status === PlayerStatus.SELF_EXCLUDED) throw new AppError('GAME_LIMIT_SELF_EXCLUSION');
        if (status !== undefined && DISABLED_STATUSES.has(status)) throw new AppError('GAME_PLAYER_LIMITED');
      }
      const token = randomBytes(32).toString('base64url');
      const extra = !input.isDemo && input.player && deps.sessionValues ? await deps.sessionValues(input.player) : {};
      const session = await repository.insertSession(db, {
        ...extra,
        token_hash: hashToken(token),
        player_id: input.player?.id ?? null,
        sign_in_session_id: input.player?.sessionId ?? null,
        game_id: input.gameId,
        provider: input.provider,
        account_id: input.isDemo ? null : input.accountId,
        currency: input.currency,
        is_demo: input.isDemo,
        demo_balance_minor: input.isDemo ? deps.demoBalanceMinor(input.currency) : 0n,
        expires_at: new Date(Date.now() + deps.sessionTtlMs),
      });
      return { token, session };
    },

    balance: (session: GameSession) => answer(db, session, 'OK'),
    bet: (session: GameSession, call: MoneyCall) => run(session, (trx) => betIn(trx, session, call)),
    win: (session: GameSession, call: MoneyCall) => run(session, (trx) => winIn(trx, session, call)),
    freeRound: (session: GameSession, call: FreeRoundCall) => run(session, (trx) => freeRoundIn(trx, session, call)),
    rollback: (
      session: GameSession,
      call: { transactionId: string; referenceTransactionId: string; roundId: string },
    ) => run(session, (trx) => rollbackIn(trx, session, call)),
    /** A correction of a settled round's payout in a transaction of its own (see resettleIn). */
    resettle: (session: GameSession, call: ResettleCall) => run(session, (trx) => resettleIn(trx, session, call)),
    /** Nothing to settle: rounds settle with their wins. Answers the balance. */
    endRound: (session: GameSession) => answer(db, session, 'OK'),
  };
}

export type GameWallet = ReturnType<typeof createGameWallet>;
