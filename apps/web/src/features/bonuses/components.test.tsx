import type { i18n } from 'i18next';
import type * as Layout from '../layout';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModalBodyProps, ModalName } from '../modals';
import { MODAL_REGISTRY } from '../modals';
import { realtimeKeys } from '../../lib/query-keys';
import { BonusesPage } from './BonusesPage';
import { BonusPicker } from './BonusPicker';
import type { DepositBonusChoice } from './choice';
import { fitTest, offerCards, playerBonusesQuery } from './logic';
import { BonusCancelLockBody, BonusConfirmBody, BonusDetailsBody } from './ModalBodies';
import { englishContent, inputTag, offer, playerBonus, render, textOf, USD } from './bonuses.testutil';

// The toast stack renders into the document, which the unit project has not: alerts are recorded.
const notified: unknown[] = [];
vi.mock('../layout', async (importOriginal) => ({
  ...(await importOriginal<typeof Layout>()),
  useToasts: () => ({
    notify: (toast: unknown) => notified.push(toast),
    dismiss: () => undefined,
    clear: () => undefined,
  }),
}));

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

const welcome = offer('welcome-1', {
  package: { id: 'welcome', name: 'Welcome package' },
  packagePriority: 1,
  freespins: [{ count: 100, gameId: 'fruit-fiesta' }],
});
const reload = offer('reload', {
  name: 'Reload bonus: 25% up to 100 USD',
  assignConditions: { ...offer('x').assignConditions, depositPercentage: 25, baseCurrencyMaxAmount: 100 },
  triggerConditions: { invoiceAmountItems: [], baseCurrencyInvoiceAmountFrom: 30, baseCurrencyInvoiceAmountTo: null },
});

function choice(amountMajor: number | null, selectedId: string | null): DepositBonusChoice {
  const cards = offerCards([welcome, reload]);
  return {
    currencyCode: 'USD',
    amountMajor,
    crypto: false,
    cards,
    fits: fitTest(amountMajor, USD, false),
    selectedId,
    declined: selectedId === null,
    status: 'ready',
    refusal: null,
    choose: () => undefined,
    decline: () => undefined,
    retry: () => undefined,
    refuse: () => undefined,
    fields: { bonusId: selectedId, isBonusDecline: selectedId === null },
  };
}

describe('the deposit form’s bonus picker', () => {
  it('shows the package by its step with what it gives and asks, and the chosen card checked', () => {
    const { markup } = render(content, <BonusPicker choice={choice(100, 'welcome-1')} />);
    const text = textOf(markup);
    expect(text).toContain('Welcome package Deposit 1 100% up to 500.00 USD');
    expect(text).toContain('Min. deposit 20.00 USD Wager 35× Max. bet 5.00 USD + 100 free spins');
    expect(text).toContain('25% up to 100.00 USD');
    expect(inputTag(markup, 'welcome-1')).toContain('checked=""');
    expect(inputTag(markup, '')).not.toContain('checked');
    expect(markup).toContain('aria-label="Details of Welcome package"');
  });

  it('shows an offer the amount does not fit as not choosable, with the reason', () => {
    const { markup } = render(content, <BonusPicker choice={choice(25, 'welcome-1')} />);
    expect(inputTag(markup, 'reload')).toContain('disabled=""');
    expect(inputTag(markup, 'welcome-1')).not.toContain('disabled');
    expect(textOf(markup)).toContain('Deposit at least 30.00 USD to get this bonus.');
  });

  it('checks "No bonus" when nothing is chosen, and says when offers failed to load', () => {
    const failed = { ...choice(10, null), status: 'error' as const, cards: [] };
    const { markup } = render(content, <BonusPicker choice={failed} />);
    expect(inputTag(markup, '')).toContain('checked=""');
    expect(textOf(markup)).toContain('No bonus Deposit without a bonus');
    expect(markup).toContain('role="alert"');
    expect(textOf(markup)).toContain('Bonuses could not be loaded.');
  });
});

const page = (data: ReturnType<typeof playerBonus>[], tab: 'active' | 'history' = 'active') => ({
  data,
  meta: { page: 1, perPage: 20, totalPages: 1, totalRows: data.length },
  tab,
});

function renderPage(lists: ReturnType<typeof page>[], path = '/profile/bonuses') {
  const account = {
    id: 'acc',
    currency: 'USD',
    status: 1,
    balance: 200,
    realBalance: 100,
    bonusBalance: 100,
    lockedBalance: 0,
    withdrawalBalance: 0,
  };
  return render(
    content,
    <BonusesPage account={account} accountsPending={false} />,
    (client) => {
      for (const list of lists) {
        client.setQueryData([...realtimeKeys.playerBonuses, playerBonusesQuery(list.tab, 'USD', 1)], {
          data: list.data,
          meta: list.meta,
        });
      }
    },
    path,
  );
}

describe('the bonuses page', () => {
  // The page's head tags read the address.
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'https://casino.test' } }));
  afterAll(() => vi.unstubAllGlobals());
  it('shows an active bonus with its amount, progress, left to wager, wager, max bet and deadline', () => {
    const { markup } = renderPage([page([playerBonus()])]);
    const text = textOf(markup);
    expect(text).toContain('Bonus balance 100.00 USD');
    expect(text).toContain('Welcome package: deposit 1 Active');
    expect(text).toContain('Bonus amount 100.00 USD');
    expect(text).toContain('Wagering progress 0.00%');
    expect(text).toContain('Wagered 0.00 USD of 3,500.00 USD');
    expect(text).toContain('Left to wager 3,500.00 USD Wager 35× Max. bet 5.00 USD Wager by');
    expect(markup).toContain('<progress max="100" value="0"');
    expect(text).toContain('Details Cancel bonus');
    expect(markup).not.toContain('>Activate</button>');
    expect(markup).toContain('role="tablist"');
  });

  it('offers Activate and Decline on an issued bonus', () => {
    const { markup } = renderPage([page([playerBonus({ id: 'pb-2', status: 1 })])]);
    expect(textOf(markup)).toContain('Details Activate Decline');
    expect(textOf(markup)).toContain('Activate by');
  });

  it('shows a finished bonus in the history with how far its wager got and when it ended, without actions', () => {
    const finished = playerBonus({ status: 3, result: 3, finishedAt: '2026-11-26T10:00:00.000Z' });
    const { markup } = renderPage([page([finished], 'history')], '/profile/bonuses?tab=history');
    const text = textOf(markup);
    expect(markup).toMatch(/aria-selected="true"[^>]*>History</);
    expect(text).toContain('Welcome package: deposit 1 Cancelled');
    expect(text).toContain('Wagered 0.00 USD of 3,500.00 USD Wager 35× Finished Nov 26, 2026');
    expect(text).not.toContain('Left to wager');
    expect(markup).not.toContain('>Cancel bonus</button>');
  });

  it('says when there is no bonus, with a way to deposit', () => {
    const { markup } = renderPage([page([])]);
    expect(textOf(markup)).toContain('You have no bonuses right now.');
    expect(textOf(markup)).toContain('Make a deposit');
  });
});

function bodyProps(name: ModalName, props: Record<string, unknown>): ModalBodyProps {
  return {
    name,
    definition: MODAL_REGISTRY[name],
    props,
    state: 'opened',
    titleId: 'modal-title',
    close: () => true,
    setCloseGuard: () => undefined,
  };
}

describe('the bonus modals', () => {
  it('details a player’s bonus: amount, wagering, max bet, games, deadline and contributions', () => {
    const { markup } = render(
      content,
      <BonusDetailsBody {...bodyProps('bonus-details', { playerBonus: playerBonus() })} />,
    );
    const text = textOf(markup);
    expect(text).toContain('Bonus amount 100.00 USD');
    expect(text).toContain('Wagering 35× the bonus amount');
    expect(text).toContain('Wagered 0.00 USD of 3,500.00 USD (0.00%)');
    expect(text).toContain('Left to wager 3,500.00 USD');
    expect(text).toContain('Maximum bet 5.00 USD');
    expect(text).toContain('Maximum win No limit');
    expect(text).toContain('Eligible games All games');
    expect(text).toContain('Wager by');
    expect(text).toContain('Contribution to wagering');
    expect(text).toContain('Slots 100%');
  });

  it('details an offer in the deposit’s currency', () => {
    const { markup } = render(
      content,
      <BonusDetailsBody
        {...bodyProps('bonus-details', { offer: welcome, currency: 'USD', packageName: 'Welcome package', step: 1 })}
      />,
    );
    const text = textOf(markup);
    expect(text).toContain('Welcome package · Deposit 1');
    expect(text).toContain('Bonus 100% up to 500.00 USD Minimum deposit 20.00 USD Wagering 35× the bonus amount');
    expect(text).toContain('Time to activate 30 days');
    expect(text).toContain('Table games 10%');
  });

  it('confirms a switch naming both bonuses, keeping the bonus as the default button', () => {
    const active = playerBonus();
    const issued = playerBonus({ id: 'pb-2', status: 1, name: 'Reload bonus' });
    const { markup } = render(
      content,
      <BonusConfirmBody {...bodyProps('change-active-bonus', { playerBonus: issued, activeBonus: active })} />,
    );
    const text = textOf(markup);
    expect(text).toContain('Activating this bonus will cancel your current active bonus.');
    expect(text).toContain('Current bonus Welcome package: deposit 1 New bonus Reload bonus');
    expect(text).toMatch(/Keep bonus Switch bonus$/);
    expect(markup).toMatch(/dialog-button--primary[^>]*>Keep bonus</);
  });

  it('confirms a cancellation and warns of unsettled bets with their own texts', () => {
    const cancel = textOf(
      render(content, <BonusConfirmBody {...bodyProps('cancel-active-bonus', { playerBonus: playerBonus() })} />)
        .markup,
    );
    expect(cancel).toContain('Your bonus balance and any winnings from it will be removed.');
    expect(cancel).toMatch(/Keep bonus Cancel bonus$/);
    const unsettled = textOf(
      render(content, <BonusConfirmBody {...bodyProps('cancel-unsettled-bonus', { playerBonus: playerBonus() })} />)
        .markup,
    );
    expect(unsettled).toContain('You have open bets placed with this bonus.');
    expect(unsettled).toMatch(/Keep bonus Cancel anyway$/);
    const lock = textOf(
      render(content, <BonusCancelLockBody {...bodyProps('bonus-cancel-lock', { playerBonus: playerBonus() })} />)
        .markup,
    );
    expect(lock).toContain('cannot be cancelled or replaced');
    expect(lock).toContain('Welcome package: deposit 1');
  });
});
