import {
  Combobox,
  getOptionsLockup,
  getParsedComboboxData,
  InputBase,
  Select as MantineSelect,
  type SelectProps as MantineSelectProps,
} from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { useDeferredValue, useLayoutEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { useReached } from '../../hooks/use-reached.ts';

export interface SelectProps extends MantineSelectProps {
  /**
   * The page's first commit shows the field at rest (the same frame, label, value and chevron, read only) and Mantine's
   * Select replaces it in a render React can pause, right after (decision 037). For a Select on a page's first screen:
   * its Popover would otherwise set state from ref callbacks while the page commits. Only the label, description,
   * error, placeholder, required, withAsterisk, disabled, size, className and style are drawn at rest.
   */
  deferred?: boolean;
}

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
export function Select({ deferred = false, ...props }: SelectProps) {
  const live = useDeferredValue(true, !deferred);
  const [restingFocused, setRestingFocused] = useState(false);
  if (!live) return <RestingSelect {...props} onFocusChange={setRestingFocused} />;
  return <LiveSelect {...props} focusNow={restingFocused} />;
}

function LiveSelect({ comboboxProps, onFocus, onPointerEnter, focusNow, ...props }: MantineSelectProps & { focusNow: boolean }) {
  // Focused at rest (a fast Tab): the field that replaces it takes the focus, with its list already there.
  const { reached, reach } = useReached({ shown: focusNow });
  const input = useRef<HTMLInputElement>(null);
  const focusOnMount = useRef(focusNow);
  useLayoutEffect(() => {
    if (focusOnMount.current) input.current?.focus();
  }, []);
  return (
    <MantineSelect
      {...props}
      ref={input}
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

function RestingSelect({
  data,
  value,
  searchable,
  label,
  description,
  error,
  placeholder,
  required,
  withAsterisk,
  disabled,
  size,
  className,
  style,
  onFocusChange,
}: MantineSelectProps & { onFocusChange: (focused: boolean) => void }) {
  const chosen = value == null ? undefined : getOptionsLockup(getParsedComboboxData(data))[value];
  return (
    <InputBase
      {...{ label, description, error, placeholder, required, withAsterisk, disabled, size, className, style }}
      value={chosen?.label ?? ''}
      readOnly
      pointer={!searchable}
      rightSection={<Combobox.Chevron size={size} error={error} />}
      rightSectionPointerEvents="none"
      onFocus={() => onFocusChange(true)}
      onBlur={() => onFocusChange(false)}
    />
  );
}
