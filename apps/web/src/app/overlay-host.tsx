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
import { useEffect } from 'react';
import { setOverlayHostMounted } from '../lib/overlay-host-demand.ts';
import { TOAST_SETTINGS } from '../lib/toast.ts';
import { useTranslation } from '../lib/i18n.ts';

/**
 * Where toasts and dialogs appear. Both are opened through Mantine's static APIs (`showSuccess` / `showError` of
 * lib/toast.ts, `openConfirm` of lib/confirm.ts), which reach this host through a store and window events, so it needs
 * no children. It is mounted with the first toast or dialog (lib/overlay-host-demand.ts).
 */
export function OverlayHost() {
  const { t } = useTranslation();
  // After the children's effects: the modals' window listener is in place when the host says it is ready.
  useEffect(() => {
    setOverlayHostMounted(true);
    return () => setOverlayHostMounted(false);
  }, []);
  return (
    <>
      <Notifications {...TOAST_SETTINGS} />
      <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }} />
    </>
  );
}
