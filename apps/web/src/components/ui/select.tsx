import { Select as MantineSelect, type SelectProps } from '@mantine/core';
import { useState, type FocusEvent, type PointerEvent } from 'react';

/**
 * Mantine's Select, whose list of options joins the page when the person first reaches the field (focus, or a
 * pointer over it), not while the page is being built (issue 13, decision 015). Mantine keeps a closed list mounted
 * and hidden, and floating-ui positions each one on mount, reading computed styles of a half-built page: ≈0.15 s
 * of a phone's main thread on the readings page. Once reached, the list stays mounted, so ArrowDown on the closed
 * field opens it on its first option, as before; it is mounted by the focus that comes before any key or click.
 */
export function Select({ comboboxProps, onFocus, onPointerEnter, ...props }: SelectProps) {
  const [reached, setReached] = useState(false);
  return (
    <MantineSelect
      {...props}
      comboboxProps={{ ...comboboxProps, keepMounted: reached }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setReached(true);
        onFocus?.(event);
      }}
      onPointerEnter={(event: PointerEvent<HTMLInputElement>) => {
        setReached(true);
        onPointerEnter?.(event);
      }}
    />
  );
}
