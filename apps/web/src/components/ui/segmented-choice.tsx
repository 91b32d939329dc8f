import { useId } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceProps<Value extends string> {
  data: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  /** The group's name, unless `aria-labelledby` points at a visible label. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A choice of two or three, side by side as one control: native radio buttons under the labels, so it is a radio group
 * to a screen reader, one Tab stop with the arrow keys inside, and works as a form control without script. In place of
 * Mantine's SegmentedControl, whose sliding indicator measured the page's layout on every render while it loaded
 * (issue 13); the chosen segment is marked in CSS (`:has(:checked)`).
 */
export function SegmentedChoice<Value extends string>({
  data,
  value,
  onChange,
  disabled,
  className,
  ...labelling
}: SegmentedChoiceProps<Value>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      {...labelling}
      aria-disabled={disabled || undefined}
      className={[classes.root, className].filter(Boolean).join(' ')}
    >
      {data.map((item) => (
        <label key={item.value} className={classes.option} data-disabled={disabled || undefined}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={item.value}
            checked={item.value === value}
            disabled={disabled}
            onChange={() => onChange(item.value)}
          />
          <span>{item.label}</span>
        </label>
      ))}
    </div>
  );
}
