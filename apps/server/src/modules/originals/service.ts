import type { OriginalsRound, PaginationMeta, Spin } from '@croupier/contract';
import { AppError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/pagination';
import { createFreeSpinRounds } from './free-spins';
import { createMines } from './mines';
import { createOneShotRounds } from './one-shot';
import { createPresentation, ORIGINALS_PROVIDER } from './presentation';
import { createRounds, isRoundId, type OriginalsDeps } from './rounds';
import { createSeeds } from './seeds';

/**
 * The in-house provider ("originals"): provably fair games on the player's seed pair.
 * A round runs in one database transaction: lock the seed pair, take the nonce(s), play,
 * bet and win through the game wallet (in process, transaction ids derived from the round
 * id), store the round. A crash never leaves half a round: all of it commits or none.
 * Mines is the exception of several steps (mines.ts).
 * Run apart from the wallet (`remote`), the money moves over signed HTTP instead: the
 * round is stored first with the call it owes and the calls follow (see remote-rounds.ts).
 * The parts: seeds.ts (seed pairs), one-shot.ts (dice, limbo, plinko, roulette, slot),
 * mines.ts, rounds.ts (what every round shares) and presentation.ts (the API shapes).
 */

export type { FreespinGrant, FreespinSource } from './freespin-source';
export type { OneShotGame } from './one-shot';
export { ORIGINALS_PROVIDER } from './presentation';
export type { PlaySession } from './rounds';

export function createOriginals(deps: OriginalsDeps) {
  const { repository } = deps;
  const { db } = repository;
  const presentation = createPresentation(deps.currencyOf);
  const seeds = createSeeds(repository);
  const rounds = createRounds(deps, presentation);
  const oneShot = createOneShotRounds(deps, rounds, createFreeSpinRounds(deps, rounds));
  const mines = createMines(deps, rounds, presentation);

  return {
    ...seeds.api,
    ...oneShot,
    ...mines,

    /** Game recall: one of the player's settled real-money rounds with its seeds (the server seed once revealed). */
    async playerRound(playerId: string, roundId: string): Promise<OriginalsRound> {
      const row = isRoundId(roundId)
        ? await repository.findPlayerRound(db, playerId, roundId.toLowerCase())
        : undefined;
      if (!row) throw AppError.notFound('Round not found.');
      return presentation.toRound(row);
    },

    /** `GET /api/game/spins`: the player's real-money casino rounds of every provider, newest first. */
    async spins(
      playerId: string,
      query: { page: number; perPage: number },
    ): Promise<{ data: Spin[]; meta: PaginationMeta }> {
      const page = { limit: query.perPage, offset: pageOffset(query.page, query.perPage) };
      const { rows, totalRows } = await repository.listPlayerRounds(db, playerId, page, ORIGINALS_PROVIDER);
      const data: Spin[] = [];
      for (const row of rows) data.push(await presentation.toSpin(row));
      return { data, meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows }) };
    },
  };
}

export type Originals = ReturnType<typeof createOriginals>;
