import { gamesEndpoints, originalsEndpoints, paymentEndpoints, type Invoice } from '@croupier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPaged, type Paged } from '../../lib/api';
import { useLocale } from '../../lib/app-settings';
import { useSession } from '../auth';
import { realtimeKeys } from '../../lib/query-keys';
import { invoicesQuery, type HistoryFilters } from './logic';

/** The player's casino rounds and recalled rounds. */
export const gameHistoryKeys = {
  spins: (page: number) => ['game', 'spins', page] as const,
  round: (id: string) => ['game', 'originals', 'round', id] as const,
};

/** Ten rounds a page, newest first. */
export function useSpins(page: number, perPage: number, enabled = true) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: gameHistoryKeys.spins(page),
    queryFn: ({ signal }) => callPaged(originalsEndpoints.listSpins, { query: { page, perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled: isLoggedIn && enabled,
  });
}

/** One settled round with its params, outcome and seeds (game recall), fetched when opened. */
export function useRound(id: string, enabled: boolean) {
  return useQuery({
    queryKey: gameHistoryKeys.round(id),
    queryFn: ({ signal }) => call(originalsEndpoints.round, { params: { id }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The player's invoices. Lists live under the realtime `invoices`
 * prefix and the statistics under its key, so invoice socket events refresh them.
 */
export function useInvoices(filters: HistoryFilters, enabled = true) {
  const { isLoggedIn } = useSession();
  const query = invoicesQuery(filters);
  return useQuery({
    queryKey: [...realtimeKeys.invoices, query] as const,
    queryFn: ({ signal }) => callPaged(paymentEndpoints.listInvoices, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isLoggedIn && enabled,
  });
}

/**
 * `PUT …/decline`: the answer replaces the row at once; then lists, statistics and the
 * balances (the held amount came back) are fetched again.
 */
export function useDeclineInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => call(paymentEndpoints.declineInvoice, { params: { invoiceId } }),
    onSuccess: async (declined) => {
      queryClient.setQueriesData<Paged<Invoice>>({ queryKey: realtimeKeys.invoices }, (page) =>
        page ? { ...page, data: page.data.map((item) => (item.id === declined.id ? declined : item)) } : page,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: realtimeKeys.invoices }),
        queryClient.invalidateQueries({ queryKey: realtimeKeys.walletAccounts }),
        queryClient.invalidateQueries({ queryKey: realtimeKeys.invoiceStatistics }),
      ]);
    },
  });
}

/**
 * The player's sports bets (`GET /api/game/bets`), open or settled, ten a page. Under the
 * realtime `sportsbookTickets` prefix, so a ticket's placement or settlement refreshes it.
 * The server names selections in the page's language, so a language switch reads again.
 */
export function useSportBets(settled: boolean, page: number, enabled = true) {
  const { isLoggedIn } = useSession();
  const { locale } = useLocale();
  return useQuery({
    queryKey: [...realtimeKeys.sportsbookTickets, 'history', { settled, page, locale }] as const,
    queryFn: ({ signal }) =>
      callPaged(gamesEndpoints.listBets, { query: { isSettled: settled, page, perPage: 10 }, signal }),
    placeholderData: keepPreviousData,
    enabled: isLoggedIn && enabled,
  });
}
