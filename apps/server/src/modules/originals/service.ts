import { randomBytes, randomUUID } from 'node:crypto';
import {
  ORIGINALS_CATALOGUE_IDENTITY,
  toMajorAmount,
  type AmountCurrency,
  type OriginalsGame,
  type OriginalsRound,
  type PaginationMeta,
  type RouletteBetBody,
  type Seeds,
  type Spin,
} from '@croupier/contract';
import {
  BP_PER_X,
  FairRng,
  cashOutMines,
  commitServerSeed,
  generateClientSeed,
  generateServerSeed,
  minesPublicView,
  multiplierFromBp,
  payoutMinor,
  playDice,
  playLimbo,
  playPlinko,
  playRoulette,
  playSlotRound,
  revealMinesTile,
  startMines,
  validateClientSeed,
  validateDiceParams,
  validateLimboParams,
  validateMinesParams,
  validatePlinkoParams,
  validateRouletteBets,
  type GameParamError,
  type MinesActions,
  type MinesState,
  type Result,
} from '@croupier/games';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/pagination';
import { WalletRefusal, type GameSession, type GameWallet } from '../game-wallet';
import type { RealtimeEvents } from '../realtime';
import { amountMinorOrThrow } from '../wallet';
import type { RemoteRounds, Delivery } from './remote-rounds';
import type { OriginalsRepository, PlayerRoundRow, SeedOwner, SeedPairRow } from './repository';

/**
 * The in-house provider ("originals"): provably fair games on the player's seed pair.
 * A round runs in one database transaction: lock the seed pair, take the nonce(s), play,
 * bet and win through the game wallet (in process, transaction ids derived from the round
 * id), store the round. A crash never leaves half a round: all of it commits or none.
 * Mines is the exception of several steps: its start bets and stores the round `open`
 * with the secret board, each step locks the round row, and the step that ends it pays
 * the win (0 on a mine) and settles it.
 * Run apart from the wallet (`remote`), the money moves over signed HTTP instead: the
 * round is stored first with the call it owes and the calls follow (see remote-rounds.ts).
 */

/** A game session with the launch token it was found by (the remote wallet's calls carry it). */
export type PlaySession = GameSession & { token: string };

/** The provider identity of the in-house games in the catalogue and the game wallet. */
export const ORIGINALS_PROVIDER = 'croupier';

/** The games whose round is one call (mines takes several steps). */
export type OneShotGame = Exclude<OriginalsGame, 'mines'>;

/** What a one-shot round stores and pays; JSON-safe (no bigint) so that it can be stored and sent as is. */
interface Played {
  outcome: Record<string, unknown>;
  multiplierBp: number;
  payoutMinor: bigint;
  /** Nonces of the pair the round used (slot: 1 + free spins). */
  noncesUsed: number;
}

/** A validated one-shot round, ready to play on the next nonce of the seed pair. */
interface Prepared {
  stakeMinor: bigint;
  params: Record<string, unknown>;
  /** The body field a stake-limit refusal names. */
  stakeField: string;
  play(rng: FairRng, nonce: number): Played;
}

/** A packages/games refusal as a 422 on its field (`bets[0].numbers` named `bets.0.numbers` like the schema's). */
function paramsError(error: GameParamError): AppError {
  const field = error.field.replace(/\[(\d+)\]/g, '.$1');
  return AppError.validation({ [field]: [error.message] }, error.message);
}

function valid<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw paramsError(result.error);
}

/** Rounds with one multiplier on the whole stake (dice, limbo, plinko). */
function multiplied(stakeMinor: bigint, outcome: { multiplierBp: number }): Played {
  return {
    outcome: { ...outcome },
    multiplierBp: outcome.multiplierBp,
    payoutMinor: payoutMinor(stakeMinor, outcome.multiplierBp),
    noncesUsed: 1,
  };
}

/**
 * Roulette: each bet's `amount` (major units) is its stake; the round's stake is their
 * sum. Stored params keep the bets as given (numbers sorted), in major units.
 */
function prepareRoulette(body: Record<string, unknown>, currency: AmountCurrency): Prepared {
  const raw = Array.isArray(body.bets) ? (body.bets as RouletteBetBody[]) : [];
  const bets = valid(
    validateRouletteBets(
      raw.map((bet, i) => ({
        type: bet.type,
        numbers: bet.numbers,
        index: bet.index,
        stakeMinor: amountMinorOrThrow(bet.amount, currency, { field: `bets.${i}.amount` }),
      })),
    ),
  );
  const stakeMinor = bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n);
  const toMajor = (amountMinor: bigint) => toMajorAmount(amountMinor, currency);
  return {
    stakeMinor,
    stakeField: 'bets',
    params: { bets: bets.map(({ stakeMinor: betMinor, ...spot }) => ({ ...spot, amount: toMajor(betMinor) })) },
    play(rng) {
      const outcome = playRoulette(rng, bets);
      // The round's multiplier: total payout over total stake (bets pay exactly, the round may not divide).
      const multiplierBp = Number((outcome.totalPayoutMinor * BigInt(BP_PER_X)) / outcome.totalStakeMinor);
      return {
        outcome: {
          pocket: outcome.pocket,
          color: outcome.color,
          bets: outcome.bets.map((bet) => ({ multiplierBp: bet.multiplierBp, payout: toMajor(bet.payoutMinor) })),
          multiplierBp,
        },
        multiplierBp,
        payoutMinor: outcome.totalPayoutMinor,
        noncesUsed: 1,
      };
    },
  };
}

/** Validates a one-shot game's body (422 per field) and returns how to play its round. */
function prepare(game: OneShotGame, body: Record<string, unknown>, currency: AmountCurrency): Prepared {
  if (game === 'roulette') return prepareRoulette(body, currency);
  const stakeMinor = amountMinorOrThrow(body.amount, currency);
  const base = { stakeMinor, stakeField: 'amount' };
  switch (game) {
    case 'dice': {
      const params = valid(validateDiceParams(body));
      return { ...base, params: { ...params }, play: (rng) => multiplied(stakeMinor, playDice(rng, params)) };
    }
    case 'limbo': {
      const params = valid(validateLimboParams(body));
      return { ...base, params: { ...params }, play: (rng) => multiplied(stakeMinor, playLimbo(rng, params)) };
    }
    case 'plinko': {
      const params = valid(validatePlinkoParams(body));
      return { ...base, params: { ...params }, play: (rng) => multiplied(stakeMinor, playPlinko(rng, params)) };
    }
    case 'slot':
      return {
        ...base,
        params: {},
        play(rng, nonce) {
          const round = playSlotRound((n) => rng.reset(n), nonce);
          return { ...multiplied(stakeMinor, round), noncesUsed: round.noncesUsed };
        },
      };
  }
}

/** A rotation committed between reading the active pair and locking it (concurrent calls). */
const seedsChanged = () => new AppError('CONFLICT', 'The seeds have just changed. Try again.');

/** A mines step the round's state refuses (the lib's rule `state`) is a conflict, not a bad field. */
function minesStepError(error: GameParamError): AppError {
  return error.rule === 'state' ? new AppError('CONFLICT', 'This round is over.') : paramsError(error);
}

/** Wallet statuses as the player's API errors. */
function refusalError(refusal: WalletRefusal, stakeField = 'amount'): AppError {
  switch (refusal.status) {
    case 'NOT_ENOUGH_MONEY':
      return new AppError('INSUFFICIENT_FUNDS');
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return new AppError('UNAUTHENTICATED', 'The game session has ended. Open the game again.');
    case 'USER_DISABLED':
      return new AppError('GAME_PLAYER_LIMITED');
    case 'BET_OUT_OF_LIMITS':
      return AppError.validation({ [stakeField]: ['The stake is outside the limits of this game.'] });
    case 'LIMIT_REACHED':
      return new AppError('GAME_LIMIT_BET');
    default:
      return new AppError('GAME_BETS_RESTRICTED');
  }
}

export function createOriginals(deps: {
  repository: OriginalsRepository;
  gameWallet: GameWallet;
  events: RealtimeEvents;
  /** The catalogue id of a game by its catalogue identity (dice, limbo, fruit-fiesta…). */
  gameIdOf: (identity: string) => Promise<string>;
  currencyOf: (code: string) => Promise<AmountCurrency>;
  /** Set when the wallet is reached over HTTP (ORIGINALS_WALLET_URL); in process otherwise. */
  remote?: { rounds: RemoteRounds; leaseMs: number };
}) {
  const { repository, gameWallet, events, remote } = deps;
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

  /** The session must be one of this in-house game (a dice session does not play limbo). */
  async function gameIdFor(session: GameSession, game: OriginalsGame): Promise<string> {
    const gameId = await deps.gameIdOf(ORIGINALS_CATALOGUE_IDENTITY[game]);
    if (session.game_id !== gameId || session.provider !== ORIGINALS_PROVIDER) {
      throw new AppError('BAD_REQUEST', 'This game session is for another game.');
    }
    return gameId;
  }

  async function toRound(row: PlayerRoundRow): Promise<OriginalsRound> {
    const currency = await deps.currencyOf(row.currency);
    const { status } = row;
    // Rounds still owing a wallet call (remote wallet) are never shown as played.
    if (status !== 'open' && status !== 'settled') throw new Error(`round ${row.id} is ${status}`);
    const open = status === 'open';
    return {
      id: row.id,
      game: row.game as OriginalsGame,
      gameIdentity: row.game_identity,
      status,
      isDemo: row.is_demo,
      amount: toMajorAmount(row.stake_minor, currency),
      payout: toMajorAmount(row.payout_minor, currency),
      multiplier: multiplierFromBp(Number(row.multiplier_bp)),
      currency: row.currency,
      params: row.params,
      // An open round's stored outcome is its secret state: the player sees it without the mines.
      outcome: open ? { ...minesPublicView(row.outcome as unknown as MinesState) } : row.outcome,
      actions: row.actions ? (row.actions as unknown as { reveals: number[]; cashOut: boolean }) : null,
      seeds: {
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: Number(row.nonce),
        serverSeed: row.pair_active ? null : row.server_seed,
      },
      createdAt: row.created_at.toISOString(),
    };
  }

  /** Runs a round's transaction; wallet refusals become the player's API errors. */
  async function inTransaction<T>(stakeField: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      return await events.transaction(work);
    } catch (error) {
      if (error instanceof WalletRefusal) throw refusalError(error, stakeField);
      throw error;
    }
  }

  /**
   * Locks the owner's active pair, takes `noncesUsed` nonces from it, bets and stores the
   * round: the start of every round. One-shot rounds settle in the same call.
   */
  async function betOnPair(
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
  ): Promise<{ id: string; balanceMinor: bigint | undefined }> {
    const owner = ownerOf(session);
    const pair = await repository.lockActivePair(trx, owner);
    if (!pair) throw seedsChanged();
    if (
      round.status === 'open' &&
      ((await repository.findOpenRound(trx, owner, session.is_demo)) ||
        (remote && (await repository.hasStartingMines(trx, owner, session.is_demo))))
    ) {
      throw new AppError('CONFLICT', 'Finish your open round first.');
    }
    const nonce = Number(pair.nonce);
    const played = round.play(new FairRng(pair.server_seed, pair.client_seed, nonce), nonce);
    await repository.advanceNonce(trx, pair.id, pair.nonce + BigInt(played.noncesUsed));
    const id = randomUUID();
    let status: 'betting' | 'open' | 'settled' = round.status;
    let balanceMinor: bigint | undefined;
    if (remote) {
      // Stored with the bet it owes; the calls follow after the commit (deliverRemote).
      status = 'betting';
      await repository.insertRound(trx, roundValues(session, round, pair, played, id, status));
      await repository.insertWalletCall(trx, {
        roundId: id,
        token: session.token,
        dueAt: new Date(Date.now() + remote.leaseMs),
      });
      return { id, balanceMinor };
    }
    const call = { roundId: id, currency: session.currency };
    let answer = await gameWallet.betIn(trx, session, {
      ...call,
      transactionId: `${id}:bet`,
      amountMinor: round.stakeMinor,
    });
    if (round.status === 'settled') {
      answer = await gameWallet.winIn(trx, session, {
        ...call,
        transactionId: `${id}:win`,
        amountMinor: played.payoutMinor,
      });
    }
    await repository.insertRound(trx, roundValues(session, round, pair, played, id, status));
    return { id, balanceMinor: answer.balanceMinor };
  }

  function roundValues(
    session: GameSession,
    round: { game: OriginalsGame; gameId: string; stakeMinor: bigint; params: Record<string, unknown> },
    pair: SeedPairRow,
    played: Played & { actions: MinesActions | null },
    id: string,
    status: 'betting' | 'open' | 'settled',
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
    };
  }

  /**
   * Sends the wallet calls a round owes (remote wallet) and answers the balance after
   * them; a refusal or a call left for the background retry is the player's error.
   */
  async function deliverRemote(session: GameSession, roundId: string, stakeField: string): Promise<bigint> {
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
        return (await gameWallet.balance(session)).balanceMinor;
      }
    }
  }

  async function answerOf(roundId: string, balanceMinor: bigint, currency: AmountCurrency) {
    const row = await repository.findRound(db, roundId);
    return { round: await toRound(row), balance: toMajorAmount(balanceMinor, currency) };
  }

  const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  /**
   * One step of the owner's open mines round, under the round's row lock (parallel steps
   * queue; a step on a settled round is a 409). A step that ends the round settles it:
   * the win (0 on a mine) goes through the game wallet of the session that bet.
   */
  async function minesStep(
    session: PlaySession,
    roundId: string,
    step: (state: MinesState, actions: MinesActions) => { state: Result<MinesState>; actions: MinesActions },
  ): Promise<{ round: OriginalsRound; balance: number }> {
    await gameIdFor(session, 'mines');
    if (!uuidPattern.test(roundId)) throw AppError.notFound('Round not found.');
    const id = roundId.toLowerCase();
    const settled = await inTransaction('amount', async (trx) => {
      const row = await repository.lockOwnRound(trx, ownerOf(session), session.is_demo, id);
      if (!row || row.game !== 'mines') throw AppError.notFound('Round not found.');
      if (row.status !== 'open') throw new AppError('CONFLICT', 'This round is over.');
      const next = step(row.outcome as unknown as MinesState, row.actions as unknown as MinesActions);
      if (!next.state.ok) throw minesStepError(next.state.error);
      const state = next.state.value;
      const values = { outcome: JSON.stringify(state), actions: JSON.stringify(next.actions) };
      const betting = await deps.gameWallet.sessionById(trx, row.session_id);
      if (!betting) throw new Error('round session vanished');
      if (state.status === 'playing') {
        await repository.updateRound(trx, id, values);
        return { session: betting, balanceMinor: undefined, owesWin: false };
      }
      const won = state.status === 'cashedOut' ? payoutMinor(row.stake_minor, state.multiplierBp) : 0n;
      const final = {
        ...values,
        payout_minor: won,
        multiplier_bp: BigInt(state.status === 'cashedOut' ? state.multiplierBp : 0),
      };
      if (remote) {
        // The win is owed with the betting session's token, sent after the commit.
        await repository.updateRound(trx, id, { ...final, status: 'paying' });
        await repository.scheduleCall(trx, id, new Date(Date.now() + remote.leaseMs));
        return { session: betting, balanceMinor: undefined, owesWin: true };
      }
      const answer = await gameWallet.winIn(trx, betting, {
        roundId: id,
        currency: row.currency,
        transactionId: `${id}:win`,
        amountMinor: won,
      });
      await repository.updateRound(trx, id, { ...final, status: 'settled', settled_at: new Date() });
      return { session: betting, balanceMinor: answer.balanceMinor };
    });
    const balanceMinor = settled.owesWin
      ? await deliverRemote(settled.session, id, 'amount')
      : (settled.balanceMinor ?? (await gameWallet.balance(settled.session)).balanceMinor);
    return answerOf(id, balanceMinor, await deps.currencyOf(settled.session.currency));
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

    /**
     * Reveals the active pair's server seed and opens a new pair (optionally with the
     * player's client seed). Refused (409) while a round on the pair is open: its seed
     * would give away the mines.
     */
    async rotate(session: GameSession, clientSeed?: unknown): Promise<Seeds> {
      const seed = clientSeed === undefined ? undefined : checkedClientSeed(clientSeed);
      await activePair(session);
      const owner = ownerOf(session);
      const { previous, active } = await db.transaction().execute(async (trx) => {
        const locked = await repository.lockActivePair(trx, owner);
        if (!locked) throw seedsChanged();
        if (await repository.pairHasOpenRound(trx, locked.id)) {
          throw new AppError('CONFLICT', 'Finish your open Mines round before changing the server seed.');
        }
        const revealed = await repository.reveal(trx, locked.id);
        await repository.ensureActivePair(trx, owner, newSeeds(seed ?? locked.client_seed));
        const next = await repository.findActivePair(trx, owner);
        if (!next) throw new Error('seed pair vanished');
        return { previous: revealed, active: next };
      });
      return { active: pairView(active), previous: { ...pairView(previous), serverSeed: previous.server_seed } };
    },

    /** Plays one round of a one-shot game for the session; answers the round and the balance after it. */
    async play(
      session: PlaySession,
      game: OneShotGame,
      body: Record<string, unknown>,
    ): Promise<{ round: OriginalsRound; balance: number }> {
      const gameId = await gameIdFor(session, game);
      const currency = await deps.currencyOf(session.currency);
      const prepared = prepare(game, body, currency);
      await activePair(session);
      const { id, balanceMinor } = await inTransaction(prepared.stakeField, (trx) =>
        betOnPair(trx, session, {
          game,
          gameId,
          stakeMinor: prepared.stakeMinor,
          params: prepared.params,
          status: 'settled',
          play: (rng, nonce) => ({ ...prepared.play(rng, nonce), actions: null }),
        }),
      );
      return answerOf(id, balanceMinor ?? (await deliverRemote(session, id, prepared.stakeField)), currency);
    },

    /** Starts a mines round: the stake is taken and the board fixed by the next nonce; the mines stay hidden. */
    async startMines(
      session: PlaySession,
      body: Record<string, unknown>,
    ): Promise<{ round: OriginalsRound; balance: number }> {
      const gameId = await gameIdFor(session, 'mines');
      const currency = await deps.currencyOf(session.currency);
      const stakeMinor = amountMinorOrThrow(body.amount, currency);
      const params = valid(validateMinesParams(body));
      await activePair(session);
      const { id, balanceMinor } = await inTransaction('amount', (trx) =>
        betOnPair(trx, session, {
          game: 'mines',
          gameId,
          stakeMinor,
          params: { ...params },
          status: 'open',
          play: (rng) => ({
            outcome: { ...startMines(rng, params) },
            multiplierBp: 0,
            payoutMinor: 0n,
            noncesUsed: 1,
            actions: { reveals: [], cashOut: false },
          }),
        }),
      );
      return answerOf(id, balanceMinor ?? (await deliverRemote(session, id, 'amount')), currency);
    },

    /** Reveals a tile of the open round: a mine ends it with nothing, the last safe tile cashes out. */
    revealMines(session: PlaySession, roundId: string, tile: unknown) {
      return minesStep(session, roundId, (state, actions) => {
        const next = revealMinesTile(state, tile);
        return { state: next, actions: next.ok ? { reveals: next.value.revealed, cashOut: false } : actions };
      });
    },

    /** Cashes out the open round (at least one safe reveal): the win at the current multiplier. */
    cashOutMines(session: PlaySession, roundId: string) {
      return minesStep(session, roundId, (state, actions) => {
        if (state.revealed.length === 0) throw new AppError('CONFLICT', 'Reveal a tile before cashing out.');
        return { state: cashOutMines(state), actions: { ...actions, cashOut: true } };
      });
    },

    /** The owner's open mines round in the session's mode, to resume after a reload; null when none. */
    async activeMines(session: GameSession): Promise<OriginalsRound | null> {
      await gameIdFor(session, 'mines');
      const row = await repository.findOpenRound(db, ownerOf(session), session.is_demo);
      return row ? toRound(row) : null;
    },

    /** Game recall: one of the player's settled real-money rounds with its seeds (the server seed once revealed). */
    async playerRound(playerId: string, roundId: string): Promise<OriginalsRound> {
      const row = uuidPattern.test(roundId)
        ? await repository.findPlayerRound(db, playerId, roundId.toLowerCase())
        : undefined;
      if (!row) throw AppError.notFound('Round not found.');
      return toRound(row);
    },

    /** `GET /api/game/spins`: the player's real-money casino rounds of every provider, newest first. */
    async spins(
      playerId: string,
      query: { page: number; perPage: number },
    ): Promise<{ data: Spin[]; meta: PaginationMeta }> {
      const page = { limit: query.perPage, offset: pageOffset(query.page, query.perPage) };
      const { rows, totalRows } = await repository.listPlayerRounds(db, playerId, page, ORIGINALS_PROVIDER);
      const data: Spin[] = [];
      for (const row of rows) {
        const currency = await deps.currencyOf(row.currency);
        data.push({
          // In-house rounds keep their id (recall opens it); others are unique per provider.
          id: row.provider === ORIGINALS_PROVIDER ? row.round_id : `${row.provider}:${row.round_id}`,
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
