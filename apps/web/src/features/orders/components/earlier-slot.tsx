import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import type { Order, SlotOffer, WaitlistState } from '@rhc/contracts';
import { IconClockHour4 } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useEffect, useState } from 'react';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatCalendarDay, todayInDisplayZone } from '../../../lib/dates.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, useWaitlist } from '../waitlist-api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** What the earlier-slot section needs of the booking. */
export type EarlierSlotBooking = Pick<Order, 'id' | 'checkDay' | 'mode' | 'doctor' | 'specialty' | 'workUnit'>;

/**
 * On a booking's page, for its patient while it is to come (issue 12): "tell me if something earlier opens" with the
 * same doctor, or any doctor of the booking's specialty at its clinic, between two days; while waiting, the place in
 * line and "Thôi chờ"; a slot held for them, with its doctor and the time left to take it, "Nhận lịch này" and "Bỏ qua".
 */
export function EarlierSlot({ order }: { order: EarlierSlotBooking }) {
  const { t } = useTranslation('waitlist');
  const orderId = order.id;
  const state = useWaitlist(orderId);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="earlier-slot-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="earlier-slot-title">
          {t('ui.title')}
        </Title>
        {state.data ? (
          <EarlierSlotBody order={order} state={state.data} />
        ) : state.isError ? (
          <ErrorState message={state.error.message} onRetry={() => void state.refetch()} />
        ) : (
          <LoadingState minHeight={80} />
        )}
      </Stack>
    </Paper>
  );
}

function useRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return async (answer?: WaitlistState) => {
    if (answer) queryClient.setQueryData(['waitlist', 'get', { params: { id: orderId } }], answer);
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['waitlist'] }), queryClient.invalidateQueries({ queryKey: ['orders'] })]);
  };
}

/** "Any doctor of <specialty> at <clinic>" (online: "seeing patients online"); null when the booking cannot say. */
function useAnyDoctorLabel(order: EarlierSlotBooking): string | null {
  const { t } = useTranslation('waitlist');
  if (!order.specialty) return null;
  if (order.mode === 'online') return t('ui.anyDoctorOnline', { specialty: order.specialty.name });
  return order.workUnit ? t('ui.anyDoctor', { specialty: order.specialty.name, clinic: order.workUnit.name }) : null;
}

function EarlierSlotBody({ order, state }: { order: EarlierSlotBooking; state: WaitlistState }) {
  const { t } = useTranslation('waitlist');
  const [editing, setEditing] = useState(false);
  const anyLabel = useAnyDoctorLabel(order);
  const orderId = order.id;
  const checkDay = order.checkDay;
  const entry = state.entry;
  const live = entry && (entry.status === 'waiting' || entry.status === 'offered');

  if (state.offer) return <OfferCard orderId={orderId} offer={state.offer} bookedDoctorId={order.doctor?.id ?? null} />;
  if (live && !editing)
    return (
      <Waiting
        orderId={orderId}
        fromDay={entry.fromDay}
        toDay={entry.toDay}
        position={entry.position}
        whom={entry.anyDoctor && anyLabel ? anyLabel : t('ui.thisDoctor', { doctor: order.doctor?.fullName ?? '' })}
        onChange={() => setEditing(true)}
      />
    );
  return (
    <Stack gap="sm">
      {entry?.status === 'moved' && <Alert color="teal">{t('ui.moved')}</Alert>}
      <Text size="sm">{t('ui.intro')}</Text>
      {!live && !editing ? (
        // Folded until asked for: the booking's own details stay near the top of the page.
        <Group justify="flex-end">
          <Button variant="light" onClick={() => setEditing(true)}>
            {t('ui.join')}
          </Button>
        </Group>
      ) : (
        <RangeForm
          orderId={orderId}
          checkDay={checkDay}
          doctorName={order.doctor?.fullName ?? ''}
          anyLabel={anyLabel}
          initial={live ? { fromDay: entry.fromDay, toDay: entry.toDay, anyDoctor: entry.anyDoctor } : null}
          onDone={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}

function RangeForm({
  orderId,
  checkDay,
  doctorName,
  anyLabel,
  initial,
  onDone,
}: {
  orderId: string;
  checkDay: string;
  doctorName: string;
  /** The "any doctor of the specialty" choice's label; null when the booking cannot offer it. */
  anyLabel: string | null;
  initial: { fromDay: string; toDay: string; anyDoctor: boolean } | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('waitlist');
  const refresh = useRefresh(orderId);
  const today = todayInDisplayZone();
  const [fromDay, setFromDay] = useState<string | null>(initial?.fromDay ?? today);
  const [toDay, setToDay] = useState<string | null>(initial?.toDay ?? checkDay);
  const [whom, setWhom] = useState<'doctor' | 'any'>(initial?.anyDoctor && anyLabel ? 'any' : 'doctor');
  const join = useFormMutation({
    mutationFn: () =>
      joinWaitlist(orderId, { fromDay: fromDay ?? today, toDay: toDay ?? checkDay, anyDoctor: anyLabel !== null && whom === 'any' }),
    onSuccess: async (answer) => {
      showSuccess(t('ui.joined'));
      onDone();
      await refresh(answer);
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        join.mutate();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DayInput
            label={<FieldLabel required>{t('ui.from')}</FieldLabel>}
            value={fromDay}
            onChange={(value) => setFromDay(value)}
            minDate={today}
            maxDate={checkDay}
            required
            withAsterisk={false}
          />
          <DayInput
            label={<FieldLabel required>{t('ui.to')}</FieldLabel>}
            value={toDay}
            onChange={(value) => setToDay(value)}
            minDate={fromDay ?? today}
            maxDate={checkDay}
            required
            withAsterisk={false}
          />
        </SimpleGrid>
        {anyLabel && (
          <Radio.Group
            label={t('ui.whom')}
            value={whom}
            onChange={(value) => setWhom(value === 'any' ? 'any' : 'doctor')}
            description={whom === 'any' ? t('ui.anyDoctorHint') : undefined}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="doctor" label={t('ui.thisDoctor', { doctor: doctorName })} />
              <Radio value="any" label={anyLabel} />
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('ui.back')}
          </Button>
          <Button type="submit" loading={join.isPending} disabled={!fromDay || !toDay}>
            {t('ui.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Waiting({
  orderId,
  fromDay,
  toDay,
  position,
  whom,
  onChange,
}: {
  orderId: string;
  fromDay: string;
  toDay: string;
  position: number | null;
  /** Whom the entry waits for, as the form's choice reads. */
  whom: string;
  onChange: () => void;
}) {
  const { t } = useTranslation('waitlist');
  const refresh = useRefresh(orderId);
  const [confirming, setConfirming] = useState(false);
  const leave = useFormMutation({
    mutationFn: () => leaveWaitlist(orderId),
    onSuccess: async (answer) => {
      setConfirming(false);
      showSuccess(t('ui.left'));
      await refresh(answer);
    },
  });
  return (
    <Stack gap="sm">
      <Text>{t('ui.waiting', { from: formatCalendarDay(fromDay), to: formatCalendarDay(toDay) })}</Text>
      <Text size="sm">{t('ui.waitingWith', { whom })}</Text>
      {position !== null && (
        <Text size="sm" c="dimmed">
          {t('ui.position', { position })}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onChange}>
          {t('ui.change')}
        </Button>
        <Button variant="light" color="red" onClick={() => setConfirming(true)}>
          {t('ui.leave')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('ui.leaveTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('ui.leaveBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('ui.keep')}
            </Button>
            <Button color="red" loading={leave.isPending} onClick={() => leave.mutate()}>
              {t('ui.leaveConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Seconds left until `instant`, ticking each second; 0 once past. */
function useSecondsLeft(instant: string): number {
  const left = () => Math.max(0, Math.ceil((Date.parse(instant) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `instant`
  }, [instant]);
  return seconds;
}

function OfferCard({ orderId, offer, bookedDoctorId }: { orderId: string; offer: SlotOffer; bookedDoctorId: string | null }) {
  const { t } = useTranslation('waitlist');
  const refresh = useRefresh(orderId);
  const seconds = useSecondsLeft(offer.expiresAt);
  const decide = useMutation({
    mutationFn: (how: 'accept' | 'decline') => (how === 'accept' ? acceptOffer(offer.id) : declineOffer(offer.id)),
    onSuccess: async (answer, how) => {
      showSuccess(t(how === 'accept' ? 'ui.accepted' : 'ui.declined'));
      await refresh(answer);
    },
    onError: async (error) => {
      showError(error.message);
      await refresh();
    },
  });
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <Alert color="teal" variant="light" icon={<IconClockHour4 aria-hidden="true" />} title={t('ui.offerTitle')}>
      <Stack gap="sm">
        <Text fw={600} size="lg">
          {t('ui.offerWhen', { day: formatCalendarDay(offer.checkDay), hour: offer.checkHour })}
        </Text>
        {offer.doctor.fullName && <Text size="sm">{t('ui.offerDoctor', { doctor: offer.doctor.fullName })}</Text>}
        {offer.doctor.id !== bookedDoctorId && (
          <Text size="sm" fw={500}>
            {t('ui.offerOtherDoctor', { doctor: offer.doctor.fullName })}
          </Text>
        )}
        <Text size="sm" role="timer" aria-atomic="true">
          {seconds > 0 ? t('ui.offerCountdown', { time }) : t('ui.offerExpired')}
        </Text>
        <Group gap="sm">
          <Button
            onClick={() => decide.mutate('accept')}
            loading={decide.isPending && decide.variables === 'accept'}
            disabled={seconds === 0}
          >
            {t('ui.accept')}
          </Button>
          <Button variant="default" onClick={() => decide.mutate('decline')} loading={decide.isPending && decide.variables === 'decline'}>
            {t('ui.decline')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
