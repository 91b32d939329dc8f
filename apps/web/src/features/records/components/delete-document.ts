import type { Document } from '@rhc/contracts';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { deleteDocument } from '../api.ts';

/**
 * Deleting one stored file of an order (or record), after a confirmation that names it, then saying so, or why not;
 * `afterDelete` refreshes what lists the file. The order's files and the record form both ask this way.
 */
export function useAskToDeleteDocument(afterDelete: () => Promise<unknown>) {
  const { t } = useTranslation('records');
  return (orderId: string, document: Document) =>
    openDeleteConfirm({
      title: t('delete.fileTitle'),
      message: t('messages.MESSAGES_FILE_DELETE_CONFIRM'),
      subject: document.fileName,
      confirm: t('delete.confirm'),
      cancel: t('actions.no'),
      onConfirm: async () => {
        try {
          await deleteDocument(orderId, document.id);
          showSuccess(t('messages.MESSAGES_FILE_DELETE_SUCCESS'));
          await afterDelete();
        } catch (failure) {
          showError(failure instanceof ApiError ? failure.message : t('messages.MESSAGE_CALL_API_FAIL'));
        }
      },
    });
}
