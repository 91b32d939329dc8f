import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useDeferredValue } from 'react';

/**
 * Mantine's Modal, which joins the page in a render after the page's own, one React may pause, instead of with it
 * (issue 13, decision 036): a closed Modal still mounts its Portal, which sets state as it mounts, and an update made
 * while React commits is a synchronous one, which makes React run all the page's effects in the task that shows it.
 * The dialog is there, closed, long before anyone can open it, so it opens with its transition and gives the focus
 * back on closing, as Mantine's does. Opened in the page's first render, it is mounted with it.
 */
export function Modal(props: ModalProps) {
  const mounted = useDeferredValue(true, false);
  return mounted || props.opened ? <MantineModal {...props} /> : null;
}
