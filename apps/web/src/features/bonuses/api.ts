import {
  bonusEndpoints,
  bonusFreespinEndpoints,
  type PlayerBonus,
  type PlayerFreespinDetail,
} from '@croupier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callPaged } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';
import { useSession } from '../auth';
import { playerBonusesQuery, playerFreespinsQuery, type BonusTab } from './logic';

/**
 * Bonus calls. Both lists live under their realtime keys (lib/query-keys.ts), so that
 * bonus events and a credited deposit reach every screen that shows them.
 */

/** The deposit form asks for offers at most every 500 ms while the amount or currency changes. */
export const OFFERS_RELOAD_DEBOUNCE_MS = 500;

/** `value`, held back until it has not changed for `delayMs` (the first value at once). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Deposit bonuses on offer in a currency (`GET /api/game/bonuses`), and with an amount only
 * those whose deposit bounds fit it; asked 500 ms after the currency or amount last
 * changed. While the next answer loads the previous one of the same currency stays, so
 * that cards do not blink as the player types. `amount` is the amount the data answers.
 */
export function useDepositBonuses(currency: string | undefined, amountMajor: number | null) {
  const { isLoggedIn } = useSession();
  // Debounced as one text, so that an equal request is the same value.
  const settled = useDebouncedValue(`${currency ?? ''} ${amountMajor ?? ''}`, OFFERS_RELOAD_DEBOUNCE_MS);
  const [settledCurrency = '', settledAmount = ''] = settled.split(' ');
  const key = { currency: settledCurrency, amount: settledAmount === '' ? null : Number(settledAmount) };
  const query = useQuery({
    queryKey: [...realtimeKeys.depositBonuses, key] as const,
    queryFn: ({ signal }) =>
      call(bonusEndpoints.listBonuses, {
        query: { currency: key.currency, ...(key.amount !== null ? { amount: key.amount } : {}) },
        signal,
      }),
    enabled: isLoggedIn && key.currency !== '',
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as { currency?: string } | undefined)?.currency === key.currency
        ? previous
        : undefined,
    retry: false,
  });
  return { query, currency: key.currency, amount: query.isPlaceholderData ? undefined : key.amount };
}

/** One tab's page of the player's bonuses (`GET /api/game/player-bonuses`), newest first. */
export function usePlayerBonuses(tab: BonusTab, currency: string | undefined, page: number) {
  const { isLoggedIn } = useSession();
  const query = playerBonusesQuery(tab, currency, page);
  return useQuery({
    queryKey: [...realtimeKeys.playerBonuses, query] as const,
    queryFn: ({ signal }) => callPaged(bonusEndpoints.listPlayerBonuses, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isLoggedIn && Boolean(currency),
  });
}

export type BonusAction = 'activate' | 'cancel';

/**
 * Activates or cancels one of the player's bonuses; afterwards the lists, the offers and the
 * balances (bonus money moved) reload, whether or not the realtime events arrive.
 */
export function useBonusAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BonusAction }): Promise<PlayerBonus> =>
      call(action === 'activate' ? bonusEndpoints.activatePlayerBonus : bonusEndpoints.cancelPlayerBonus, {
        params: { id },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: realtimeKeys.playerBonuses }),
        queryClient.invalidateQueries({ queryKey: realtimeKeys.depositBonuses }),
        queryClient.invalidateQueries({ queryKey: realtimeKeys.walletAccounts }),
      ]),
  });
}

/**
 * One tab's free-spin grants (`GET /api/game/player-freespins`): issued and active, or a
 * page of the finished ones. Under `realtimeKeys.playerFreespins`, so the grants' events
 * reload it (debounced); the previous page stays while the next one loads.
 */
export function usePlayerFreespins(tab: BonusTab, currency: string | undefined, page = 1) {
  const { isLoggedIn } = useSession();
  const query = playerFreespinsQuery(tab, currency, page);
  return useQuery({
    queryKey: [...realtimeKeys.playerFreespins, query] as const,
    queryFn: ({ signal }) => callPaged(bonusFreespinEndpoints.listPlayerFreespins, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isLoggedIn && Boolean(currency),
  });
}

/**
 * Activates or cancels a free-spin grant; afterwards the grants and the bonus lists reload
 * (a cancelled grant's winnings are forfeit, no bonus), whether or not the events arrive.
 */
export function useFreespinAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BonusAction }): Promise<PlayerFreespinDetail> =>
      call(
        action === 'activate'
          ? bonusFreespinEndpoints.activatePlayerFreespin
          : bonusFreespinEndpoints.cancelPlayerFreespin,
        { params: { id } },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: realtimeKeys.playerFreespins }),
        queryClient.invalidateQueries({ queryKey: realtimeKeys.playerBonuses }),
      ]),
  });
}
