import { Button, Group, Stack } from '@mantine/core';
import '../styles.ts';
import type { Document } from '@rhc/contracts';
import { ORDER_DOCUMENTS_MODE, type TypeExam } from '@rhc/domain';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { refreshRecords, uploadOrderDocuments, useOrderDocuments } from '../api.ts';
import { useAskToDeleteDocument } from './ask-to-delete.ts';
import { checkRows, UploadWidget, type UploadRow } from './upload-widget.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { PendingUploadsRef } from '../../../lib/pending-uploads.ts';

export interface OrderDocumentsProps {
  orderId: string;
  /** May attach and delete files (the order's assigned doctor on their edit screen); otherwise the list only. */
  canEdit: boolean;
  /** Sent with an upload by the order's doctor (spec §6 "doctor uploads with doctorId and patientId"). */
  doctorId?: string;
  patientId?: string;
  /** The types a new file may have and the list's heading, when the screen fixes them (a lab or imaging result, decision 046). */
  types?: readonly TypeExam[];
  title?: string;
  /**
   * Given by a page that saves a form beside the files (the doctor's examination): filled with the files chosen and not
   * yet sent, and how to send them, so that saving the form sends them too instead of dropping them (issue 54 item 2).
   */
  pending?: PendingUploadsRef;
}

/**
 * The files of an order, self-contained for the doctor's edit screen (issue 17; the route hands it in, features never
 * import each other): the upload widget in 20-file mode (file, display name, type; the shared limits), the upload
 * button, the stored files with their download link and, for whoever may edit, a delete after a confirmation.
 */
export function OrderDocuments({ orderId, canEdit, doctorId, patientId, types, title, pending }: OrderDocumentsProps) {
  const { t } = useTranslation('records');
  const queryClient = useQueryClient();
  const askToDeleteDocument = useAskToDeleteDocument(() => refreshRecords(queryClient));
  const documents = useOrderDocuments(orderId);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const stored = documents.data?.documents ?? [];

  /** Sends the chosen files: true once stored, false when the shared rules or the server refused them (shown here). */
  const upload = async (): Promise<boolean> => {
    if (sending) return false;
    const problem = checkRows(rows, ORDER_DOCUMENTS_MODE, 'documents', stored.length);
    if (problem) {
      setError(t(problem));
      return false;
    }
    setError(null);
    setSending(true);
    try {
      const files = rows.flatMap((row) => (row.file ? [{ file: row.file, typeExam: row.typeExam, displayName: row.displayName }] : []));
      await uploadOrderDocuments(orderId, files, {
        ...(doctorId ? { doctorId } : {}),
        ...(patientId ? { patientId } : {}),
      });
      showSuccess(t('orderDocuments.uploaded', { count: files.length }));
      setRows([]);
      await refreshRecords(queryClient);
      return true;
    } catch (failure) {
      showError(failure instanceof ApiError ? failure.message : t('messages.MESSAGE_CALL_API_FAIL'));
      return false;
    } finally {
      setSending(false);
    }
  };
  // The page saving a form beside these files reads what is waiting and sends it (issue 54 item 2).
  useImperativeHandle(pending, () => ({
    count: () => (canEdit ? rows.filter((row) => row.file !== null).length : 0),
    flush: upload,
  }));

  const askToDelete = (document: Document) => askToDeleteDocument(orderId, document);

  return (
    <Stack gap="sm" component="section" aria-label={title ?? t('orderDocuments.title')}>
      {documents.isError ? (
        <ErrorState message={`${t('orderDocuments.loadFailed')} ${documents.error.message}`} onRetry={() => void documents.refetch()} />
      ) : !documents.data ? (
        <LoadingState minHeight={60} />
      ) : (
        <>
          <UploadWidget
            area="documents"
            mode={ORDER_DOCUMENTS_MODE}
            title={title ?? t('orderDocuments.title')}
            {...(types ? { types } : {})}
            rows={rows}
            onRowsChange={(next) => {
              setRows(next);
              setError(null);
            }}
            stored={stored}
            onDeleteStored={canEdit ? askToDelete : undefined}
            editable={canEdit}
            error={error}
          />
          {canEdit && rows.length > 0 && (
            <Group justify="flex-end">
              <Button loading={sending} onClick={() => void upload()} leftSection={<IconUpload size={16} aria-hidden="true" />}>
                {t('orderDocuments.upload')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
