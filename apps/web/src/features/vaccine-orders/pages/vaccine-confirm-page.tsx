import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BookingSteps, NoBookingNotice } from '../../../components/booking/booking-steps.tsx';
import type { SlotChoice } from '../../../components/booking/next-slots.ts';
import { BookingFailure, SLOT_TAKEN, useSlotAlternatives } from '../../../components/booking/slot-taken-alert.tsx';
import { freeTimeKey, refetchFreeTime } from '../../../hooks/use-free-time.ts';
import { refreshOrders } from '../../../hooks/use-orders.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useBookingStore, type VaccineDraft } from '../../../stores/booking-store.ts';
import { postVaccineOrder } from '../api.ts';
import { VaccineSummary } from '../components/vaccine-summary.tsx';
import { REGISTRATION_PATHS, REGISTRATION_STRINGS } from '../registration-paths.ts';
import { bodyOfDraft } from '../vaccine-values.ts';

function ConfirmStep({ draft }: { draft: VaccineDraft }) {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const saveDraft = useBookingStore((state) => state.saveVaccineDraft);
  const completeVaccineOrder = useBookingStore((state) => state.completeVaccineOrder);
  const [changed, setChanged] = useState<SlotChoice | null>(null);
  const { alternatives, search, clear } = useSlotAlternatives((month, year) =>
    refetchFreeTime(queryClient, { doctorId: draft.doctorId ?? '', mode: 'direct', examTypeId: undefined, month, year }),
  );

  const register = useMutation({
    mutationFn: () => postVaccineOrder(userId, bodyOfDraft(draft), draft.idempotencyKey ?? crypto.randomUUID()),
    onMutate: () => {
      clear();
      setChanged(null);
    },
    onSuccess: (order) => {
      void refreshOrders(queryClient);
      completeVaccineOrder(order);
      void navigate(REGISTRATION_PATHS.complete, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === SLOT_TAKEN && draft.doctorId && draft.checkDay) search(draft.checkDay);
    },
  });

  const useSlot = (slot: SlotChoice) => {
    // Another body needs another key: the server refuses a key it has seen with a different order.
    saveDraft({ ...draft, checkDay: slot.day, checkHour: slot.hour, idempotencyKey: crypto.randomUUID() });
    register.reset();
    clear();
    setChanged(slot);
  };

  const error = register.error instanceof ApiError ? register.error : null;
  const backToForm = () => {
    // Back after someone took the slot: the hour is cleared, the free times read afresh, and the form says which was taken.
    if (error?.code === SLOT_TAKEN && draft.checkDay && draft.checkHour) {
      saveDraft({ ...draft, checkHour: undefined, takenSlot: { day: draft.checkDay, hour: draft.checkHour } });
      void queryClient.invalidateQueries({ queryKey: freeTimeKey('direct') });
    }
    void navigate(REGISTRATION_PATHS.form);
  };

  return (
    <Stack gap="lg">
      <Text>{t('confirm.intro')}</Text>
      <VaccineSummary draft={draft} />
      {changed && (
        <Alert color="teal" icon={<IconInfoCircle aria-hidden="true" />} role="status">
          {t('booking:confirm.slotChanged', { day: formatCalendarDay(changed.day, DATE_INPUT_FORMAT), hour: changed.hour })}
        </Alert>
      )}
      {error && <BookingFailure error={error} alternatives={alternatives} onUseSlot={useSlot} onBackToForm={backToForm} />}
      <Group justify="space-between">
        <Button variant="default" onClick={backToForm} disabled={register.isPending}>
          {t('confirm.back')}
        </Button>
        <Button onClick={() => register.mutate()} loading={register.isPending} disabled={register.isPending}>
          {t('confirm.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 2 (spec §2 /vaccine-registration/confirm/): everything chosen, then the vaccine order, once per Idempotency-Key. */
export function VaccineConfirmPage() {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  usePageTitle(t('pages.confirm'));
  const draft = useBookingStore((state) => state.vaccineDraft);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('pages.confirm')}</Title>
        <BookingSteps active={1} />
        {draft ? (
          <ConfirmStep draft={draft} />
        ) : (
          <NoBookingNotice to={REGISTRATION_PATHS.form} text={t('confirm.empty')} action={t('confirm.start')} />
        )}
      </Stack>
    </Container>
  );
}
