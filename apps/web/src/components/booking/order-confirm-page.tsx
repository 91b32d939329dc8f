import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import './styles.ts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { refreshOrders } from '../../hooks/use-orders.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatCalendarDay } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { LabelledValue } from '../ui/labelled-value.tsx';
import { draftBody, kitDraft, useBookingStore, type KitCategory, type KitDrafts } from '../../stores/booking-store.ts';
import { BookingSteps, NoBookingNotice } from './booking-steps.tsx';
import type { SlotChoice } from './next-slots.ts';
import type { ConfirmParts, KitStrings, OrderKit } from './order-kit.ts';
import { BookingFailure, SLOT_TAKEN } from './slot-taken-alert.tsx';

/** Whom the booking is for, first in a summary: oneself by name, or the other person with their birthday. */
function SummaryPerson({ strings, draft }: { strings: KitStrings; draft: KitDrafts[KitCategory] }) {
  const { t } = useTranslation(strings);
  const user = useAuthStore((state) => state.user);
  const patient = draft.isFamily ? draft.infomation : undefined;
  return (
    <>
      <LabelledValue fw={500} label={t('summary.patient')}>
        {patient ? patient.fullName : t('summary.self', { name: user?.fullName ?? '' })}
      </LabelledValue>
      {patient && (
        <LabelledValue fw={500} label={t('person:fields.dateOfBirth')}>
          {patient.dateOfBirth ? formatCalendarDay(patient.dateOfBirth, DATE_INPUT_FORMAT) : ''}
        </LabelledValue>
      )}
    </>
  );
}

type KitProps<C extends KitCategory, Body> = { kit: OrderKit<C>; parts: ConfirmParts<KitDrafts[C], Body> };

function ConfirmStep<C extends KitCategory, Body>({ kit, parts, draft }: KitProps<C, Body> & { draft: KitDrafts[C] }) {
  const { t } = useTranslation(kit.strings);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const saveKitDraft = useBookingStore((state) => state.saveKitDraft);
  const saveDraft = (next: KitDrafts[C]) => saveKitDraft(kit.category, next);
  const completeKitOrder = useBookingStore((state) => state.completeKitOrder);
  const [changed, setChanged] = useState<SlotChoice | null>(null);
  // The next free times at the same place, read afresh (what the form showed was advice, now outdated).
  const { alternatives, search, clear } = parts.slot.useAlternatives(draft);
  const slot = parts.slot.of(draft);

  const register = useMutation({
    mutationFn: () => parts.post(userId, draftBody<Body, KitDrafts[C]>(draft, kit.shown), draft.idempotencyKey ?? crypto.randomUUID()),
    onMutate: () => {
      clear();
      setChanged(null);
    },
    onSuccess: (order) => {
      void refreshOrders(queryClient);
      completeKitOrder(kit.category, order);
      void navigate(kit.paths.complete, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === SLOT_TAKEN && slot) search();
    },
  });

  const useSlot = (chosen: SlotChoice) => {
    // Another body needs another key: the server refuses a key it has seen with a different order.
    saveDraft({ ...parts.slot.moveTo(draft, chosen, queryClient), idempotencyKey: crypto.randomUUID() });
    register.reset();
    clear();
    setChanged(chosen);
  };

  const error = register.error instanceof ApiError ? register.error : null;
  const backToForm = () => {
    // Back after someone took the time: it is cleared, and the form says which was taken.
    if (error?.code === SLOT_TAKEN && slot) saveDraft({ ...parts.slot.taken(draft, queryClient), takenSlot: slot });
    void navigate(kit.paths.form);
  };

  return (
    <Stack gap="lg">
      <Text>{t('confirm.intro')}</Text>
      <parts.Summary draft={draft} person={<SummaryPerson strings={kit.strings} draft={draft} />} />
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

/** Step 2 of a category's booking: everything chosen, then the order, once per Idempotency-Key. */
export function OrderConfirmPage<C extends KitCategory, Body>({ kit, parts }: KitProps<C, Body>) {
  const { t } = useTranslation(kit.strings);
  usePageTitle(t('pages.confirm'));
  const draft = useBookingStore((state) => kitDraft(state, kit.category));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('pages.confirm')}</Title>
        <BookingSteps active={1} />
        {draft ? (
          <ConfirmStep kit={kit} parts={parts} draft={draft} />
        ) : (
          <NoBookingNotice to={kit.paths.form} text={t('confirm.empty')} action={t('confirm.start')} />
        )}
      </Stack>
    </Container>
  );
}
