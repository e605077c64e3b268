import type { OriginalsRound } from '@croupier/contract';
import {
  cashOutMines,
  payoutMinor,
  revealMinesTile,
  startMines,
  validateMinesParams,
  type GameParamError,
  type MinesActions,
  type MinesState,
  type Result,
} from '@croupier/games';
import { AppError } from '../../lib/errors';
import type { GameSession } from '../game-wallet';
import { amountMinorOrThrow } from '../wallet';
import type { OriginalsPresentation } from './presentation';
import {
  isRoundId,
  paramsError,
  stakeable,
  valid,
  type OriginalsDeps,
  type OriginalsRounds,
  type PlaySession,
} from './rounds';
import { ownerOf } from './seeds';

/** A mines step the round's state refuses (the lib's rule `state`) is a conflict, not a bad field. */
function minesStepError(error: GameParamError): AppError {
  return error.rule === 'state' ? new AppError('CONFLICT', 'This round is over.') : paramsError(error);
}

/**
 * Mines, the round of several steps: its start bets and stores the round `open` with the
 * secret board, each step locks the round row, and the step that ends it pays the win
 * (0 on a mine) and settles it.
 */
export function createMines(deps: OriginalsDeps, rounds: OriginalsRounds, presentation: OriginalsPresentation) {
  const { repository, gameWallet, remote } = deps;
  const { db } = repository;

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
    await rounds.gameIdFor(session, 'mines');
    if (!isRoundId(roundId)) throw AppError.notFound('Round not found.');
    const id = roundId.toLowerCase();
    const settled = await rounds.inTransaction('amount', async (trx) => {
      const row = await repository.lockOwnRound(trx, ownerOf(session), session.is_demo, id);
      if (!row || row.game !== 'mines') throw AppError.notFound('Round not found.');
      if (row.status !== 'open') throw new AppError('CONFLICT', 'This round is over.');
      const next = step(row.outcome as unknown as MinesState, row.actions as unknown as MinesActions);
      if (!next.state.ok) throw minesStepError(next.state.error);
      const state = next.state.value;
      const values = { outcome: JSON.stringify(state), actions: JSON.stringify(next.actions) };
      const betting = await gameWallet.sessionById(trx, row.session_id);
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
      return { session: betting, balanceMinor: stakeable(answer) };
    });
    const balanceMinor = settled.owesWin
      ? await rounds.deliverRemote(settled.session, id, 'amount')
      : (settled.balanceMinor ?? stakeable(await gameWallet.balance(settled.session)));
    return rounds.answerOf(id, balanceMinor, await deps.currencyOf(settled.session.currency));
  }

  return {
    /** Starts a mines round: the stake is taken and the board fixed by the next nonce; the mines stay hidden. */
    async startMines(
      session: PlaySession,
      body: Record<string, unknown>,
    ): Promise<{ round: OriginalsRound; balance: number }> {
      const gameId = await rounds.gameIdFor(session, 'mines');
      const currency = await deps.currencyOf(session.currency);
      const stakeMinor = amountMinorOrThrow(body.amount, currency);
      const params = valid(validateMinesParams(body));
      const { id, balanceMinor, row } = await rounds.inTransaction('amount', (trx) =>
        rounds.betOnPair(trx, session, {
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
      return rounds.answerOf(id, balanceMinor ?? (await rounds.deliverRemote(session, id, 'amount')), currency, row);
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
      await rounds.gameIdFor(session, 'mines');
      const row = await repository.findOpenRound(db, ownerOf(session), session.is_demo);
      return row ? presentation.toRound(row) : null;
    },
  };
}
