import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { endpointPath, recordExportsEndpoints, type RecordExport } from '@rhc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';
import { formatInstant } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { ErrorState, LoadingState } from '../ui/query-state.tsx';

const api = recordExportsEndpoints;
/** How often the list is read again while an export is being prepared. */
export const RECORD_EXPORT_POLL_MS = 2_000;
const AT = 'HH:mm DD/MM/YYYY';

/** A size as people read it. */
function displaySize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * "Export my data" (issue 53): asks for an export of the person's whole record (a PDF summary, the FHIR R4 data and
 * every file in one archive), lists the exports with their status — read again every 2 s while one is being prepared
 * —, a download link for a ready one and until when it may be downloaded. For the account's own profile (the account
 * page) and for a managed profile (`name`, where that profile is managed). Loaded lazily where it is shown.
 */
export function RecordExportSection({ profileId, name }: { profileId: string; name?: string }) {
  const { t } = useTranslation('record-export');
  const queryClient = useQueryClient();
  const list = useQuery({
    ...endpointQuery(api.list, { params: { profileId } }),
    refetchInterval: (query) => (query.state.data?.exports.some((item) => item.status === 'preparing') ? RECORD_EXPORT_POLL_MS : false),
  });
  const create = useMutation({
    mutationFn: () => apiRequest(api.create, { params: { profileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [api.list.domain] }),
  });
  const titleId = `record-export-${profileId}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {name ? t('section.titleFor', { name }) : t('section.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('section.intro')}
      </Text>
      <Group>
        <Button
          leftSection={<IconFileZip size={18} aria-hidden="true" />}
          loading={create.isPending}
          onClick={() => create.mutate()}
          variant="light"
        >
          {t('section.request')}
        </Button>
      </Group>
      {create.isError && (
        <Alert color="red" role="alert">
          {create.error.message}
        </Alert>
      )}
      {list.data ? (
        list.data.exports.length === 0 ? (
          <Text size="sm">{t('section.empty')}</Text>
        ) : (
          <Stack gap="xs" component="ul" aria-label={t('section.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.exports.map((item) => (
              <ExportRow key={item.id} item={item} />
            ))}
          </Stack>
        )
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <LoadingState minHeight={80} />
      )}
    </Stack>
  );
}

function ExportRow({ item }: { item: RecordExport }) {
  const { t } = useTranslation('record-export');
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="wrap" data-testid="record-export" data-status={item.status}>
      <Stack gap={0}>
        <Text size="sm" fw={600} role={item.status === 'preparing' ? 'status' : undefined}>
          {t(`section.status.${item.status}`, { progress: item.progress })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('section.requestedAt', { at: formatInstant(item.createdAt, AT) })}
          {item.status === 'ready' && item.expiresAt ? ` · ${t('section.expires', { at: formatInstant(item.expiresAt, AT) })}` : ''}
          {item.status === 'ready' && item.bytes !== null ? ` · ${displaySize(item.bytes)}` : ''}
        </Text>
      </Stack>
      {item.status === 'ready' && (
        <Button
          component="a"
          href={endpointPath(api.file, { profileId: item.profileId, exportId: item.id })}
          download
          size="sm"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          {t('section.download')}
        </Button>
      )}
    </Group>
  );
}
