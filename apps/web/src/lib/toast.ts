import { notifications, type NotificationsProps } from '@mantine/notifications';
import { requestOverlayHost } from './overlay-host-demand.ts';

/** Spec §8: toasts appear top right, last 4 seconds and at most 5 are on screen at once. */
export const TOAST_SETTINGS = {
  position: 'top-right',
  autoClose: 4000,
  limit: 5,
} as const satisfies NotificationsProps;

// A screen that can show a toast asks for the host as soon as its code is loaded; a toast raised before the host is
// mounted waits in Mantine's store.
void requestOverlayHost();

let currentToastId: string | undefined;

/** Spec §8: a new toast dismisses the previous one, so only the latest message stays on screen. */
function showToast(message: string, color: string): void {
  if (currentToastId) notifications.hide(currentToastId);
  currentToastId = notifications.show({ message, color });
}

export function showSuccess(message: string): void {
  showToast(message, 'teal');
}

export function showError(message: string): void {
  showToast(message, 'red');
}
