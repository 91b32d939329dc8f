import { useSyncExternalStore } from 'react';

/*
 * Toasts and dialogs are drawn by a host (app/overlay-host.tsx) whose code is Mantine's notifications, modals and
 * their transitions, in the `ui` chunk. A page that does not show either — the home page, or a form before it is sent —
 * should not load or render it (issue 13: total blocking time; mounted with the booking form, its modal, notifications
 * and their transitions were some 100 of the 570 components rendered while /healthcare/ loaded). So the host is mounted
 * once something asks for it: lib/toast.ts with the first toast, lib/confirm.ts with the first dialog. A toast raised
 * before the host is mounted waits in Mantine's store; a dialog is opened once the host listens.
 */
let requested = false;
let mounted = false;
const listeners = new Set<() => void>();
let waiting: (() => void)[] = [];

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks for the host; settles once it is mounted and listening (at once if it is). */
export function requestOverlayHost(): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return mounted ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}

/** Whether the host is mounted and listening now. */
export function isOverlayHostMounted(): boolean {
  return mounted;
}

/** Whether anything has asked for the host yet: the providers mount it from then on. */
export function useOverlayHostRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}

/** Called by the host from its effects (after its children's, so the modals' listener is in place) and cleanup. */
export function setOverlayHostMounted(value: boolean): void {
  mounted = value;
  if (!value) return;
  const resolve = waiting;
  waiting = [];
  for (const done of resolve) done();
}
