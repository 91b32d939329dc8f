import { Button, Group } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';

export type HourChoice = { key: string; hour: string; label: string };

type HourGridProps = {
  hours: readonly HourChoice[];
  /** The chosen hour (HH:mm), or null. */
  value: string | null;
  onChange: (hour: string) => void;
  label: string;
  describedBy?: string;
};

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * The hours of a day as a radio group (WCAG 2.1.1, APG radio group): one Tab stop, on the chosen hour (the first
 * when none is); the arrows move to the hour before or after and choose it, Home and End to the first and last.
 */
export function HourGrid({ hours, value, onChange, label, describedBy }: HourGridProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = hours.findIndex(({ hour }) => hour === value);
  // Where Tab lands: the chosen hour, else the one last reached with the arrows, else the first.
  const [reached, setReached] = useState(0);
  const tabStop = chosen >= 0 ? chosen : Math.min(reached, hours.length - 1);

  const moveTo = (index: number) => {
    const target = hours[index];
    if (!target) return;
    setReached(index);
    buttons.current[index]?.focus();
    onChange(target.hour);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = hours.length - 1;
    let next: number | null = null;
    if (NEXT_KEYS.has(event.key)) next = index === last ? 0 : index + 1;
    else if (PREVIOUS_KEYS.has(event.key)) next = index === 0 ? last : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <Group gap="xs" role="radiogroup" aria-label={label} aria-describedby={describedBy} aria-required="true">
      {hours.map(({ key, hour, label: text }, index) => {
        const checked = hour === value;
        return (
          <Button
            key={key}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            role="radio"
            aria-checked={checked}
            tabIndex={index === tabStop ? 0 : -1}
            variant={checked ? 'filled' : 'default'}
            onClick={() => {
              setReached(index);
              onChange(hour);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {text}
          </Button>
        );
      })}
    </Group>
  );
}
