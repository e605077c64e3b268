import { messengerEndpoints, type MessagesPage } from '@croupier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPaged } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';

/** Messages in the header's popover and on a page of `/profile/notifications`. */
export const POPOVER_SIZE = 3;
export const PAGE_SIZE = 5;

export const messagesKey = (page: number, perPage: number) => [...realtimeKeys.messages, { page, perPage }] as const;

/**
 * `GET /api/notification/messenger/messages`. Cached under the realtime key's prefix, so
 * `message.received` prepends to page 1 and counts one more unread wherever it is shown.
 */
export function useMessages(page: number, perPage: number, enabled = true) {
  return useQuery({
    queryKey: messagesKey(page, perPage),
    queryFn: async ({ signal }) =>
      // The server sends `meta.totalUnread` beside the page meta (the contract's messagesPageSchema).
      (await callPaged(messengerEndpoints.listMessages, {
        query: { page, perPage },
        signal,
      })) as unknown as MessagesPage,
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Writes a new unread count into every cached page, then refetches them. */
function useSettle() {
  const queryClient = useQueryClient();
  return (totalUnread: number | undefined) => {
    if (totalUnread !== undefined) {
      queryClient.setQueriesData<MessagesPage>({ queryKey: realtimeKeys.messages }, (cached) =>
        cached ? { ...cached, meta: { ...cached.meta, totalUnread } } : cached,
      );
    }
    void queryClient.invalidateQueries({ queryKey: realtimeKeys.messages });
  };
}

export function useReadMessage() {
  const settle = useSettle();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(messengerEndpoints.readMessages, { body: { messageIds: [id] } }),
    onMutate: (id) => {
      // Shown read at once: the player opened it.
      queryClient.setQueriesData<MessagesPage>({ queryKey: realtimeKeys.messages }, (cached) =>
        cached
          ? {
              ...cached,
              data: cached.data.map((m) => (m.id === id && m.state === 1 ? { ...m, state: 2 } : m)),
            }
          : cached,
      );
    },
    onSettled: (answer) => settle(answer?.totalUnread),
  });
}

export function useReadAllMessages() {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => call(messengerEndpoints.readAllMessages),
    onSettled: (answer) => settle(answer?.totalUnread),
  });
}

export function useDeleteMessage() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: string) => call(messengerEndpoints.deleteMessages, { body: { messageIds: [id] } }),
    onSettled: (answer) => settle(answer?.totalUnread),
  });
}
