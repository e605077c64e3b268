import {
  toMajorAmount,
  type AmountCurrency,
  type OriginalsGame,
  type OriginalsRound,
  type RouletteBetBody,
} from '@croupier/contract';
import {
  BP_PER_X,
  payoutMinor,
  playDice,
  playLimbo,
  playPlinko,
  playRoulette,
  playSlotRound,
  validateDiceParams,
  validateLimboParams,
  validatePlinkoParams,
  validateRouletteBets,
  type FairRng,
} from '@croupier/games';
import { amountMinorOrThrow } from '../wallet';
import type { FreeSpinAnswer } from './free-spins';
import { valid, type OriginalsDeps, type OriginalsRounds, type Played, type PlaySession } from './rounds';

/** The games whose round is one call (mines takes several steps). */
export type OneShotGame = Exclude<OriginalsGame, 'mines'>;

/** A validated one-shot round, ready to play on the next nonce of the seed pair. */
interface Prepared {
  stakeMinor: bigint;
  params: Record<string, unknown>;
  /** The body field a stake-limit refusal names. */
  stakeField: string;
  play(rng: FairRng, nonce: number): Played;
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
      return { ...base, params: {}, play: playSlot(stakeMinor) };
  }
}

/** The slot's round for a stake: the spin and every free spin its scatters trigger. */
export function playSlot(stakeMinor: bigint): (rng: FairRng, nonce: number) => Played {
  return (rng, nonce) => {
    const round = playSlotRound((n) => rng.reset(n), nonce);
    return { ...multiplied(stakeMinor, round), noncesUsed: round.noncesUsed };
  };
}

/** Rounds played and settled in one call: dice, limbo, plinko, roulette, slot. */
export function createOneShotRounds(
  deps: OriginalsDeps,
  rounds: OriginalsRounds,
  freeSpins: { playSlot(session: PlaySession, freespinId: string): Promise<FreeSpinAnswer> },
) {
  return {
    /**
     * Plays one round of a one-shot game for the session; answers the round and the balance
     * after it. A slot round naming `freespinId` is a bonus's free spin (free-spins.ts).
     */
    async play(
      session: PlaySession,
      game: OneShotGame,
      body: Record<string, unknown>,
    ): Promise<{ round: OriginalsRound; balance: number } | FreeSpinAnswer> {
      if (game === 'slot' && typeof body.freespinId === 'string') return freeSpins.playSlot(session, body.freespinId);
      const gameId = await rounds.gameIdFor(session, game);
      const currency = await deps.currencyOf(session.currency);
      const prepared = prepare(game, body, currency);
      const { id, balanceMinor, row } = await rounds.inTransaction(prepared.stakeField, (trx) =>
        rounds.betOnPair(trx, session, {
          game,
          gameId,
          stakeMinor: prepared.stakeMinor,
          params: prepared.params,
          status: 'settled',
          play: (rng, nonce) => ({ ...prepared.play(rng, nonce), actions: null }),
        }),
      );
      return rounds.answerOf(
        id,
        balanceMinor ?? (await rounds.deliverRemote(session, id, prepared.stakeField)),
        currency,
        row,
      );
    },
  };
}
