import {
  paymentEndpoints,
  paymentMethodEndpoints,
  walletEndpoints,
  type DepositRequest,
  type DepositResponse,
  type WalletAccount,
  type WithdrawRequest,
  type WithdrawResponse,
} from '@croupier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { call } from '../../lib/api';
import { useSession } from '../auth';
import { realtimeKeys } from '../../lib/query-keys';
import {
  DEFAULT_EQUIVALENT_CURRENCY,
  EQUIVALENT_CURRENCY_KEY,
  PAYMENT_GEO_KEY,
  activeAccount,
} from '../../lib/wallet-display';

/**
 * Wallet calls. Accounts live under the realtime key, so that
 * `account.balance.updated` events and the mobile refetch reach every balance shown.
 */
export const walletKeys = {
  methods: (kind: 'deposit' | 'withdrawal', currency: string, country: string | null) =>
    ['payment', 'methods', kind, currency, country ?? ''] as const,
  turnOver: (currency: string) => ['risk', 'turn-over-wager', currency] as const,
};

export function useAccounts() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: realtimeKeys.walletAccounts,
    queryFn: ({ signal }) => call(walletEndpoints.listAccounts, { signal }),
    enabled: isLoggedIn,
  });
}

export function useActiveAccount(): WalletAccount | undefined {
  return activeAccount(useAccounts().data);
}

/** Switching the active account reloads deposit and withdraw methods and turn-over data. */
function useAfterSwitch() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: realtimeKeys.walletAccounts });
    await queryClient.invalidateQueries({ queryKey: ['payment', 'methods'] });
    await queryClient.invalidateQueries({ queryKey: ['risk', 'turn-over-wager'] });
  }, [queryClient]);
}

/**
 * Makes a currency's account the active one: switches to it, or first creates it
 * when the player has none in that currency.
 */
export function useSelectCurrency() {
  const queryClient = useQueryClient();
  const afterSwitch = useAfterSwitch();
  return useMutation({
    mutationFn: async (currency: string) => {
      let accounts = queryClient.getQueryData<WalletAccount[]>(realtimeKeys.walletAccounts) ?? [];
      let account = accounts.find((item) => item.currency === currency);
      if (!account) {
        // The answer is the whole list after creation.
        accounts = await call(walletEndpoints.createAccount, { body: { currency } });
        account = accounts.find((item) => item.currency === currency);
      }
      if (!account) throw new Error(`no ${currency} account after creation`);
      if (account.status !== 1) {
        accounts = await call(walletEndpoints.switchAccount, { params: { accountId: account.id } });
      }
      queryClient.setQueryData(realtimeKeys.walletAccounts, accounts);
      return accounts;
    },
    onSettled: afterSwitch,
  });
}

export function useHideAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => call(walletEndpoints.hideAccount, { params: { accountId } }),
    onSuccess: (accounts) => queryClient.setQueryData(realtimeKeys.walletAccounts, accounts),
    onSettled: () => queryClient.invalidateQueries({ queryKey: realtimeKeys.walletAccounts }),
  });
}

export function useMethods(kind: 'deposit' | 'withdrawal', currency: string | undefined, country: string | null) {
  return useQuery({
    queryKey: walletKeys.methods(kind, currency ?? '', country),
    queryFn: ({ signal }) =>
      call(paymentMethodEndpoints[kind], { query: { currency, country: country ?? undefined }, signal }),
    enabled: Boolean(currency),
    retry: false,
  });
}

export function useTurnOverWager(currency: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.turnOver(currency ?? ''),
    queryFn: ({ signal }) => call(paymentEndpoints.turnOverWager, { query: { currency: currency ?? '' }, signal }),
    enabled: enabled && Boolean(currency),
    retry: false,
  });
}

export function createDeposit(body: DepositRequest): Promise<DepositResponse> {
  return call(paymentEndpoints.createDeposit, { body });
}

export function createWithdrawal(body: WithdrawRequest): Promise<WithdrawResponse> {
  return call(paymentEndpoints.createWithdrawal, { body });
}

// ---------------------------------------------------------------------------
// Local-storage preferences (equivalent currency, payment region)
// ---------------------------------------------------------------------------

const storageListeners = new Set<() => void>();

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the preference lasts for this page only
  }
  storageListeners.forEach((listener) => listener());
}

function subscribeStorage(listener: () => void): () => void {
  storageListeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    storageListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function useStoredValue(key: string): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribeStorage,
    () => readStorage(key),
    () => null,
  );
  const set = useCallback((next: string | null) => writeStorage(key, next), [key]);
  return [value, set];
}

/** The equivalent currency: on sets USD, off removes it. */
export function useEquivalentCurrency() {
  const [code, set] = useStoredValue(EQUIVALENT_CURRENCY_KEY);
  const setEnabled = useCallback((enabled: boolean) => set(enabled ? DEFAULT_EQUIVALENT_CURRENCY : null), [set]);
  return { code, enabled: Boolean(code), setEnabled };
}

/** The payment region the player chose (an ISO code), if any. */
export function usePaymentGeo() {
  return useStoredValue(PAYMENT_GEO_KEY);
}

export function useInvoiceStatistics() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: realtimeKeys.invoiceStatistics,
    queryFn: ({ signal }) => call(paymentEndpoints.invoiceStatistics, { signal }),
    enabled: isLoggedIn,
  });
}
