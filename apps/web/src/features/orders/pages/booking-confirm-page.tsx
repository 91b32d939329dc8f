import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { FreeTime, WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { monthOf, shiftMonth } from '../../../components/calendar/month-grid.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { currentDraft, useBookingStore, type BookingDivision, type BookingDraft } from '../../../stores/booking-store.ts';
import { freeTimeKey, postExamOrder, refetchFreeTime, refreshOrders } from '../api.ts';
import { BOOKING_PATHS } from '../booking-paths.ts';
import { bodyOfDraft, nextFreeSlots, type SlotChoice } from '../booking-values.ts';
import { BookingSteps, NoBookingNotice } from '../components/booking-steps.tsx';
import { BookingSummary } from '../components/booking-summary.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Spec §4 / the orders contract: the slot went to someone else meanwhile (409), or the time cannot be booked (422). */
const SLOT_TAKEN = 'SLOT_TAKEN';

/** The next free slots after a 409: the chosen day's month read afresh, and the next month when it has too few. */
async function findNextSlots(load: (month: number, year: number) => Promise<FreeTime>, fromDay: string): Promise<SlotChoice[]> {
  const first = monthOf(fromDay);
  const months = [await load(first.month, first.year)];
  if (nextFreeSlots(months, fromDay).length < 3) {
    const second = shiftMonth(first, 1);
    months.push(await load(second.month, second.year));
  }
  return nextFreeSlots(months, fromDay);
}

function ConfirmStep({ mode, division, draft }: { mode: WorkMode; division: BookingDivision; draft: BookingDraft }) {
  const { t } = useTranslation(['booking', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const saveDraft = useBookingStore((state) => state.saveDraft);
  const completeBooking = useBookingStore((state) => state.completeBooking);
  const [alternatives, setAlternatives] = useState<SlotChoice[] | 'loading' | null>(null);
  const [changed, setChanged] = useState<SlotChoice | null>(null);

  const loadMonth = (month: number, year: number) =>
    refetchFreeTime(queryClient, { doctorId: draft.doctorId ?? '', mode, examTypeId: draft.examTypeId, month, year });

  const book = useMutation({
    mutationFn: () => postExamOrder(userId, bodyOfDraft(draft), draft.idempotencyKey ?? crypto.randomUUID()),
    onMutate: () => {
      setAlternatives(null);
      setChanged(null);
    },
    onSuccess: (order) => {
      void refreshOrders(queryClient);
      completeBooking(order);
      void navigate(BOOKING_PATHS[mode].complete, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === SLOT_TAKEN && draft.doctorId && draft.checkDay) {
        setAlternatives('loading');
        findNextSlots(loadMonth, draft.checkDay).then(setAlternatives, () => setAlternatives([]));
      }
    },
  });

  const switchToSlot = (slot: SlotChoice) => {
    // Another body needs another key: the server refuses a key it has seen with a different booking.
    saveDraft(division, { ...draft, checkDay: slot.day, checkHour: slot.hour, timeCustome: false, idempotencyKey: crypto.randomUUID() });
    book.reset();
    setAlternatives(null);
    setChanged(slot);
  };

  const error = book.error instanceof ApiError ? book.error : null;
  const backToForm = () => {
    // Back after someone took the slot: the form must not offer it again, still chosen and first. The hour is cleared,
    // the doctor's free times are read afresh, and the form says which hour was just taken.
    if (error?.code === SLOT_TAKEN && draft.checkDay && draft.checkHour) {
      saveDraft(division, { ...draft, checkHour: undefined, takenSlot: { day: draft.checkDay, hour: draft.checkHour } });
      void queryClient.invalidateQueries({ queryKey: freeTimeKey(mode) });
    }
    void navigate(BOOKING_PATHS[mode].form);
  };

  return (
    <Stack gap="lg">
      <Text>{t('confirm.intro')}</Text>
      <BookingSummary mode={mode} draft={draft} />

      {changed && (
        <Alert color="teal" icon={<IconInfoCircle aria-hidden="true" />} role="status">
          {t('confirm.slotChanged', { day: formatCalendarDay(changed.day, DATE_INPUT_FORMAT), hour: changed.hour })}
        </Alert>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          <Stack gap="sm">
            <Text size="sm">{error.message}</Text>
            {alternatives === 'loading' && (
              <Group gap="xs">
                <Spinner size="xs" />
                <Text size="sm">{t('confirm.loadingSlots')}</Text>
              </Group>
            )}
            {Array.isArray(alternatives) &&
              (alternatives.length > 0 ? (
                <>
                  <Text size="sm" fw={500}>
                    {t('confirm.nextSlots')}
                  </Text>
                  <Group gap="xs">
                    {alternatives.map((slot) => (
                      <Button key={`${slot.day} ${slot.hour}`} variant="white" size="sm" onClick={() => switchToSlot(slot)}>
                        {t('confirm.useSlot', { day: formatCalendarDay(slot.day, DATE_INPUT_FORMAT), hour: slot.hour })}
                      </Button>
                    ))}
                  </Group>
                </>
              ) : (
                <Text size="sm">{t('confirm.noNextSlots')}</Text>
              ))}
            {error.status === 422 && (
              <Button variant="white" size="sm" onClick={backToForm} style={{ alignSelf: 'flex-start' }}>
                {t('confirm.backToForm')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      <Group justify="space-between">
        <Button variant="default" onClick={backToForm} disabled={book.isPending}>
          {t('confirm.back')}
        </Button>
        <Button onClick={() => book.mutate()} loading={book.isPending} disabled={book.isPending}>
          {t('confirm.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 2 (spec §2 /healthcare/confirm/ and /healthcare/confirm-online/): everything chosen, then the booking. */
export function BookingConfirmPage({ mode }: { mode: WorkMode }) {
  const { t } = useTranslation('booking');
  usePageTitle(t('pages.confirm'));
  const division = useBookingStore((state) => state.healthServiceDivision);
  const infoBookings = useBookingStore((state) => state.infoBookings);
  const inProgress = currentDraft({ healthServiceDivision: division, infoBookings, workTimeList: [], orderSuccessList: [] }, mode);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('pages.confirm')}</Title>
        <BookingSteps active={1} />
        {inProgress ? (
          <ConfirmStep mode={mode} division={inProgress.division} draft={inProgress.draft} />
        ) : (
          <NoBookingNotice mode={mode} text={t('confirm.empty')} action={t('confirm.startBooking')} />
        )}
      </Stack>
    </Container>
  );
}
