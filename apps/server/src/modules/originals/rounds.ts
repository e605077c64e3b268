import { randomUUID } from 'node:crypto';
import {
  ORIGINALS_CATALOGUE_IDENTITY,
  toMajorAmount,
  type AmountCurrency,
  type OriginalsGame,
  type OriginalsRound,
} from '@croupier/contract';
import { FairRng, type GameParamError, type MinesActions, type Result } from '@croupier/games';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventRegistry } from '../../lib/events';
import { WalletRefusal, walletRefusalError, type GameSession, type GameWallet } from '../game-wallet';
import type { RealtimeEvents } from '../realtime';
import { ORIGINALS_PROVIDER, type OriginalsPresentation } from './presentation';
import type { FreespinSource } from './freespin-source';
import type { RemoteRounds, Delivery } from './remote-rounds';
import type { OriginalsRepository, PlayerRoundRow, RoundRow, SeedPairRow } from './repository';
import { newSeeds, ownerOf, seedsChanged } from './seeds';

/**
 * What a session can stake: real money and bonus money (a bet takes real money first, then
 * bonus money). The frame's `balance` is this sum, so a player whose real money ran out can
 * go on wagering a bonus.
 */
export const stakeable = (balances: { balanceMinor: bigint; bonusBalanceMinor: bigint }): bigint =>
  balances.balanceMinor + balances.bonusBalanceMinor;

/**
 * What every in-house round shares, one-shot or mines: the session check, the round's
 * transaction, the bet on the seed pair's next nonce, and the remote wallet's calls.
 */

/** A game session with the launch token it was found by (the remote wallet's calls carry it). */
export type PlaySession = GameSession & { token: string };

export interface OriginalsDeps {
  repository: OriginalsRepository;
  gameWallet: GameWallet;
  events: RealtimeEvents;
  /** The catalogue id of a game by its catalogue identity (dice, limbo, fruit-fiesta…). */
  gameIdOf: (identity: string) => Promise<string>;
  currencyOf: (code: string) => Promise<AmountCurrency>;
  /** Set when the wallet is reached over HTTP (ORIGINALS_WALLET_URL); in process otherwise. */
  remote?: { rounds: RemoteRounds; leaseMs: number };
  /** Free spins of bonuses (the bonuses module's, wired by app.ts); none when absent. */
  freespins?: FreespinSource;
  /** Where a free spin's win goes (`game.win-credited`, for the winners feed); paid rounds' wins are the game wallet's. */
  appEvents?: EventRegistry;
}

/** What a round stores and pays; JSON-safe (no bigint) so that it can be stored and sent as is. */
export interface Played {
  outcome: Record<string, unknown>;
  multiplierBp: number;
  payoutMinor: bigint;
  /** Nonces of the pair the round used (slot: 1 + free spins). */
  noncesUsed: number;
}

/** A packages/games refusal as a 422 on its field (`bets[0].numbers` named `bets.0.numbers` like the schema's). */
export function paramsError(error: GameParamError): AppError {
  const field = error.field.replace(/\[(\d+)\]/g, '.$1');
  return AppError.validation({ [field]: [error.message] }, error.message);
}

export function valid<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw paramsError(result.error);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Round ids come from the URL: anything but a uuid is simply not found. */
export const isRoundId = (value: string) => uuidPattern.test(value);

const refusalError = walletRefusalError;

function roundValues(
  session: GameSession,
  round: { game: OriginalsGame; gameId: string; stakeMinor: bigint; params: Record<string, unknown> },
  pair: SeedPairRow,
  played: Played & { actions: MinesActions | null },
  id: string,
  status: 'betting' | 'open' | 'settled',
  freespinId: string | null = null,
) {
  return {
    id,
    player_id: session.player_id,
    session_id: session.id,
    game_id: round.gameId,
    game: round.game,
    seed_pair_id: pair.id,
    nonce: pair.nonce,
    client_seed: pair.client_seed,
    params: JSON.stringify(round.params),
    outcome: JSON.stringify(played.outcome),
    actions: played.actions ? JSON.stringify(played.actions) : null,
    status,
    currency: session.currency,
    is_demo: session.is_demo,
    stake_minor: round.stakeMinor,
    payout_minor: played.payoutMinor,
    multiplier_bp: BigInt(played.multiplierBp),
    settled_at: status === 'settled' ? new Date() : null,
    ...(freespinId ? { freespin_id: freespinId } : {}),
  };
}

/** A round as the answer shows it: the stored row with its game and the pair it was played on. */
function playedRow(stored: RoundRow, game: OriginalsGame, pair: SeedPairRow): PlayerRoundRow {
  return {
    ...stored,
    game_identity: ORIGINALS_CATALOGUE_IDENTITY[game],
    game_name: '',
    server_seed: pair.server_seed,
    server_seed_hash: pair.server_seed_hash,
    // The pair is locked until the commit: no rotation can reveal it meanwhile.
    pair_active: true,
  };
}

export function createRounds(deps: OriginalsDeps, presentation: OriginalsPresentation) {
  const { repository, gameWallet, events, remote } = deps;
  const { db } = repository;

  /**
   * Takes the next nonce of the owner's active pair, locking it (its row lock serialises the
   * owner's rounds); the owner's first round creates the pair.
   */
  async function nextNonce(trx: Transaction<Database>, session: PlaySession): Promise<SeedPairRow> {
    const owner = ownerOf(session);
    let pair = await repository.takeNonce(trx, owner);
    if (!pair) {
      // The owner's first round: the pair is created here (concurrent creators: one wins).
      await repository.ensureActivePair(trx, owner, newSeeds());
      pair = await repository.takeNonce(trx, owner);
    }
    if (!pair) throw seedsChanged();
    return pair;
  }

  /** Plays on the nonce taken; a slot round with free spins takes the nonces after it too. */
  async function playOn<T extends Played>(
    trx: Transaction<Database>,
    pair: SeedPairRow,
    play: (rng: FairRng, nonce: number) => T,
  ): Promise<T> {
    const nonce = Number(pair.nonce);
    const played = play(new FairRng(pair.server_seed, pair.client_seed, nonce), nonce);
    if (played.noncesUsed > 1) {
      await repository.advanceNonce(trx, pair.id, pair.nonce + BigInt(played.noncesUsed));
    }
    return played;
  }

  return {
    /** The session must be one of this in-house game (a dice session does not play limbo). */
    async gameIdFor(session: GameSession, game: OriginalsGame): Promise<string> {
      const gameId = await deps.gameIdOf(ORIGINALS_CATALOGUE_IDENTITY[game]);
      if (session.game_id !== gameId || session.provider !== ORIGINALS_PROVIDER) {
        throw new AppError('BAD_REQUEST', 'This game session is for another game.');
      }
      return gameId;
    },

    /** Runs a round's transaction; wallet refusals become the player's API errors. */
    async inTransaction<T>(stakeField: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      try {
        return await events.transaction(work);
      } catch (error) {
        if (error instanceof WalletRefusal) throw refusalError(error, stakeField);
        throw error;
      }
    },

    /**
     * Takes the next nonce(s) of the owner's active pair (its row lock serialises the
     * owner's rounds), plays, stores the round and bets: the start of every round. One-shot
     * rounds settle in the same call. In process, the round row is written before the money
     * moves, so that the ledger's account locks are the last the round takes; the answer
     * carries the stored row (nothing is read back).
     */
    async betOnPair(
      trx: Transaction<Database>,
      session: PlaySession,
      round: {
        game: OriginalsGame;
        gameId: string;
        stakeMinor: bigint;
        params: Record<string, unknown>;
        /** `open`: a round of several steps (mines), settled later; one per owner and mode. */
        status: 'open' | 'settled';
        play(rng: FairRng, nonce: number): Played & { actions: MinesActions | null };
      },
    ): Promise<{ id: string; balanceMinor: bigint | undefined; row?: PlayerRoundRow }> {
      const owner = ownerOf(session);
      const pair = await nextNonce(trx, session);
      if (
        round.status === 'open' &&
        ((await repository.findOpenRound(trx, owner, session.is_demo)) ||
          (remote && (await repository.hasStartingMines(trx, owner, session.is_demo))))
      ) {
        throw new AppError('CONFLICT', 'Finish your open round first.');
      }
      const played = await playOn(trx, pair, (rng, nonce) => round.play(rng, nonce));
      const id = randomUUID();
      if (remote) {
        // Stored with the bet it owes; the calls follow after the commit (deliverRemote).
        await repository.insertRound(trx, roundValues(session, round, pair, played, id, 'betting'));
        await repository.insertWalletCall(trx, {
          roundId: id,
          token: session.token,
          dueAt: new Date(Date.now() + remote.leaseMs),
        });
        return { id, balanceMinor: undefined };
      }
      const stored = await repository.insertRound(trx, roundValues(session, round, pair, played, id, round.status));
      const answer = await gameWallet.playIn(trx, session, {
        roundId: id,
        currency: session.currency,
        stakeMinor: round.stakeMinor,
        bet: { transactionId: `${id}:bet` },
        ...(round.status === 'settled' ? { win: { transactionId: `${id}:win`, amountMinor: played.payoutMinor } } : {}),
      });
      return { id, balanceMinor: stakeable(answer), row: playedRow(stored, round.game, pair) };
    },

    /**
     * A round that moves no money (a free spin of a bonus): the next nonce(s) of the pair,
     * the round stored settled and marked with its grant. The caller takes the spin first.
     */
    async settleWithoutMoney(
      trx: Transaction<Database>,
      session: PlaySession,
      round: {
        game: OriginalsGame;
        gameId: string;
        stakeMinor: bigint;
        params: Record<string, unknown>;
        freespinId: string;
        play(rng: FairRng, nonce: number): Played & { actions: MinesActions | null };
      },
    ): Promise<{ id: string; row: PlayerRoundRow; played: Played }> {
      const pair = await nextNonce(trx, session);
      const played = await playOn(trx, pair, (rng, nonce) => round.play(rng, nonce));
      const id = randomUUID();
      const stored = await repository.insertRound(
        trx,
        roundValues(session, round, pair, played, id, 'settled', round.freespinId),
      );
      return { id, row: playedRow(stored, round.game, pair), played };
    },

    /**
     * Sends the wallet calls a round owes (remote wallet) and answers the balance after
     * them; a refusal or a call left for the background retry is the player's error.
     */
    async deliverRemote(session: GameSession, roundId: string, stakeField: string): Promise<bigint> {
      if (!remote) throw new Error('no remote wallet');
      const delivery: Delivery = await remote.rounds.deliver(roundId);
      switch (delivery.outcome) {
        case 'done':
          return delivery.balanceMinor;
        case 'refused':
          throw refusalError(new WalletRefusal(delivery.status), stakeField);
        case 'refunded':
          throw new AppError('SERVICE_UNAVAILABLE', 'The wallet did not answer: nothing was staked. Try again.');
        case 'pending':
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            delivery.status === 'paying'
              ? 'Your round is played; its win is being credited and your balance will follow shortly.'
              : 'The wallet did not answer: the stake will be returned shortly.',
          );
        case 'none': {
          // Another delivery (the background retry) finished it meanwhile.
          const row = await repository.findRound(db, roundId);
          if (row.status !== 'settled' && row.status !== 'open') {
            throw new AppError('SERVICE_UNAVAILABLE', 'The wallet did not answer: nothing was staked. Try again.');
          }
          return stakeable(await gameWallet.balance(session));
        }
      }
    },

    /** The round and the balance as the player's answer; `row`: the round as stored, else read. */
    async answerOf(
      roundId: string,
      balanceMinor: bigint,
      currency: AmountCurrency,
      row?: PlayerRoundRow,
    ): Promise<{ round: OriginalsRound; balance: number }> {
      const found = row ?? (await repository.findRound(db, roundId));
      return { round: await presentation.toRound(found), balance: toMajorAmount(balanceMinor, currency) };
    },
  };
}

export type OriginalsRounds = ReturnType<typeof createRounds>;
