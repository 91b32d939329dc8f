import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BookingSteps, NoBookingNotice } from '../../../components/booking/booking-steps.tsx';
import type { SlotChoice } from '../../../components/booking/next-slots.ts';
import { BookingFailure, SLOT_TAKEN, type SlotAlternatives } from '../../../components/booking/slot-taken-alert.tsx';
import { refreshOrders } from '../../../hooks/use-orders.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useBookingStore, type LabDraft } from '../../../stores/booking-store.ts';
import { labFreeTimesQuery, postLabOrder, type LabPlace } from '../api.ts';
import { LabSummary } from '../components/lab-summary.tsx';
import { LAB_PATHS, LAB_STRINGS } from '../lab-paths.ts';
import { bodyOfDraft } from '../lab-values.ts';
import { findNextFreeTimes } from '../../../components/booking/next-free-times.ts';

/** Where a draft takes the sample, as the free-places read asks it. */
function placeOfDraft(draft: LabDraft): LabPlace | null {
  if (draft.atHome) return draft.district ? { atHome: true, district: draft.district } : null;
  return draft.workUnitId ? { atHome: false, workUnitId: draft.workUnitId } : null;
}

function ConfirmStep({ draft }: { draft: LabDraft }) {
  const { t } = useTranslation(LAB_STRINGS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const saveDraft = useBookingStore((state) => state.saveLabDraft);
  const completeLabOrder = useBookingStore((state) => state.completeLabOrder);
  const [changed, setChanged] = useState<SlotChoice | null>(null);
  const [alternatives, setAlternatives] = useState<SlotAlternatives>(null);
  const place = placeOfDraft(draft);

  // The next free times at the same place, read afresh (the read the form showed was advice, now outdated).
  const searchNextTimes = (day: string, time: string) => {
    if (!place) return;
    setAlternatives('loading');
    findNextFreeTimes((at) => queryClient.fetchQuery({ ...labFreeTimesQuery(place, at), staleTime: 0 }), day, time).then(
      setAlternatives,
      () => setAlternatives([]),
    );
  };

  const register = useMutation({
    mutationFn: () => postLabOrder(userId, bodyOfDraft(draft), draft.idempotencyKey ?? crypto.randomUUID()),
    onMutate: () => {
      setAlternatives(null);
      setChanged(null);
    },
    onSuccess: (order) => {
      void refreshOrders(queryClient);
      completeLabOrder(order);
      void navigate(LAB_PATHS.complete, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === SLOT_TAKEN && draft.testDay && draft.testTime)
        searchNextTimes(draft.testDay, draft.testTime);
    },
  });

  const useTime = (slot: SlotChoice) => {
    // Another body needs another key: the server refuses a key it has seen with a different order.
    const window = queryClient
      .getQueryData<{ times: { start: string; end: string }[] }>(place ? labFreeTimesQuery(place, slot.day).queryKey : [])
      ?.times.find(({ start }) => start === slot.hour);
    saveDraft({ ...draft, testDay: slot.day, testTime: slot.hour, endHour: window?.end, idempotencyKey: crypto.randomUUID() });
    register.reset();
    setAlternatives(null);
    setChanged(slot);
  };

  const error = register.error instanceof ApiError ? register.error : null;
  const backToForm = () => {
    // Back after someone took the time: it is cleared, and the form says which was taken.
    if (error?.code === SLOT_TAKEN && draft.testDay && draft.testTime)
      saveDraft({ ...draft, testTime: undefined, takenSlot: { day: draft.testDay, hour: draft.testTime } });
    void navigate(LAB_PATHS.form);
  };

  return (
    <Stack gap="lg">
      <Text>{t('confirm.intro')}</Text>
      <LabSummary draft={draft} />
      {changed && (
        <Alert color="teal" icon={<IconInfoCircle aria-hidden="true" />} role="status">
          {t('confirm.slotChanged', { day: formatCalendarDay(changed.day, DATE_INPUT_FORMAT), hour: changed.hour })}
        </Alert>
      )}
      {error && <BookingFailure error={error} alternatives={alternatives} onUseSlot={useTime} onBackToForm={backToForm} />}
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

/** Step 2 (spec §2 /diagnostictest/confirm/): everything chosen, then the lab order, once per Idempotency-Key. */
export function LabConfirmPage() {
  const { t } = useTranslation(LAB_STRINGS);
  usePageTitle(t('pages.confirm'));
  const draft = useBookingStore((state) => state.labDraft);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('pages.confirm')}</Title>
        <BookingSteps active={1} />
        {draft ? (
          <ConfirmStep draft={draft} />
        ) : (
          <NoBookingNotice to={LAB_PATHS.form} text={t('confirm.empty')} action={t('confirm.start')} />
        )}
      </Stack>
    </Container>
  );
}
