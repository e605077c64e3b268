import type { SportsbookTicket } from '@croupier/contract';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishContent } from '../../lib/content.testutil';
import { ModalsContext, type ModalsApi } from '../modals';
import { BetSlipView, stakeOfText, type BetSlipViewProps } from './BetSlip';
import { SportsbookFrame } from './BettingPanel';
import { EventRow } from './components';
import { CashOut, MyBets, TicketCard } from './MyBets';
import { selectionOf, summarize, toggleSelection, EMPTY_SLIP, type SlipState } from './slip';
import { eventOf, marketOf, renderWithCache } from './sportsbook.testutil';

/** The slip, my bets and cash-out rendered to markup with the real English content. */

let content: i18n | undefined;
beforeAll(async () => {
  content = await englishContent(['layout', 'global-components']);
});
beforeEach(() =>
  vi.stubGlobal('window', {
    location: { origin: 'https://croupier.test' },
    localStorage: { getItem: () => null, setItem: () => undefined },
  }),
);
afterEach(() => vi.unstubAllGlobals());

const modals = { open: () => undefined } as unknown as ModalsApi;

function render(node: ReactNode, cache: [readonly unknown[], unknown][] = []) {
  if (!content) throw new Error('the content is loaded before the tests');
  return renderWithCache(content, <ModalsContext.Provider value={modals}>{node}</ModalsContext.Provider>, cache);
}

const untranslated = (markup: string) => markup.match(/pages\.betting\.[a-zA-Z0-9_.]+/g) ?? [];

const arsenal = eventOf();
const lyon = eventOf({
  id: 'e2',
  status: 'live',
  home: { id: 'h2', name: 'Lyon' },
  away: { id: 'a2', name: 'Nice' },
  mainMarket: marketOf({
    id: 'm2',
    type: 'total',
    line: 2.5,
    outcomes: [
      { id: 'o21', key: 'over', oddsMilli: 2000, active: true },
      { id: 'o22', key: 'under', oddsMilli: 1800, active: true },
    ],
  }),
});
const m1 = arsenal.mainMarket!;
const m2 = lyon.mainMarket!;
const home = selectionOf(arsenal, m1, m1.outcomes[0]!);
const draw = selectionOf(arsenal, m1, m1.outcomes[1]!);
const over = selectionOf(lyon, m2, m2.outcomes[0]!);
const usd = { code: 'USD', subunitToUnit: 100, subCurrencies: [], type: 'fiat' as const };
const unit = { code: 'USD', factor: 1, decimals: 2 };
const session = { currency: 'USD', balance: 100, minStake: 0.5, maxStake: 500, liveDelayMs: 5000 };

function slipProps(slip: SlipState, overrides: Partial<BetSlipViewProps> = {}): BetSlipViewProps {
  const summary = summarize(slip, overrides.policy ?? 'higher', (text) => stakeOfText(text, unit), session, 2);
  const noop = () => undefined;
  return {
    slip,
    summary,
    policy: 'higher',
    format: 'decimal',
    signedIn: true,
    session,
    sessionPending: false,
    sessionErrorKey: null,
    currency: usd,
    locale: 'en',
    unit,
    majorDecimals: 2,
    formatMoney: (amount) => `${amount.toFixed(2)} USD`,
    placing: null,
    result: null,
    showRequired: false,
    onPolicy: noop,
    onMode: noop,
    onStake: noop,
    onComboStake: noop,
    onRemove: noop,
    onClear: noop,
    onPlace: noop,
    onAccept: noop,
    onSignIn: noop,
    onRetrySession: noop,
    onDismissResult: noop,
    ...overrides,
  };
}

const slipOf = (...selections: (typeof home)[]) =>
  selections.reduce((state, selection) => toggleSelection(state, selection), EMPTY_SLIP);

describe('the bet slip', () => {
  it('says how to start when empty', () => {
    const markup = render(<BetSlipView {...slipProps(EMPTY_SLIP)} />);
    expect(markup).toContain('data-testid="bet-slip"');
    expect(markup).toContain('Pick odds to add selections to your bet slip.');
    expect(markup).not.toContain('data-testid="slip-place"');
  });

  it('shows singles with a stake each, limits, payouts and totals', () => {
    const slip = { ...slipOf(home, over), stakes: { o1: '10', o21: '5' } };
    const markup = render(<BetSlipView {...slipProps(slip)} />);
    expect(markup).toContain('>Arsenal<');
    expect(markup).toContain('Match result');
    expect(markup).toContain('Arsenal – Chelsea');
    expect(markup).toContain('Over 2.5');
    expect(markup).toContain('Total 2.5');
    expect(markup).toMatch(/aria-pressed="true"[^>]*>Singles</);
    expect(markup).toContain('Min 0.50 USD · Max 500.00 USD');
    expect(markup).toContain('Stake (USD)');
    expect(markup).toContain('<strong>18.50 USD</strong>');
    expect(markup).toMatch(/data-testid="slip-total-stake">15.00 USD</);
    expect(markup).toMatch(/data-testid="slip-payout">28.50 USD</);
    expect(markup).toContain('Place 2 bets');
    expect(markup).toContain('aria-label="Remove Arsenal"');
    expect(markup).toContain('<option value="higher" selected="">Accept higher odds</option>');
    expect(untranslated(markup)).toEqual([]);
  });

  it('shows the accumulator with its combined odds and one stake', () => {
    const slip: SlipState = { ...slipOf(home, over), mode: 'combo', comboStake: '10' };
    const markup = render(<BetSlipView {...slipProps(slip)} />);
    expect(markup).toMatch(/aria-pressed="true"[^>]*>Accumulator</);
    expect(markup).toContain('data-testid="slip-combo-odds">3.70<');
    expect(markup).toMatch(/data-testid="slip-payout">37.00 USD</);
    expect(markup).toContain('>Place bet<');
  });

  it('disables the accumulator, with a note, for two selections on one event', () => {
    const slip: SlipState = { ...slipOf(home, draw), mode: 'combo' };
    const markup = render(<BetSlipView {...slipProps(slip)} />);
    expect(markup).toMatch(/disabled=""[^>]*data-testid="slip-mode-combo"/);
    expect(markup).toContain('An accumulator takes one selection per event');
    expect(markup).toMatch(/aria-pressed="true"[^>]*>Singles</);
  });

  it('shows a moved price with the one accepted, and offers to accept the change', () => {
    const slip = slipOf({ ...home, liveOddsMilli: 1950 });
    const markup = render(
      <BetSlipView
        {...slipProps(slip, {
          policy: 'none',
          result: { placed: [], failures: [{ outcomeIds: ['o1'], errorKey: 'oddsChanged' }], oddsChanged: true },
        })}
      />,
    );
    expect(markup).toContain('aria-label="Was 1.85"');
    expect(markup).toContain('sb-slip__odds--up');
    expect(markup).toContain('>1.95<');
    expect(markup).toContain('data-testid="slip-accept"');
    expect(markup).toContain('Accept odds changes');
    expect(markup).toContain('The odds have changed.');
    expect(markup).toContain('sb-slip__item--failed');
  });

  it('marks a suspended selection and does not let the slip be placed', () => {
    const markup = render(
      <BetSlipView {...slipProps({ ...slipOf({ ...home, suspended: true }), stakes: { o1: '1' } })} />,
    );
    expect(markup).toContain('Suspended');
    expect(markup).toContain('A selection is suspended');
    expect(markup).toMatch(/<button[^>]*disabled=""[^>]*data-testid="slip-place"/);
  });

  it('explains stakes out of the limits and above the balance', () => {
    const slip = { ...slipOf(home, over), stakes: { o1: '0.1', o21: '' } };
    const markup = render(<BetSlipView {...slipProps(slip, { showRequired: true })} />);
    expect(markup).toContain('The minimum stake is 0.50 USD.');
    expect(markup).toContain('Enter a stake.');
    const rich = { ...slipOf(home, over), stakes: { o1: '80', o21: '80' } };
    expect(render(<BetSlipView {...slipProps(rich)} />)).toContain('The total stake is more than your balance.');
  });

  it('asks a guest to sign in instead of placing', () => {
    const markup = render(
      <BetSlipView {...slipProps(slipOf(home), { signedIn: false, session: undefined, formatMoney: String })} />,
    );
    expect(markup).toContain('data-testid="slip-sign-in"');
    expect(markup).toContain('Sign in to place a bet');
    expect(markup).not.toContain('data-testid="slip-place"');
  });

  it('says why the sportsbook could not start (a limit)', () => {
    const markup = render(<BetSlipView {...slipProps(slipOf(home), { sessionErrorKey: 'selfExclusion' })} />);
    expect(markup).toContain('Betting is paused by a self-exclusion or cooling-off limit.');
    expect(markup).toContain('role="alert"');
  });

  it('shows the live delay while a live bet is placed', () => {
    const markup = render(<BetSlipView {...slipProps(slipOf(over), { placing: { live: true } })} />);
    expect(markup).toContain('data-testid="slip-placing"');
    expect(markup).toContain('Live bets are confirmed after up to 5 s.');
  });

  it('shows a receipt of what was placed', () => {
    const markup = render(
      <BetSlipView
        {...slipProps(EMPTY_SLIP, { result: { placed: [ticketOf()], failures: [], oddsChanged: false } })}
      />,
    );
    expect(markup).toContain('data-testid="slip-receipt"');
    expect(markup).toContain('Bet placed');
    expect(markup).toContain('data-ticket-id="3f1c2b9e-8d4a-4c55-9a0e-2b7f6d1e0a11"');
    expect(markup).toContain('Arsenal · Match result · Arsenal – Chelsea');
    expect(untranslated(markup)).toEqual([]);
  });
});

function ticketOf(overrides: Partial<SportsbookTicket> = {}): SportsbookTicket {
  return {
    id: '3f1c2b9e-8d4a-4c55-9a0e-2b7f6d1e0a11',
    type: 'single',
    status: 'open',
    currency: 'USD',
    stake: 10,
    oddsMilli: 1850,
    potentialPayout: 18.5,
    payout: null,
    createdAt: '2026-12-01T19:00:00.000Z',
    settledAt: null,
    cashOut: null,
    legs: [
      {
        eventId: 'e1',
        sportKey: 'football',
        competition: 'Premier League',
        home: 'Arsenal',
        away: 'Chelsea',
        startsAt: '2026-12-01T20:00:00.000Z',
        live: false,
        marketId: 'm1',
        marketType: 'match_result',
        line: null,
        number: null,
        outcomeId: 'o1',
        outcomeKey: 'home',
        oddsMilli: 1850,
        resolution: null,
      },
    ],
    ...overrides,
  };
}

describe('my bets', () => {
  it('asks a guest to sign in', () => {
    const markup = render(<MyBets />);
    expect(markup).toContain('Sign in to see your bets.');
    expect(markup).toContain('data-testid="my-bets-sign-in"');
  });

  it('shows an open single with its leg, odds, stake, potential payout and cash-out offer', () => {
    const markup = render(<TicketCard ticket={ticketOf({ cashOut: 12.66 })} format="decimal" />);
    expect(markup).toContain('data-ticket-id="3f1c2b9e-8d4a-4c55-9a0e-2b7f6d1e0a11"');
    expect(markup).toContain('>Single<');
    expect(markup).toContain('>Open<');
    expect(markup).toContain('>Pending<');
    expect(markup).toContain('Potential payout');
    expect(markup).toContain('18.50 USD');
    expect(markup).toContain('Cash out 12.66 USD');
    expect(markup).toContain('data-testid="cash-out-button"');
    expect(untranslated(markup)).toEqual([]);
  });

  it('shows a settled accumulator with each leg’s result and the payout, in the chosen format', () => {
    const first = ticketOf().legs[0]!;
    const markup = render(
      <TicketCard
        ticket={ticketOf({
          type: 'combo',
          status: 'won',
          oddsMilli: 3700,
          payout: 27.75,
          potentialPayout: 37,
          legs: [
            { ...first, resolution: 'won' },
            {
              ...first,
              eventId: 'e2',
              home: 'Lyon',
              away: 'Nice',
              live: true,
              marketType: 'total',
              line: 2.5,
              outcomeId: 'o21',
              outcomeKey: 'over',
              oddsMilli: 2000,
              resolution: 'half_won',
            },
          ],
        })}
        format="fractional"
      />,
    );
    expect(markup).toContain('Accumulator · 2 selections');
    expect(markup).toContain('>Won<');
    expect(markup).toContain('Half won');
    expect(markup).toContain('Over 2.5');
    expect(markup).toContain('>27/10<');
    expect(markup).toContain('>Payout<');
    expect(markup).toContain('27.75 USD');
    expect(markup).not.toContain('Cash out');
  });

  it('asks to confirm a cash-out with the amount', () => {
    const markup = render(
      <CashOut ticketId="t1" amount={12.66} money={(amount) => `${amount} USD`} initialConfirming />,
    );
    expect(markup).toContain('Cash out this bet for 12.66 USD?');
    expect(markup).toContain('data-testid="cash-out-confirm"');
    expect(markup).toContain('>Cancel<');
  });
});

describe('odds buttons', () => {
  it('are toggles named by outcome id, pressed when on the slip', () => {
    const markup = render(
      <ul>
        <EventRow event={arsenal} format="decimal" />
      </ul>,
    );
    expect(markup).toContain('aria-pressed="false" data-outcome="home" data-outcome-id="o1"');
  });
});

describe('the betting frame', () => {
  it('shows a bottom bar with the slip count on narrow screens', () => {
    const markup = render(
      <SportsbookFrame>
        <p>page</p>
      </SportsbookFrame>,
    );
    expect(markup).toContain('data-testid="slip-bar"');
    expect(markup).toContain('Bet slip (0)');
    expect(markup).toContain('aria-haspopup="dialog"');
  });
});
