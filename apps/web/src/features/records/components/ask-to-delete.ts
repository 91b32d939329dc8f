import type { Document } from '@rhc/contracts';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { deleteDocument } from '../api.ts';

type DeleteRequest = {
  title: string;
  message: string;
  /** What goes, in bold under the message (a file's name, a link). */
  subject?: string;
  /** The deletion, once confirmed. */
  remove: () => Promise<unknown>;
  /** The toast once it is done. */
  done: string;
  /** What follows (read the lists again, go back); a failure here is reported as the deletion's. */
  then: () => Promise<unknown>;
  /** What to say when it failed: by default the server's message, else "the call failed". */
  failed?: (failure: unknown) => string;
};

/**
 * The records' deletions (a record, a stored file, a link): a confirmation with "Xóa" and "Không", then the deletion,
 * its toast and what follows, or why it failed.
 */
export function useAskToDelete() {
  const { t } = useTranslation('records');
  const serverMessage = (failure: unknown) => (failure instanceof ApiError ? failure.message : t('messages.MESSAGE_CALL_API_FAIL'));
  return ({ remove, done, then, failed = serverMessage, ...texts }: DeleteRequest) =>
    openDeleteConfirm({
      ...texts,
      confirm: t('delete.confirm'),
      cancel: t('actions.no'),
      onConfirm: async () => {
        try {
          await remove();
          showSuccess(done);
          await then();
        } catch (failure) {
          showError(failed(failure));
        }
      },
    });
}

/** Deleting one stored file of an order (or record), its name in the question; `afterDelete` refreshes what lists it. */
export function useAskToDeleteDocument(afterDelete: () => Promise<unknown>) {
  const { t } = useTranslation('records');
  const askToDelete = useAskToDelete();
  return (orderId: string, document: Document) =>
    askToDelete({
      title: t('delete.fileTitle'),
      message: t('messages.MESSAGES_FILE_DELETE_CONFIRM'),
      subject: document.fileName,
      remove: () => deleteDocument(orderId, document.id),
      done: t('messages.MESSAGES_FILE_DELETE_SUCCESS'),
      then: afterDelete,
    });
}
