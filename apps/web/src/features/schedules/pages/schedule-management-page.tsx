import { Alert, Container, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import '../styles.ts';
import { DOCTOR_JOB_ID } from '@rhc/domain';
import { IconCalendarMonth, IconCalendarEvent, IconLock } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { monthOf, shiftMonth } from '../../../components/calendar/month-grid.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useDoctorScheduleMonth } from '../api.ts';
import { DaySchedule } from '../components/day-schedule.tsx';
import { HolidaysPanel } from '../components/holidays-panel.tsx';
import { ScheduleMonth } from '../components/schedule-month.tsx';
import { WorkTimeList } from '../components/work-time-list.tsx';
import classes from './schedule-management-page.module.css';
import { useTranslation } from '../../../lib/i18n.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

type View = 'month' | 'day';

/** What the server says when the person may not manage a schedule (spec §6: doctors only, verified only). */
function accessRefusal(error: Error | null): ApiError | undefined {
  return error instanceof ApiError && error.status === 403 ? error : undefined;
}

/**
 * Spec §2 /schedulemanagement/: the doctor's schedule by month or by day, their registered work times (in person
 * and online, with repetition) and their days off. Only a doctor (jobId 1) whose account is verified has the tools.
 */
export function ScheduleManagementPage() {
  const { t } = useTranslation('schedules');
  usePageTitle(t('title'));
  const user = useAuthStore((state) => state.user);
  const isDoctor = user?.jobId === DOCTOR_JOB_ID;
  const today = todayInDisplayZone();
  const [shown, setShown] = useState(() => monthOf(today));
  const [view, setView] = useState<View>('month');
  const [day, setDay] = useState(today);
  const month = useDoctorScheduleMonth(isDoctor ? user.userId : '', shown.year, shown.month);
  const refusal = accessRefusal(month.error);
  // The work times and days off, below the month, come in a second render React can pause: the page's first commit
  // draws only its top (main-thread habits in docs/architecture.md; issue 13: one task of about 130 ms on a phone).
  const showPanels = useDeferredValue(true, false);

  // The intro is for anyone who lands here: what the page is for (above the note when it is not theirs); the server's first frame too.
  const header = <PageHeading title={t('title')} intro={t('page.intro')} />;

  if (!user) return null;

  if (!isDoctor || refusal) {
    const notDoctor = !isDoctor || refusal?.code === 'NOT_A_DOCTOR';
    return (
      <Container size="lg" className={classes.page}>
        <Stack gap="lg">
          {header}
          <Alert
            color={notDoctor ? 'gray' : 'yellow'}
            variant="light"
            icon={<IconLock aria-hidden="true" />}
            title={notDoctor ? t('page.notDoctorTitle') : refusal?.message}
            role="alert"
          >
            {notDoctor ? t('page.notDoctor') : refusal?.code === 'DOCTOR_NOT_VERIFIED' ? t('page.notVerifiedHint') : null}
          </Alert>
        </Stack>
      </Container>
    );
  }

  const pickDay = (picked: string) => {
    setDay(picked);
    setShown(monthOf(picked));
    setView('day');
  };

  return (
    <Container size="lg" className={classes.page}>
      <Stack gap="lg">
        {header}
        <Paper withBorder radius="lg" className={classes.card}>
          <Tabs value={view} onChange={(value) => setView(value === 'day' ? 'day' : 'month')} keepMounted={false}>
            <Tabs.List aria-label={t('tabs.label')} mb="md">
              <Tabs.Tab value="month" leftSection={<IconCalendarMonth size={16} aria-hidden="true" />}>
                {t('tabs.month')}
              </Tabs.Tab>
              <Tabs.Tab value="day" leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}>
                {t('tabs.day')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="month">
              <ScheduleMonth
                year={shown.year}
                month={shown.month}
                today={today}
                schedule={month.data}
                loading={month.isPending}
                error={month.error}
                onRetry={() => void month.refetch()}
                onShiftMonth={(by) => setShown((current) => shiftMonth(current, by))}
                onToday={() => setShown(monthOf(today))}
                onPickDay={pickDay}
              />
            </Tabs.Panel>
            <Tabs.Panel value="day">
              <DaySchedule doctorId={user.userId} day={day} onDayChange={pickDay} holidays={month.data?.holidays ?? []} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
        {showPanels && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder radius="lg" className={classes.card}>
              <WorkTimeList />
            </Paper>
            <Paper withBorder radius="lg" className={classes.card}>
              <HolidaysPanel />
            </Paper>
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
