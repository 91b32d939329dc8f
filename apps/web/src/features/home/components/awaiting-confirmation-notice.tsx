import { Button, Text } from '@mantine/core';
import { DOCTOR_JOB_ID } from '@rhc/domain';
import { IconCalendarClock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useNotifications } from '../../../hooks/use-notifications.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import classes from './awaiting-confirmation-notice.module.css';

/** Issue 12: a doctor's home says how many bookings await their confirmation, with the way to them. */
export function AwaitingConfirmationNotice() {
  const user = useAuthStore((state) => state.user);
  if (!user || user.jobId !== DOCTOR_JOB_ID) return null;
  return (
    // The bell's strings (accounts) may still be on their way: the home page does not wait for them.
    <Suspense fallback={null}>
      <Notice userId={user.userId} />
    </Suspense>
  );
}

function Notice({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  // The bell's own query: one request tells both.
  const awaiting = useNotifications(userId).data?.awaitingConfirmation ?? 0;
  if (awaiting === 0) return null;
  return (
    <div className={classes.notice} role="status">
      <IconCalendarClock size={28} className={classes.icon} aria-hidden="true" />
      <Text className={classes.text}>{t('bell.home', { count: awaiting })}</Text>
      <Button component={Link} to={paths.applicationList} variant="filled">
        {t('bell.review')}
      </Button>
    </div>
  );
}
