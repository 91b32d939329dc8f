import { Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { AffectedBooking, ScheduleAffected } from '@rhc/contracts';
import { formatInstant } from '../../../lib/dates.ts';
import { openConfirm } from '../../../lib/confirm.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The bookings a change of schedule would leave outside working time, as the doctor sees them on each booking. */
function AffectedBookingList({ bookings }: { bookings: readonly AffectedBooking[] }) {
  const { t } = useTranslation('schedules');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('affected.intro', { count: bookings.length })}</Text>
      {/* A long list (a year of a weekly working time) scrolls; it can be reached and scrolled by keyboard. */}
      <Stack
        component="ul"
        gap={4}
        aria-label={t('affected.listLabel')}
        tabIndex={0}
        style={{ maxHeight: 260, overflowY: 'auto', margin: 0, paddingInlineStart: 20 }}
      >
        {bookings.map((booking) => (
          <Text component="li" size="sm" key={booking.id}>
            {t('affected.booking', {
              day: formatInstant(booking.startsAt),
              hours: `${formatInstant(booking.startsAt, 'HH:mm')}–${formatInstant(booking.endsAt, 'HH:mm')}`,
              patient: booking.patientName,
              code: booking.code,
            })}
          </Text>
        ))}
      </Stack>
      <Text size="sm" c="dimmed">
        {t('affected.after')}
      </Text>
    </Stack>
  );
}

/**
 * Decision 047: a day off, or a working time shortened or removed, over bookings to come is saved only once the doctor has
 * seen them. Lists what the server's 409 SCHEDULE_HAS_BOOKINGS named; confirming sends the same change again with its
 * token (`onConfirm`), going back changes nothing.
 */
export function confirmOverBookings(
  affected: ScheduleAffected,
  labels: { title: string; confirm: string; cancel: string },
  onConfirm: (token: string) => void,
): void {
  openConfirm({
    title: labels.title,
    children: <AffectedBookingList bookings={affected.bookings} />,
    labels: { confirm: labels.confirm, cancel: labels.cancel },
    confirmProps: { color: 'orange' },
    centered: true,
    size: 'lg',
    onConfirm: () => onConfirm(affected.confirm),
  });
}
