import { modals } from '@mantine/modals';
import { isOverlayHostMounted, requestOverlayHost } from './overlay-host-demand.ts';

// A screen that can ask for confirmation asks for the dialog host as soon as its code is loaded, so the first dialog
// opens in the click's own event, as every later one does.
void requestOverlayHost();

export type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

/** Opens a confirm dialog (Mantine's, drawn by app/overlay-host.tsx), once the host listens should it still be loading. */
export function openConfirm(options: ConfirmOptions): void {
  if (isOverlayHostMounted()) {
    modals.openConfirmModal(options);
    return;
  }
  void requestOverlayHost().then(() => modals.openConfirmModal(options));
}
