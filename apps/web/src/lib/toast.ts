import { notifications, type NotificationsProps } from '@mantine/notifications';
import { requestOverlayHost } from './overlay-host-demand.ts';

/** Spec §8: toasts appear top right, last 4 seconds and at most 5 are on screen at once. */
export const TOAST_SETTINGS = {
  position: 'top-right',
  autoClose: 4000,
  limit: 5,
} as const satisfies NotificationsProps;

let currentToastId: string | undefined;

/** Spec §8: a new toast dismisses the previous one, so only the latest message stays on screen. */
function showToast(message: string, color: string): void {
  // The host is mounted with the first toast (or dialog); a toast raised before it is mounted waits in Mantine's store.
  void requestOverlayHost();
  if (currentToastId) notifications.hide(currentToastId);
  currentToastId = notifications.show({ message, color });
}

export function showSuccess(message: string): void {
  showToast(message, 'teal');
}

export function showError(message: string): void {
  showToast(message, 'red');
}
