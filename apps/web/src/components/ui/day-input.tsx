import { ActionIcon, Input, NativeSelect, Popover, TextInput, type TextInputProps } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useId, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { focusQuietly, isQuietFocus } from '../../lib/quiet-focus.ts';
import { MonthCalendar } from '../calendar/month-calendar.tsx';
import {
  beyondDays,
  calendarDay,
  clampDay,
  daysOfMonth,
  firstOfMonth,
  monthName,
  monthOf,
  monthsBetween,
  shiftMonth,
} from '../calendar/month-grid.ts';
import { useReachedPopover } from '../../hooks/use-reached.ts';
import { calendarDayName, formatCalendarDay, todayInDisplayZone } from '../../lib/dates.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import classes from './day-input.module.css';

/** What a form's `getInputProps(path)` and the screens give a date field. */
export type DayInputProps = Pick<
  TextInputProps,
  'label' | 'description' | 'error' | 'withAsterisk' | 'required' | 'id' | 'name' | 'disabled' | 'className' | 'style' | 'maw' | 'w'
> & {
  /** The day, as the wire's YYYY-MM-DD, or null while there is none. */
  value?: string | null;
  /** Without `value`: the day to start with. */
  defaultValue?: string | null;
  /** A whole day typed or picked (YYYY-MM-DD), or null once the field is cleared. */
  onChange?: (value: string | null) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** The first and last days that can be chosen: YYYY-MM-DD (or a Date, read in the device's zone). */
  minDate?: string | Date;
  maxDate?: string | Date;
  /** Shown, not changed: no typing, no calendar, no clear button. */
  readOnly?: boolean;
  /** A button clears the day (default true). */
  clearable?: boolean;
  /** `withinPortal` (default true): the calendar is drawn at the end of the page, above a dialog around the field. */
  popoverProps?: { withinPortal?: boolean };
  /** The field's path in a Mantine form (`getInputProps` gives it; `form.getInputNode` finds the field by it). */
  'data-path'?: string;
};

/** DATE_INPUT_FORMAT ('DD/MM/YYYY') as a pattern: two digits of day, two of month and four of year, nothing more. */
const TYPED_DAY = new RegExp(
  `^${DATE_INPUT_FORMAT.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replace('DD', '(?<day>\\d{2})')
    .replace('MM', '(?<month>\\d{2})')
    .replace('YYYY', '(?<year>\\d{4})')}$`,
);

/** Only a whole, real DD/MM/YYYY is a day: "01/01/2" is not the year 2 while the person is still typing 2026, nor 31/02 a day. */
export function parseWholeDay(text: string): string | null {
  const parts = TYPED_DAY.exec(text.trim())?.groups;
  if (!parts?.day || !parts.month || !parts.year) return null;
  const [year, month, date] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  if (year < 1 || month < 1 || month > 12 || date < 1 || date > daysOfMonth(year, month).length) return null;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const typedText = (day: string | null) => (day ? formatCalendarDay(day, DATE_INPUT_FORMAT) : '');
const dayOf = (limit: string | Date | null | undefined) =>
  limit === undefined || limit === null || limit === ''
    ? undefined
    : typeof limit === 'string'
      ? limit.slice(0, 10)
      : calendarDay(limit.getFullYear(), limit.getMonth() + 1, limit.getDate());

type Month = { year: number; month: number };
type CalendarState = 'closed' | 'open' | 'focused';

/**
 * A calendar day typed as DD/MM/YYYY or picked on a calendar, weeks starting on Monday (spec §5). The value is the
 * wire's YYYY-MM-DD string, or null while empty. A typed day outside minDate–maxDate is not taken (the last good
 * one is put back) and the field says why instead of dropping it silently.
 *
 * The calendar opens when the field is focused or clicked (the focus stays in the field), and from its button or
 * ArrowDown in the field with the focus on the grid: one Tab stop whose arrow keys move the day (MonthCalendar's
 * `keyboardGrid`), Enter or Space picks it, which closes the calendar and returns to the field; Tab cycles within
 * the calendar; Escape closes it (only it, never a dialog around the field) and returns to the field.
 */
export function DayInput(props: DayInputProps) {
  const {
    value,
    defaultValue,
    onChange,
    onFocus,
    onBlur,
    minDate,
    maxDate,
    readOnly,
    disabled,
    clearable = true,
    popoverProps,
    error,
    ...field
  } = props;
  const { t } = useTranslation();
  const [min, max] = [dayOf(minDate), dayOf(maxDate)];

  const [uncontrolled, setUncontrolled] = useState(defaultValue || null);
  const current = (value === undefined ? uncontrolled : value) || null;
  const commit = (day: string | null) => {
    if (day === current) return;
    if (value === undefined) setUncontrolled(day);
    onChange?.(day);
  };

  // What the field shows: the day, or what is being typed. A new day from outside (a form reset) replaces it.
  const [text, setText] = useState(() => typedText(current));
  const [shownDay, setShownDay] = useState(current);
  if (shownDay !== current) {
    setShownDay(current);
    if (parseWholeDay(text) !== current) setText(typedText(current));
  }
  const [outOfRange, setOutOfRange] = useState<string | null>(null);

  // 'open': shown while the focus is in the field; 'focused': opened to be used, the focus on its grid.
  const [calendar, setCalendar] = useState<CalendarState>('closed');
  const opened = calendar !== 'closed' && !readOnly && !disabled;
  const [shown, setShown] = useState<Month>(() => monthOf(clampDay(current ?? todayInDisplayZone(), min, max)));
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownId = useId();
  /*
   * The calendar's popover joins the field when the person first reaches it (a pointer over it, or the focus in it),
   * or with any render that opens it, not while the page is being built (issue 13, decision 035).
   */
  // A press outside the field and its calendar closes it.
  const { reached, reach, rootRef, dropdown, dropdownRef } = useReachedPopover({
    opened,
    onClose: () => setCalendar('closed'),
    enabled: !readOnly && !disabled,
  });

  const showMonth = (month: Month) => {
    // A month wholly before the first day that can be chosen, or after the last, is not shown.
    setShown(monthOf(clampDay(firstOfMonth(month), min && firstOfMonth(min), max && firstOfMonth(max))));
  };
  const showCalendar = (focusGrid: boolean) => {
    if (readOnly || disabled) return;
    if (calendar === 'closed') showMonth(monthOf(clampDay(current ?? todayInDisplayZone(), min, max)));
    if (!focusGrid) {
      if (calendar === 'closed') setCalendar('open');
    } else if (calendar === 'focused') {
      dropdown?.querySelector<HTMLElement>('[data-day][tabindex="0"]')?.focus();
    } else setCalendar('focused');
  };
  const closeCalendar = (focusField: boolean) => {
    setCalendar('closed');
    const input = inputRef.current;
    // The field focused again by this component (after a pick, Escape or clearing): that does not open the calendar.
    if (focusField && input && document.activeElement !== input) focusQuietly(input);
  };

  const pick = (day: string) => {
    if (beyondDays(day, min, max)) return;
    commit(day);
    setText(typedText(day));
    setOutOfRange(null);
    closeCalendar(true);
  };

  const typing = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    setText(next);
    setOutOfRange(null);
    showCalendar(false);
    if (next.trim() === '') {
      if (clearable) commit(null);
      return;
    }
    const day = parseWholeDay(next);
    // A day outside the range is not taken while typing; leaving the field says why (below).
    if (day && !beyondDays(day, min, max)) {
      commit(day);
      showMonth(monthOf(day));
    }
  };

  // Leaving the field: a typed day outside the range gets its message; anything not taken is replaced by the day.
  // (The text of a day that was taken is that day's, so it stays.)
  const leaving = (event: FocusEvent<HTMLInputElement>) => {
    const typed = parseWholeDay(text);
    if (typed && min && typed < min) setOutOfRange(t('calendar.beforeMin', { min: typedText(min) }));
    else if (typed && max && typed > max) setOutOfRange(t('calendar.afterMax', { max: typedText(max) }));
    else setOutOfRange(null);
    setText(typedText(current));
    // Into the calendar, the person is still choosing the day: the form hears of it when they leave both.
    if (event.relatedTarget instanceof Node && dropdown?.contains(event.relatedTarget)) return;
    setCalendar('closed');
    onBlur?.(event);
  };

  const clear = () => {
    commit(null);
    setText('');
    setOutOfRange(null);
    closeCalendar(true);
  };

  const fieldKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && calendar !== 'closed') setCalendar('closed');
    if (event.key === 'ArrowDown' && !readOnly) {
      event.preventDefault();
      showCalendar(true);
    }
  };

  const calendarKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeCalendar(true);
    } else if (event.key === 'Tab' && dropdown) {
      // Tab goes round the calendar's controls (arrows, month, year, the grid's day) until Escape or a pick.
      event.preventDefault();
      const stops = [...dropdown.querySelectorAll<HTMLElement>('button, select')].filter(
        (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled,
      );
      const at = stops.indexOf(document.activeElement as HTMLElement);
      stops[(at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length]?.focus();
    }
  };

  const showClear = clearable && !!current && !readOnly && !disabled;
  const buttons = (showClear ? 1 : 0) + (readOnly || disabled ? 0 : 1);

  // The calendar, placed below the field's box (the anchor covers it; the label and messages are outside).
  const calendarPopover = (
    <Popover
      opened={opened}
      position="bottom-start"
      shadow="md"
      withinPortal={popoverProps?.withinPortal ?? true}
      withRoles={false}
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
    >
      <Popover.Target>
        <span className={classes.anchor} aria-hidden="true" />
      </Popover.Target>
      <Popover.Dropdown
        ref={dropdownRef}
        id={dropdownId}
        role="dialog"
        aria-label={t('calendar.dialog')}
        className={classes.dropdown}
        onKeyDown={calendarKeys}
        // Whatever has the focus in the calendar keeps Escape to it: Mantine's Modal leaves such a key alone.
        onFocus={(event) => event.target.setAttribute('data-mantine-stop-propagation', 'true')}
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (next instanceof Node && !event.currentTarget.contains(next) && next !== inputRef.current) setCalendar('closed');
        }}
        // A click on a day or an arrow leaves the focus where it is (a month or year list takes it, to open).
        onMouseDown={(event) => {
          if (!(event.target instanceof HTMLSelectElement)) event.preventDefault();
        }}
      >
        <DayCalendar
          shown={shown}
          onShow={showMonth}
          selected={current}
          min={min}
          max={max}
          autoFocusDay={calendar === 'focused'}
          onPick={pick}
        />
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      {...field}
      ref={inputRef}
      wrapperProps={{ ref: rootRef, onPointerEnter: reach, onFocus: reach }}
      inputContainer={(input: ReactNode) => (
        <div className={classes.container}>
          {input}
          {reached && calendarPopover}
        </div>
      )}
      value={text}
      placeholder={DATE_INPUT_FORMAT}
      autoComplete="off"
      readOnly={readOnly}
      disabled={disabled}
      error={outOfRange ?? error}
      // While the calendar is open, Escape in the field closes only it (Mantine's Modal leaves such a key alone).
      data-mantine-stop-propagation={opened || undefined}
      onChange={typing}
      onFocus={(event) => {
        setOutOfRange(null);
        // Its own return of the focus (a day picked, the calendar closed), or a form pointing at this field's error.
        if (isQuietFocus(event.currentTarget)) setCalendar('closed');
        else if (calendar === 'focused') setCalendar('open');
        else showCalendar(false);
        onFocus?.(event);
      }}
      onClick={() => showCalendar(false)}
      onBlur={leaving}
      onKeyDown={fieldKeys}
      rightSectionWidth={buttons * 30 + 6}
      rightSectionPointerEvents="all"
      rightSection={
        buttons > 0 && (
          <div className={classes.buttons}>
            {showClear && <Input.ClearButton onClick={clear} aria-label={t('actions.clear')} />}
            {!readOnly && !disabled && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size={28}
                aria-label={t('calendar.open')}
                aria-haspopup="dialog"
                aria-expanded={opened}
                aria-controls={opened ? dropdownId : undefined}
                // A click keeps the focus where it is: in the field (the calendar then takes it) or in the calendar.
                onMouseDown={(event: MouseEvent) => event.preventDefault()}
                onClick={() => (opened && dropdown?.contains(document.activeElement) ? closeCalendar(true) : showCalendar(true))}
              >
                <IconCalendar size={18} aria-hidden="true" />
              </ActionIcon>
            )}
          </div>
        )
      }
    />
  );
}

type DayCalendarProps = {
  shown: Month;
  onShow: (month: Month) => void;
  selected: string | null;
  min: string | undefined;
  max: string | undefined;
  autoFocusDay: boolean;
  onPick: (day: string) => void;
};

/** The field's calendar: the app's month grid, with the month and the year to choose from lists (a birthday in 1950 is two choices away). */
function DayCalendar({ shown, onShow, selected, min, max, autoFocusDay, onPick }: DayCalendarProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const today = todayInDisplayZone();
  const [minYear, maxYear] = [
    min ? monthOf(min).year : Math.min(1900, shown.year),
    max ? monthOf(max).year : Math.max(monthOf(today).year + 20, shown.year),
  ];
  const years = Array.from({ length: maxYear - minYear + 1 }, (_, index) => String(minYear + index));
  const beyond = (month: number) =>
    (!!min && monthsBetween(monthOf(min), { year: shown.year, month }) < 0) ||
    (!!max && monthsBetween({ year: shown.year, month }, monthOf(max)) < 0);

  return (
    <MonthCalendar
      size="small"
      year={shown.year}
      month={shown.month}
      onShiftMonth={(by) => onShow(shiftMonth(shown, by))}
      onPickDay={onPick}
      selected={selected}
      today={today}
      minDay={min}
      maxDay={max}
      keyboardGrid
      autoFocusDay={autoFocusDay}
      dayLabel={calendarDayName}
      heading={
        <>
          <NativeSelect
            size="xs"
            className={classes.month}
            aria-label={t('calendar.month')}
            value={String(shown.month)}
            onChange={(event) => onShow({ year: shown.year, month: Number(event.currentTarget.value) })}
            data={Array.from({ length: 12 }, (_, index) => ({
              value: String(index + 1),
              label: monthName(index + 1, language),
              disabled: beyond(index + 1),
            }))}
          />
          <NativeSelect
            size="xs"
            className={classes.year}
            aria-label={t('calendar.year')}
            value={String(shown.year)}
            onChange={(event) => onShow({ year: Number(event.currentTarget.value), month: shown.month })}
            data={years}
          />
        </>
      }
    />
  );
}
