import {
  combineOddsMilli,
  ODDS_CHANGE_POLICIES,
  type OddsChangePolicyName,
  type PlaceTicketBody,
  type SportsbookEventDetail,
  type SportsbookEventSummary,
  type SportsbookMarket,
  type SportsbookMarketType,
} from '@croupier/contract';

/**
 * The bet slip's rules, free of React (docs/sportsbook.md, "Bet slip checks"): what a
 * selection keeps, adding and removing, singles and the accumulator, live prices,
 * stakes and payouts, what is sent, and how the slip is stored across reloads.
 */

/** Most selections a slip holds (an accumulator takes at most 20 legs). */
export const MAX_SELECTIONS = 20;
/** Local-storage keys (docs/web-client.md, "Client storage"). */
export const SLIP_STORAGE_KEY = 'betSlip';
export const ODDS_POLICY_KEY = 'oddsChangePolicy';
export const DEFAULT_ODDS_POLICY: OddsChangePolicyName = 'higher';

export interface SlipSelection {
  outcomeId: string;
  outcomeKey: string;
  eventId: string;
  sportKey: string;
  home: string;
  away: string;
  marketId: string;
  marketType: SportsbookMarketType;
  line: number | null;
  number: number | null;
  /** The price the player accepted: the one sent with the bet. */
  oddsMilli: number;
  /** The price now (live); differs from `oddsMilli` after a move until the player accepts it. */
  liveOddsMilli: number;
  /** The market is suspended or gone, or the outcome is inactive: it cannot be bet now. */
  suspended: boolean;
  /** The event is being played: the bet waits the session's live delay. */
  live: boolean;
}

export type SlipMode = 'singles' | 'combo';

export interface SlipState {
  selections: SlipSelection[];
  mode: SlipMode;
  /** The stake text of each single, by outcome id (canonical amount text, display units). */
  stakes: Record<string, string>;
  comboStake: string;
}

export const EMPTY_SLIP: SlipState = { selections: [], mode: 'singles', stakes: {}, comboStake: '' };

type EventRef = Pick<SportsbookEventSummary, 'id' | 'home' | 'away' | 'sport' | 'status'>;

/** A selection of an outcome as the odds button shows it. */
export function selectionOf(
  event: EventRef,
  market: Pick<SportsbookMarket, 'id' | 'type' | 'line' | 'number' | 'status'>,
  outcome: { id: string; key: string; oddsMilli: number; active: boolean },
): SlipSelection {
  return {
    outcomeId: outcome.id,
    outcomeKey: outcome.key,
    eventId: event.id,
    sportKey: event.sport.key,
    home: event.home.name,
    away: event.away.name,
    marketId: market.id,
    marketType: market.type,
    line: market.line,
    number: market.number,
    oddsMilli: outcome.oddsMilli,
    liveOddsMilli: outcome.oddsMilli,
    suspended: market.status === 'suspended' || !outcome.active,
    live: event.status === 'live',
  };
}

/** Adds the selection, or removes it when it is already on the slip; a full slip takes no more. */
export function toggleSelection(state: SlipState, selection: SlipSelection): SlipState {
  if (state.selections.some((item) => item.outcomeId === selection.outcomeId)) {
    return removeSelections(state, [selection.outcomeId]);
  }
  if (state.selections.length >= MAX_SELECTIONS) return state;
  return { ...state, selections: [...state.selections, selection] };
}

export function removeSelections(state: SlipState, outcomeIds: readonly string[]): SlipState {
  const gone = new Set(outcomeIds);
  const stakes = Object.fromEntries(Object.entries(state.stakes).filter(([id]) => !gone.has(id)));
  return { ...state, selections: state.selections.filter((item) => !gone.has(item.outcomeId)), stakes };
}

/** Two selections on one event cannot go in one accumulator (their results are correlated). */
export function hasSameEventSelections(selections: readonly Pick<SlipSelection, 'eventId'>[]): boolean {
  return new Set(selections.map((item) => item.eventId)).size < selections.length;
}

/** Whether the accumulator can be chosen: two or more selections, each on its own event. */
export function comboAllowed(selections: readonly Pick<SlipSelection, 'eventId'>[]): boolean {
  return selections.length >= 2 && !hasSameEventSelections(selections);
}

/** The mode in force: the accumulator falls back to singles when it is not allowed. */
export function effectiveMode(state: SlipState): SlipMode {
  return state.mode === 'combo' && comboAllowed(state.selections) ? 'combo' : 'singles';
}

/** The accumulator's odds shown: the product of the accepted prices rounded down to a thousandth. */
export function comboOddsMilli(selections: readonly Pick<SlipSelection, 'oddsMilli'>[]): number | null {
  if (selections.length === 0) return null;
  return Number(combineOddsMilli(selections.map((item) => BigInt(item.oddsMilli))));
}

/**
 * What a stake returns if every leg wins: stake × Π odds, kept exact and rounded down once
 * to the minor unit (docs/sportsbook.md, "Rounding"). `decimals` are the currency's.
 */
export function potentialPayout(stake: number, oddsMilli: readonly number[], decimals: number): number {
  if (!(stake > 0) || oddsMilli.length === 0) return 0;
  const unit = 10 ** decimals;
  const stakeMinor = BigInt(Math.round(stake * unit));
  let numerator = stakeMinor;
  for (const odds of oddsMilli) numerator *= BigInt(odds);
  const payoutMinor = numerator / 1000n ** BigInt(oddsMilli.length);
  return Number(payoutMinor) / unit;
}

/** A price moved since the player accepted it. */
export const hasOddsChange = (selection: Pick<SlipSelection, 'oddsMilli' | 'liveOddsMilli'>) =>
  selection.oddsMilli !== selection.liveOddsMilli;

/** The player takes the live prices: they become the prices sent. */
export function acceptOddsChanges(state: SlipState): SlipState {
  if (!state.selections.some(hasOddsChange)) return state;
  return {
    ...state,
    selections: state.selections.map((item) =>
      hasOddsChange(item) ? { ...item, oddsMilli: item.liveOddsMilli } : item,
    ),
  };
}

/**
 * Follows an event's update (the list's summary with its main market, or the event page's
 * detail with every open or suspended market) into the slip's selections on that event:
 * live price, suspension, live status. On a detail, a market no longer listed is closed.
 */
export function applyEventUpdate(state: SlipState, event: SportsbookEventSummary | SportsbookEventDetail): SlipState {
  const markets = 'markets' in event ? event.markets : event.mainMarket ? [event.mainMarket] : [];
  const complete = 'markets' in event;
  let changed = false;
  const selections = state.selections.map((item) => {
    if (item.eventId !== event.id) return item;
    const market = markets.find((candidate) => candidate.id === item.marketId);
    const outcome = market?.outcomes.find((candidate) => candidate.id === item.outcomeId);
    const live = event.status === 'live';
    let next: SlipSelection;
    if (market && outcome) {
      next = {
        ...item,
        liveOddsMilli: outcome.oddsMilli,
        suspended: market.status === 'suspended' || !outcome.active,
        live,
      };
    } else if (complete || event.status === 'ended' || event.status === 'cancelled') {
      next = { ...item, suspended: true, live };
    } else {
      next = { ...item, live };
    }
    if (next.liveOddsMilli === item.liveOddsMilli && next.suspended === item.suspended && next.live === item.live) {
      return item;
    }
    changed = true;
    return next;
  });
  return changed ? { ...state, selections } : state;
}

/** The event left the catalogue: its selections cannot be bet any more. */
export function applyEventRemoved(state: SlipState, eventId: string): SlipState {
  if (!state.selections.some((item) => item.eventId === eventId && !item.suspended)) return state;
  return {
    ...state,
    selections: state.selections.map((item) => (item.eventId === eventId ? { ...item, suspended: true } : item)),
  };
}

// ---------------------------------------------------------------------------
// Stakes
// ---------------------------------------------------------------------------

export interface StakeLimits {
  /** Major units of the session's currency. */
  minStake: number;
  maxStake: number;
  balance: number;
}

/** A stake's problem, a key under `pages.betting.slip.stakeErrors`; null when it is fine. */
export type StakeError = 'required' | 'belowMin' | 'aboveMax';

export function stakeError(stake: number | null, limits: StakeLimits | undefined): StakeError | null {
  if (stake === null || !(stake > 0)) return 'required';
  if (!limits) return null;
  if (stake < limits.minStake) return 'belowMin';
  if (stake > limits.maxStake) return 'aboveMax';
  return null;
}

/** One ticket to place: its selections (a single has one) and its stake in major units. */
export interface Placement {
  /** The selections of the ticket (their outcome ids leave the slip once it is placed). */
  outcomeIds: string[];
  body: Omit<PlaceTicketBody, 'requestId'>;
}

export interface SlipSummary {
  mode: SlipMode;
  placements: Placement[];
  /** Major units. */
  totalStake: number;
  totalPayout: number;
  /** Stake problems by outcome id (singles) or under `combo`. */
  errors: Record<string, StakeError>;
  /** The total is more than the balance. */
  aboveBalance: boolean;
  suspended: boolean;
  ready: boolean;
}

/**
 * Everything the slip shows and sends: the tickets (one per single, or the accumulator),
 * total stake and potential payout, and what stops placing (stake errors, a suspended
 * selection, a total above the balance). `stakeOf` reads a stake text as major units.
 */
export function summarize(
  state: SlipState,
  policy: OddsChangePolicyName,
  stakeOf: (text: string) => number | null,
  limits: StakeLimits | undefined,
  decimals: number,
): SlipSummary {
  const mode = effectiveMode(state);
  const errors: Record<string, StakeError> = {};
  const placements: Placement[] = [];
  let totalStake = 0;
  let totalPayout = 0;
  const add = (selections: SlipSelection[], stake: number | null, errorKey: string) => {
    const error = stakeError(stake, limits);
    if (error || stake === null) {
      errors[errorKey] = error ?? 'required';
      return;
    }
    const prices = selections.map((item) => item.oddsMilli);
    totalStake += stake;
    totalPayout += potentialPayout(stake, prices, decimals);
    placements.push({
      outcomeIds: selections.map((item) => item.outcomeId),
      body: {
        stake,
        selections: selections.map((item) => ({ outcomeId: item.outcomeId, oddsMilli: item.oddsMilli })),
        oddsPolicy: policy,
      },
    });
  };
  if (mode === 'combo') add(state.selections, stakeOf(state.comboStake), 'combo');
  else for (const item of state.selections) add([item], stakeOf(state.stakes[item.outcomeId] ?? ''), item.outcomeId);
  const unit = 10 ** decimals;
  totalStake = Math.round(totalStake * unit) / unit;
  totalPayout = Math.round(totalPayout * unit) / unit;
  const aboveBalance = limits !== undefined && totalStake > limits.balance;
  const suspended = state.selections.some((item) => item.suspended);
  const ready = state.selections.length > 0 && Object.keys(errors).length === 0 && !aboveBalance && !suspended;
  return { mode, placements, totalStake, totalPayout, errors, aboveBalance, suspended, ready };
}

/** What identifies a placement for its `requestId`: the same unchanged ticket is the same request. */
export function placementFingerprint(body: Placement['body']): string {
  return JSON.stringify([body.stake, body.oddsPolicy, body.selections.map((item) => [item.outcomeId, item.oddsMilli])]);
}

// ---------------------------------------------------------------------------
// Storage
// ---------------------------------------------------------------------------

export function parseOddsPolicy(stored: string | null): OddsChangePolicyName {
  return ODDS_CHANGE_POLICIES.find((policy) => policy === stored) ?? DEFAULT_ODDS_POLICY;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const nullableNumber = (value: unknown) =>
  value === null ? null : typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function parseSelection(value: unknown): SlipSelection | null {
  if (!isRecord(value)) return null;
  const outcomeId = str(value.outcomeId);
  const outcomeKey = str(value.outcomeKey);
  const eventId = str(value.eventId);
  const sportKey = str(value.sportKey);
  const home = str(value.home);
  const away = str(value.away);
  const marketId = str(value.marketId);
  const marketType = str(value.marketType) as SportsbookMarketType | undefined;
  const line = nullableNumber(value.line);
  const number = nullableNumber(value.number);
  const oddsMilli = int(value.oddsMilli);
  const liveOddsMilli = int(value.liveOddsMilli);
  if (
    outcomeId === undefined ||
    outcomeKey === undefined ||
    eventId === undefined ||
    sportKey === undefined ||
    home === undefined ||
    away === undefined ||
    marketId === undefined ||
    marketType === undefined ||
    line === undefined ||
    number === undefined ||
    oddsMilli === undefined ||
    liveOddsMilli === undefined
  ) {
    return null;
  }
  return {
    outcomeId,
    outcomeKey,
    eventId,
    sportKey,
    home,
    away,
    marketId,
    marketType,
    line,
    number,
    oddsMilli,
    liveOddsMilli,
    suspended: value.suspended === true,
    live: value.live === true,
  };
}

/** A stored slip; anything unreadable is left out (an empty slip at worst). */
export function parseStoredSlip(stored: string | null): SlipState {
  if (!stored) return EMPTY_SLIP;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return EMPTY_SLIP;
  }
  if (!isRecord(value)) return EMPTY_SLIP;
  const selections = (Array.isArray(value.selections) ? value.selections : [])
    .map(parseSelection)
    .filter((item): item is SlipSelection => item !== null)
    .slice(0, MAX_SELECTIONS);
  const ids = new Set(selections.map((item) => item.outcomeId));
  const stakes = isRecord(value.stakes)
    ? Object.fromEntries(
        Object.entries(value.stakes).filter(
          (entry): entry is [string, string] => ids.has(entry[0]) && typeof entry[1] === 'string',
        ),
      )
    : {};
  return {
    selections: selections.filter(
      (item, index) => selections.findIndex((o) => o.outcomeId === item.outcomeId) === index,
    ),
    mode: value.mode === 'combo' ? 'combo' : 'singles',
    stakes,
    comboStake: str(value.comboStake) ?? '',
  };
}

export function serializeSlip(state: SlipState): string {
  return JSON.stringify(state);
}
