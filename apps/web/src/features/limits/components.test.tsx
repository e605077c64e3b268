import { LimitDefinition } from '@croupier/contract';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Layout from '../layout';
import { LimitsView } from './LimitsPage';
import { AddCashLimitBody, CoolingOffBody, EditCashLimitBody, SelfExclusionBody } from './ModalBodies';
import { account, at, bodyProps, englishContent, HOUR, limit, render, textOf } from './limits.testutil';

// The toast stack renders into the document, which the unit project has not.
vi.mock('../layout', async (importOriginal) => ({
  ...(await importOriginal<typeof Layout>()),
  useToasts: () => ({ notify: () => undefined, dismiss: () => undefined, clear: () => undefined }),
}));

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

const view = (limits: Parameters<typeof LimitsView>[0]['limits']) =>
  render(content, <LimitsView limits={limits} onDue={() => undefined} />, { limits: [...limits] });

describe('the limits page', () => {
  it('says when there is no limit, and offers to add one, a break and self-exclusion', () => {
    const { markup } = view([]);
    const text = textOf(markup);
    expect(text).toContain('You have not set any limits yet.');
    expect(text).toContain('Add limit');
    expect(text).toContain('Take a break');
    expect(text).toContain('Self-exclude');
    expect(markup).not.toContain('role="switch"');
  });

  it('groups limits by period then currency, with the used amount, its bar and the reset date', () => {
    const { markup } = view([
      limit({ definition: LimitDefinition.DEPOSIT, period: 'weekly', currency: 'EUR', amount: 500, currentAmount: 0 }),
      limit({ definition: LimitDefinition.DEPOSIT, period: 'daily', currency: 'USD', amount: 100, currentAmount: 25 }),
      limit({ definition: LimitDefinition.BET, period: 'daily', currency: 'USD', amount: 40, currentAmount: 40 }),
    ]);
    const text = textOf(markup);
    expect(text.indexOf('Daily')).toBeLessThan(text.indexOf('Weekly'));
    // Bet before deposit inside a currency.
    expect(text.indexOf('Bet limit')).toBeLessThan(text.indexOf('Deposit limit'));
    expect(text).toContain('Used: 25.00 USD of 100.00 USD');
    expect(text).toContain('Used: 40.00 USD of 40.00 USD');
    expect(markup).toContain('aria-valuenow="25"');
    expect(markup).toMatch(/aria-valuenow="100"[^>]*data-level="full"/);
    expect(text).toContain('Resets on');
    expect(markup).toContain('aria-label="Edit Deposit limit, Daily, USD"');
  });

  it('shows a pending increase with its amount and countdown, less than one day left', () => {
    const { markup } = view([limit({ amount: 100, pendingExist: true, pendingAmount: 150, expiredAt: at(5 * HOUR) })]);
    const text = textOf(markup);
    expect(text).toContain('Increase to 150.00 USD pending');
    expect(text).toContain('Pending change takes effect on');
    expect(text).toContain('Less than one day left (5 h 0 min)');
  });

  it('shows a pending removal and disables edit', () => {
    const { markup } = view([limit({ cancelProcess: true, expiredAt: at(20 * HOUR) })]);
    const text = textOf(markup);
    expect(text).toContain('Removal pending: the limit stays in force until');
    expect(text).toContain('It cannot be edited or removed while the removal is pending.');
    expect(markup).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Edit Deposit limit, Daily, USD"/);
  });

  it('offers the advanced mode only with 3 period groups that each cover every currency', () => {
    const every = ['daily', 'weekly', 'monthly'].flatMap((period) =>
      ['USD', 'EUR'].map((currency) => limit({ period, currency })),
    );
    expect(view(every).markup).toContain('role="switch"');
    expect(view(every.slice(0, 4)).markup).not.toContain('role="switch"');
    expect(view(every.filter((item) => item.currency !== 'EUR' || item.period !== 'weekly')).markup).not.toContain(
      'role="switch"',
    );
  });

  it('shows a cooling-off in force with its end and no way to start another', () => {
    const { markup } = view([
      limit({
        definition: LimitDefinition.COOLING_OFF,
        amount: null,
        currency: null,
        period: '1w',
        expiredAt: at(48 * HOUR),
      }),
    ]);
    const text = textOf(markup);
    expect(text).toContain('Break in progress');
    expect(text).toContain('You are on a break until');
    expect(text).toContain('2 d 0 h left');
    expect(text).not.toContain('Take a break Pause');
    expect(text).toContain('Make it longer');
  });

  it('offers the request to play again once a self-exclusion has ended, then says when play resumes', () => {
    const ended = limit({
      definition: LimitDefinition.SELF_EXCLUSION,
      amount: null,
      currency: null,
      period: '6m',
      expiredAt: at(-HOUR),
    });
    const endedText = textOf(view([ended]).markup);
    expect(endedText).toContain('Your self-exclusion ended on');
    expect(endedText).toContain('Request to play again');
    expect(endedText).not.toContain('Self-exclude');

    const returning = textOf(view([{ ...ended, returnAt: at(20 * HOUR) }]).markup);
    expect(returning).toContain('Your request has been received. Play resumes on');
    expect(returning).not.toContain('Request to play again');

    const permanent = textOf(view([{ ...ended, expiredAt: null, period: 'permanent' }]).markup);
    expect(permanent).toContain('Your self-exclusion is permanent.');
  });
});

describe('the limit modals', () => {
  it('add: type, period tabs from the constants, the account currencies, the amount in the currency', () => {
    const { markup } = render(content, <AddCashLimitBody {...bodyProps('add-cash-limit')} />, {
      accounts: [account('EUR', 2), account('USD', 1)],
    });
    const text = textOf(markup);
    expect(text).toContain('Bet limit Loss limit Deposit limit');
    expect(markup.match(/role="tab"/g)).toHaveLength(3);
    expect(text).toContain('Daily Weekly Monthly');
    // The active account's currency first chosen.
    expect(markup).toMatch(/<option value="USD" selected="">USD<\/option>/);
    expect(text).toContain('Amount (USD)');
  });

  it('add: says when that limit exists already for the period and currency', () => {
    const { markup } = render(content, <AddCashLimitBody {...bodyProps('add-cash-limit')} />, {
      limits: [limit({ definition: LimitDefinition.DEPOSIT, period: 'daily', currency: 'USD' })],
    });
    expect(textOf(markup)).toContain('You already have this limit for this period and currency');
    expect(markup).toMatch(/<button type="submit"[^>]*disabled=""/);
  });

  it('add: asks for an account first when the player has none', () => {
    const { markup } = render(content, <AddCashLimitBody {...bodyProps('add-cash-limit')} />, { accounts: [] });
    expect(textOf(markup)).toContain('Open an account in a currency first');
  });

  it('edit: the current amount prefilled, remove offered; a pending removal allows neither', () => {
    const current = limit({ amount: 100 });
    const { markup } = render(content, <EditCashLimitBody {...bodyProps('edit-cash-limit', { limit: current })} />, {
      limits: [current],
    });
    const text = textOf(markup);
    expect(text).toContain('Current limit: 100.00 USD');
    expect(markup).toContain('value="100"');
    expect(text).toContain('Save changes');
    expect(text).toContain('Remove limit');

    const raising = { ...current, pendingExist: true, pendingAmount: 150, expiredAt: at(20 * HOUR) };
    const pending = render(content, <EditCashLimitBody {...bodyProps('edit-cash-limit', { limit: raising })} />, {
      limits: [raising],
    });
    expect(textOf(pending.markup)).toContain('Current limit: 100.00 USD Increase to 150.00 USD pending');

    const removing = { ...current, cancelProcess: true };
    const locked = render(content, <EditCashLimitBody {...bodyProps('edit-cash-limit', { limit: removing })} />, {
      limits: [removing],
    });
    expect(textOf(locked.markup)).toContain('It cannot be edited or removed while the removal is pending.');
    expect(locked.markup).not.toContain('name="amount"');
  });

  it('cooling-off: the periods of the constants with their labels, the tick box and the sign-out note', () => {
    const { markup } = render(content, <CoolingOffBody {...bodyProps('cooling-off-limit')} />);
    const text = textOf(markup);
    expect(markup.match(/type="radio"/g)).toHaveLength(6);
    expect(text).toContain('24 hours 3 days 1 week 2 weeks 30 days 6 weeks');
    expect(markup).toMatch(/checked="" value="1d"/);
    expect(markup).toContain('type="checkbox"');
    expect(text).toContain('I want to take a break for the period chosen');
    expect(text).toContain('You will be signed out as soon as it starts.');
  });

  it('extends a break in force: only longer periods, its own tick box, no sign-out', () => {
    const active = limit({
      definition: LimitDefinition.COOLING_OFF,
      amount: null,
      currency: null,
      period: '1w',
      expiredAt: at(48 * HOUR),
    });
    const { markup } = render(content, <CoolingOffBody {...bodyProps('cooling-off-limit', { limit: active })} />);
    const text = textOf(markup);
    expect(markup.match(/type="radio"/g)).toHaveLength(3);
    expect(text).toContain('2 weeks 30 days 6 weeks');
    expect(text).not.toContain('24 hours');
    expect(text).toContain('I want my break to last longer');
    expect(text).toContain('Extend my break');
    expect(text).not.toContain('You will be signed out');

    const longest = { ...active, period: '6w' };
    const none = render(content, <CoolingOffBody {...bodyProps('cooling-off-limit', { limit: longest })} />);
    expect(textOf(none.markup)).toContain('Your break already has the longest period.');
    expect(none.markup).not.toContain('type="radio"');
  });

  it('self-exclusion: from 6 months to permanent, with its tick box', () => {
    const { markup } = render(content, <SelfExclusionBody {...bodyProps('self-exclusion-limit')} />);
    const text = textOf(markup);
    expect(text).toContain('6 months 1 year 3 years 5 years Permanent');
    expect(text).toContain('I understand that self-exclusion cannot be reversed');
    expect(text).toContain('Exclude me');
  });
});
