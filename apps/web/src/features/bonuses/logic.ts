import {
  BonusResult,
  BonusStatus,
  BonusType,
  type AmountItem,
  type AmountRangeItem,
  type Bonus,
  type PlayerBonus,
  type PlayerBonusesQuery,
  type PlayerFreespinDetail,
} from '@croupier/contract';
import { roundTo, type CurrencyInfo } from '../../lib/wallet-display';

/**
 * The bonuses' pure rules (docs/bonuses.md): what a catalogue bonus gives in a currency,
 * whether a deposit fits it, which offer the deposit form picks, and what the player's own
 * bonuses show and which confirmation an action needs. No React, so that each rule has a
 * unit test (logic.test.ts).
 *
 * Amounts on the wire are major units of their currency; the `baseCurrency…` amounts are
 * in the base currency (USD) and convert with the currency's `rate.rate`, the number of its
 * minor units worth one base major unit (docs/api.md, "Conventions"). Conversions round as
 * the server does: a lower bound up, everything else down, to a minor unit.
 */

// ---------------------------------------------------------------------------
// Amounts in a currency
// ---------------------------------------------------------------------------

/** The currency facts the rules need: its code, minor units per major unit and its rate. */
export type BonusCurrency = Pick<CurrencyInfo, 'code' | 'subunitToUnit' | 'rate'>;

/** A major amount of the currency in its minor units. */
export function toMinor(amountMajor: number, currency: Pick<BonusCurrency, 'subunitToUnit'>): number {
  return Math.round(amountMajor * currency.subunitToUnit);
}

/** Minor units of the currency back to a major amount. */
function toMajor(amountMinor: number, currency: Pick<BonusCurrency, 'subunitToUnit'>): number {
  return roundTo(amountMinor / currency.subunitToUnit, 12);
}

/**
 * A base-currency major amount in minor units of `currency`, rounded down (`up` for a
 * lower bound); undefined when the currency's rate is unknown.
 */
export function fromBaseMinor(amountBase: number, currency: BonusCurrency, up = false): number | undefined {
  const rate = currency.rate?.rate;
  if (!rate) return undefined;
  return up ? Math.ceil(amountBase * rate) : Math.floor(amountBase * rate);
}

/** The currency's own amount, else the base amount converted (major units); null when neither is set. */
export function amountIn(
  items: readonly AmountItem[],
  base: number | null | undefined,
  currency: BonusCurrency,
): number | null {
  const own = items.find((item) => item.currency === currency.code);
  if (own) return own.amount;
  if (base === null || base === undefined) return null;
  const minor = fromBaseMinor(base, currency);
  return minor === undefined ? null : toMajor(minor, currency);
}

/** The upper end of a per-currency range, else the base one converted (major units). */
function rangeTo(
  items: readonly AmountRangeItem[],
  base: number | null | undefined,
  currency: BonusCurrency,
): number | null {
  const own = items.find((item) => item.currency === currency.code);
  if (own) return own.amountTo ? own.amountTo : null;
  if (base === null || base === undefined) return null;
  const minor = fromBaseMinor(base, currency);
  return minor === undefined ? null : toMajor(minor, currency);
}

// ---------------------------------------------------------------------------
// Deposit bounds and fit
// ---------------------------------------------------------------------------

/** A deposit's bounds in minor units of a currency; null ends are open. */
export interface DepositBounds {
  minMinor: number | null;
  maxMinor: number | null;
}

/**
 * The deposit bounds of a bonus in a currency: the currency's own range when the bonus
 * names it, else the base-currency bounds converted. Undefined when base bounds are set
 * but the currency's rate is unknown (nothing can be said to fit then).
 */
export function depositBounds(
  bonus: Pick<Bonus, 'triggerConditions'>,
  currency: BonusCurrency,
): DepositBounds | undefined {
  const conditions = bonus.triggerConditions;
  const own = conditions.invoiceAmountItems.find((item) => item.currency === currency.code);
  if (own) {
    return {
      minMinor: own.amountFrom ? toMinor(own.amountFrom, currency) : null,
      maxMinor: own.amountTo ? toMinor(own.amountTo, currency) : null,
    };
  }
  const from = conditions.baseCurrencyInvoiceAmountFrom;
  const to = conditions.baseCurrencyInvoiceAmountTo;
  const minMinor = from === null ? null : fromBaseMinor(from, currency, true);
  const maxMinor = to === null ? null : fromBaseMinor(to, currency);
  if (minMinor === undefined || maxMinor === undefined) return undefined;
  return { minMinor, maxMinor };
}

/** Whether a deposit of `amountMinor` fits the bonus: at least its minimum, at most its maximum where present. */
export function fitsDeposit(
  bonus: Pick<Bonus, 'triggerConditions'>,
  amountMinor: number | null,
  currency: BonusCurrency | undefined,
): boolean {
  if (amountMinor === null || amountMinor <= 0 || !currency) return false;
  const bounds = depositBounds(bonus, currency);
  if (!bounds) return false;
  return (
    (bounds.minMinor === null || amountMinor >= bounds.minMinor) &&
    (bounds.maxMinor === null || amountMinor <= bounds.maxMinor)
  );
}

// ---------------------------------------------------------------------------
// Offers at deposit: cards and what each gives
// ---------------------------------------------------------------------------

/** One choice of the deposit form's picker: a bonus, or a package shown by its next step. */
export interface OfferCard {
  /** The bonus a deposit names when this card is chosen. */
  id: string;
  bonus: Bonus;
  /** The package's name when the bonus is a package step. */
  packageName: string | null;
  /** The step's number in its package (its priority), when it is one. */
  step: number | null;
}

/** Types the picker shows: cash and percentage bonuses (free spins and cashback have no deposit UI yet). */
const DEPOSIT_TYPES: readonly number[] = [BonusType.CASH, BonusType.PERCENTAGE];

/**
 * The picker's cards: packages first (a welcome package is the offer a new player came
 * for), then single bonuses, each in the server's order. A package's bonuses are one card
 * showing its lowest-priority step (the server offers only the next step anyway).
 */
export function offerCards(bonuses: readonly Bonus[]): OfferCard[] {
  const cards: OfferCard[] = [];
  const packages = new Map<string, number>();
  for (const bonus of bonuses) {
    if (!DEPOSIT_TYPES.includes(bonus.type)) continue;
    const card: OfferCard = {
      id: bonus.id,
      bonus,
      packageName: bonus.package?.name ?? null,
      step: bonus.package ? bonus.packagePriority : null,
    };
    if (!bonus.package) {
      cards.push(card);
      continue;
    }
    const at = packages.get(bonus.package.id);
    if (at === undefined) {
      packages.set(bonus.package.id, cards.length);
      cards.push(card);
    } else if (bonus.packagePriority < (cards[at]?.bonus.packagePriority ?? Infinity)) {
      cards[at] = card;
    }
  }
  return [...cards.filter((card) => card.packageName !== null), ...cards.filter((card) => card.packageName === null)];
}

/** What a catalogue bonus gives and asks in one currency (major units of it). */
export interface OfferTerms {
  type: number;
  /** Percentage bonuses: the share of the deposit. */
  percentage: number | null;
  /** Cash bonuses: the amount. */
  amount: number | null;
  /** Percentage bonuses: the most it gives. */
  maxAmount: number | null;
  minDeposit: number | null;
  maxDeposit: number | null;
  /** Times the bonus is wagered (casino). */
  wager: number;
  maxBet: number | null;
  maxWin: number | null;
  maxWinMultiplier: number | null;
  contributions: readonly { category: string; percentage: number }[];
  games: GamesScope;
  activationDays: number | null;
  wageringDays: number | null;
}

/** Which games count toward the wager: all, only some, or all but some. */
export interface GamesScope {
  games: { ids: readonly string[]; excluded: boolean };
  providers: { ids: readonly string[]; excluded: boolean };
}

export function offerTerms(bonus: Bonus, currency: BonusCurrency): OfferTerms {
  const assign = bonus.assignConditions;
  const wager = bonus.wagerCasinoConditions;
  const bounds = depositBounds(bonus, currency);
  return {
    type: bonus.type,
    percentage: bonus.type === BonusType.PERCENTAGE ? assign.depositPercentage : null,
    amount: bonus.type === BonusType.CASH ? amountIn(assign.amountItems, assign.baseCurrencyAmount, currency) : null,
    maxAmount:
      bonus.type === BonusType.PERCENTAGE
        ? amountIn(
            assign.maxAmountItems.length > 0 ? assign.maxAmountItems : assign.maxBonusAmountItems,
            assign.baseCurrencyMaxAmount,
            currency,
          )
        : null,
    minDeposit: bounds?.minMinor != null ? toMajor(bounds.minMinor, currency) : null,
    maxDeposit: bounds?.maxMinor != null ? toMajor(bounds.maxMinor, currency) : null,
    wager: bonus.wagerCasino,
    maxBet: rangeTo(wager.amountItems, wager.baseCurrencyAmountTo, currency),
    maxWin: amountIn(bonus.maxWinAmountItems, bonus.baseCurrencyMaxWinAmount, currency),
    maxWinMultiplier: bonus.maxWinMultiplier,
    contributions: wager.categoryContributions ?? [],
    games: gamesScope(wager),
    activationDays: bonus.activationDays ?? null,
    wageringDays: bonus.wageringDays ?? null,
  };
}

function gamesScope(conditions: Bonus['wagerCasinoConditions'] | PlayerBonus['wagerCasinoConditions']): GamesScope {
  return {
    games: { ids: conditions?.gameIds ?? [], excluded: conditions?.gameIdsExcluded ?? false },
    providers: { ids: conditions?.providerIds ?? [], excluded: conditions?.providerIdsExcluded ?? false },
  };
}

// ---------------------------------------------------------------------------
// The deposit form's choice
// ---------------------------------------------------------------------------

/**
 * What the player chose: nothing yet (`auto`: the form picks the first offer that fits),
 * a bonus, or an explicit "No bonus". Choosing a bonus replaces a decline and declining
 * replaces the bonus, since there is one value.
 */
export type BonusChoice = { kind: 'auto' } | { kind: 'bonus'; id: string } | { kind: 'declined' };

export const AUTO_CHOICE: BonusChoice = { kind: 'auto' };

/** Whether a card fits the deposit: for a crypto deposit (no amount) every card does. */
export type FitTest = (card: OfferCard) => boolean;

/**
 * The fit test of a deposit: its amount (major units; null when not a valid amount) within
 * each bonus's bounds in the currency. A crypto deposit's amount is the payer's, so there
 * every offer fits and the first one is the default.
 */
export function fitTest(amountMajor: number | null, currency: BonusCurrency | undefined, crypto: boolean): FitTest {
  if (crypto) return () => true;
  const amountMinor = amountMajor === null || !currency ? null : toMinor(amountMajor, currency);
  return (card) => fitsDeposit(card.bonus, amountMinor, currency);
}

/**
 * A fit test narrowed to the offers the server answered for the amount (`GET
 * /api/game/bonuses` with `amount`): it alone knows every rule. Without an answer for this
 * amount yet, the deposit bounds decide alone.
 */
export function withOffers(fits: FitTest, answered: readonly Pick<Bonus, 'id'>[] | undefined): FitTest {
  if (!answered) return fits;
  const ids = new Set(answered.map((bonus) => bonus.id));
  return (card) => fits(card) && ids.has(card.id);
}

/** The first card that fits, or null. */
export function defaultOffer(cards: readonly OfferCard[], fits: FitTest): string | null {
  return cards.find(fits)?.id ?? null;
}

/**
 * The bonus a deposit names: none after a decline; the chosen one while it is offered and
 * fits; otherwise the first that fits (null: no bonus, which the form shows as declined).
 */
export function selectedOffer(choice: BonusChoice, cards: readonly OfferCard[], fits: FitTest): string | null {
  if (choice.kind === 'declined') return null;
  if (choice.kind === 'bonus') {
    const card = cards.find((item) => item.id === choice.id);
    if (card && fits(card)) return card.id;
  }
  return defaultOffer(cards, fits);
}

/**
 * The choice after the amount changed: a chosen bonus whose bounds the new amount breaks
 * gives way to the first that fits (or none); a decline stays a decline.
 */
export function choiceAfterAmountChange(choice: BonusChoice, cards: readonly OfferCard[], fits: FitTest): BonusChoice {
  if (choice.kind !== 'bonus') return choice;
  const card = cards.find((item) => item.id === choice.id);
  return card && fits(card) ? choice : AUTO_CHOICE;
}

/** The deposit request's bonus fields: the bonus named, or an explicit decline. */
export function depositBonusFields(selectedId: string | null): { bonusId: string | null; isBonusDecline: boolean } {
  return { bonusId: selectedId, isBonusDecline: selectedId === null };
}

/** The reason a card cannot be chosen for this amount, for its hint; null when it fits. */
export function misfit(
  card: OfferCard,
  amountMajor: number | null,
  currency: BonusCurrency | undefined,
): { kind: 'min'; amount: number } | { kind: 'max'; amount: number } | { kind: 'amount' } | null {
  if (!currency) return { kind: 'amount' };
  const bounds = depositBounds(card.bonus, currency);
  if (!bounds) return { kind: 'amount' };
  const amountMinor = amountMajor === null ? null : toMinor(amountMajor, currency);
  if (amountMinor !== null && fitsDeposit(card.bonus, amountMinor, currency)) return null;
  if (bounds.minMinor !== null && (amountMinor === null || amountMinor < bounds.minMinor)) {
    return { kind: 'min', amount: toMajor(bounds.minMinor, currency) };
  }
  if (bounds.maxMinor !== null && amountMinor !== null && amountMinor > bounds.maxMinor) {
    return { kind: 'max', amount: toMajor(bounds.maxMinor, currency) };
  }
  return { kind: 'amount' };
}

// ---------------------------------------------------------------------------
// The player's bonuses
// ---------------------------------------------------------------------------

export type BonusTab = 'active' | 'history';

/** Lists of the profile page: issued and active ones (all on one page), finished ones ten a page. */
export const ACTIVE_PER_PAGE = 20;
export const HISTORY_PER_PAGE = 10;

/** `GET /api/game/player-bonuses` for a tab: statuses 1 and 2, or 3; newest first. */
export function playerBonusesQuery(
  tab: BonusTab,
  currency: string | undefined,
  page: number,
): PlayerBonusesQuery & { status: number[] } {
  return {
    status: tab === 'active' ? [BonusStatus.ISSUED, BonusStatus.ACTIVE] : [BonusStatus.FINISHED],
    ...(currency ? { currency: [currency] } : {}),
    sortOrder: 'desc',
    page,
    perPage: tab === 'active' ? ACTIVE_PER_PAGE : HISTORY_PER_PAGE,
  };
}

/** Open bonuses as the page lists them: the active one first, then the issued ones, newest first. */
export function openBonusesInOrder(bonuses: readonly PlayerBonus[]): PlayerBonus[] {
  return [
    ...bonuses.filter((bonus) => bonus.status === BonusStatus.ACTIVE),
    ...bonuses.filter((bonus) => bonus.status !== BonusStatus.ACTIVE),
  ];
}

/** The status text key (`statuses.bonus.*`): issued, active, or how it finished. */
export type BonusStatusKey = 'issued' | 'active' | 'played' | 'canceled' | 'expired' | 'lost';

export function bonusStatusKey(bonus: Pick<PlayerBonus, 'status' | 'result'>): BonusStatusKey {
  if (bonus.status === BonusStatus.ISSUED) return 'issued';
  if (bonus.status === BonusStatus.ACTIVE) return 'active';
  switch (bonus.result) {
    case BonusResult.PLAYED:
      return 'played';
    case BonusResult.EXPIRED:
      return 'expired';
    case BonusResult.LOST:
      return 'lost';
    default:
      return 'canceled';
  }
}

/**
 * The wager's progress: the server's percentage (two decimals), what was wagered, what is
 * left (`requiredWagerCasinoAmount` is what is left) and the whole requirement.
 */
export function wagerProgress(bonus: PlayerBonus): { percent: number; wagered: number; left: number; total: number } {
  const wagered = bonus.currentWagerCasinoAmount ?? 0;
  const left = bonus.requiredWagerCasinoAmount ?? 0;
  const total = roundTo(wagered + left, 8);
  const fallback = total > 0 ? (wagered / total) * 100 : 0;
  const percent = Math.min(100, Math.max(0, bonus.currentWagerPercentage ?? fallback));
  return { percent: Math.floor(percent * 100 + 1e-9) / 100, wagered, left, total };
}

/** Whether wagering has started (any amount wagered, casino or sportsbook). */
function wageringStarted(bonus: PlayerBonus): boolean {
  return (bonus.currentWagerCasinoAmount ?? 0) > 0 || (bonus.currentWagerSportsbookAmount ?? 0) > 0;
}

/** A locked bonus: active, cancel-locked by its terms, and its wager started (the server refuses with 15002). */
export function isCancelLocked(bonus: PlayerBonus): boolean {
  return bonus.status === BonusStatus.ACTIVE && bonus.isBonusCancelLock === true && wageringStarted(bonus);
}

export type CancelScreen =
  'bonus-cancel-lock' | 'cancel-unsettled-bonus' | 'cancel-active-bonus' | 'cancel-issued-bonus';

/**
 * The screen a Cancel opens: the lock notice for a locked bonus; the unsettled-bets warning
 * while bets placed with it are open; else the confirmation for an active or an issued
 * bonus. Null for a finished bonus (nothing to cancel).
 */
export function cancelScreen(bonus: PlayerBonus): CancelScreen | null {
  if (bonus.status === BonusStatus.FINISHED) return null;
  if (isCancelLocked(bonus)) return 'bonus-cancel-lock';
  if ((bonus.openedTransactionsCount ?? 0) > 0) return 'cancel-unsettled-bonus';
  return bonus.status === BonusStatus.ACTIVE ? 'cancel-active-bonus' : 'cancel-issued-bonus';
}

/**
 * What Activate does: nothing to ask when no other bonus of the account (currency) is
 * active; the change-active confirmation when one is (activating cancels it); the lock
 * notice when that one is locked. Null for a bonus that is not issued.
 */
export function activateScreen(
  bonus: PlayerBonus,
  others: readonly PlayerBonus[],
): { screen: 'activate' } | { screen: 'change-active-bonus' | 'bonus-cancel-lock'; active: PlayerBonus } | null {
  if (bonus.status !== BonusStatus.ISSUED) return null;
  const active = others.find(
    (item) => item.id !== bonus.id && item.status === BonusStatus.ACTIVE && item.currency === bonus.currency,
  );
  if (!active) return { screen: 'activate' };
  return { screen: isCancelLocked(active) ? 'bonus-cancel-lock' : 'change-active-bonus', active };
}

/** The deadline a card shows: the time to activate an issued bonus, to wager an active one, or when it finished. */
export function bonusDeadline(
  bonus: PlayerBonus,
): { kind: 'activateBy' | 'wagerBy' | 'finishedAt'; at: string } | null {
  const at =
    bonus.status === BonusStatus.ISSUED
      ? bonus.activationExpiredAt
      : bonus.status === BonusStatus.ACTIVE
        ? bonus.wageringExpiredAt
        : bonus.finishedAt;
  if (!at) return null;
  const kind =
    bonus.status === BonusStatus.ISSUED ? 'activateBy' : bonus.status === BonusStatus.ACTIVE ? 'wagerBy' : 'finishedAt';
  return { kind, at };
}

/** What the details of a player's bonus show (major units of its currency). */
export interface PlayerBonusTerms {
  amount: number;
  wager: number;
  maxBet: number | null;
  maxWin: number | null;
  maxWinMultiplier: number | null;
  contributions: readonly { category: string; percentage: number }[];
  games: GamesScope;
}

export function playerBonusTerms(bonus: PlayerBonus): PlayerBonusTerms {
  return {
    amount: bonus.amount,
    wager: bonus.wagerCasino ?? 0,
    maxBet: bonus.maxBetAmount,
    maxWin: bonus.maxWinAmount ?? null,
    maxWinMultiplier: bonus.maxWinMultiplier ?? null,
    contributions: bonus.wagerCasinoConditions?.categoryContributions ?? [],
    games: gamesScope(bonus.wagerCasinoConditions),
  };
}

/**
 * Free-spin grants a tab lists: issued and active ones (one page of 20), or finished ones
 * newest first, ten a page like the bonuses' history.
 */
export const FREESPINS_PER_PAGE = 20;

export function playerFreespinsQuery(
  tab: BonusTab,
  currency: string | undefined,
  page = 1,
): PlayerBonusesQuery & { status: number[] } {
  const history = tab === 'history';
  return {
    status: history ? [BonusStatus.FINISHED] : [BonusStatus.ISSUED, BonusStatus.ACTIVE],
    ...(currency ? { currency: [currency] } : {}),
    sortOrder: 'desc',
    page: history ? page : 1,
    perPage: history ? HISTORY_PER_PAGE : FREESPINS_PER_PAGE,
  };
}

/** What the bonuses page keeps in its URL: the tab and, in History, the page of each list. */
export interface BonusesPageState {
  tab: BonusTab;
  /** The page of the bonuses' history. */
  page: number;
  /** The page of the free spins' history. */
  freespinsPage: number;
}

const pageParam = (value: string | null) => {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page > 1 ? page : 1;
};

/** `?tab=history&page=2&freespinsPage=3`; the active tab has one page of each. */
export function bonusesPageState(search: URLSearchParams): BonusesPageState {
  if (search.get('tab') !== 'history') return { tab: 'active', page: 1, freespinsPage: 1 };
  return { tab: 'history', page: pageParam(search.get('page')), freespinsPage: pageParam(search.get('freespinsPage')) };
}

/** The URL's search for a state (first pages and the active tab left out). */
export function bonusesPageSearch(state: BonusesPageState): Record<string, string> {
  if (state.tab !== 'history') return {};
  return {
    tab: 'history',
    ...(state.page > 1 ? { page: String(state.page) } : {}),
    ...(state.freespinsPage > 1 ? { freespinsPage: String(state.freespinsPage) } : {}),
  };
}

/** A grant's status text key (`statuses.bonus.*`): issued, active, or how it finished (never "lost"). */
export function freespinStatusKey(grant: Pick<PlayerFreespinDetail, 'status' | 'result'>): BonusStatusKey {
  const key = bonusStatusKey(grant);
  return key === 'lost' ? 'expired' : key;
}

/** Spins used of the grant's count, and the percent for the bar (0–100). */
export function freespinProgress(grant: Pick<PlayerFreespinDetail, 'count' | 'usedCount'>): {
  used: number;
  count: number;
  percent: number;
} {
  const count = Math.max(0, grant.count);
  const used = Math.min(Math.max(0, grant.usedCount), count);
  return { used, count, percent: count > 0 ? Math.round((used / count) * 10_000) / 100 : 0 };
}

/** The deadline a grant's card shows: the time to activate an issued grant, to play an active one. */
export function freespinDeadline(
  grant: Pick<PlayerFreespinDetail, 'status' | 'activationExpiredAt' | 'expiredAt'>,
): { kind: 'activateBy' | 'playBy'; at: string } | null {
  if (grant.status === BonusStatus.ISSUED) {
    return grant.activationExpiredAt ? { kind: 'activateBy', at: grant.activationExpiredAt } : null;
  }
  if (grant.status === BonusStatus.ACTIVE) return grant.expiredAt ? { kind: 'playBy', at: grant.expiredAt } : null;
  return null;
}

/** Open grants as the page lists them: active ones first (they can be played), then issued ones. */
export function openFreespinsInOrder<T extends Pick<PlayerFreespinDetail, 'status'>>(grants: readonly T[]): T[] {
  return [
    ...grants.filter((grant) => grant.status === BonusStatus.ACTIVE),
    ...grants.filter((grant) => grant.status !== BonusStatus.ACTIVE),
  ];
}

/** The free spins that come with a bonus (its package step's free-spins companions), 0 without. */
export const freespinsWith = (bonus: Pick<Bonus, 'freespins'>): number =>
  (bonus.freespins ?? []).reduce((sum, item) => sum + item.count, 0);
