import { Button } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RowButtonProps {
  /** The icon before the words, hidden from a screen reader (the words, or `aria-label`, name the button). */
  icon: TablerIcon;
  /** `default` grey (edit, change), `filled` the main colour (accept, add), `danger` light red (delete, revoke). */
  tone?: 'default' | 'filled' | 'danger';
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** The button's name with what it acts on ("Xóa hồ sơ Nguyễn Minh Khang"), where the words alone are ambiguous. */
  'aria-label'?: string;
  children: ReactNode;
}

const TONES = {
  default: { variant: 'default' },
  filled: {},
  danger: { variant: 'light', color: 'red' },
} as const;

/** The small button with an icon that acts on one item of a list (a profile, a reading, a work time). */
export function RowButton({ icon: Icon, tone = 'default', children, ...props }: RowButtonProps) {
  return (
    <Button size="xs" {...TONES[tone]} leftSection={<Icon size={14} aria-hidden="true" />} {...props}>
      {children}
    </Button>
  );
}
