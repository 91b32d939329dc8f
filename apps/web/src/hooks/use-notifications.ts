import { endpoints, type NotificationPage } from '@rhc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest, endpointQuery, queryKeyOf } from '../lib/api-client.ts';
import { currentLanguage } from '../lib/i18n.ts';

/*
 * The person's in-app notifications (server module `notifications`, issue 12), read by the header's bell and by a
 * doctor's home notice: one query, so both show the same counts from one request.
 */
const api = endpoints.notifications;

/** How many of the most recent notifications the bell lists. */
export const BELL_SIZE = 10;
/** The bell looks again every minute while the tab is visible, and when the person comes back to it. */
const POLL_MS = 60_000;

/** The newest notifications (their texts in the app's language), the unread count and, for a doctor, the bookings awaiting them. */
export function useNotifications(userId: string) {
  return useQuery({
    ...endpointQuery(
      api.list,
      { params: { userId }, query: { page: 0, size: BELL_SIZE }, showServerErrorScreen: false },
      { language: currentLanguage() },
    ),
    enabled: userId !== '',
    staleTime: POLL_MS / 2,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** Marks one notification read, or all of them (`id` null): shown at once, then read again from the server. */
export function useMarkNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: number | null) => {
      const listKey = queryKeyOf(api.list);
      queryClient.setQueriesData<NotificationPage>({ queryKey: listKey }, (page) => {
        if (!page) return page;
        const items = page.items.map((item) => (id === null || item.id === id ? { ...item, read: true } : item));
        const newlyRead = page.items.filter((item) => !item.read && (id === null || item.id === id)).length;
        return { ...page, items, unread: id === null ? 0 : Math.max(0, page.unread - newlyRead) };
      });
      try {
        if (id === null) await apiRequest(api.markAllRead, { params: { userId }, showServerErrorScreen: false });
        else await apiRequest(api.markRead, { params: { userId, id }, showServerErrorScreen: false });
      } finally {
        await queryClient.invalidateQueries({ queryKey: listKey });
      }
    },
    [queryClient, userId],
  );
}
