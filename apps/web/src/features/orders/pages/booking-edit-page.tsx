import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import type { Order, WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, ORDER_STATUS, isActiveOrder } from '@rhc/domain';
import { IconAlertTriangle, IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError, isNotFound } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { showSuccess } from '../../../lib/toast.ts';
import type { BookingDraft } from '../../../stores/booking-store.ts';
import { useOrderDetail, orderDetailQuery, refreshOrders, putExamOrder } from '../api.ts';
import { bodyOfDraft, valuesOfOrder } from '../booking-values.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { ChangeWindow } from '../components/order-actions.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** One row of the confirmation: what it was, and what it will be (the same when unchanged). */
type ChangeRow = { label: string; before: string; after: string };

function timeOf(day: string | undefined, hour: string | undefined): string {
  return day && hour ? `${hour} ${formatCalendarDay(day, DATE_INPUT_FORMAT)}` : '';
}

function EditForm({ mode, order }: { mode: WorkMode; order: Order }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detailPath = generatePath(paths.allOrders, { id: order.id });
  // The checked form, waiting for the person's word in the confirmation dialog.
  const [pending, setPending] = useState<BookingDraft | null>(null);
  const save = useMutation({
    mutationFn: (draft: BookingDraft) => putExamOrder(order.id, bodyOfDraft(draft)),
    onSuccess: (saved) => {
      setPending(null);
      queryClient.setQueryData(orderDetailQuery(order.id).queryKey, saved);
      void refreshOrders(queryClient);
      // A confirmed booking moved to another doctor, time or mode waits for the doctor's confirmation again.
      const reconfirm = order.status === ORDER_STATUS.verified && saved.status === ORDER_STATUS.booked;
      showSuccess(reconfirm ? t('form.savedNeedsConfirmation') : t('form.saved'));
      void navigate(detailPath);
    },
    onError: () => setPending(null),
  });

  const rows: ChangeRow[] = pending
    ? [
        { label: t('edit.doctor'), before: order.doctor?.fullName ?? '', after: pending.doctor?.fullName ?? order.doctor?.fullName ?? '' },
        { label: t('edit.time'), before: timeOf(order.checkDay, order.checkHour), after: timeOf(pending.checkDay, pending.checkHour) },
        { label: t('edit.service'), before: order.examType?.name ?? '', after: pending.examTypeName ?? order.examType?.name ?? '' },
      ]
    : [];
  const moved = pending !== null && (pending.doctorId !== order.doctor?.id || rows[1]?.before !== rows[1]?.after);
  // What the server will do (checkOrderEdit): a verified booking the patient moves goes back for confirmation.
  const reconfirm = moved && order.status === ORDER_STATUS.verified;

  return (
    <>
      <BookingForm
        mode={mode}
        initialValues={valuesOfOrder(order)}
        submitLabel={t('form.save')}
        pending={save.isPending}
        failure={save.error instanceof ApiError ? save.error.message : null}
        lockBookingFor
        heldTime={order.doctor ? { doctorId: order.doctor.id, day: order.checkDay, hour: order.checkHour } : null}
        onSubmit={setPending}
        secondaryAction={
          <Button component={Link} to={detailPath} variant="default" size="md" disabled={save.isPending}>
            {t('edit.cancelEdit')}
          </Button>
        }
      />
      <Modal
        opened={pending !== null}
        onClose={() => !save.isPending && setPending(null)}
        title={t('edit.confirmTitle')}
        centered
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm">{moved ? t('edit.confirmIntro') : t('edit.noChange')}</Text>
          <Stack gap={6} data-testid="edit-changes">
            {rows.map(({ label, before, after }) => (
              <Text key={label} size="sm">
                <Text span fw={600}>
                  {label}:
                </Text>{' '}
                {before === after ? (
                  after
                ) : (
                  <>
                    <Text span td="line-through" c="dimmed">
                      {before}
                    </Text>{' '}
                    →{' '}
                    <Text span fw={600} c="blue.8">
                      {after}
                    </Text>
                  </>
                )}
              </Text>
            ))}
          </Stack>
          {reconfirm && (
            <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />}>
              {order.mode === 'online' ? t('edit.reconfirmOnline') : t('edit.reconfirm')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} disabled={save.isPending}>
              {t('edit.keepEditing')}
            </Button>
            <Button data-autofocus loading={save.isPending} onClick={() => pending && save.mutate(pending)}>
              {t('edit.confirmSave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Spec §2 /healthcareedit/:id and /healthcareeditonline/:id: the booking form prefilled, while the booking may still change. */
export function BookingEditPage({ mode }: { mode: WorkMode }) {
  const { t } = useTranslation(['booking', 'common']);
  const title = mode === 'online' ? t('pages.editOnline') : t('pages.editDirect');
  usePageTitle(title);
  const { id = '' } = useParams();
  const order = useOrderDetail(id, { fresh: true });
  const active = order.data !== undefined && isActiveOrder(order.data.status);

  // An address that names no booking of mine (a typo, another person's, "999999"): the same screen as the detail's.
  if (isNotFound(order.error))
    return (
      <NotFoundScreen
        title={t('edit.notFoundTitle')}
        text={t('edit.notFoundText')}
        action={
          <Button component={Link} to={paths.applicationList} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            {t('edit.toList')}
          </Button>
        }
      />
    );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <Button
            component={Link}
            to={id ? generatePath(paths.allOrders, { id }) : paths.applicationList}
            variant="subtle"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          >
            {t('confirm.back')}
          </Button>
        </Group>
        <Title order={1}>{title}</Title>
        {order.data ? (
          order.data.actions.edit ? (
            <EditForm key={order.data.id} mode={order.data.mode} order={order.data} />
          ) : active ? (
            // Still booked, but past the clinic's cut-off (decision 020): whom to call instead.
            <ChangeWindow order={order.data} />
          ) : (
            <Alert color="orange" icon={<IconLock aria-hidden="true" />} role="alert">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('edit.locked')}</Text>
                <Button component={Link} to={paths.applicationList} size="sm" variant="white">
                  {t('edit.toList')}
                </Button>
              </Stack>
            </Alert>
          )
        ) : order.isError ? (
          <ErrorState message={order.error.message} onRetry={() => void order.refetch()} />
        ) : (
          <LoadingState minHeight={240} />
        )}
      </Stack>
    </Container>
  );
}
