/**
 * One entry point for game recall and the verifier page: given the revealed seeds, the
 * nonce and what the player chose, recompute what the round showed.
 */
import { FairRng } from './fair/rng';
import { validateClientSeed } from './fair/seeds';
import { fail, ok, type Result } from './result';
import { DICE, playDice, validateDiceParams, type DiceOutcome, type DiceParams } from './games/dice';
import { LIMBO, playLimbo, validateLimboParams, type LimboOutcome, type LimboParams } from './games/limbo';
import { MINES, replayMines, type MinesActions, type MinesParams, type MinesState } from './games/mines';
import { PLINKO, playPlinko, validatePlinkoParams, type PlinkoOutcome, type PlinkoParams } from './games/plinko';
import { ROULETTE, playRoulette, validateRouletteBets, type RouletteBet, type RouletteOutcome } from './games/roulette';
import { SLOT, playSlotRound, type SlotRound } from './games/slot';
import { CRASH } from './games/crash';

/** The games played on a player's seed pair (crash has its own hash chain). */
export const SEEDED_GAMES = ['dice', 'limbo', 'mines', 'plinko', 'roulette', 'slot'] as const;
export type SeededGame = (typeof SEEDED_GAMES)[number];
export type FairGame = SeededGame | 'crash';

/** Declared RTP of each game (see each module for the proof). */
export const DECLARED_RTP: Readonly<Record<FairGame, number>> = {
  dice: DICE.rtp,
  limbo: LIMBO.rtp,
  mines: MINES.rtp,
  plinko: PLINKO.rtp,
  roulette: ROULETTE.rtp,
  slot: SLOT.rtp,
  crash: CRASH.rtp,
};

export interface SeedPairNonce {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export type RoundInput =
  | { game: 'dice'; params: DiceParams }
  | { game: 'limbo'; params: LimboParams }
  | { game: 'mines'; params: MinesParams; actions: MinesActions }
  | { game: 'plinko'; params: PlinkoParams }
  | { game: 'roulette'; bets: RouletteBet[] }
  | { game: 'slot' };

export type RoundReplay =
  | { game: 'dice'; outcome: DiceOutcome }
  | { game: 'limbo'; outcome: LimboOutcome }
  | { game: 'mines'; outcome: MinesState }
  | { game: 'plinko'; outcome: PlinkoOutcome }
  | { game: 'roulette'; outcome: RouletteOutcome }
  | { game: 'slot'; outcome: SlotRound };

export function replayRound(seeds: SeedPairNonce, input: RoundInput): Result<RoundReplay> {
  const clientSeed = validateClientSeed(seeds.clientSeed);
  if (!clientSeed.ok) return clientSeed;
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) {
    return fail('nonce', 'integer', 'nonce must be a non-negative integer');
  }
  if (typeof seeds.serverSeed !== 'string' || seeds.serverSeed.length === 0) {
    return fail('serverSeed', 'required', 'serverSeed is required');
  }
  const rng = new FairRng(seeds.serverSeed, clientSeed.value, seeds.nonce);
  switch (input.game) {
    case 'dice': {
      const params = validateDiceParams(input.params);
      return params.ok ? ok({ game: 'dice', outcome: playDice(rng, params.value) }) : params;
    }
    case 'limbo': {
      const params = validateLimboParams(input.params);
      return params.ok ? ok({ game: 'limbo', outcome: playLimbo(rng, params.value) }) : params;
    }
    case 'mines': {
      const state = replayMines(rng, input.params, input.actions);
      return state.ok ? ok({ game: 'mines', outcome: state.value }) : state;
    }
    case 'plinko': {
      const params = validatePlinkoParams(input.params);
      return params.ok ? ok({ game: 'plinko', outcome: playPlinko(rng, params.value) }) : params;
    }
    case 'roulette': {
      const bets = validateRouletteBets(input.bets);
      return bets.ok ? ok({ game: 'roulette', outcome: playRoulette(rng, bets.value) }) : bets;
    }
    case 'slot':
      return ok({ game: 'slot', outcome: playSlotRound((nonce) => rng.reset(nonce), seeds.nonce) });
  }
}
