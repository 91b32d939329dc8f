import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Holiday, Order } from '@rhc/contracts';
import { isActiveOrder, isHoliday } from '@rhc/domain';
import { IconAlertTriangle, IconBeach } from '@tabler/icons-react';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { formatCalendarDay, formatInstant } from '../../../lib/dates.ts';
import { DAY_PAGE_SIZE, useDoctorDayBookings, useDoctorScheduleDay } from '../api.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type DayScheduleProps = {
  doctorId: string;
  /** YYYY-MM-DD. */
  day: string;
  onDayChange: (day: string) => void;
  holidays: readonly Holiday[];
};

/**
 * One booking of the day: its hours, the patient, the service and the status, linking to the booking. One left outside the
 * doctor's working time (a day off, hours changed or removed; decision 047) says it needs a decision, and why.
 */
function DayBooking({ order, holiday }: { order: Order; holiday: boolean }) {
  const { t } = useTranslation('schedules');
  const hours = `${formatInstant(order.startsAt, 'HH:mm')}–${formatInstant(order.endsAt, 'HH:mm')}`;
  const service = [order.specialty?.name, order.examType?.name].filter(Boolean).join(' · ');
  const undecided = order.outsideWorkTime && isActiveOrder(order.status);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-needs-decision={undecided || undefined}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{hours}</Text>
            <Text>{order.infomation.fullName}</Text>
          </Group>
          {service && (
            <Text size="sm" c="dimmed">
              {service}
            </Text>
          )}
          {undecided && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Badge color="orange" variant="light" radius="sm" leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}>
                {t('day.needsDecision')}
              </Badge>
              <Text size="sm">{t(holiday ? 'day.needsDecisionHoliday' : 'day.needsDecisionOutside')}</Text>
            </Group>
          )}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <OrderStatusBadge status={order.status} mode={order.mode} category={order.category} />
          <Anchor
            component={Link}
            to={generatePath(paths.allOrders, { id: order.id })}
            aria-label={t('day.bookingLink', { hours, code: order.code })}
          >
            {t('day.bookingDetails')}
          </Anchor>
        </Group>
      </Group>
    </Paper>
  );
}

/** The bookings of the day, in time order, under the work they fall in. */
function DayBookings({ doctorId, day, holiday }: { doctorId: string; day: string; holiday: boolean }) {
  const { t } = useTranslation('schedules');
  const bookings = useDoctorDayBookings(doctorId, day);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('day.bookingsHeading')}
      </Title>
      {bookings.isError ? (
        <ErrorState message={`${t('day.bookingsFailed')} ${bookings.error.message}`} onRetry={() => void bookings.refetch()} />
      ) : !bookings.data ? (
        <LoadingState minHeight={60} size="sm" />
      ) : bookings.data.items.length === 0 ? (
        <Text c="dimmed">{t('day.noBookings')}</Text>
      ) : (
        <>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {bookings.data.items.map((order) => (
              <DayBooking key={order.id} order={order} holiday={holiday} />
            ))}
          </Stack>
          {bookings.data.total > bookings.data.items.length && (
            <Anchor component={Link} to={paths.applicationList} size="sm">
              {t('day.moreBookings', { count: bookings.data.total - bookings.data.items.length })}
            </Anchor>
          )}
        </>
      )}
    </Stack>
  );
}

/** Spec §2 "Doctor schedule: by day": the work occurrences of the chosen day, and the bookings in them. */
export function DaySchedule({ doctorId, day, onDayChange, holidays }: DayScheduleProps) {
  const { t } = useTranslation('schedules');
  const [page, setPage] = useState({ day, index: 0 });
  // Another day starts at its first page.
  const pageIndex = page.day === day ? page.index : 0;
  const query = useDoctorScheduleDay(doctorId, day, pageIndex);
  const holiday = isHoliday(day, holidays);
  const pages = query.data ? Math.ceil(query.data.total / (query.data.size || DAY_PAGE_SIZE)) : 0;

  return (
    <Stack gap="md">
      <DayInput
        label={t('day.pick')}
        value={day}
        onChange={(value) => {
          if (value) onDayChange(value);
        }}
        clearable={false}
        maw={{ base: '100%', xs: 240 }}
      />
      <Title order={2} size="h4">
        {t('day.heading', { day: formatCalendarDay(day) })}
      </Title>
      {holiday && (
        <Alert color="red" variant="light" icon={<IconBeach aria-hidden="true" />}>
          {t('day.holiday')}
        </Alert>
      )}
      {query.isError ? (
        <ErrorState message={`${t('day.loadFailed')} ${query.error.message}`} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingState minHeight={120} />
      ) : query.data.items.length === 0 ? (
        <Text c="dimmed">{t('day.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.items.map((occurrence) => (
            <Paper key={`${occurrence.workTimeId}-${occurrence.start}`} component="li" withBorder radius="md" p="sm">
              <Group gap="sm" wrap="wrap">
                <Badge color={occurrence.mode === 'online' ? 'teal' : 'blue'} variant="light">
                  {t(`mode.${occurrence.mode}`)}
                </Badge>
                <Text fw={600}>
                  {occurrence.start}–{occurrence.end}
                </Text>
                {occurrence.workUnitName && <Text c="dimmed">{occurrence.workUnitName}</Text>}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pager total={pages} value={pageIndex + 1} onChange={(value) => setPage({ day, index: value - 1 })} aria-label={t('day.pages')} />
      )}
      <DayBookings doctorId={doctorId} day={day} holiday={holiday} />
    </Stack>
  );
}
