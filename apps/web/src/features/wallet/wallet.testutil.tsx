import type { Country, PlayerInit, WalletAccount } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AppSettingsContext, type AppSettings } from '../../lib/app-settings';
import { englishContent as englishContentOf, ENGLISH_SETTINGS } from '../../lib/content.testutil';
import { authKeys } from '../auth';
import { ModalsContext, type ModalBodyProps, type ModalsApi } from '../modals';
import { realtimeKeys } from '../../lib/query-keys';
import { settingsKeys } from '../settings';

/**
 * Wallet components rendered to markup (the unit project has no DOM): the real English
 * content, a query cache filled as the app would have it, and a modal system that records
 * what is opened. Effects do not run, so what a test sees is the first render.
 */

export const englishContent = () => englishContentOf(['global-components', 'modals', 'alerts', 'fields-settings']);

export function country(code: string, name: string): Country {
  return {
    code,
    name,
    nativeName: name,
    phonePrefix: '1',
    currency: 'EUR',
    locale: 'en',
    additionalCurrency: [],
    restrict: false,
    restrictType: null,
  };
}

export function account(currency: string): WalletAccount {
  return {
    id: `acc-${currency}`,
    currency,
    status: 1,
    balance: 10,
    realBalance: 10,
    bonusBalance: 0,
    lockedBalance: 0,
    withdrawalBalance: 10,
  };
}

export interface Scene {
  /** The visitor's country the server detected (player init). */
  detectedCountry?: string | null;
  profileCountry?: string | null;
  countries?: Country[];
  accounts?: WalletAccount[];
  queryClient?: QueryClient;
}

export function sceneClient(scene: Scene): QueryClient {
  const queryClient = scene.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.profile, {
    id: 'ab12cd-0000',
    status: 1,
    country: scene.profileCountry ?? null,
  });
  queryClient.setQueryData(realtimeKeys.walletAccounts, scene.accounts ?? [account('EUR')]);
  queryClient.setQueryData(settingsKeys.countries, scene.countries ?? []);
  queryClient.setQueryData(settingsKeys.currencies, []);
  return queryClient;
}

function init(detectedCountry: string | null): PlayerInit {
  return {
    country: detectedCountry,
    restrictType: null,
    locale: 'en',
    serverTime: '2026-11-25T12:00:00.000Z',
    features: {
      loyalty: false,
      sportsbook: false,
      guestChat: false,
      chat: false,
      chatWidget: null,
      affiliateCookieDays: 30,
      walletShowFilledFields: false,
    },
  };
}

export interface Rendered {
  markup: string;
  opened: string[];
}

export function renderInApp(content: i18n, node: ReactNode, scene: Scene = {}): Rendered {
  const opened: string[] = [];
  const modals: ModalsApi = {
    open: (name) => {
      opened.push(name);
      return { opened: true, id: opened.length, name };
    },
    close: () => true,
    closeAll: () => undefined,
    stack: [],
    pendingAfterSignIn: null,
    takePendingAfterSignIn: () => null,
  };
  const settings: AppSettings = { ...ENGLISH_SETTINGS, init: init(scene.detectedCountry ?? null) };
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <I18nextProvider i18n={content}>
        <AppSettingsContext.Provider value={settings}>
          <QueryClientProvider client={sceneClient(scene)}>
            <ModalsContext.Provider value={modals}>{node}</ModalsContext.Provider>
          </QueryClientProvider>
        </AppSettingsContext.Provider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { markup, opened };
}

/** The props a modal body receives, with `props` as given to `open()`. */
export function bodyProps(props: Record<string, unknown>): ModalBodyProps {
  return {
    name: 'wallet',
    definition: {} as ModalBodyProps['definition'],
    props,
    state: 'opened',
    titleId: 'wallet-title',
    close: () => true,
    setCloseGuard: () => undefined,
  };
}
