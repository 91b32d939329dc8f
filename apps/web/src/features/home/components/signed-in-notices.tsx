import { Button, Text } from '@mantine/core';
import { DOCTOR_JOB_ID } from '@rhc/domain';
import { IconCalendarClock, IconUserShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, WATCH_REQUESTS_PATH } from '../../../config/paths.ts';
import { useDashboard } from '../../../hooks/use-dashboard.ts';
import { useNotifications } from '../../../hooks/use-notifications.ts';
import classes from './home-notices.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * What waits for the signed-in person, on their home page: the authorization or tracking requests not yet answered
 * (spec §2 "You have N … not yet answered — Check now", issue 14) and, for a doctor, the bookings awaiting their
 * confirmation (issue 12). The bell's own queries: one request tells both. Loaded by `HomeNotices` only for someone
 * signed in, so a visitor's first screen does not fetch the data layer.
 */
export default function SignedInNotices({ userId, jobId }: { userId: string; jobId?: number | null }) {
  return (
    <>
      <PendingRequests userId={userId} />
      {jobId === DOCTOR_JOB_ID && <AwaitingConfirmation userId={userId} />}
    </>
  );
}

function PendingRequests({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const pending = useDashboard(userId).data?.countInvites ?? 0;
  if (pending === 0) return null;
  return (
    <Notice icon={<IconUserShare size={28} className={classes.icon} aria-hidden="true" />} text={t('header.pending', { count: pending })}>
      <Button component={Link} to={WATCH_REQUESTS_PATH} variant="filled">
        {t('header.checkNow')}
      </Button>
    </Notice>
  );
}

function AwaitingConfirmation({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const awaiting = useNotifications(userId).data?.awaitingConfirmation ?? 0;
  if (awaiting === 0) return null;
  return (
    <Notice icon={<IconCalendarClock size={28} className={classes.icon} aria-hidden="true" />} text={t('bell.home', { count: awaiting })}>
      <Button component={Link} to={paths.applicationList} variant="filled">
        {t('bell.review')}
      </Button>
    </Notice>
  );
}

function Notice({ icon, text, children }: { icon: ReactNode; text: string; children: ReactNode }) {
  return (
    <div className={classes.notice} role="status">
      {icon}
      <Text className={classes.text}>{text}</Text>
      {children}
    </div>
  );
}
