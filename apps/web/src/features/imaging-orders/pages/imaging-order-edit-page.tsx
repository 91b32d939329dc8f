import { Alert, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { IconArrowLeft, IconLock, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { Modal } from '../../../components/ui/modal.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { paths } from '../../../config/paths.ts';
import { orderDetailQuery, refreshOrders, useOrderDetail } from '../../../hooks/use-orders.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError, isNotFound } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { ImagingDraft } from '../../../stores/booking-store.ts';
import { cancelImagingOrder, putImagingOrder } from '../api.ts';
import { ImagingForm } from '../components/imaging-form.tsx';
import { IMAGING_STRINGS } from '../imaging-paths.ts';
import { bodyOfDraft, valuesOfOrder } from '../imaging-values.ts';

function EditForm({ order }: { order: Order }) {
  const { t } = useTranslation(IMAGING_STRINGS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detailPath = generatePath(paths.allOrders, { id: order.id });
  const initialValues = valuesOfOrder(order);
  const save = useMutation({
    mutationFn: (draft: ImagingDraft) => putImagingOrder(order.id, bodyOfDraft(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(orderDetailQuery(order.id).queryKey, saved);
      void refreshOrders(queryClient);
      showSuccess(t('edit.saved'));
      void navigate(detailPath);
    },
  });
  return (
    <ImagingForm
      initialValues={initialValues}
      submitLabel={t('form.save')}
      pending={save.isPending}
      failure={save.error instanceof ApiError ? save.error.message : null}
      editing
      heldTime={{
        day: order.checkDay,
        time: order.checkHour,
        type: initialValues.type,
        workUnitId: initialValues.workUnitId,
      }}
      onSubmit={(draft) => save.mutate(draft)}
      secondaryAction={
        <Button component={Link} to={detailPath} variant="default" size="md" disabled={save.isPending}>
          {t('edit.cancelEdit')}
        </Button>
      }
    />
  );
}

/** Cancelling the order, behind a confirmation: its machine's slot is given back; the order's page shows it cancelled. */
function CancelOrder({ order }: { order: Order }) {
  const { t } = useTranslation(IMAGING_STRINGS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => cancelImagingOrder(userId, order.id, reason.trim() || undefined),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(orderDetailQuery(order.id).queryKey, cancelled);
      void refreshOrders(queryClient);
      showSuccess(t('edit.cancelled'));
      void navigate(generatePath(paths.allOrders, { id: order.id }));
    },
    onError: (error) => {
      showError(error.message);
      setOpen(false);
      void refreshOrders(queryClient);
    },
  });
  return (
    <>
      <Button color="red" variant="light" leftSection={<IconX size={18} aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('edit.cancelOrder')}
      </Button>
      <Modal opened={open} onClose={() => !cancel.isPending && setOpen(false)} title={t('edit.cancelTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('edit.cancelMessage')}</Text>
          <Textarea
            data-autofocus
            label={t('edit.reason')}
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              {t('edit.keep')}
            </Button>
            <Button color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
              {t('edit.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * Spec §2 /imageanalysationedit/{id}: the booking form prefilled, while the order may still change (the server's
 * `actions`), and its cancellation; the not-found screen for an address naming no imaging order of mine.
 */
export function ImagingOrderEditPage() {
  const { t } = useTranslation(IMAGING_STRINGS);
  usePageTitle(t('pages.edit'));
  const { id = '' } = useParams();
  const order = useOrderDetail(id, { fresh: true });
  const toList = (
    <Button component={Link} to={paths.applicationList} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
      {t('edit.toList')}
    </Button>
  );

  if (isNotFound(order.error)) return <NotFoundScreen title={t('edit.notFoundTitle')} text={t('edit.notFoundText')} action={toList} />;

  const data = order.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <Button
            component={Link}
            to={generatePath(paths.allOrders, { id })}
            variant="subtle"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          >
            {t('edit.back')}
          </Button>
        </Group>
        <Title order={1}>{t('pages.edit')}</Title>
        {data ? (
          data.category === 'imaging' && (data.actions.edit || data.actions.cancel) ? (
            <>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text c="dimmed">{t('edit.intro')}</Text>
                {data.actions.cancel && <CancelOrder order={data} />}
              </Group>
              {data.actions.edit ? (
                <EditForm key={data.id} order={data} />
              ) : (
                <Alert color="orange" icon={<IconLock aria-hidden="true" />}>
                  {t('edit.locked')}
                </Alert>
              )}
            </>
          ) : (
            <Alert color="orange" icon={<IconLock aria-hidden="true" />} role="alert">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{data.category === 'imaging' ? t('edit.locked') : t('edit.notImaging')}</Text>
                {toList}
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
