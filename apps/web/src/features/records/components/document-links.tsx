import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import '../styles.ts';
import type { DocumentLink } from '@rhc/contracts';
import { DISPLAY_NAME_MAX_LENGTH, DOCUMENT_LINK_MAX_LENGTH, isDocumentLink } from '@rhc/domain';
import { IconExternalLink, IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { createDocumentLink, deleteDocumentLink, refreshRecords, useOrderDocuments } from '../api.ts';
import { useAskToDelete } from './ask-to-delete.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The document links of an order (spec §2 "Order detail", §3 "Document link", §5 "Document link must be a valid link"),
 * self-contained for the order detail page (issue 17): the list, and for the order's patient or doctor an add form
 * (an http(s) link and its display name) and, on the links they added, a delete with confirmation.
 */
export function DocumentLinks({ orderId, canEdit }: { orderId: string; canEdit: boolean }) {
  const { t } = useTranslation('records');
  const queryClient = useQueryClient();
  const askToDeleteThen = useAskToDelete();
  const documents = useOrderDocuments(orderId);
  const [link, setLink] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!isDocumentLink(link.trim())) {
      setError(t('links.invalid'));
      return;
    }
    setSaving(true);
    try {
      await createDocumentLink(orderId, link.trim(), displayName);
      showSuccess(t('links.added'));
      setLink('');
      setDisplayName('');
      await refreshRecords(queryClient);
    } catch (failure) {
      showError(failure instanceof ApiError ? failure.message : t('messages.MESSAGE_CALL_API_FAIL'));
    } finally {
      setSaving(false);
    }
  };

  const askToDelete = (item: DocumentLink) =>
    askToDeleteThen({
      title: t('links.deleteTitle'),
      message: t('links.deleteConfirm'),
      subject: item.displayName || item.link,
      remove: () => deleteDocumentLink(item.id),
      done: t('links.deleted'),
      then: () => refreshRecords(queryClient),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={`links-${orderId}`}>
      <Title order={3} size="h5" id={`links-${orderId}`}>
        {t('links.title')}
      </Title>
      {documents.isError ? (
        <ErrorState message={`${t('links.loadFailed')} ${documents.error.message}`} onRetry={() => void documents.refetch()} />
      ) : !documents.data ? (
        <LoadingState minHeight={60} />
      ) : documents.data.links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('links.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {documents.data.links.map((item) => (
            <Paper key={item.id} component="li" withBorder radius="sm" px="sm" py={6}>
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconLink size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <Anchor href={item.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.displayName || item.link}
                    <IconExternalLink size={14} aria-hidden="true" style={{ marginLeft: 4, verticalAlign: 'middle' }} />
                  </Anchor>
                </Group>
                {/* The server says which links the caller may delete: their own (issue 54). */}
                {canEdit && item.canDelete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => askToDelete(item)}
                    aria-label={t('links.delete', { name: item.displayName || item.link })}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {canEdit && (
        <form onSubmit={(event) => void add(event)} noValidate>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              style={{ flex: '2 1 240px' }}
              label={<FieldLabel required>{t('links.link')}</FieldLabel>}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              maxLength={DOCUMENT_LINK_MAX_LENGTH}
              onChange={(event) => {
                setLink(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              required
              withAsterisk={false}
            />
            <TextInput
              style={{ flex: '1 1 180px' }}
              label={t('links.displayName')}
              value={displayName}
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              onChange={(event) => setDisplayName(event.currentTarget.value)}
            />
            <Button type="submit" mt={25} loading={saving} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {t('links.add')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
