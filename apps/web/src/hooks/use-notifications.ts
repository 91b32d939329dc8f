import { type InAppNotification, type NotificationPage, notificationsEndpoints } from '@rhc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiRequest, endpointQuery, queryKeyOf } from '../lib/api-client.ts';
import { currentLanguage } from '../lib/i18n.ts';

/*
 * The person's in-app notifications (server module `notifications`, issue 12), read by the header's bell and by a
 * doctor's home notice: one query, so both show the same counts from one request.
 */
const api = notificationsEndpoints;

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

interface Older {
  items: InAppNotification[];
  /** The next page to ask for (page 0 is the newest query's). */
  next: number;
  /** How many the person has, as the last page read said; null before one was read. */
  total: number | null;
  pending: boolean;
}

const NONE: Older = { items: [], next: 1, total: null, pending: false };

/**
 * Older notifications than the newest page, loaded a page at a time when asked ("Xem thêm"), for as long as the bell
 * is open (`reset` when it closes). A notice that arrived meanwhile shifts the pages: one already listed is not
 * listed twice (`merged`).
 */
export function useOlderNotifications(userId: string) {
  const [older, setOlder] = useState<Older>(NONE);
  const loadMore = useCallback(async () => {
    setOlder((current) => ({ ...current, pending: true }));
    try {
      const next = await apiRequest(api.list, {
        params: { userId },
        query: { page: older.next, size: BELL_SIZE },
        showServerErrorScreen: false,
      });
      setOlder((current) => ({
        items: [...current.items, ...next.items.filter((item) => !current.items.some((known) => known.id === item.id))],
        next: current.next + 1,
        total: next.total,
        pending: false,
      }));
    } catch (error) {
      setOlder((current) => ({ ...current, pending: false }));
      throw error;
    }
  }, [older.next, userId]);
  const reset = useCallback(() => setOlder(NONE), []);
  /** Shows one (or, `id` null, every) loaded older notice read, as the newest query is when it is marked. */
  const markShownRead = useCallback(
    (id: number | null) =>
      setOlder((current) => ({
        ...current,
        items: current.items.map((item) => (id === null || item.id === id ? { ...item, read: true } : item)),
      })),
    [],
  );
  /** The newest page followed by the older ones loaded, each notice once, and whether the person has more. */
  const merged = useCallback(
    (newest: NotificationPage | undefined) => {
      const first = newest?.items ?? [];
      const items = [...first, ...older.items.filter((item) => !first.some((known) => known.id === item.id))];
      const total = Math.max(newest?.total ?? 0, older.total ?? 0);
      return { items, hasMore: newest !== undefined && items.length < total };
    },
    [older],
  );
  return { loadMore, reset, markShownRead, merged, pending: older.pending };
}
