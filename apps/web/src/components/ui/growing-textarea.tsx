import { Textarea, type TextareaProps } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'rows' | 'classNames' | 'resize'> & {
  /** The height when empty, in lines. */
  minRows?: number;
  /** The height it stops growing at (it scrolls beyond), in lines. */
  maxRows?: number;
};

/**
 * A page's multi-line field that grows with what is typed, from `minRows` to `maxRows` lines (growing-textarea.module.css).
 * Where the browser cannot size it to its text, it has `minRows` rows and a corner to drag.
 */
export function GrowingTextarea({ minRows = 2, maxRows = 10, style, ...props }: GrowingTextareaProps) {
  const rows = { '--growing-min-rows': minRows, '--growing-max-rows': maxRows } as CSSProperties;
  return <Textarea {...props} rows={minRows} resize="vertical" classNames={{ input: classes.input }} style={[rows, style]} />;
}
