import {
  COOLING_OFF_PERIODS,
  CashLimitPeriod,
  LimitDefinition,
  SELF_EXCLUSION_PERIODS,
  type Constants,
  type Currency,
  type Limit,
  type WalletAccount,
} from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AppSettingsContext } from '../../lib/app-settings';
import { englishContent as englishContentOf, ENGLISH_SETTINGS } from '../../lib/content.testutil';
import { realtimeKeys } from '../../lib/query-keys';
import { authKeys } from '../auth';
import { ModalsContext, type ModalBodyProps, type ModalName, type ModalsApi } from '../modals';
import { MODAL_REGISTRY } from '../modals';
import { settingsKeys } from '../settings';
import { limitsKeys } from './api';

/**
 * Limit components rendered to markup (the unit project has no DOM): the real English
 * content, a query cache filled as the app would have it, and a modal system that records
 * what is opened. Effects do not run, so what a test sees is the first render.
 */

export const englishContent = () => englishContentOf(['layout', 'global-components', 'modals', 'alerts']);

export const NOW = Date.now();
export const HOUR = 3_600_000;
export const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

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
export const EUR: Currency = { ...USD, code: 'EUR', name: 'Euro', symbol: '€', isBase: false };

let ids = 0;
export function limit(overrides: Partial<Limit>): Limit {
  ids += 1;
  return {
    id: `limit-${ids}`,
    definition: LimitDefinition.DEPOSIT,
    status: 1,
    amount: 100,
    currentAmount: 25,
    currency: 'USD',
    period: 'daily',
    startedAt: at(-HOUR),
    expiredAt: null,
    createdAt: at(-HOUR),
    updatedAt: null,
    cancelProcess: false,
    pendingExist: false,
    pendingAmount: null,
    returnAt: null,
    periodEndsAt: at(10 * HOUR),
    ...overrides,
  };
}

export function account(currency: string, status = 1): WalletAccount {
  return {
    id: `acc-${currency}`,
    currency,
    status,
    balance: 10,
    realBalance: 10,
    bonusBalance: 0,
    lockedBalance: 0,
    withdrawalBalance: 10,
  };
}

const names = (ids: readonly string[]) => ids.map((id) => ({ id, name: id }));

/** The limit lists of the settings constants as the server builds them; the rest empty. */
export function constants(): Constants {
  return {
    player: {
      scenarios: [],
      timeZone: [],
      playerStatuses: [],
      document: { status: [], type: [] },
      limit: {
        definition: [],
        status: [],
        allPeriod: [],
        cashPeriod: names(CashLimitPeriod),
        coolingOffPeriod: names(COOLING_OFF_PERIODS.map((p) => p.id)),
        selfExclusionPeriod: names(SELF_EXCLUSION_PERIODS.map((p) => p.id)),
      },
      registration: { email: true, phone: false },
      otp: { enabled: false, reason: [] },
      socialAuth: [],
      referral: { enabled: false, segmentTypes: [], qualificationStatuses: [] },
    },
    payment: { invoiceStatuses: [], invoiceTypes: [] },
    game: {
      bet: { status: [], transactionType: [], amountType: [] },
      spin: { transactionType: [] },
      bonus: {
        triggerType: [],
        type: [],
        status: [],
        wagerSportsbookTicketType: [],
        wagerSportsbookStage: [],
        payoutBalanceType: [],
        wagerCategory: [],
        depositBonusDeclineDefault: false,
      },
      playerBonus: { status: [], result: [] },
      playerFreespin: { status: [], result: [] },
    },
  };
}

export interface Rendered {
  markup: string;
  opened: { name: string; props: Record<string, unknown> | undefined }[];
}

/** Renders `node` with content, the cache filled with `limits` and `accounts`, and a recording modal system. */
export function render(
  content: i18n,
  node: ReactNode,
  data: { limits?: Limit[]; accounts?: WalletAccount[] } = {},
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
  client.setQueryData(settingsKeys.currencies, [USD, EUR]);
  client.setQueryData(authKeys.constants, constants());
  client.setQueryData(limitsKeys.list, data.limits ?? []);
  client.setQueryData(realtimeKeys.walletAccounts, data.accounts ?? [account('USD')]);
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/profile/limits']}>
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

/** What a registered modal body receives, for `name` with `props`. */
export function bodyProps(name: ModalName, props: Record<string, unknown> = {}): ModalBodyProps {
  return {
    name,
    definition: MODAL_REGISTRY[name],
    props,
    state: 'open',
    titleId: 'modal-title',
    close: () => true,
    setCloseGuard: () => undefined,
  };
}

/** The visible text of markup: tags dropped, spaces folded. */
export function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
