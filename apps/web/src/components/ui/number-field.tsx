import { TextInput, type TextInputProps } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';

/** What the field reports: a number once the text is one, '' when empty, the text itself while it is half typed ("5,"). */
export type NumberFieldValue = number | string;

export interface NumberFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> {
  value?: NumberFieldValue | null;
  onChange?: (value: NumberFieldValue) => void;
  min?: number;
  max?: number;
  /** Default true; false keeps whole numbers (no separator can be typed). */
  allowDecimal?: boolean;
  /** Default: allowed only when `min` is below 0 or not given. */
  allowNegative?: boolean;
  /** Digits after the separator that can be typed. */
  decimalScale?: number;
  /** How the field shows and takes the decimal separator (',' in Vietnamese); '.' and ',' are both accepted as typed. */
  decimalSeparator?: '.' | ',';
}

/**
 * A number typed as text — a phone's numeric or decimal keypad, the language's separator, only what can make a number
 * accepted as typed, clamped to [min, max] when the field is left, ArrowUp/ArrowDown for ±1 — built on TextInput.
 * It stands in for Mantine's NumberInput, whose number-formatting library cost 9.5 KB gzip on every form page
 * (decision 015).
 */
export function NumberField({
  value,
  onChange,
  onBlur,
  onKeyDown,
  min,
  max,
  allowDecimal = true,
  allowNegative = min === undefined || min < 0,
  decimalScale,
  decimalSeparator = '.',
  ...rest
}: NumberFieldProps) {
  const format = (next: NumberFieldValue | null | undefined): string =>
    next === null || next === undefined ? '' : String(next).replace('.', decimalSeparator);
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState<NumberFieldValue | null | undefined>(value);
  // A value set from outside (a reset, a reading loaded into the form) replaces the text; one this field reported does not.
  if (!Object.is(value, shown)) {
    setShown(value);
    if (!Object.is(parse(text), value ?? '')) setText(format(value));
  }

  function report(nextText: string) {
    const next = parse(nextText);
    setText(nextText);
    setShown(next);
    onChange?.(next);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.currentTarget.value.replace(/\s/g, '');
    const pattern = new RegExp(
      `^${allowNegative ? '-?' : ''}\\d*${allowDecimal ? `([.,]\\d${decimalScale === undefined ? '*' : `{0,${decimalScale}}`})?` : ''}$`,
    );
    if (!pattern.test(typed)) return;
    report(typed.replace(/[.,]/, decimalSeparator));
  }

  function clamp(next: number): number {
    return Math.min(max ?? Infinity, Math.max(min ?? -Infinity, next));
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const current = parse(text);
    if (typeof current === 'number' && clamp(current) !== current) report(format(clamp(current)));
    else if (typeof current === 'string' && current !== '' && /^-?\d+[.,]$/.test(current)) report(current.slice(0, -1));
    onBlur?.(event);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const current = parse(text);
    // From no number yet, the first press gives the lowest allowed (or 0); after that, ±1 (rounded: 0.1 + 1 stays 1.1).
    const stepped = typeof current === 'number' ? Math.round((current + (event.key === 'ArrowUp' ? 1 : -1)) * 1e6) / 1e6 : (min ?? 0);
    report(format(clamp(stepped)));
  }

  return (
    <TextInput
      {...rest}
      type="text"
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
    />
  );
}

/** The number a text says: '' when empty, the text itself while it is not one yet ("-", "5,"). */
function parse(text: string): NumberFieldValue {
  if (text === '') return '';
  if (!/^-?\d+([.,]\d+)?$/.test(text)) return text;
  return Number(text.replace(',', '.'));
}
