import { Alert, Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '../styles.ts';
import { OrderSchema } from '@rhc/contracts';
import { IconCircleCheck, IconList, IconLogin } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { z } from 'zod/mini';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { isLoggedIn, useAuthStore } from '../../../stores/auth-store.ts';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { useOrderDetail } from '../api.ts';
import { OrderSummaryCard, type OrderSummary } from '../components/order-summary-card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The booking store's entries are the orders the server answered when they were made; they are read
 * defensively (the store lives in the browser across versions): an entry lacking what a summary needs is skipped.
 */
const SummaryEntrySchema = z.extend(
  z.pick(OrderSchema, { id: true, code: true, secureCode: true, status: true, mode: true, startsAt: true }),
  {
    doctor: z.catch(z.optional(OrderSchema.shape.doctor), undefined),
    workUnit: z.catch(z.optional(OrderSchema.shape.workUnit), undefined),
    specialty: z.catch(z.optional(OrderSchema.shape.specialty), undefined),
    examType: z.catch(z.optional(OrderSchema.shape.examType), undefined),
  },
);

function readSummaries(entries: unknown): OrderSummary[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    const parsed = SummaryEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Spec §2 /bookingsuccess/ and /bookingsuccess/{id}: the booking just made (or those just made) with its tracking link. */
export function BookingSuccessPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('success.pageTitle'));
  const { id } = useParams();
  const location = useLocation();
  const user = useAuthStore((state) => state.user);
  const loggedIn = isLoggedIn(user);

  if (!loggedIn) {
    return (
      <Container size="sm" py="xl">
        <Alert color="blue" title={t('success.loginTitle')} icon={<IconLogin aria-hidden="true" />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('success.loginText')}</Text>
            <Button component={Link} to={paths.login} state={{ from: location.pathname }}>
              {t('success.login')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden="true">
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Title order={1}>{t('success.heading')}</Title>
        </Group>
        <Text c="dimmed">{t('success.intro')}</Text>
        {id ? <OrderFromServer id={id} /> : <OrdersJustMade />}
        <Group>
          <Button component={Link} to={paths.applicationList} variant="light" leftSection={<IconList size={18} aria-hidden="true" />}>
            {t('success.toList')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

function OrderFromServer({ id }: { id: string }) {
  const detail = useOrderDetail(id);
  if (detail.data) return <OrderSummaryCard order={detail.data} />;
  if (detail.error) return <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />;
  return <LoadingState />;
}

function OrdersJustMade() {
  const { t } = useTranslation('orders');
  const entries = useBookingStore((state) => state.orderSuccessList);
  const orders = readSummaries(entries);
  if (orders.length === 0) {
    return (
      <Alert color="gray" variant="light">
        {t('success.empty')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {orders.map((order) => (
        <OrderSummaryCard key={order.id} order={order} />
      ))}
    </Stack>
  );
}
