import { Stack, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

type LabelledValueProps = TextProps & {
  label: string;
  children: ReactNode;
  /** How a long value wraps: anywhere (the default), or also keeping its own line breaks (free text). */
  wrap?: 'anywhere' | 'pre-wrap';
};

/** One field of a summary: its label, dimmed, above its value. */
export function LabelledValue({ label, children, wrap = 'anywhere', ...valueProps }: LabelledValueProps) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        style={wrap === 'pre-wrap' ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } : { overflowWrap: 'anywhere' }}
        {...valueProps}
      >
        {children}
      </Text>
    </Stack>
  );
}
