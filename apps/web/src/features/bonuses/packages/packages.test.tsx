import type { BonusPackageOffer, Currency } from '@croupier/contract';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsKeys } from '../../settings';
import { englishContent, offer, render, textOf, USD } from '../bonuses.testutil';
import { offerMoney, packageSteps, shownCurrency, welcomePackage } from './logic';
import { WelcomeOfferLine } from './WelcomeOffer';
import { WelcomePackageTerms } from './WelcomePackageTerms';

const EUR: Currency = {
  ...USD,
  code: 'EUR',
  name: 'Euro',
  symbol: '€',
  isBase: false,
  rate: { rate: 92, rateTime: USD.rate.rateTime },
};

function step(id: string, priority: number, percentage: number, max: number) {
  return offer(id, {
    package: { id: 'welcome', name: 'Welcome package' },
    packagePriority: priority,
    assignConditions: { ...offer('x').assignConditions, depositPercentage: percentage, baseCurrencyMaxAmount: max },
    wagerCasinoConditions: { ...offer('x').wagerCasinoConditions, baseCurrencyAmountTo: 5 },
  });
}

// The seed's welcome package, sent out of order to show that the priority orders it.
const welcome: BonusPackageOffer = {
  id: 'welcome',
  name: 'Welcome package',
  bonuses: [
    step('w3', 3, 75, 400),
    { ...step('w1', 1, 100, 500), freespins: [{ count: 100, gameId: 'fruit-fiesta' }] },
    step('w2', 2, 50, 300),
    step('w4', 4, 100, 1000),
  ],
};
const reload: BonusPackageOffer = { id: 'reload', name: 'Reload', bonuses: [step('r1', 1, 25, 100)] };

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

describe('welcome package rules', () => {
  it('picks the package named "Welcome package", else the first with steps', () => {
    expect(welcomePackage([reload, welcome])?.id).toBe('welcome');
    expect(
      welcomePackage([
        { ...reload, bonuses: [] },
        { ...welcome, name: 'Start' },
      ])?.id,
    ).toBe('welcome');
    expect(welcomePackage([])).toBeUndefined();
    expect(welcomePackage(undefined)).toBeUndefined();
  });

  it('lists the steps by priority with base amounts converted at the rate', () => {
    const usd = packageSteps(welcome, USD);
    expect(usd.map((item) => [item.deposit, item.percentage, item.maxAmount])).toEqual([
      [1, 100, 500],
      [2, 50, 300],
      [3, 75, 400],
      [4, 100, 1000],
    ]);
    expect(usd[0]).toMatchObject({ minDeposit: 20, wager: 35, maxBet: 5, freespins: 100 });
    expect(usd[1]?.freespins).toBe(0);
    expect(packageSteps(welcome, EUR)[0]).toMatchObject({ maxAmount: 460, minDeposit: 18.4, maxBet: 4.6 });
  });

  it("shows the player's currency when it has a rate, else USD", () => {
    expect(shownCurrency([USD, EUR], 'EUR').code).toBe('EUR');
    expect(shownCurrency([USD, EUR], undefined).code).toBe('USD');
    expect(shownCurrency([USD], 'EUR').code).toBe('USD');
    expect(shownCurrency(undefined, 'EUR').code).toBe('USD');
  });

  it('writes whole amounts without decimals', () => {
    expect(offerMoney(1000, USD, 'en')).toBe('1,000 USD');
    expect(offerMoney(18.4, EUR, 'en')).toBe('18.4 EUR');
  });
});

describe('WelcomePackageTerms', () => {
  it('shows a skeleton while loading', () => {
    const { markup } = render(content, <WelcomePackageTerms />);
    expect(markup).toContain('data-testid="welcome-terms-loading"');
  });

  it('lists one row per step in USD for a visitor', () => {
    const { markup } = render(content, <WelcomePackageTerms />, (client) => {
      client.setQueryData(['bonus-package-offers'], [reload, welcome]);
      client.setQueryData(settingsKeys.currencies, [USD, EUR]);
    });
    const rows = markup.split('data-testid="welcome-step"').slice(1).map(textOf);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Deposit 1');
    expect(rows[0]).toContain('100% up to 500 USD + 100 free spins');
    expect(rows[1]).not.toContain('free spins');
    expect(rows[0]).toContain('20 USD');
    expect(rows[0]).toContain('35×');
    expect(rows[0]).toContain('5 USD');
    expect(rows[3]).toContain('100% up to 1,000 USD');
    expect(textOf(markup)).toContain('Amounts in USD');
  });

  it("converts to the signed-in player's currency", () => {
    const { markup } = render(content, <WelcomePackageTerms accountCurrency="EUR" />, (client) => {
      client.setQueryData(['bonus-package-offers'], [welcome]);
      client.setQueryData(settingsKeys.currencies, [USD, EUR]);
    });
    expect(textOf(markup)).toContain('100% up to 460 EUR');
  });

  it('renders nothing without a package', () => {
    const { markup } = render(content, <WelcomePackageTerms />, (client) => {
      client.setQueryData(['bonus-package-offers'], []);
    });
    expect(markup).toBe('');
  });
});

describe('WelcomeOfferLine', () => {
  it('keeps the static text until the package is there', () => {
    expect(textOf(render(content, <WelcomeOfferLine />).markup)).toBe('100% up to 500 USD + 100 free spins');
  });

  it('fills the content template from the first step', () => {
    const { markup } = render(content, <WelcomeOfferLine accountCurrency="EUR" />, (client) => {
      client.setQueryData(['bonus-package-offers'], [welcome]);
      client.setQueryData(settingsKeys.currencies, [USD, EUR]);
    });
    expect(markup).toContain('data-testid="welcome-offer"');
    expect(textOf(markup)).toBe('100% up to 460 EUR + 100 free spins');
  });
});
