import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { useTranslation } from 'react-i18next';
import { TOAST_SETTINGS } from '../lib/toast.ts';

/**
 * Where toasts and dialogs appear. Both are opened through Mantine's static APIs (`showSuccess` /
 * `showError` of lib/toast.ts, `modals.openConfirmModal` of @mantine/modals), which reach this host
 * through a store and window events, so it needs no children and loads after the first paint.
 */
export function OverlayHost() {
  const { t } = useTranslation();
  return (
    <>
      <Notifications {...TOAST_SETTINGS} />
      <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }} />
    </>
  );
}
