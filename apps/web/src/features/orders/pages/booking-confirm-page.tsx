import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { currentDraft, useBookingStore, type BookingDivision, type BookingDraft } from '../../../stores/booking-store.ts';
import { postExamOrder, refreshOrders } from '../api.ts';
import { freeTimeKey, refetchFreeTime } from '../../../hooks/use-free-time.ts';
import { BOOKING_PATHS } from '../booking-paths.ts';
import { bodyOfDraft } from '../booking-values.ts';
import { BookingSteps, NoBookingNotice } from '../../../components/booking/booking-steps.tsx';
import type { SlotChoice } from '../../../components/booking/next-slots.ts';
import { BookingFailure, SLOT_TAKEN, useSlotAlternatives } from '../../../components/booking/slot-taken-alert.tsx';
import { BookingSummary } from '../components/booking-summary.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

function ConfirmStep({ mode, division, draft }: { mode: WorkMode; division: BookingDivision; draft: BookingDraft }) {
  const { t } = useTranslation(['booking', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const saveDraft = useBookingStore((state) => state.saveDraft);
  const completeBooking = useBookingStore((state) => state.completeBooking);
  const [changed, setChanged] = useState<SlotChoice | null>(null);

  const { alternatives, search, clear } = useSlotAlternatives((month, year) =>
    refetchFreeTime(queryClient, { doctorId: draft.doctorId ?? '', mode, examTypeId: draft.examTypeId, month, year }),
  );

  const book = useMutation({
    mutationFn: () => postExamOrder(userId, bodyOfDraft(draft), draft.idempotencyKey ?? crypto.randomUUID()),
    onMutate: () => {
      clear();
      setChanged(null);
    },
    onSuccess: (order) => {
      void refreshOrders(queryClient);
      completeBooking(order);
      void navigate(BOOKING_PATHS[mode].complete, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === SLOT_TAKEN && draft.doctorId && draft.checkDay) search(draft.checkDay);
    },
  });

  const switchToSlot = (slot: SlotChoice) => {
    // Another body needs another key: the server refuses a key it has seen with a different booking.
    saveDraft(division, { ...draft, checkDay: slot.day, checkHour: slot.hour, timeCustome: false, idempotencyKey: crypto.randomUUID() });
    book.reset();
    clear();
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
      {error && <BookingFailure error={error} alternatives={alternatives} onUseSlot={switchToSlot} onBackToForm={backToForm} />}

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
  const inProgress = currentDraft({ healthServiceDivision: division, infoBookings }, mode);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('pages.confirm')}</Title>
        <BookingSteps active={1} />
        {inProgress ? (
          <ConfirmStep mode={mode} division={inProgress.division} draft={inProgress.draft} />
        ) : (
          <NoBookingNotice to={BOOKING_PATHS[mode].form} text={t('confirm.empty')} action={t('confirm.startBooking')} />
        )}
      </Stack>
    </Container>
  );
}
