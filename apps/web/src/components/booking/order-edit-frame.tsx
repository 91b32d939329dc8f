import { Button, Container, Group, Stack, Title } from '@mantine/core';
import './styles.ts';
import type { Order } from '@rhc/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useOrderDetail } from '../../hooks/use-orders.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isNotFound } from '../../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/query-state.tsx';
import { NotFoundScreen } from '../ui/status-screen.tsx';

/** The words of an order's edit page around its form, in the page's namespace. */
export type OrderEditWords = { title: string; back: string; notFoundTitle: string; notFoundText: string; toList: string };

/**
 * An order's edit page (/…edit/:id: the examination's and every kit category's) around what it shows of the order: the
 * order read afresh; an address that names no order of mine (a typo, another person's) gets the not-found screen with
 * the way to the list; else the way back (`backTo(id)`), the title, then `children` of the order once read, its error
 * or its loading state before.
 */
export function OrderEditFrame({
  words,
  backTo,
  children,
}: {
  words: OrderEditWords;
  backTo: (id: string) => string;
  children: (order: Order) => ReactNode;
}) {
  usePageTitle(words.title);
  const { id = '' } = useParams();
  const order = useOrderDetail(id, { fresh: true });

  if (isNotFound(order.error))
    return <NotFoundScreen title={words.notFoundTitle} text={words.notFoundText} action={<ToListButton label={words.toList} />} />;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <Button component={Link} to={backTo(id)} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            {words.back}
          </Button>
        </Group>
        <Title order={1}>{words.title}</Title>
        {order.data ? (
          children(order.data)
        ) : order.isError ? (
          <ErrorState message={order.error.message} onRetry={() => void order.refetch()} />
        ) : (
          <LoadingState minHeight={240} />
        )}
      </Stack>
    </Container>
  );
}

/** The way to the list of my bookings, from an edit page with nothing to edit. */
export function ToListButton({ label }: { label: string }) {
  return (
    <Button component={Link} to={paths.applicationList} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
      {label}
    </Button>
  );
}
