import { Stack, Table, Text, Title } from '@mantine/core';
import '../styles.ts';
import { DATE_TIME_LIST_FORMAT } from '@rhc/domain';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatInstant } from '../../../lib/dates.ts';
import { ACCESS_LOG_PAGE_SIZE, useAccessLog } from '../api.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** "Ai đã xem hồ sơ của tôi": every read of the person's data by someone else, newest first, in Vietnam time. */
export function AccessLog({ personId }: { personId: string }) {
  const { t } = useTranslation('relatives');
  const [page, setPage] = useState(0);
  const log = useAccessLog(personId, page, true);
  const pages = log.data ? Math.ceil(log.data.total / ACCESS_LOG_PAGE_SIZE) : 0;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('accessLog.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('accessLog.intro')}
      </Text>
      {log.isError ? (
        <ErrorState message={`${t('accessLog.loadFailed')} ${log.error.message}`} onRetry={() => void log.refetch()} />
      ) : !log.data ? (
        <LoadingState minHeight={60} />
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed">{t('accessLog.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('accessLog.at')}</Table.Th>
                <Table.Th scope="col">{t('accessLog.reader')}</Table.Th>
                <Table.Th scope="col">{t('accessLog.action')}</Table.Th>
                <Table.Th scope="col">{t('accessLog.section')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((entry, index) => (
                <Table.Tr key={`${entry.at}-${entry.reader.id}-${entry.section}-${index}`}>
                  <Table.Td>{formatInstant(entry.at, DATE_TIME_LIST_FORMAT)}</Table.Td>
                  <Table.Td>{entry.reader.fullName}</Table.Td>
                  <Table.Td>{t(`accessLog.actions.${entry.action}`)}</Table.Td>
                  <Table.Td>{t(`sections.${entry.section}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pager total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />}
    </Stack>
  );
}
