import {
  toMajorAmount,
  type AmountCurrency,
  type OriginalsGame,
  type OriginalsRound,
  type Spin,
} from '@croupier/contract';
import { minesPublicView, multiplierFromBp, type MinesState } from '@croupier/games';
import type { OriginalsRepository, PlayerRoundRow } from './repository';

/** The provider identity of the in-house games in the catalogue and the game wallet. */
export const ORIGINALS_PROVIDER = 'croupier';

type SpinRow = Awaited<ReturnType<OriginalsRepository['listPlayerRounds']>>['rows'][number];

/** Stored rounds and spins as the player's API shapes (amounts in major units of their currency). */
export function createPresentation(currencyOf: (code: string) => Promise<AmountCurrency>) {
  return {
    async toRound(row: PlayerRoundRow): Promise<OriginalsRound> {
      const currency = await currencyOf(row.currency);
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
        freespinId: row.freespin_id,
      };
    },

    async toSpin(row: SpinRow): Promise<Spin> {
      const currency = await currencyOf(row.currency);
      return {
        // In-house rounds keep their id (recall opens it); others are unique per provider.
        id: row.provider === ORIGINALS_PROVIDER ? row.round_id : `${row.provider}:${row.round_id}`,
        game: row.game_name,
        gameIdentity: row.game_identity,
        amount: toMajorAmount(row.stake_minor, currency),
        payout: toMajorAmount(row.payout_minor, currency),
        currency: row.currency,
        createdAt: row.created_at.toISOString(),
        // Only free spins say so: other rounds keep their shape.
        ...(row.is_freespin ? { isFreespin: true } : {}),
      };
    },
  };
}

export type OriginalsPresentation = ReturnType<typeof createPresentation>;
