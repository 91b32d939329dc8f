import { Alert, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import './styles.ts';
import type { Order } from '@rhc/contracts';
import { IconArrowLeft, IconLock, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { orderDetailQuery, refreshOrders, useOrderDetail } from '../../hooks/use-orders.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ApiError, isNotFound } from '../../lib/api-error.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { showError, showSuccess } from '../../lib/toast.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { draftBody, type KitCategory, type KitDrafts } from '../../stores/booking-store.ts';
import { Modal } from '../ui/modal.tsx';
import { ErrorState, LoadingState } from '../ui/query-state.tsx';
import { NotFoundScreen } from '../ui/status-screen.tsx';
import type { EditParts, OrderKit } from './order-kit.ts';

type KitProps<C extends KitCategory, Values, Body, Held> = { kit: OrderKit<C>; parts: EditParts<KitDrafts[C], Values, Body, Held> };

/** After a change or a cancellation: the order's page shows the order the server answered. */
function useShowOrder(order: Order, message: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (saved: Order) => {
    queryClient.setQueryData(orderDetailQuery(order.id).queryKey, saved);
    void refreshOrders(queryClient);
    showSuccess(message);
    void navigate(generatePath(paths.allOrders, { id: order.id }));
  };
}

function EditForm<C extends KitCategory, Values, Body, Held>({ kit, parts, order }: KitProps<C, Values, Body, Held> & { order: Order }) {
  const { t } = useTranslation(kit.strings);
  const initialValues = parts.valuesOfOrder(order);
  const save = useMutation({
    mutationFn: (draft: KitDrafts[C]) => parts.put(order.id, draftBody<Body, KitDrafts[C]>(draft, kit.shown)),
    onSuccess: useShowOrder(order, t('edit.saved')),
  });
  return (
    <parts.Form
      initialValues={initialValues}
      submitLabel={t('form.save')}
      pending={save.isPending}
      failure={save.error instanceof ApiError ? save.error.message : null}
      editing
      heldTime={parts.heldTimeOf(order, initialValues)}
      onSubmit={(draft) => save.mutate(draft)}
      secondaryAction={
        <Button component={Link} to={generatePath(paths.allOrders, { id: order.id })} variant="default" size="md" disabled={save.isPending}>
          {t('edit.cancelEdit')}
        </Button>
      }
    />
  );
}

/** Cancelling the order, behind a confirmation: its place is given back; the order's page shows it cancelled. */
function CancelOrder<C extends KitCategory, Values, Body, Held>({
  kit,
  order,
  cancelOrder,
}: Pick<KitProps<C, Values, Body, Held>, 'kit'> & {
  order: Order;
  cancelOrder: NonNullable<EditParts<KitDrafts[C], Values, Body, Held>['cancel']>;
}) {
  const { t } = useTranslation(kit.strings);
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => cancelOrder(userId, order.id, reason.trim() || undefined),
    onSuccess: useShowOrder(order, t('edit.cancelled')),
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
 * A category's edit page (spec §2 `/diagnostictestedit/{id}`, `/imageanalysationedit/{id}`, `/vaccine-order/edit/{id}`):
 * the booking form prefilled while the order may still change (the server's `actions`), and its cancellation where the
 * category offers it; the not-found screen for an address naming no order of mine.
 */
export function OrderEditPage<C extends KitCategory, Values, Body, Held>({ kit, parts }: KitProps<C, Values, Body, Held>) {
  const { t } = useTranslation(kit.strings);
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
  const own = data?.category === kit.category;
  const cancel = own && data.actions.cancel ? parts.cancel : undefined;
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
          own && (data.actions.edit || cancel) ? (
            <>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text c="dimmed">{t('edit.intro')}</Text>
                {cancel && <CancelOrder kit={kit} order={data} cancelOrder={cancel} />}
              </Group>
              {data.actions.edit ? (
                <EditForm key={data.id} kit={kit} parts={parts} order={data} />
              ) : (
                <Alert color="orange" icon={<IconLock aria-hidden="true" />}>
                  {t('edit.locked')}
                </Alert>
              )}
            </>
          ) : (
            <Alert color="orange" icon={<IconLock aria-hidden="true" />} role="alert">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{own ? t('edit.locked') : t(parts.notOwnKey)}</Text>
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
