import {
  formatOdds,
  isValidOddsMilli,
  ODDS_FORMATS,
  type LiveScore,
  type OddsFormat,
  type Sport,
  type SportsbookEventDetail,
  type SportsbookEventSummary,
  type SportsbookMarket,
  type SportsbookMarketType,
} from '@croupier/contract';

/** What the sportsbook pages compute from the API's data, free of React (docs/sportsbook.md, "Web"). */

export const EVENT_STATUSES = ['live', 'upcoming'] as const;
export type EventListStatus = (typeof EVENT_STATUSES)[number];

/** Local-storage key of the odds format the player chose (docs/web-client.md, Client storage). */
export const ODDS_FORMAT_KEY = 'oddsFormat';
export const DEFAULT_ODDS_FORMAT: OddsFormat = 'decimal';

/** A stored odds format, or the default for a missing or unknown value. */
export function parseOddsFormat(stored: string | null): OddsFormat {
  return ODDS_FORMATS.find((format) => format === stored) ?? DEFAULT_ODDS_FORMAT;
}

/** A price from the API (`oddsMilli`, a number) in the format; a dash for a price below the minimum. */
export function displayOdds(oddsMilli: number, format: OddsFormat): string {
  const exact = BigInt(Math.trunc(oddsMilli));
  return isValidOddsMilli(exact) ? formatOdds(exact, format) : '—';
}

/** The list's status when the address names none: live when the chosen sport (or any) plays now. */
export function defaultStatus(sports: readonly Sport[] | undefined, sportKey: string | null): EventListStatus {
  const chosen = sportKey ? sports?.filter((sport) => sport.key === sportKey) : sports;
  return chosen?.some((sport) => sport.liveEvents > 0) ? 'live' : 'upcoming';
}

export interface CompetitionGroup<E extends SportsbookEventSummary> {
  competitionId: string;
  name: string;
  region: string;
  sportKey: string;
  events: E[];
}

/** Events grouped by competition, groups in the order of their first event (the list's start order). */
export function groupByCompetition<E extends SportsbookEventSummary>(events: readonly E[]): CompetitionGroup<E>[] {
  const groups = new Map<string, CompetitionGroup<E>>();
  for (const event of events) {
    const group = groups.get(event.competition.id);
    if (group) group.events.push(event);
    else
      groups.set(event.competition.id, {
        competitionId: event.competition.id,
        name: event.competition.name,
        region: event.competition.region,
        sportKey: event.sport.key,
        events: [event],
      });
  }
  return [...groups.values()];
}

export interface MarketGroup {
  type: SportsbookMarketType;
  markets: SportsbookMarket[];
}

/** An event's markets by type, in the API's order (types, then set or map, then line). */
export function groupMarketsByType(markets: SportsbookEventDetail['markets']): MarketGroup[] {
  const groups: MarketGroup[] = [];
  for (const market of markets) {
    const last = groups.at(-1);
    if (last?.type === market.type) last.markets.push(market);
    else groups.push({ type: market.type, markets: [market] });
  }
  return groups;
}

/** The score as one text per side: goals or points; tennis games per set then the game's points; esports maps won then the current map's rounds. */
export function scoreBySide(score: LiveScore): { home: string; away: string } {
  switch (score.kind) {
    case 'goals':
    case 'points':
      return { home: String(score.home), away: String(score.away) };
    case 'sets':
      return {
        home: [...score.sets.map((set) => set.home), score.game.home].join(' '),
        away: [...score.sets.map((set) => set.away), score.game.away].join(' '),
      };
    case 'maps': {
      const won = (side: 'home' | 'away') => score.maps.filter((map) => map.winner === side).length;
      const current = score.maps.at(-1);
      const rounds = current && current.winner === null ? current.rounds : undefined;
      return {
        home: rounds ? `${won('home')} ${rounds.home}` : String(won('home')),
        away: rounds ? `${won('away')} ${rounds.away}` : String(won('away')),
      };
    }
  }
}

/** The clock's time: football's minute ("23'"), basketball's "07:12"; null where the sport has none. */
export function clockTime(sportKey: string, seconds: number | null): string | null {
  if (seconds === null || seconds < 0) return null;
  const whole = Math.floor(seconds);
  if (sportKey === 'football') return `${Math.floor(whole / 60) + 1}'`;
  const minutes = String(Math.floor(whole / 60)).padStart(2, '0');
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** The content key (under `pages.betting.periods`) naming a period of the sport. */
export function periodKey(sportKey: string, period: number): string {
  if (sportKey === 'football') return 'half';
  if (sportKey === 'basketball') return period > 4 ? 'overtime' : 'quarter';
  if (sportKey === 'tennis') return 'set';
  if (sportKey === 'esports') return 'map';
  return 'period';
}
