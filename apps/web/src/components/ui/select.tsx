import { Select as MantineSelect, type SelectProps } from '@mantine/core';
import type { FocusEvent, PointerEvent } from 'react';
import { useReached } from '../../hooks/use-reached.ts';

/**
 * Mantine's Select, whose list of options joins the page when the person first reaches the field (focus, or a
 * pointer over it), not while the page is being built (issue 13, decision 015). Mantine keeps a closed list mounted
 * and hidden, and floating-ui positions each one on mount, reading computed styles of a half-built page: ≈0.15 s
 * of a phone's main thread on the readings page. Once reached, the list stays mounted, so ArrowDown on the closed
 * field opens it on its first option, as before.
 *
 * The list is mounted at once (`flushSync`), inside the focus or pointer event: Mantine learns the list's id from an
 * effect after it mounts and names it in `aria-controls` only on the field's next render. Left to React's batching,
 * a click whose pointer-enter, focus and click arrive together would open the field in the same render that mounts
 * the list, and the open list would stay unnamed (no `aria-controls`, `aria-expanded` false).
 */
export function Select({ comboboxProps, onFocus, onPointerEnter, ...props }: SelectProps) {
  const { reached, reach } = useReached();
  return (
    <MantineSelect
      {...props}
      comboboxProps={{ ...comboboxProps, keepMounted: reached }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        reach();
        onFocus?.(event);
      }}
      onPointerEnter={(event: PointerEvent<HTMLInputElement>) => {
        reach();
        onPointerEnter?.(event);
      }}
    />
  );
}
