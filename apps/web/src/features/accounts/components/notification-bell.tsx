import { ActionIcon, Button, Indicator, Popover, Stack, Text } from '@mantine/core';
import './account-bar-styles.ts';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { showError } from '../../../lib/toast.ts';
import { useDashboard } from '../api.ts';

/** Where the unanswered authorization and tracking requests are answered (spec §2). */
export const WATCH_REQUESTS_PATH = `${paths.relativeManagement}?type=watched`;

/** Spec §2: the bell tells how many authorization or tracking requests wait for an answer, with Check now. */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const [opened, setOpened] = useState(false);
  const dashboard = useDashboard(userId);
  const count = dashboard.data?.countInvites ?? 0;

  // Spec §8: a dashboard that cannot be loaded shows an error toast.
  const failure = dashboard.error?.message;
  useEffect(() => {
    if (failure) showError(failure);
  }, [failure]);

  return (
    // The header is sticky, so the bell never scrolls away: no need to watch it for that.
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" disabled={count === 0} offset={6}>
      {/* The target is the button itself: aria-haspopup and aria-expanded belong on it, not on the badge's wrapper. */}
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} shadow="md" withArrow hideDetached={false}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => setOpened((open) => !open)}
            aria-label={t('header.notifications', { count })}
          >
            <IconBell size={22} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Text size="sm">{t('header.pending', { count })}</Text>
            <Button
              component={Link}
              to={WATCH_REQUESTS_PATH}
              size="xs"
              onClick={() => setOpened(false)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('header.checkNow')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
