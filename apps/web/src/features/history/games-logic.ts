import { originalsGameOf, type OriginalsRound, type Spin } from '@croupier/contract';
import { formatHundredths } from '../../lib/format';

/**
 * The games tab of /profile/history: its place in the URL and the readable summary of a
 * recalled round (GET /api/game/originals/rounds/{id}). Pure functions, no React.
 */

export type HistoryTab = 'transactions' | 'games' | 'bets';

export function tabFromSearch(search: URLSearchParams): HistoryTab {
  const tab = search.get('tab');
  return tab === 'games' || tab === 'bets' ? tab : 'transactions';
}

/** The games tab's page (`?tab=games&page=N`), 1 when missing or invalid. */
export function gamesPageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function gamesSearch(page: number): URLSearchParams {
  const search = new URLSearchParams({ tab: 'games' });
  if (page > 1) search.set('page', String(page));
  return search;
}

/**
 * One line of a round's summary: `label` is a key under `profile.history.round.fields`,
 * `value` either shown as is or, with `valueKey`, a key under `profile.history.round.values`.
 */
export interface RoundFact {
  label: string;
  value: string;
  valueKey?: boolean;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What the player chose and what came out, per game; unknown fields are left out. */
export function roundFacts(
  round: Pick<OriginalsRound, 'game' | 'params' | 'outcome' | 'actions'>,
  locale: string,
): RoundFact[] {
  const { params, outcome, actions } = round;
  const facts: RoundFact[] = [];
  const add = (label: string, value: string | undefined, valueKey = false) => {
    if (value !== undefined && value !== '') facts.push(valueKey ? { label, value, valueKey } : { label, value });
  };
  const hundredthsOf = (value: unknown) => {
    const n = num(value);
    return n === undefined ? undefined : formatHundredths(n, locale);
  };
  switch (round.game) {
    case 'dice': {
      const direction = text(params.direction);
      add('direction', direction === 'over' || direction === 'under' ? direction : undefined, true);
      add('target', hundredthsOf(params.targetHundredths));
      add('roll', hundredthsOf(outcome.rollHundredths));
      break;
    }
    case 'limbo': {
      const target = hundredthsOf(params.targetHundredths);
      const result = hundredthsOf(outcome.resultHundredths);
      add('target', target === undefined ? undefined : `${target}×`);
      add('result', result === undefined ? undefined : `${result}×`);
      break;
    }
    case 'plinko':
      add('rows', num(params.rows)?.toString());
      add('risk', text(params.risk));
      add('bucket', num(outcome.bucket)?.toString());
      break;
    case 'mines':
      add('mines', num(params.mineCount)?.toString());
      add('revealed', actions?.reveals.length.toString());
      add('cashOut', actions ? (actions.cashOut ? 'yes' : 'no') : undefined, true);
      break;
    case 'roulette': {
      add('pocket', num(outcome.pocket)?.toString());
      const color = text(outcome.color);
      add('color', color === 'red' || color === 'black' || color === 'green' ? color : undefined, true);
      const bets = Array.isArray(params.bets) ? params.bets.length : undefined;
      add('bets', bets?.toString());
      break;
    }
    case 'slot': {
      const spins = Array.isArray(outcome.spins) ? outcome.spins.length : undefined;
      add('spins', spins?.toString());
      break;
    }
  }
  return facts;
}

/** The round can be checked in the verifier once its seed pair was rotated (server seed revealed). */
export function canVerify(round: Pick<OriginalsRound, 'seeds'>): boolean {
  return round.seeds.serverSeed !== null && round.seeds.serverSeed !== '';
}

/** Whether a history round can be recalled here: in-house rounds only (a studio keeps its own recall). */
export function isRecallable(spin: Pick<Spin, 'gameIdentity'>): boolean {
  return originalsGameOf(spin.gameIdentity) !== undefined;
}

/** The sports bets tab's place in the URL: `?tab=bets` (settled), `&status=open`, `&page=N`. */
export interface BetsView {
  settled: boolean;
  page: number;
}

export function betsViewFromSearch(search: URLSearchParams): BetsView {
  return { settled: search.get('status') !== 'open', page: gamesPageFromSearch(search) };
}

export function betsSearch(view: BetsView): URLSearchParams {
  const search = new URLSearchParams({ tab: 'bets' });
  if (!view.settled) search.set('status', 'open');
  if (view.page > 1) search.set('page', String(view.page));
  return search;
}

/** Statuses of the bet history (game.bet.status), as keys under `profile.history.bets.statuses`. */
const BET_STATUS_KEYS: Record<number, string> = { 1: 'open', 2: 'won', 3: 'lost', 4: 'refunded', 5: 'cashedOut' };

export function betStatusKey(status: number): string {
  return BET_STATUS_KEYS[status] ?? 'open';
}
