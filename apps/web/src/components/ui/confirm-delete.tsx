import { Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { openConfirm } from '../../lib/confirm.ts';

export interface DeleteConfirmOptions {
  title: string;
  message: string;
  /** What goes, named in bold under the message when the message does not name it (a file's name, a link). */
  subject?: string;
  /** The red button's words ("Xóa", "Thu hồi"…) and the other button's. */
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onClose?: () => void;
}

/**
 * The one confirmation before something is deleted, withdrawn or discarded (spec: confirmation before destructive
 * actions): Mantine's confirm dialog through `openConfirm` (drawn by the overlay host, so it keeps Mantine's focus
 * trap and gives the focus back), centred, its confirm button red.
 */
export function openDeleteConfirm({ title, message, subject, confirm, cancel, onConfirm, onClose }: DeleteConfirmOptions): void {
  const text = <Text size="sm">{message}</Text>;
  openConfirm({
    title,
    children:
      subject === undefined ? (
        text
      ) : (
        <Stack gap={4}>
          {text}
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {subject}
          </Text>
        </Stack>
      ),
    labels: { confirm, cancel },
    confirmProps: { color: 'red' },
    centered: true,
    onConfirm,
    onClose,
  });
}
