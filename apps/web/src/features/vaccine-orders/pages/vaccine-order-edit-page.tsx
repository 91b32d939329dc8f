import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { paths } from '../../../config/paths.ts';
import { orderDetailQuery, refreshOrders, useOrderDetail } from '../../../hooks/use-orders.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError, isNotFound } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showSuccess } from '../../../lib/toast.ts';
import type { VaccineDraft } from '../../../stores/booking-store.ts';
import { putVaccineOrder } from '../api.ts';
import { VaccineForm } from '../components/vaccine-form.tsx';
import { REGISTRATION_STRINGS } from '../registration-paths.ts';
import { bodyOfDraft, valuesOfOrder } from '../vaccine-values.ts';

function EditForm({ order }: { order: Order }) {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detailPath = generatePath(paths.allOrders, { id: order.id });
  const save = useMutation({
    mutationFn: (draft: VaccineDraft) => putVaccineOrder(order.id, bodyOfDraft(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(orderDetailQuery(order.id).queryKey, saved);
      void refreshOrders(queryClient);
      showSuccess(t('edit.saved'));
      void navigate(detailPath);
    },
  });
  return (
    <VaccineForm
      initialValues={valuesOfOrder(order)}
      submitLabel={t('form.save')}
      pending={save.isPending}
      failure={save.error instanceof ApiError ? save.error.message : null}
      editing
      heldTime={order.doctor ? { doctorId: order.doctor.id, day: order.checkDay, hour: order.checkHour } : null}
      onSubmit={(draft) => save.mutate(draft)}
      secondaryAction={
        <Button component={Link} to={detailPath} variant="default" size="md" disabled={save.isPending}>
          {t('edit.cancelEdit')}
        </Button>
      }
    />
  );
}

/** Spec §2 /vaccine-order/edit/{id}: the registration form prefilled, while the order may still change. */
export function VaccineOrderEditPage() {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  usePageTitle(t('pages.edit'));
  const { id = '' } = useParams();
  const order = useOrderDetail(id, { fresh: true });
  const toList = (
    <Button component={Link} to={paths.applicationList} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
      {t('edit.toList')}
    </Button>
  );

  // An address that names no vaccine order of mine (a typo, another person's): the not-found screen, as the detail's.
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
          data.category === 'vaccine' && data.actions.edit ? (
            <>
              <Text c="dimmed">{t('edit.intro')}</Text>
              <EditForm key={data.id} order={data} />
            </>
          ) : (
            <Alert color="orange" icon={<IconLock aria-hidden="true" />} role="alert">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{data.category === 'vaccine' ? t('edit.locked') : t('edit.notVaccine')}</Text>
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
