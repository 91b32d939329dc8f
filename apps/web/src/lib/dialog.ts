import { modals } from '@mantine/modals';
import { requestOverlayHost } from './overlay-host-demand.ts';

/*
 * A dialog with content of its own (the step-up code, decision 051), drawn by the overlay host like `openConfirm`'s
 * (lib/confirm.ts) and mounted with it; apart from confirm.ts so that its code travels only with what opens one.
 */

/** Opens the dialog once the host listens. */
export async function openDialog(options: Parameters<typeof modals.open>[0] & { modalId: string }): Promise<void> {
  await requestOverlayHost();
  modals.open(options);
}

export function closeDialog(id: string): void {
  modals.close(id);
}
