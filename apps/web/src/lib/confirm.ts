import { modals } from '@mantine/modals';
import { isOverlayHostMounted, requestOverlayHost } from './overlay-host-demand.ts';

export type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

/**
 * Opens a confirm dialog (Mantine's, drawn by app/overlay-host.tsx). The host is mounted with the first toast or dialog,
 * not with the screen: the first dialog opens once it listens, a moment after the click (its code is in the `ui` chunk
 * the screen has loaded); every later one at once.
 */
export function openConfirm(options: ConfirmOptions): void {
  if (isOverlayHostMounted()) {
    modals.openConfirmModal(options);
    return;
  }
  void requestOverlayHost().then(() => modals.openConfirmModal(options));
}
