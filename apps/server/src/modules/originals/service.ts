import { randomBytes, randomUUID } from 'node:crypto';
import {
  toMajorAmount,
  type AmountCurrency,
  type OriginalsGame,
  type OriginalsRound,
  type PaginationMeta,
  type Seeds,
  type Spin,
} from '@croupier/contract';
import {
  FairRng,
  commitServerSeed,
  generateClientSeed,
  generateServerSeed,
  multiplierFromBp,
  payoutMinor,
  playDice,
  playLimbo,
  validateClientSeed,
  validateDiceParams,
  validateLimboParams,
  type Result,
} from '@croupier/games';
import { AppError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/pagination';
import { WalletRefusal, type GameSession, type GameWallet } from '../game-wallet/service';
import type { RealtimeEvents } from '../realtime';
import { amountMinorOrThrow } from '../wallet';
import type { OriginalsRepository, PlayerRoundRow, SeedOwner, SeedPairRow } from './repository';

/**
 * The in-house provider ("originals"): provably fair games on the player's seed pair.
 * A round runs in one database transaction: lock the seed pair, take the nonce, play,
 * bet and win through the game wallet (in process, transaction ids derived from the round
 * id), store the round. A crash never leaves half a round: all of it commits or none.
 */

/** The provider identity of the in-house games in the catalogue and the game wallet. */
export const ORIGINALS_PROVIDER = 'croupier';

interface Played {
  params: Record<string, unknown>;
  outcome: Record<string, unknown> & { multiplierBp: number };
}

/** Validates the game's own fields (422 per field) and returns how to play a round. */
function prepare(game: OriginalsGame, body: Record<string, unknown>): (rng: FairRng) => Played {
  const fail = <T>(result: Result<T>): T => {
    if (result.ok) return result.value;
    throw AppError.validation({ [result.error.field]: [result.error.message] }, result.error.message);
  };
  if (game === 'dice') {
    const params = fail(validateDiceParams(body));
    return (rng) => ({ params: { ...params }, outcome: { ...playDice(rng, params) } });
  }
  const params = fail(validateLimboParams(body));
  return (rng) => ({ params: { ...params }, outcome: { ...playLimbo(rng, params) } });
}

/** A rotation committed between reading the active pair and locking it (concurrent calls). */
const seedsChanged = () => new AppError('CONFLICT', 'The seeds have just changed. Try again.');

/** Wallet statuses as the player's API errors. */
function refusalError(refusal: WalletRefusal): AppError {
  switch (refusal.status) {
    case 'NOT_ENOUGH_MONEY':
      return new AppError('INSUFFICIENT_FUNDS');
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return new AppError('UNAUTHENTICATED', 'The game session has ended. Open the game again.');
    case 'USER_DISABLED':
      return new AppError('GAME_PLAYER_LIMITED');
    case 'BET_OUT_OF_LIMITS':
      return AppError.validation({ amount: ['The stake is outside the limits of this game.'] });
    default:
      return new AppError('GAME_BETS_RESTRICTED');
  }
}

export function createOriginals(deps: {
  repository: OriginalsRepository;
  gameWallet: GameWallet;
  events: RealtimeEvents;
  /** The catalogue id of an in-house game by identity (dice, limbo…). */
  gameIdOf: (identity: OriginalsGame) => Promise<string>;
  currencyOf: (code: string) => Promise<AmountCurrency>;
}) {
  const { repository, gameWallet, events } = deps;
  const { db } = repository;

  const ownerOf = (session: GameSession): SeedOwner =>
    session.player_id ? { playerId: session.player_id } : { sessionId: session.id };

  function newSeeds(clientSeed?: string) {
    const serverSeed = generateServerSeed((n) => randomBytes(n));
    return {
      serverSeed,
      serverSeedHash: commitServerSeed(serverSeed),
      clientSeed: clientSeed ?? generateClientSeed((n) => randomBytes(n)),
    };
  }

  async function activePair(session: GameSession): Promise<SeedPairRow> {
    const owner = ownerOf(session);
    const found = await repository.findActivePair(db, owner);
    if (found) return found;
    await repository.ensureActivePair(db, owner, newSeeds());
    const created = await repository.findActivePair(db, owner);
    if (!created) throw new Error('seed pair vanished');
    return created;
  }

  const pairView = (pair: SeedPairRow) => ({
    id: pair.id,
    serverSeedHash: pair.server_seed_hash,
    clientSeed: pair.client_seed,
    nonce: Number(pair.nonce),
  });

  function checkedClientSeed(value: unknown): string {
    const result = validateClientSeed(value);
    if (!result.ok) throw AppError.validation({ clientSeed: [result.error.message] }, result.error.message);
    return result.value;
  }

  async function toRound(row: PlayerRoundRow): Promise<OriginalsRound> {
    const currency = await deps.currencyOf(row.currency);
    return {
      id: row.id,
      game: row.game as OriginalsGame,
      gameIdentity: row.game_identity,
      isDemo: row.is_demo,
      amount: toMajorAmount(row.stake_minor, currency),
      payout: toMajorAmount(row.payout_minor, currency),
      multiplier: multiplierFromBp(row.multiplier_bp),
      currency: row.currency,
      params: row.params,
      outcome: row.outcome,
      seeds: {
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: Number(row.nonce),
        serverSeed: row.pair_active ? null : row.server_seed,
      },
      createdAt: row.created_at.toISOString(),
    };
  }

  return {
    async seeds(session: GameSession): Promise<Seeds> {
      return { active: pairView(await activePair(session)), previous: null };
    },

    /** Changes the client seed of the active pair; later rounds use it (the server seed stays committed). */
    async setClientSeed(session: GameSession, clientSeed: unknown): Promise<Seeds> {
      const seed = checkedClientSeed(clientSeed);
      await activePair(session);
      const pair = await db.transaction().execute(async (trx) => {
        const locked = await repository.lockActivePair(trx, ownerOf(session));
        if (!locked) throw seedsChanged();
        await repository.setClientSeed(trx, locked.id, seed);
        return { ...locked, client_seed: seed };
      });
      return { active: pairView(pair), previous: null };
    },

    /** Reveals the active pair's server seed and opens a new pair (optionally with the player's client seed). */
    async rotate(session: GameSession, clientSeed?: unknown): Promise<Seeds> {
      const seed = clientSeed === undefined ? undefined : checkedClientSeed(clientSeed);
      await activePair(session);
      const owner = ownerOf(session);
      const { previous, active } = await db.transaction().execute(async (trx) => {
        const locked = await repository.lockActivePair(trx, owner);
        if (!locked) throw seedsChanged();
        const revealed = await repository.reveal(trx, locked.id);
        await repository.ensureActivePair(trx, owner, newSeeds(seed ?? locked.client_seed));
        const next = await repository.findActivePair(trx, owner);
        if (!next) throw new Error('seed pair vanished');
        return { previous: revealed, active: next };
      });
      return { active: pairView(active), previous: { ...pairView(previous), serverSeed: previous.server_seed } };
    },

    /** Plays one round of `game` for the session's player; answers the round and the balance after it. */
    async play(
      session: GameSession,
      game: OriginalsGame,
      body: { amount: number } & Record<string, unknown>,
    ): Promise<{ round: OriginalsRound; balance: number }> {
      const gameId = await deps.gameIdOf(game);
      if (session.game_id !== gameId || session.provider !== ORIGINALS_PROVIDER) {
        throw new AppError('BAD_REQUEST', 'This game session is for another game.');
      }
      const currency = await deps.currencyOf(session.currency);
      const stakeMinor = amountMinorOrThrow(body.amount, currency);
      const playRound = prepare(game, body);
      await activePair(session);

      try {
        const played = await events.transaction(async (trx) => {
          const pair = await repository.lockActivePair(trx, ownerOf(session));
          if (!pair) throw seedsChanged();
          await repository.advanceNonce(trx, pair.id, pair.nonce + 1n);
          const { params, outcome } = playRound(new FairRng(pair.server_seed, pair.client_seed, Number(pair.nonce)));
          const id = randomUUID();
          const won = payoutMinor(stakeMinor, outcome.multiplierBp);
          const call = { roundId: id, currency: session.currency };
          await gameWallet.betIn(trx, session, { ...call, transactionId: `${id}:bet`, amountMinor: stakeMinor });
          const settled = await gameWallet.winIn(trx, session, {
            ...call,
            transactionId: `${id}:win`,
            amountMinor: won,
          });
          const row = await repository.insertRound(trx, {
            id,
            player_id: session.player_id,
            session_id: session.id,
            game_id: gameId,
            game,
            seed_pair_id: pair.id,
            nonce: pair.nonce,
            params: JSON.stringify(params),
            outcome: JSON.stringify(outcome),
            currency: session.currency,
            is_demo: session.is_demo,
            stake_minor: stakeMinor,
            payout_minor: won,
            multiplier_bp: outcome.multiplierBp,
          });
          const round: PlayerRoundRow = {
            ...row,
            game_identity: game,
            game_name: game,
            server_seed: pair.server_seed,
            server_seed_hash: pair.server_seed_hash,
            client_seed: pair.client_seed,
            pair_active: true,
          };
          return { round, balanceMinor: settled.balanceMinor };
        });
        return { round: await toRound(played.round), balance: toMajorAmount(played.balanceMinor, currency) };
      } catch (error) {
        if (error instanceof WalletRefusal) throw refusalError(error);
        throw error;
      }
    },

    /** Game recall: one of the player's rounds with its seeds (the server seed once revealed). */
    async playerRound(playerId: string, roundId: string): Promise<OriginalsRound> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const row = uuid.test(roundId)
        ? await repository.findPlayerRound(db, playerId, roundId.toLowerCase())
        : undefined;
      if (!row) throw AppError.notFound('Round not found.');
      return toRound(row);
    },

    /** `GET /api/game/spins`: the player's real-money rounds, newest first. */
    async spins(
      playerId: string,
      query: { page: number; perPage: number },
    ): Promise<{ data: Spin[]; meta: PaginationMeta }> {
      const { rows, totalRows } = await repository.listPlayerRounds(db, playerId, {
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      const data: Spin[] = [];
      for (const row of rows) {
        const currency = await deps.currencyOf(row.currency);
        data.push({
          id: row.id,
          game: row.game_name,
          gameIdentity: row.game_identity,
          amount: toMajorAmount(row.stake_minor, currency),
          payout: toMajorAmount(row.payout_minor, currency),
          currency: row.currency,
          createdAt: row.created_at.toISOString(),
        });
      }
      return { data, meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows }) };
    },
  };
}

export type Originals = ReturnType<typeof createOriginals>;
