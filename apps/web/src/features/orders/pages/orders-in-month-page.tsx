import { Alert, Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { DATE_LIST_FORMAT, DOCTOR_JOB_ID } from '@rhc/domain';
import { IconList } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MonthCalendar } from '../../../components/calendar/month-calendar.tsx';
import { monthOf, shiftMonth } from '../../../components/calendar/month-grid.ts';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { calendarDayName, formatCalendarDay, todayInDisplayZone } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useOrderDays, useOrderPage } from '../api.ts';
import { OrderList } from '../components/order-list.tsx';
import { ErrorState } from '../../../components/ui/query-state.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The contract's largest page: one day's bookings fit in it. */
const DAY_PAGE_SIZE = 100;

/** Spec §2 /order-list-in-month/: a month calendar marking the days with bookings; a chosen day lists them. */
export function OrdersInMonthPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('month.pageTitle'));
  const user = useAuthStore((state) => state.user);
  const userId = user?.userId ?? '';
  // A doctor sees the bookings assigned to them; anyone else their own.
  const role = user?.jobId === DOCTOR_JOB_ID ? 'doctor' : 'patient';
  const [shown, setShown] = useState(() => monthOf(todayInDisplayZone()));
  const [selected, setSelected] = useState<string | null>(null);

  const days = useOrderDays(userId, { month: shown.month, year: shown.year, as: role });
  const counts = useMemo(() => new Map((days.data?.days ?? []).map((entry) => [entry.day, entry.count])), [days.data]);

  const chosen = selected ? { ...monthOf(selected), day: Number(selected.slice(8, 10)) } : null;
  const dayOrders = useOrderPage(
    userId,
    { page: 0, size: DAY_PAGE_SIZE, as: role, day: chosen?.day, month: chosen?.month, year: chosen?.year },
    chosen !== null,
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t('month.pageTitle')}</Title>
          <Button component={Link} to={paths.applicationList} variant="light" leftSection={<IconList size={18} aria-hidden="true" />}>
            {t('month.listLink')}
          </Button>
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
              <MonthCalendar
                size="compact"
                year={shown.year}
                month={shown.month}
                counts={counts}
                selected={selected}
                onPickDay={setSelected}
                onShiftMonth={(by) => {
                  setShown((current) => shiftMonth(current, by));
                  setSelected(null);
                }}
                dayLabel={(day) => {
                  const date = calendarDayName(day);
                  const count = counts.get(day) ?? 0;
                  // What the day shows first, its number and its count (WCAG 2.5.3), then the date it is.
                  return count > 0 ? t('month.dayLabel', { day: Number(day.slice(8)), count, date }) : t('month.dayLabelEmpty', { date });
                }}
              />
              {days.isError && (
                <Stack mt="sm">
                  <ErrorState message={days.error.message} onRetry={() => void days.refetch()} />
                </Stack>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {selected ? (
              <Stack gap="sm">
                <Title order={2} size="h3">
                  {t('month.selected', { date: formatCalendarDay(selected, DATE_LIST_FORMAT) })}
                </Title>
                <OrderList
                  orders={dayOrders.isPlaceholderData ? undefined : dayOrders.data?.items}
                  error={dayOrders.error}
                  onRetry={() => void dayOrders.refetch()}
                  showPatient={role === 'doctor'}
                  label={t('month.selected', { date: formatCalendarDay(selected, DATE_LIST_FORMAT) })}
                  empty={
                    <Alert color="gray" variant="light">
                      {t('month.emptyDay')}
                    </Alert>
                  }
                />
              </Stack>
            ) : (
              <Text c="dimmed">{t('month.chooseDay')}</Text>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
