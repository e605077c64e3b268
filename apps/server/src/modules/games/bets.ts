import { minorToMajor, type Bet, type BetItem, type BetsQuery, type PaginationMeta } from '@croupier/contract';
import { pageMeta, pageOffset } from '../../lib/pagination';
import type { BetItemRow, BetRow, BetsRepository } from './bets-repository';

/**
 * The bet history: the player's sportsbook tickets. A sportsbook
 * integration writes `sport_bets` and `sport_bet_items`; this reads them.
 */

function toItem(row: BetItemRow): BetItem {
  return {
    event: row.event,
    stage: row.stage,
    discipline: row.discipline,
    tournament: row.tournament,
    eventDate: new Date(row.event_date).toISOString(),
    market: row.market,
    outcome: row.outcome,
    coefficient: Number(row.coefficient),
  };
}

function toBet(row: BetRow, items: BetItem[]): Bet {
  return {
    id: row.id,
    roundId: row.round_id,
    game: row.game_name,
    gameId: row.game_id,
    amount: minorToMajor(row.stake_minor, row.subunit_to_unit),
    payout: minorToMajor(row.payout_minor, row.subunit_to_unit),
    currency: row.currency,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    coefficient: Number(row.coefficient),
    ticketType: row.ticket_type,
    items,
  };
}

export function createBets(deps: { repository: BetsRepository }) {
  const { repository } = deps;
  return {
    /** A page of the player's settled tickets (or open ones with `isSettled: false`), newest first. */
    async list(playerId: string, query: BetsQuery): Promise<{ data: Bet[]; meta: PaginationMeta }> {
      const { page, perPage, isSettled } = query;
      const { rows, totalRows } = await repository.pageOfBets(playerId, isSettled, {
        limit: perPage,
        offset: pageOffset(page, perPage),
      });
      const items = new Map<string, BetItem[]>();
      for (const item of await repository.itemsOf(rows.map((row) => row.id))) {
        const list = items.get(item.bet_id) ?? [];
        list.push(toItem(item));
        items.set(item.bet_id, list);
      }
      return {
        data: rows.map((row) => toBet(row, items.get(row.id) ?? [])),
        meta: pageMeta({ page, perPage, totalRows }),
      };
    },
  };
}

export type Bets = ReturnType<typeof createBets>;
