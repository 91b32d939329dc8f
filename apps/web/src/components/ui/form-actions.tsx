import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The grey button that leaves without saving, and what it says ("Hủy", "Quay lại"); no button without `onCancel`. */
  cancelLabel?: ReactNode;
  onCancel?: (() => void) | undefined;
  /** The main button's words; it submits the form around it, or, with `onSubmit`, is a plain button that calls it. */
  submitLabel: ReactNode;
  onSubmit?: () => void;
  /** The main button spins while the work is under way; with `lockCancel` the other one is disabled meanwhile. */
  pending: boolean;
  lockCancel?: boolean;
  color?: MantineColor | undefined;
  /** The main button takes the focus when a dialog opens (Mantine's `data-autofocus`). */
  autoFocus?: boolean;
  mt?: MantineSpacing;
}

/** The row of buttons at the foot of a form or a confirmation: the way out on the left, the main action on the right. */
export function FormActions({ cancelLabel, onCancel, submitLabel, onSubmit, pending, lockCancel, color, autoFocus, mt }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={lockCancel ? pending : undefined}>
          {cancelLabel}
        </Button>
      )}
      <Button
        {...(onSubmit ? { onClick: onSubmit } : { type: 'submit' as const })}
        color={color}
        loading={pending}
        data-autofocus={autoFocus || undefined}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
