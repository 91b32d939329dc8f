import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Order, WorkMode } from '@rhc/contracts';
import { ORDER_STATUS } from '@rhc/domain';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { showSuccess } from '../../../lib/toast.ts';
import type { BookingDraft } from '../../../stores/booking-store.ts';
import { useOrderDetail, orderDetailQuery, refreshOrders, putExamOrder } from '../api.ts';
import { bodyOfDraft, valuesOfOrder } from '../booking-values.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';

function EditForm({ mode, order }: { mode: WorkMode; order: Order }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (draft: BookingDraft) => putExamOrder(order.id, bodyOfDraft(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(orderDetailQuery(order.id).queryKey, saved);
      void refreshOrders(queryClient);
      // A confirmed booking moved to another doctor, time or mode waits for the doctor's confirmation again.
      const reconfirm = order.status === ORDER_STATUS.verified && saved.status === ORDER_STATUS.booked;
      showSuccess(reconfirm ? t('form.savedNeedsConfirmation') : t('form.saved'));
      void navigate(paths.applicationList);
    },
  });
  return (
    <BookingForm
      mode={mode}
      initialValues={valuesOfOrder(order)}
      submitLabel={t('form.save')}
      pending={save.isPending}
      failure={save.error instanceof ApiError ? save.error.message : null}
      lockBookingFor
      onSubmit={(draft) => save.mutate(draft)}
    />
  );
}

/** Spec §2 /healthcareedit/:id and /healthcareeditonline/:id: the booking form prefilled, while the booking may still change. */
function BookingEditPage({ mode }: { mode: WorkMode }) {
  const { t } = useTranslation(['booking', 'common']);
  const title = mode === 'online' ? t('pages.editOnline') : t('pages.editDirect');
  usePageTitle(title);
  const { id = '' } = useParams();
  const order = useOrderDetail(id, { fresh: true });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {order.data ? (
          order.data.actions.edit ? (
            <EditForm key={order.data.id} mode={order.data.mode} order={order.data} />
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

export function HealthcareEditPage() {
  return <BookingEditPage mode="direct" />;
}

export function HealthcareOnlineEditPage() {
  return <BookingEditPage mode="online" />;
}
