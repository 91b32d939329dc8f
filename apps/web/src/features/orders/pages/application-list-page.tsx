import { Alert, Anchor, Button, Container, Group, NativeSelect, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import '../styles.ts';
import { DOCTOR_JOB_ID } from '@rhc/domain';
import { IconCalendarMonth, IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useOrderPage, type OrderPageQuery } from '../api.ts';
import { OrderList } from '../components/order-list.tsx';
import { FILTER_STATUSES } from '../../../lib/order-status.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const PAGE_SIZE = 10;

type Role = 'patient' | 'doctor';

/** Spec §2 /applicationlist/: "registration schedule management", my bookings (and a doctor's assigned ones), filtered and paged. */
export function ApplicationListPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('list.pageTitle'));
  const user = useAuthStore((state) => state.user);
  const isDoctor = user?.jobId === DOCTOR_JOB_ID;
  // A doctor lands on the bookings assigned to them; the tab chosen is kept in the address (back from a detail keeps it).
  const [search, setSearch] = useSearchParams();
  const role: Role = search.get('as') === 'patient' ? 'patient' : 'doctor';
  const setRole = (next: Role) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'doctor') params.delete('as');
        else params.set('as', next);
        return params;
      },
      { replace: true },
    );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t('list.pageTitle')}</Title>
          <Button
            component={Link}
            to={paths.ordersInMonth}
            variant="light"
            leftSection={<IconCalendarMonth size={18} aria-hidden="true" />}
          >
            {t('list.monthLink')}
          </Button>
        </Group>
        {isDoctor ? (
          <Tabs value={role} onChange={(value) => setRole(value === 'doctor' ? 'doctor' : 'patient')} keepMounted={false}>
            <Tabs.List aria-label={t('list.tabs.label')}>
              <Tabs.Tab value="doctor">{t('list.tabs.assigned')}</Tabs.Tab>
              <Tabs.Tab value="patient">{t('list.tabs.mine')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="doctor" pt="md">
              <FilteredOrders userId={user.userId} role="doctor" />
            </Tabs.Panel>
            <Tabs.Panel value="patient" pt="md">
              <FilteredOrders userId={user.userId} role="patient" />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <FilteredOrders userId={user?.userId ?? ''} role="patient" />
        )}
      </Stack>
    </Container>
  );
}

function FilteredOrders({ userId, role }: { userId: string; role: Role }) {
  const { t } = useTranslation('orders');
  const [status, setStatus] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [page, setPage] = useState(0);

  const query: OrderPageQuery = { page, size: PAGE_SIZE, as: role };
  if (status !== null) query.status = Number(status);
  if (day) {
    const [year, month, date] = day.split('-').map(Number);
    Object.assign(query, { day: date, month, year });
  }
  const orders = useOrderPage(userId, query);
  const pageCount = orders.data ? Math.ceil(orders.data.total / PAGE_SIZE) : 0;
  const filtered = status !== null || day !== null;
  const clearFilters = () => {
    setStatus(null);
    setDay(null);
    setPage(0);
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {/* The browser's own list (decision 037): no popover mounted with the page, the phone's picker on a phone. */}
        <NativeSelect
          label={t('list.statusFilter')}
          data={[
            { value: '', label: t('list.allStatuses') },
            ...FILTER_STATUSES.map((entry) => ({ value: String(entry.status), label: t(`status.${entry.label}`) })),
          ]}
          value={status ?? ''}
          onChange={({ currentTarget: { value } }) => {
            setStatus(value || null);
            setPage(0);
          }}
        />
        <DayInput
          label={t('list.dayFilter')}
          value={day}
          onChange={(value) => {
            setDay(value);
            setPage(0);
          }}
        />
      </SimpleGrid>
      {orders.data && orders.data.total > 0 && (
        <Text size="sm" c="dimmed">
          {t('list.total', { total: orders.data.total })}
        </Text>
      )}
      <OrderList
        orders={orders.data?.items}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        label={role === 'doctor' ? t('list.tabs.assigned') : t('list.tabs.mine')}
        showPatient={role === 'doctor'}
        empty={
          <Alert color="gray" variant="light">
            {filtered ? (
              <Stack gap="xs" align="flex-start">
                <Text>{t('list.emptyFiltered')}</Text>
                <Button variant="subtle" size="compact-sm" onClick={clearFilters}>
                  {t('list.clearFilters')}
                </Button>
              </Stack>
            ) : (
              <Stack gap="xs" align="flex-start">
                <Text>{role === 'doctor' ? t('list.emptyAssigned') : t('list.empty')}</Text>
                {role === 'patient' && (
                  <Anchor component={Link} to={paths.healthcare}>
                    <Group gap={4} component="span">
                      <IconCalendarPlus size={16} aria-hidden="true" />
                      {t('list.book')}
                    </Group>
                  </Anchor>
                )}
              </Stack>
            )}
          </Alert>
        }
      />
      {pageCount > 1 && (
        <Group justify="center">
          <Pager total={pageCount} value={page + 1} onChange={(value) => setPage(value - 1)} aria-label={t('list.pagination')} />
        </Group>
      )}
    </Stack>
  );
}
