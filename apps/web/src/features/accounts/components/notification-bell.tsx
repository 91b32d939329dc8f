import { ActionIcon, Button, Divider, getDefaultZIndex, Group, Indicator, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import './account-bar-styles.ts';
import '@mantine/core/styles/Divider.layer.css';
import type { InAppNotification } from '@rhc/contracts';
import { DOCTOR_JOB_ID } from '@rhc/domain';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { paths, WATCH_REQUESTS_PATH } from '../../../config/paths.ts';
import { useDashboard } from '../../../hooks/use-dashboard.ts';
import { useReachedPopover } from '../../../hooks/use-reached.ts';
import { useMarkNotificationsRead, useNotifications, useOlderNotifications } from '../../../hooks/use-notifications.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { showError } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import classes from './notification-bell.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * Spec §2 and issue 12: the bell counts the unread notifications, the authorization or tracking requests waiting for
 * an answer and, for a doctor, the bookings awaiting their confirmation; it lists the 10 most recent notifications,
 * each opening its booking (which marks it read), and older ones 10 at a time on "Xem thêm".
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const dropdownId = useId();
  const isDoctor = useAuthStore((state) => state.user?.jobId === DOCTOR_JOB_ID);
  const dashboard = useDashboard(userId);
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationsRead(userId);
  const older = useOlderNotifications(userId);
  const invites = dashboard.data?.countInvites ?? 0;
  const page = notifications.data;
  const unread = page?.unread ?? 0;
  const awaiting = isDoctor ? (page?.awaitingConfirmation ?? 0) : 0;
  // The server counts each awaiting booking and each pending invitation once, read or not (their notices are not added again).
  const count = invites + (page?.badge ?? 0);

  // Spec §8: a dashboard that cannot be loaded shows an error toast.
  const failure = dashboard.error?.message;
  useEffect(() => {
    if (failure) showError(failure);
  }, [failure]);

  const shown = older.merged(page);
  const failed = (error: unknown) => showError(error instanceof Error ? error.message : String(error));

  const mark = (id: number | null) => {
    older.markShownRead(id);
    markRead(id).catch(failed);
  };
  // Closed, the bell lists the newest page again: the older pages are read anew when asked for next time.
  const setShown = (open: boolean) => {
    if (!open) older.reset();
    setOpened(open);
  };
  const toggle = () => {
    if (!opened) void notifications.refetch();
    setShown(!opened);
  };

  /*
   * The list's popover joins the bell when the person first reaches it (a pointer over it, the focus on it), not with
   * the page (issue 13, decision 036): a popover sets state as it mounts, which React runs at once, with all of the
   * page's effects, in the task that shows the page. It is placed on an anchor laid over the button, so the button
   * itself is never remounted, and says what it opens itself.
   */
  // A press outside the bell and its list closes it.
  const { reached, reach, rootRef, dropdownRef } = useReachedPopover({ opened, onClose: () => setShown(false) });

  return (
    // The header is sticky, so the bell never scrolls away: no need to watch it for that.
    <Indicator ref={rootRef} label={count > 99 ? '99+' : count} size={18} color="red" disabled={count === 0} offset={6}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        onClick={toggle}
        onPointerEnter={reach}
        onFocus={reach}
        aria-label={t('header.notifications', { count })}
        aria-haspopup="dialog"
        aria-expanded={opened}
        aria-controls={opened ? dropdownId : undefined}
      >
        <IconBell size={22} aria-hidden="true" />
      </ActionIcon>
      {reached && (
        <Popover
          opened={opened}
          onChange={setShown}
          position="bottom-end"
          width={360}
          shadow="md"
          withArrow
          hideDetached={false}
          trapFocus
          returnFocus
          withRoles={false}
          closeOnClickOutside={false}
          // Above the toasts (Mantine's notifications sit at the overlay level): a welcome toast must not cover the list.
          zIndex={getDefaultZIndex('overlay') + 1}
        >
          <Popover.Target>
            <span className={classes.anchor} aria-hidden="true" />
          </Popover.Target>
          <Popover.Dropdown ref={dropdownRef} id={dropdownId} role="dialog" aria-labelledby={titleId} className={classes.dropdown}>
            <Stack gap="xs">
              {/* Wraps rather than cutting "Đánh dấu đã đọc tất cả" off where the title and it do not fit on one line. */}
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text id={titleId} fw={700}>
                  {t('bell.title')}
                </Text>
                {unread > 0 && (
                  <Button variant="subtle" size="compact-sm" onClick={() => mark(null)}>
                    {t('bell.markAllRead')}
                  </Button>
                )}
              </Group>
              {awaiting > 0 && (
                // Wraps on a phone: the button goes under the sentence instead of being cut off.
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Text size="sm" style={{ flex: '1 1 12rem' }}>
                    {t('bell.awaiting', { count: awaiting })}
                  </Text>
                  <Button component={Link} to={paths.applicationList} size="compact-sm" variant="light" onClick={() => setShown(false)}>
                    {t('bell.review')}
                  </Button>
                </Group>
              )}
              <NotificationList
                // Read here, while the bell is closed too: the query re-renders this component for each of them.
                status={notifications.status}
                error={notifications.error?.message ?? ''}
                items={shown.items}
                onRetry={() => void notifications.refetch()}
                onOpen={(item) => {
                  if (!item.read) mark(item.id);
                  if (item.orderId) setShown(false);
                }}
              />
              {notifications.status === 'success' && shown.hasMore && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => older.loadMore().catch(failed)}
                  loading={older.pending}
                  style={{ alignSelf: 'center' }}
                >
                  {t('bell.more')}
                </Button>
              )}
              <Divider />
              <Text size="sm">{t('header.pending', { count: invites })}</Text>
              <Button
                component={Link}
                to={WATCH_REQUESTS_PATH}
                size="xs"
                onClick={() => setShown(false)}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('header.checkNow')}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Indicator>
  );
}

function NotificationList({
  status,
  error,
  items,
  onRetry,
  onOpen,
}: {
  status: 'pending' | 'error' | 'success';
  error: string;
  items: InAppNotification[];
  onRetry: () => void;
  onOpen: (item: InAppNotification) => void;
}) {
  const { t } = useTranslation('accounts');
  if (status === 'pending') return <LoadingState minHeight={80} size="sm" label={t('bell.loading')} />;
  if (status === 'error') return <ErrorState message={`${t('bell.failed')} ${error}`} onRetry={onRetry} />;
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed" py="sm">
        {t('bell.empty')}
      </Text>
    );
  return (
    <ul className={classes.list} aria-label={t('bell.list')}>
      {items.map((item) => {
        const entryClass = `${classes.entry} ${item.read ? '' : classes.unread}`;
        const body = (
          <>
            <span className={classes.mark} aria-hidden="true" />
            <span className={classes.body}>
              <span className={classes.text}>
                {!item.read && <VisuallyHidden>{t('bell.unread')}</VisuallyHidden>}
                {item.text}
              </span>
              {/* Vietnam's clock, written in every language as the notices' texts write days: "02/12 09:15". */}
              <span className={classes.time}>{formatInstant(item.createdAt, 'DD/MM HH:mm')}</span>
            </span>
          </>
        );
        return (
          <li key={item.id} className={classes.item}>
            {item.orderId ? (
              <Link to={generatePath(paths.allOrders, { id: item.orderId })} className={entryClass} onClick={() => onOpen(item)}>
                {body}
              </Link>
            ) : item.read ? (
              <div className={entryClass}>{body}</div>
            ) : (
              <button type="button" className={entryClass} onClick={() => onOpen(item)} aria-description={t('bell.markRead')}>
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
