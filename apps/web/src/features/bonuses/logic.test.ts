import type { Bonus } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import {
  AUTO_CHOICE,
  activateScreen,
  bonusDeadline,
  bonusStatusKey,
  cancelScreen,
  choiceAfterAmountChange,
  depositBonusFields,
  depositBounds,
  fitTest,
  fitsDeposit,
  misfit,
  offerCards,
  offerTerms,
  openBonusesInOrder,
  playerBonusesQuery,
  playerBonusTerms,
  selectedOffer,
  wagerProgress,
  withOffers,
  type BonusChoice,
  type BonusCurrency,
} from './logic';
import { offer, playerBonus } from './bonuses.testutil';

const USD: BonusCurrency = { code: 'USD', subunitToUnit: 100, rate: { rate: 100 } };
/** 0.92 EUR to the dollar: 92 cents per base unit. */
const EUR: BonusCurrency = { code: 'EUR', subunitToUnit: 100, rate: { rate: 92 } };
/** BTC at 50,000 USD: 2,000 satoshi per dollar. */
const BTC: BonusCurrency = { code: 'BTC', subunitToUnit: 100_000_000, rate: { rate: 2000 } };

/** An offer as the API answers it, with changes to its deposit bounds (`trigger`) merged in. */
function bonus(id: string, overrides: Partial<Bonus> = {}, trigger: Partial<Bonus['triggerConditions']> = {}): Bonus {
  return offer(id, { triggerConditions: { ...offer(id).triggerConditions, ...trigger }, ...overrides });
}

const welcome = (step: number, max: number) =>
  bonus(`welcome-${step}`, {
    package: { id: 'welcome', name: 'Welcome package' },
    packagePriority: step,
    assignConditions: { ...bonus('x').assignConditions, baseCurrencyMaxAmount: max },
  });
const reload = bonus('reload', {
  assignConditions: { ...bonus('x').assignConditions, depositPercentage: 25, baseCurrencyMaxAmount: 100 },
});
Object.assign(reload.triggerConditions, { baseCurrencyInvoiceAmountFrom: 30 });

describe('deposit bounds and fit', () => {
  it('converts base-currency bounds with the rate: the minimum rounded up, the maximum down', () => {
    const capped = bonus(
      'capped',
      {},
      { baseCurrencyInvoiceAmountFrom: 20.005, baseCurrencyInvoiceAmountTo: 1000.009 },
    );
    expect(depositBounds(capped, USD)).toEqual({ minMinor: 2001, maxMinor: 100_000 });
    expect(depositBounds(capped, EUR)).toEqual({ minMinor: 1841, maxMinor: 92_000 });
    expect(depositBounds(bonus('b'), BTC)).toEqual({ minMinor: 40_000, maxMinor: null });
  });

  it('takes the currency’s own bounds first, an empty end being open', () => {
    const own = bonus('own', {}, { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 10, amountTo: 200 }] });
    expect(depositBounds(own, EUR)).toEqual({ minMinor: 1000, maxMinor: 20_000 });
    // USD has no own range: the base bounds apply.
    expect(depositBounds(own, USD)).toEqual({ minMinor: 2000, maxMinor: null });
    const openEnded = bonus('open', {}, { invoiceAmountItems: [{ currency: 'EUR', amountFrom: null, amountTo: 50 }] });
    expect(depositBounds(openEnded, EUR)).toEqual({ minMinor: null, maxMinor: 5000 });
  });

  it('fits an amount at least the minimum and at most the maximum', () => {
    const ranged = bonus('r', {}, { invoiceAmountItems: [{ currency: 'USD', amountFrom: 20, amountTo: 100 }] });
    expect(fitsDeposit(ranged, 1999, USD)).toBe(false);
    expect(fitsDeposit(ranged, 2000, USD)).toBe(true);
    expect(fitsDeposit(ranged, 10_000, USD)).toBe(true);
    expect(fitsDeposit(ranged, 10_001, USD)).toBe(false);
    expect(fitsDeposit(ranged, null, USD)).toBe(false);
    expect(fitsDeposit(ranged, 5000, undefined)).toBe(false);
  });

  it('fits nothing with base bounds in a currency whose rate is unknown', () => {
    const noRate: BonusCurrency = { code: 'XYZ', subunitToUnit: 100 };
    expect(depositBounds(bonus('b'), noRate)).toBeUndefined();
    expect(fitsDeposit(bonus('b'), 1_000_000, noRate)).toBe(false);
  });

  it('says why a card does not fit', () => {
    const [card] = offerCards([bonus('r', {}, { baseCurrencyInvoiceAmountTo: 100 })]);
    if (!card) throw new Error('no card');
    expect(misfit(card, 10, USD)).toEqual({ kind: 'min', amount: 20 });
    expect(misfit(card, null, USD)).toEqual({ kind: 'min', amount: 20 });
    expect(misfit(card, 150, USD)).toEqual({ kind: 'max', amount: 100 });
    expect(misfit(card, 50, USD)).toBeNull();
  });
});

describe('offer cards and terms', () => {
  it('shows a package once, by its next step, packages first, each kind in the server’s order', () => {
    const cash = bonus('cash', { type: 1 });
    const spins = bonus('spins', { type: 3 });
    const cards = offerCards([reload, welcome(2, 300), cash, welcome(1, 500), spins]);
    expect(cards.map((card) => [card.id, card.packageName, card.step])).toEqual([
      ['welcome-1', 'Welcome package', 1],
      ['reload', null, null],
      ['cash', null, null],
    ]);
  });

  it('gives the percentage, its cap, the minimum deposit, wager and max bet in the currency', () => {
    expect(offerTerms(welcome(1, 500), USD)).toMatchObject({
      percentage: 100,
      amount: null,
      maxAmount: 500,
      minDeposit: 20,
      maxDeposit: null,
      wager: 35,
      maxBet: 5,
      activationDays: 30,
    });
    // 500 USD at 92 cents: 460 EUR; the 5 USD max bet is 4.60 EUR.
    expect(offerTerms(welcome(1, 500), EUR)).toMatchObject({ maxAmount: 460, minDeposit: 18.4, maxBet: 4.6 });
    expect(offerTerms(welcome(1, 500), BTC)).toMatchObject({ maxAmount: 0.01, minDeposit: 0.0004, maxBet: 0.0001 });
  });

  it('prefers the currency’s own amounts, and gives a cash bonus’s amount', () => {
    const cash = bonus('cash', {
      type: 1,
      assignConditions: {
        ...bonus('x').assignConditions,
        amountItems: [{ currency: 'EUR', amount: 15 }],
        baseCurrencyAmount: 20,
      },
      maxWinAmountItems: [{ currency: 'EUR', amount: 200 }],
      wagerCasinoConditions: {
        ...bonus('x').wagerCasinoConditions,
        amountItems: [{ currency: 'EUR', amountFrom: 0.1, amountTo: 3 }],
      },
    });
    expect(offerTerms(cash, EUR)).toMatchObject({
      amount: 15,
      maxAmount: null,
      percentage: null,
      maxBet: 3,
      maxWin: 200,
    });
    expect(offerTerms(cash, USD)).toMatchObject({ amount: 20, maxBet: 5, maxWin: null });
  });
});

describe('the deposit form’s choice', () => {
  const cards = offerCards([welcome(1, 500), reload]);
  const at = (amount: number | null) => fitTest(amount, USD, false);

  it('defaults to the first bonus fitting the amount, and to none when none fits', () => {
    expect(selectedOffer(AUTO_CHOICE, cards, at(100))).toBe('welcome-1');
    // 25 USD: the reload bonus needs 30, so a list led by it still defaults to the welcome step.
    expect(selectedOffer(AUTO_CHOICE, offerCards([reload]), at(25))).toBeNull();
    expect(selectedOffer(AUTO_CHOICE, offerCards([reload, bonus('low')]), at(25))).toBe('low');
    expect(selectedOffer(AUTO_CHOICE, cards, at(10))).toBeNull();
    expect(selectedOffer(AUTO_CHOICE, cards, at(null))).toBeNull();
    expect(selectedOffer(AUTO_CHOICE, [], at(100))).toBeNull();
  });

  it('defaults to the first bonus for a crypto deposit, whose amount is the payer’s', () => {
    expect(selectedOffer(AUTO_CHOICE, cards, fitTest(null, BTC, true))).toBe('welcome-1');
  });

  it('selecting a bonus clears a decline; declining clears the selection', () => {
    const picked: BonusChoice = { kind: 'bonus', id: 'reload' };
    expect(selectedOffer(picked, cards, at(100))).toBe('reload');
    const declined: BonusChoice = { kind: 'declined' };
    expect(selectedOffer(declined, cards, at(100))).toBeNull();
    expect(depositBonusFields(selectedOffer(declined, cards, at(100)))).toEqual({
      bonusId: null,
      isBonusDecline: true,
    });
    expect(depositBonusFields(selectedOffer(picked, cards, at(100)))).toEqual({
      bonusId: 'reload',
      isBonusDecline: false,
    });
  });

  it('an amount that breaks the chosen bonus’s bounds re-selects a fitting bonus or declines', () => {
    const picked: BonusChoice = { kind: 'bonus', id: 'reload' };
    // 25 USD: the reload needs 30, the welcome step 20.
    const after25 = choiceAfterAmountChange(picked, cards, at(25));
    expect(after25).toEqual(AUTO_CHOICE);
    expect(selectedOffer(after25, cards, at(25))).toBe('welcome-1');
    // 10 USD: nothing fits, so no bonus.
    expect(selectedOffer(choiceAfterAmountChange(picked, cards, at(10)), cards, at(10))).toBeNull();
    // Still fitting: kept.
    expect(choiceAfterAmountChange(picked, cards, at(50))).toBe(picked);
    // A decline is the player's and stays.
    const declined: BonusChoice = { kind: 'declined' };
    expect(choiceAfterAmountChange(declined, cards, at(10))).toBe(declined);
  });

  it('lets the server’s answer for the amount narrow what fits, once it has answered', () => {
    const fits = at(100);
    expect(offerCards([welcome(1, 500), reload]).map(withOffers(fits, undefined))).toEqual([true, true]);
    // The server left the reload bonus out for 100 USD (a rule the bounds do not show).
    const narrowed = withOffers(fits, [{ id: 'welcome-1' }]);
    expect(cards.map(narrowed)).toEqual([true, false]);
    expect(selectedOffer({ kind: 'bonus', id: 'reload' }, cards, narrowed)).toBe('welcome-1');
    // The bounds still apply: the server cannot make 10 USD fit a 20 USD minimum.
    expect(cards.map(withOffers(at(10), [{ id: 'welcome-1' }]))).toEqual([false, false]);
  });

  it('falls back to the default when the chosen bonus is no longer offered', () => {
    expect(selectedOffer({ kind: 'bonus', id: 'gone' }, cards, at(100))).toBe('welcome-1');
  });
});

describe('the player’s bonuses', () => {
  it('asks the lists of each tab, newest first', () => {
    expect(playerBonusesQuery('active', 'USD', 1)).toEqual({
      status: [1, 2],
      currency: ['USD'],
      sortOrder: 'desc',
      page: 1,
      perPage: 20,
    });
    expect(playerBonusesQuery('history', undefined, 3)).toEqual({
      status: [3],
      sortOrder: 'desc',
      page: 3,
      perPage: 10,
    });
  });

  it('lists the active bonus before the issued ones, each kind newest first', () => {
    const list = [
      playerBonus({ id: 'new', status: 1 }),
      playerBonus({ id: 'act' }),
      playerBonus({ id: 'old', status: 1 }),
    ];
    expect(openBonusesInOrder(list).map((bonus) => bonus.id)).toEqual(['act', 'new', 'old']);
  });

  it('names the status of issued, active and each way of finishing', () => {
    expect(bonusStatusKey({ status: 1, result: 1 })).toBe('issued');
    expect(bonusStatusKey({ status: 2, result: 1 })).toBe('active');
    expect([2, 3, 4, 5].map((result) => bonusStatusKey({ status: 3, result }))).toEqual([
      'played',
      'canceled',
      'expired',
      'lost',
    ]);
  });

  it('gives the wager’s progress: left is what remains, total is wagered plus left', () => {
    expect(wagerProgress(playerBonus())).toEqual({ percent: 0, wagered: 0, left: 3500, total: 3500 });
    expect(
      wagerProgress(
        playerBonus({
          currentWagerPercentage: 33.337,
          currentWagerCasinoAmount: 1166.8,
          requiredWagerCasinoAmount: 2333.2,
        }),
      ),
    ).toEqual({ percent: 33.33, wagered: 1166.8, left: 2333.2, total: 3500 });
  });

  it('chooses the cancel screen: lock, unsettled bets, active or issued', () => {
    expect(cancelScreen(playerBonus())).toBe('cancel-active-bonus');
    expect(cancelScreen(playerBonus({ status: 1 }))).toBe('cancel-issued-bonus');
    expect(cancelScreen(playerBonus({ openedTransactionsCount: 2 }))).toBe('cancel-unsettled-bonus');
    // Locked only once its wager has started.
    expect(cancelScreen(playerBonus({ isBonusCancelLock: true }))).toBe('cancel-active-bonus');
    expect(
      cancelScreen(playerBonus({ isBonusCancelLock: true, currentWagerCasinoAmount: 1, openedTransactionsCount: 1 })),
    ).toBe('bonus-cancel-lock');
    expect(cancelScreen(playerBonus({ status: 3, result: 3 }))).toBeNull();
  });

  it('asks before activating over another active bonus of the same currency', () => {
    const issued = playerBonus({ id: 'pb2', status: 1 });
    const active = playerBonus();
    expect(activateScreen(issued, [issued])).toEqual({ screen: 'activate' });
    expect(activateScreen(issued, [active, issued])).toEqual({ screen: 'change-active-bonus', active });
    expect(activateScreen(issued, [{ ...active, currency: 'EUR' }, issued])).toEqual({ screen: 'activate' });
    const locked = playerBonus({ isBonusCancelLock: true, currentWagerCasinoAmount: 10 });
    expect(activateScreen(issued, [locked, issued])).toEqual({ screen: 'bonus-cancel-lock', active: locked });
    expect(activateScreen(active, [active])).toBeNull();
  });

  it('shows the deadline that applies to the status', () => {
    expect(bonusDeadline(playerBonus({ status: 1 }))).toEqual({ kind: 'activateBy', at: '2026-12-26T08:00:00.000Z' });
    expect(bonusDeadline(playerBonus())).toEqual({ kind: 'wagerBy', at: '2026-12-26T09:00:00.000Z' });
    expect(bonusDeadline(playerBonus({ status: 3, result: 3, finishedAt: '2026-11-26T10:00:00.000Z' }))).toEqual({
      kind: 'finishedAt',
      at: '2026-11-26T10:00:00.000Z',
    });
    expect(bonusDeadline(playerBonus({ wageringExpiredAt: null }))).toBeNull();
  });

  it('reads the terms of the details from the player’s bonus', () => {
    expect(
      playerBonusTerms(
        playerBonus({
          maxWinAmount: 1000,
          wagerCasinoConditions: {
            amountItems: [],
            baseCurrencyAmountFrom: null,
            baseCurrencyAmountTo: null,
            gameIds: ['g1'],
            gameIdsExcluded: true,
            providerIds: [],
            providerIdsExcluded: false,
            categoryContributions: [{ category: 'table', percentage: 10 }],
          },
        }),
      ),
    ).toEqual({
      amount: 100,
      wager: 35,
      maxBet: 5,
      maxWin: 1000,
      maxWinMultiplier: null,
      contributions: [{ category: 'table', percentage: 10 }],
      games: { games: { ids: ['g1'], excluded: true }, providers: { ids: [], excluded: false } },
    });
  });
});
