import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
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
