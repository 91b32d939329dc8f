import { Alert, Button, Center, Text, type MantineSize } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Spinner } from './spinner.tsx';

/** The loading spinner of a screen part, announced as `label` (the common "Loading…" unless given). */
export function LoadingState({ minHeight = 160, size, label }: { minHeight?: number; size?: MantineSize; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center mih={minHeight} role="status" aria-label={label ?? t('loading')}>
      <Spinner size={size} />
    </Center>
  );
}

/** A failed load: the message (the server's, after any lead-in of the caller's) and a retry. */
export function ErrorState({ message, onRetry, mt }: { message: string; onRetry: () => void; mt?: number }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert" mt={mt}>
      {message}{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}

/** What a part needs of a TanStack query to show its failure and offer a retry. */
interface LoadedQuery<T> {
  isError: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
  data?: T;
}

const noneIn = (data: unknown): boolean => Array.isArray(data) && data.length === 0;

/**
 * A part showing what a query read: the failure after `failure` with a retry, the spinner until the data is there,
 * the empty state when `isEmpty(data)` (an empty list unless told): `empty`, or `emptyText` dimmed; else `children(data)`.
 * The data is the query's own unless the caller passes what it derives from it as `data`.
 */
export function QueryContent<Q, T = Q>(props: {
  query: LoadedQuery<Q>;
  data?: T | null;
  failure: string;
  minHeight?: number;
  isEmpty?: (data: NoInfer<T>) => boolean;
  emptyText?: string;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query, failure, minHeight, isEmpty = noneIn, emptyText, empty, children } = props;
  // Without a `data` of the caller's, Q and T are one type.
  const data = 'data' in props ? props.data : (query.data as T | undefined);
  if (query.isError) return <ErrorState message={`${failure} ${query.error?.message ?? ''}`} onRetry={() => void query.refetch()} />;
  if (data === undefined || data === null) return <LoadingState minHeight={minHeight} />;
  if ((empty !== undefined || emptyText !== undefined) && isEmpty(data)) return empty ?? <Text c="dimmed">{emptyText}</Text>;
  return children(data);
}
