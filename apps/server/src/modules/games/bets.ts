import {
  contentTextOf,
  minorToMajor,
  selectionRefSchema,
  selectionTexts,
  type Bet,
  type BetItem,
  type BetsQuery,
  type ContentGroup,
  type ContentTree,
  type PaginationMeta,
} from '@croupier/contract';
import { acceptedLocale } from '../../lib/accept-language';
import { pageMeta, pageOffset } from '../../lib/pagination';
import type { BetItemRow, BetRow, BetsRepository } from './bets-repository';

/**
 * The bet history: the player's sportsbook tickets. A sportsbook
 * integration writes `sport_bets` and `sport_bet_items`; this reads them.
 */

/** What the bet history reads of the content service: the site's texts, to name selections. */
export interface BetsContent {
  resolveLocale(requested: string | undefined): Promise<{ locale: string }>;
  getGroups(
    locale: string | undefined,
    names: readonly ContentGroup[],
  ): Promise<{ locale: string; groups: Partial<Record<ContentGroup, ContentTree>> }>;
}

type SelectionNames = ReturnType<typeof selectionTexts>;

/**
 * An item as the API gives it. A selection the sportsbook reported by its keys is named
 * in the reader's language; otherwise (no keys, or keys this version cannot read) the
 * names the sportsbook stored stand.
 */
function toItem(row: BetItemRow, names: SelectionNames): BetItem {
  const selection = row.selection === null ? undefined : selectionRefSchema.safeParse(row.selection).data;
  return {
    event: row.event,
    stage: row.stage,
    discipline: row.discipline,
    tournament: row.tournament,
    eventDate: new Date(row.event_date).toISOString(),
    market: selection ? names.market(selection) : row.market,
    outcome: selection ? names.outcome(selection) : row.outcome,
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

export function createBets(deps: { repository: BetsRepository; content: BetsContent }) {
  const { repository, content } = deps;
  return {
    /**
     * A page of the player's settled tickets (or open ones with `isSettled: false`), newest
     * first; selections named in the locale `acceptLanguage` asks for (else the default).
     */
    async list(
      playerId: string,
      query: BetsQuery,
      acceptLanguage?: string,
    ): Promise<{ data: Bet[]; meta: PaginationMeta }> {
      const { page, perPage, isSettled } = query;
      const { rows, totalRows } = await repository.pageOfBets(playerId, isSettled, {
        limit: perPage,
        offset: pageOffset(page, perPage),
      });
      const locale = await acceptedLocale(acceptLanguage, (tag) => content.resolveLocale(tag));
      const { groups } = await content.getGroups(locale, ['layout']);
      const names = selectionTexts(contentTextOf(groups.layout ?? {}));
      const items = new Map<string, BetItem[]>();
      for (const item of await repository.itemsOf(rows.map((row) => row.id))) {
        const list = items.get(item.bet_id) ?? [];
        list.push(toItem(item, names));
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
