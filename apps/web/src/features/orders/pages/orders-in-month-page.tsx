import { Alert, Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DATE_LIST_FORMAT } from '@rhc/domain';
import { IconList } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useOrderDays } from '../api/get-order-days.ts';
import { useOrderPage } from '../api/get-order-page.ts';
import { MonthCalendar } from '../components/month-calendar.tsx';
import { OrderList } from '../components/order-list.tsx';
import { ErrorState } from '../../../components/ui/query-state.tsx';
import '../strings.ts';

/** Spec §3: jobId 1 is a doctor. */
const DOCTOR_JOB_ID = 1;
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
  const [month, setMonth] = useState(() => todayInDisplayZone());
  const [selected, setSelected] = useState<string | null>(null);

  const shown = dayjs(month);
  const days = useOrderDays(userId, { month: shown.month() + 1, year: shown.year(), as: role });
  const counts = useMemo(() => new Map((days.data?.days ?? []).map((entry) => [entry.day, entry.count])), [days.data]);

  const chosen = selected ? dayjs(selected) : null;
  const dayOrders = useOrderPage(
    userId,
    { page: 0, size: DAY_PAGE_SIZE, as: role, day: chosen?.date(), month: chosen ? chosen.month() + 1 : undefined, year: chosen?.year() },
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
                month={month}
                counts={counts}
                selected={selected}
                onSelect={setSelected}
                onMonthChange={(next) => {
                  setMonth(next);
                  setSelected(null);
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
            {chosen ? (
              <Stack gap="sm">
                <Title order={2} size="h3">
                  {t('month.selected', { date: chosen.format(DATE_LIST_FORMAT) })}
                </Title>
                <OrderList
                  orders={dayOrders.isPlaceholderData ? undefined : dayOrders.data?.items}
                  error={dayOrders.error}
                  onRetry={() => void dayOrders.refetch()}
                  showPatient={role === 'doctor'}
                  label={t('month.selected', { date: chosen.format(DATE_LIST_FORMAT) })}
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
