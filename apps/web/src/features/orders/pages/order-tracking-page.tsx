import { Alert, Button, Container, Divider, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import '../styles.ts';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { useOrderTracking } from '../api.ts';
import { DetailRow } from '../../../components/ui/detail-row.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { LoadingState } from '../../../components/ui/query-state.tsx';
import { OrderCodeLine } from '../components/order-code-line.tsx';
import { StatusTimeline } from '../components/status-timeline.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { CATEGORY_WORDS } from '../../../lib/order-status.ts';

/** Spec §2 /order-tracking/{orderSecureCode}: public; the booking's progress and nothing personal beyond the initials. */
export function OrderTrackingPage() {
  const { t } = useTranslation(['orders', 'common']);
  usePageTitle(t('tracking.pageTitle'));
  const { orderSecureCode = '' } = useParams();
  const tracking = useOrderTracking(orderSecureCode);

  // A malformed code is refused by the server's validation (400) just as an unknown one (404): both are "not found" here.
  if (tracking.error instanceof ApiError && (tracking.error.status === 404 || tracking.error.status === 400)) {
    return (
      <NotFoundScreen
        title={t('tracking.notFoundTitle')}
        text={t('tracking.notFoundText')}
        action={
          <Button component={Link} to={paths.home}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    );
  }
  const order = tracking.data;

  return (
    <Container size="sm" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>{t('tracking.pageTitle')}</Title>
        {tracking.error ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {tracking.error.message}
          </Alert>
        ) : !order ? (
          <LoadingState />
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <OrderCodeLine
                code={order.code}
                badge={<OrderStatusBadge status={order.status} mode={order.mode} category={order.category} />}
              />
              <StatusTimeline status={order.status} category={order.category} />
              <Divider />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <DetailRow label={t('common.date')}>{formatInstant(order.startsAt)}</DetailRow>
                <DetailRow label={t('common.hour')}>{formatInstant(order.startsAt, 'HH:mm')}</DetailRow>
                <DetailRow label={t('common.service')}>{order.service ?? t(`category.${order.category}`)}</DetailRow>
                <DetailRow label={t('common.specialty')}>{order.specialty}</DetailRow>
                <DetailRow label={t('detail.place')}>
                  {order.mode === 'online' ? t('tracking.online') : order.clinic ? `${order.clinic.name} — ${order.clinic.address}` : null}
                </DetailRow>
                <DetailRow label={t(CATEGORY_WORDS[order.category].person)}>{order.patientInitials}</DetailRow>
              </SimpleGrid>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
