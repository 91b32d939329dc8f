import { Container, Grid, Paper, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import '../styles.ts';
import { DOCTOR_JOB_ID } from '@rhc/domain';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useUserProfile } from '../api.ts';
import { AvatarEditor } from '../components/avatar-editor.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { PhoneVerification } from '../components/phone-verification.tsx';
import { NotificationPreferences } from '../components/notification-preferences.tsx';
import { ReminderDefaults } from '../components/reminder-defaults.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import classes from './user-info-page.module.css';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

// Only a doctor has a licence to show: a patient's page never loads the licence form.
const LicenceSection = lazy(async () => ({ default: (await import('../components/licence-section.tsx')).LicenceSection }));
// "Export my data" (issue 53): its code and strings load after the page's own.
const RecordExportSection = lazy(async () => ({
  default: (await import('../../../components/record-export/record-export-section.tsx')).RecordExportSection,
}));
// Two-step login (issue 53, decision 054): its code and strings load only when the page shows it.
const TwoStepSection = lazy(async () => ({ default: (await import('../two-step/two-step-section.tsx')).TwoStepSection }));
// Deleting the account (issue 53): its code and strings load only when the page shows it, beside the page's own.
const AccountDeletionSection = lazy(async () => ({
  default: (await import('../components/account-deletion-section.tsx')).AccountDeletionSection,
}));

/**
 * Spec §2 /infouser/: the avatar, the profile and the password of the person logged in (behind the guard); a doctor's
 * practising licence number too (issue 17); a phone not verified yet, with its "Xác minh" (decision 048).
 */
export function UserInfoPage() {
  const { t } = useTranslation(['accounts', 'common']);
  usePageTitle(t('profile.pageTitle'));
  const user = useAuthStore((state) => state.user);
  const profile = useUserProfile(user?.userId ?? '');
  if (!user) return null;

  return (
    <Container size="lg" className={classes.page}>
      <Title order={1} mb="lg">
        {t('profile.pageTitle')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="lg" className={classes.sticky}>
            <AvatarEditor user={user} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {profile.data && !profile.data.phoneVerified && <PhoneVerification userId={user.userId} phone={profile.data.phone} />}
            <Paper withBorder radius="lg" className={classes.card}>
              {profile.data ? (
                <ProfileForm key={profile.data.id} profile={profile.data} />
              ) : profile.isError ? (
                <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
              ) : (
                <LoadingState minHeight={240} />
              )}
            </Paper>
            {user.jobId === DOCTOR_JOB_ID && (
              <Paper withBorder radius="lg" className={classes.card}>
                <Suspense fallback={<LoadingState minHeight={160} />}>
                  <LicenceSection userId={user.userId} />
                </Suspense>
              </Paper>
            )}
            <Paper withBorder radius="lg" className={classes.card}>
              <ChangePasswordForm userId={user.userId} />
            </Paper>
            <Paper withBorder radius="lg" className={classes.card}>
              <Suspense fallback={<LoadingState minHeight={120} />}>
                <TwoStepSection userId={user.userId} />
              </Suspense>
            </Paper>
            <Paper withBorder radius="lg" className={classes.card}>
              <NotificationPreferences userId={user.userId} />
            </Paper>
            <Paper withBorder radius="lg" className={classes.card}>
              <ReminderDefaults userId={user.userId} />
            </Paper>
            <Paper withBorder radius="lg" className={classes.card}>
              <Suspense fallback={<LoadingState minHeight={120} />}>
                <RecordExportSection profileId={user.userId} />
              </Suspense>
            </Paper>
            <Paper withBorder radius="lg" className={classes.card}>
              <Suspense fallback={<LoadingState minHeight={120} />}>
                <AccountDeletionSection userId={user.userId} />
              </Suspense>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
