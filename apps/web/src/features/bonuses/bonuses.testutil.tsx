import type { Bonus, Currency, PlayerBonus } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AppSettingsContext } from '../../lib/app-settings';
import { englishContent as englishContentOf, ENGLISH_SETTINGS } from '../../lib/content.testutil';
import { ModalsContext, type ModalsApi } from '../modals';
import { settingsKeys } from '../settings';

/**
 * Bonus components rendered to markup (the unit project has no DOM): the real English
 * content, a query cache filled as the app would have it, and a modal system that records
 * what is opened. Effects do not run, so what a test sees is the first render.
 */

export const englishContent = () => englishContentOf(['global-components', 'modals', 'alerts', 'layout']);

export const USD: Currency = {
  code: 'USD',
  name: 'US Dollar',
  symbol: '$',
  type: 'fiat',
  isEnabled: true,
  isBase: true,
  subunitToUnit: 100,
  rate: { rate: 100, rateTime: '2026-11-26T08:00:00.000Z' },
  subCurrencies: [],
};

/** A seeded welcome package step or the reload bonus, as `GET /api/game/bonuses` answers them. */
export function offer(id: string, overrides: Partial<Bonus> = {}): Bonus {
  return {
    id,
    name: id,
    status: 1,
    type: 2,
    wagerCasino: 35,
    wagerSportsbook: 0,
    baseCurrencyMaxWinAmount: null,
    maxWinAmountItems: [],
    maxWinMultiplier: null,
    sticky: null,
    cashable: true,
    package: null,
    packagePriority: 0,
    assignConditions: {
      amountItems: [],
      baseCurrencyAmount: null,
      depositPercentage: 100,
      baseCurrencyMaxAmount: 500,
      maxAmountItems: [],
      maxBonusAmountItems: [],
      presets: [],
    },
    triggerConditions: {
      invoiceAmountItems: [],
      baseCurrencyInvoiceAmountFrom: 20,
      baseCurrencyInvoiceAmountTo: null,
    },
    wagerCasinoConditions: {
      amountItems: [],
      baseCurrencyAmountFrom: null,
      baseCurrencyAmountTo: 5,
      gameIds: [],
      gameIdsExcluded: false,
      providerIds: [],
      providerIdsExcluded: false,
      categoryContributions: [
        { category: 'slots', percentage: 100 },
        { category: 'table', percentage: 10 },
      ],
    },
    wagerSportsbookConditions: { amountItems: [], baseCurrencyAmountFrom: null, baseCurrencyAmountTo: null },
    activationDays: 30,
    wageringDays: 30,
    ...overrides,
  };
}

/** The welcome package's first step after a 100 USD deposit, active and not wagered yet. */
export function playerBonus(overrides: Partial<PlayerBonus> = {}): PlayerBonus {
  return {
    id: 'pb-1',
    name: 'Welcome package: deposit 1',
    bonusType: 2,
    status: 2,
    result: 1,
    amount: 100,
    currency: 'USD',
    wagerCasino: 35,
    currentWagerPercentage: 0,
    currentWagerCasinoAmount: 0,
    currentWagerSportsbookAmount: 0,
    requiredWagerCasinoAmount: 3500,
    openedTransactionsCount: 0,
    isBonusCancelLock: false,
    maxBetAmount: 5,
    activationExpiredAt: '2026-12-26T08:00:00.000Z',
    wageringExpiredAt: '2026-12-26T09:00:00.000Z',
    createdAt: '2026-11-26T08:00:00.000Z',
    finishedAt: null,
    wagerCasinoConditions: {
      amountItems: [{ currency: 'USD', amountFrom: null, amountTo: 5 }],
      baseCurrencyAmountFrom: null,
      baseCurrencyAmountTo: null,
      gameIds: [],
      gameIdsExcluded: false,
      providerIds: [],
      providerIdsExcluded: false,
      categoryContributions: [{ category: 'slots', percentage: 100 }],
    },
    maxWinAmount: null,
    maxWinMultiplier: null,
    ...overrides,
  };
}

export interface Rendered {
  markup: string;
  opened: { name: string; props: Record<string, unknown> | undefined }[];
}

/** Renders `node` at `path` with content, a query client (`fill` sets its data) and a recording modal system. */
export function render(
  content: i18n,
  node: ReactNode,
  fill: (client: QueryClient) => void = () => undefined,
  path = '/',
): Rendered {
  const opened: Rendered['opened'] = [];
  const modals: ModalsApi = {
    open: (name, options) => {
      opened.push({ name, props: options?.props });
      return { opened: true, id: opened.length, name };
    },
    close: () => true,
    closeAll: () => undefined,
    stack: [],
    pendingAfterSignIn: null,
    takePendingAfterSignIn: () => null,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(settingsKeys.currencies, [USD]);
  fill(client);
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <I18nextProvider i18n={content}>
        <AppSettingsContext.Provider value={ENGLISH_SETTINGS}>
          <QueryClientProvider client={client}>
            <ModalsContext.Provider value={modals}>{node}</ModalsContext.Provider>
          </QueryClientProvider>
        </AppSettingsContext.Provider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { markup, opened };
}

/** The `<input>` tag whose value is `value` (attributes in any order). */
export function inputTag(markup: string, value: string): string {
  return markup.match(new RegExp(`<input(?=[^>]*value="${value}")[^>]*>`))?.[0] ?? '';
}

/** The visible text of markup: tags dropped, entities of the formatter's spaces kept as spaces. */
export function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
