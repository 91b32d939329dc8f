import { ActionIcon, Badge, Button, Group, Stack, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { isoWeekday } from '@rhc/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { weekdayName } from '../../lib/dates.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import classes from './month-calendar.module.css';
import { addDays, addMonths, beyondDays, clampDay, daysOfMonth, leadingBlanks, monthOf, monthsBetween, monthTitle } from './month-grid.ts';

type MonthCalendarProps = {
  /** The month shown: its year and number (1–12). */
  year: number;
  month: number;
  /** The arrows: shows the month `by` months before (-1) or after (1). */
  onShiftMonth: (by: number) => void;
  /** A day (YYYY-MM-DD) was picked. */
  onPickDay: (day: string) => void;
  /**
   * `compact`: small day buttons, tinted when they have a count (the bookings by month); `detailed` (default):
   * tall cells showing what `renderDay` gives, which become a list of days on a phone (the doctor's schedule);
   * `small`: the smallest buttons, for a date field's calendar (components/ui/day-input.tsx).
   */
  size?: 'compact' | 'detailed' | 'small';
  /** The chosen day, filled in; when given (even null), every day is a toggle button (aria-pressed). */
  selected?: string | null;
  /** Today (YYYY-MM-DD): outlined and announced as the current date, with a badge reading `todayLabel` if given. */
  today?: string;
  todayLabel?: string;
  /** A count per day (YYYY-MM-DD): a day with one is tinted and shows it in a badge. */
  counts?: ReadonlyMap<string, number>;
  /** Days off are tinted red (in `small`, their number is red). */
  isDayOff?: (day: string) => boolean;
  /**
   * A day's accessible name (aria-label), when its text does not say enough. It must hold what the day shows, in order
   * (WCAG 2.5.3, axe's label-content-name-mismatch): its number, then its count when it has one ("12, 2 bookings, …"),
   * so that a person using speech says what they see.
   */
  dayLabel?: (day: string) => string;
  /** A day's tooltip (title). */
  dayTitle?: (day: string) => string;
  /** What a day shows under its number. */
  renderDay?: (day: string) => ReactNode;
  /**
   * Whether a day has nothing to show. On a phone, where a detailed month is a list, the empty days before `today` are
   * folded away behind a button reading `showPastLabel(count)`: the list starts near today, not 22 empty days above it.
   */
  isEmpty?: (day: string) => boolean;
  showPastLabel?: (count: number) => string;
  /** Controls beside the month's name, e.g. a button back to today. */
  actions?: ReactNode;
  /** Shown instead of the days, e.g. while they load or when they could not. */
  fallback?: ReactNode;
  /**
   * The first and last days that can be picked (YYYY-MM-DD): the days beyond are disabled, and the arrows do not go
   * to a month wholly beyond them.
   */
  minDay?: string;
  maxDay?: string;
  /**
   * A date picker's grid (WCAG 2.1.1): the days are one Tab stop (the day the keys last reached, else the chosen day,
   * else today, else the month's first day that can be picked); Left/Right move a day, Up/Down a week, Home/End to the week's Monday/Sunday,
   * PageUp/PageDown a month (with Shift, a year), into the months around through `onShiftMonth`; Enter or Space picks
   * (`onPickDay`).
   */
  keyboardGrid?: boolean;
  /** With `keyboardGrid`: the focus goes to that Tab stop when the calendar appears with this true, or when it turns true. */
  autoFocusDay?: boolean;
  /** What stands between the arrows instead of the month's name, e.g. a month and a year to choose from (the name is still announced). */
  heading?: ReactNode;
  /**
   * Days that cannot be picked besides those beyond `minDay`/`maxDay` (no free time, a day off): marked disabled, and
   * clicking them or pressing Enter or Space on them picks nothing. In a `keyboardGrid` they stay reachable with the
   * arrow keys (aria-disabled: a composite widget's disabled items stay focusable, WAI-ARIA APG), so the keys move
   * through a month whose days are still loading and leave a month without a day to pick; the Tab stop goes to a day
   * that can be picked when the month has one.
   */
  isDayDisabled?: (day: string) => boolean;
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Where a key of a date picker's grid moves the focused day; null for any other key. */
function dayAfterKey(day: string, event: KeyboardEvent): string | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, 1 - isoWeekday(day));
    case 'End':
      return addDays(day, 7 - isoWeekday(day));
    case 'PageUp':
      return addMonths(day, event.shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, event.shiftKey ? 12 : 1);
    default:
      return null;
  }
}

/**
 * A month as a grid of days, Monday first (spec §5), each day a button; arrows move to the month before or after.
 * What a day shows and how it is marked (chosen, today, a count, a day off) comes from the screen using it.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { year, month, selected, today, counts, size = 'detailed' } = props;
  const { minDay, maxDay, keyboardGrid, autoFocusDay } = props;
  const { t } = useTranslation();
  const compact = size !== 'detailed';
  const iconSize = size === 'compact' ? 24 : 18;
  const [showPast, setShowPast] = useState(false);
  const days = daysOfMonth(year, month);
  const foldable = (day: string) => !compact && !!today && !!props.isEmpty && day < today && props.isEmpty(day);
  const folded = props.showPastLabel ? days.filter(foldable).length : 0;
  const title = monthTitle(year, month, currentLanguage());
  const shown = { year, month };
  const canShift = (by: -1 | 1) => {
    const limit = by < 0 ? minDay : maxDay;
    return !limit || monthsBetween(shown, monthOf(limit)) * by > 0;
  };
  const outOfRange = (day: string) => beyondDays(day, minDay, maxDay);
  const unavailable = (day: string) => !!props.isDayDisabled?.(day);
  const pick = (day: string) => {
    if (!unavailable(day)) props.onPickDay(day);
  };

  // The grid's one Tab stop: the day the arrow keys last moved to (or that had the focus), while it is in this month.
  const [activeDay, setActiveDay] = useState<string | null>(null);
  const inMonth = (day: string | null | undefined): day is string => !!day && days.includes(day) && !outOfRange(day);
  const pickable = (day: string | null | undefined): day is string => inMonth(day) && !unavailable(day);
  const firstPickable = clampDay(days[0] ?? '', minDay, maxDay);
  const tabStop =
    [activeDay].find(inMonth) ?? [selected, today, days.find(pickable)].find(pickable) ?? [selected, today, firstPickable].find(inMonth);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const focusTabStop = () => gridRef.current?.querySelector<HTMLElement>('[data-day][tabindex="0"]')?.focus({ preventScroll: true });
  useEffect(() => {
    if (keyboardGrid && autoFocusDay) focusTabStop();
  }, [keyboardGrid, autoFocusDay]);
  // After a key moved the day (into another month, perhaps), the focus follows it once the grid shows it.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusTabStop();
  });

  const moveWithKey = (day: string, event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter picks on the key press itself: no click follows, so no key reaches the field the focus may go back to.
    if (event.key === 'Enter') {
      event.preventDefault();
      pick(day);
      return;
    }
    const target = dayAfterKey(day, event);
    if (!target) return;
    event.preventDefault();
    const next = clampDay(target, minDay, maxDay);
    const by = monthsBetween(shown, monthOf(next));
    setActiveDay(next);
    focusPending.current = true;
    if (by !== 0) props.onShiftMonth(by);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        {/* Past a limit an arrow stays focusable (a disabled button would drop the focus) but does nothing. */}
        <ActionIcon
          variant={compact ? 'subtle' : 'default'}
          size={size === 'small' ? 'md' : 'lg'}
          onClick={() => canShift(-1) && props.onShiftMonth(-1)}
          data-disabled={!canShift(-1) || undefined}
          aria-disabled={!canShift(-1) || undefined}
          aria-label={t('calendar.previousMonth')}
        >
          <IconChevronLeft size={iconSize} aria-hidden="true" />
        </ActionIcon>
        <Group gap="xs" justify="center" wrap={props.heading ? 'nowrap' : undefined}>
          {props.heading ? (
            <>
              {props.heading}
              <VisuallyHidden aria-live="polite">{title}</VisuallyHidden>
            </>
          ) : (
            <Title order={2} size={compact ? 'h5' : 'h4'} aria-live="polite">
              {title}
            </Title>
          )}
          {props.actions}
        </Group>
        <ActionIcon
          variant={compact ? 'subtle' : 'default'}
          size={size === 'small' ? 'md' : 'lg'}
          onClick={() => canShift(1) && props.onShiftMonth(1)}
          data-disabled={!canShift(1) || undefined}
          aria-disabled={!canShift(1) || undefined}
          aria-label={t('calendar.nextMonth')}
        >
          <IconChevronRight size={iconSize} aria-hidden="true" />
        </ActionIcon>
      </Group>

      {!props.fallback && folded > 0 && !showPast && (
        <Button variant="subtle" size="compact-sm" className={classes.pastToggle} onClick={() => setShowPast(true)}>
          {props.showPastLabel?.(folded)}
        </Button>
      )}
      {props.fallback ?? (
        <div
          ref={gridRef}
          className={classes.grid}
          data-size={size}
          data-fold-past={(folded > 0 && !showPast) || undefined}
          role={keyboardGrid ? 'group' : undefined}
          aria-label={keyboardGrid ? title : undefined}
        >
          {WEEKDAYS.map((weekday) => (
            <div key={weekday} className={classes.weekday} aria-hidden="true">
              {weekdayName(weekday, 'short')}
            </div>
          ))}
          {Array.from({ length: leadingBlanks(year, month) }, (_, index) => (
            <div key={`blank-${index}`} className={classes.blank} aria-hidden="true" />
          ))}
          {days.map((day) => {
            const count = counts?.get(day) ?? 0;
            const isSelected = day === selected;
            const isToday = day === today;
            // In a keyboard grid a day that cannot be picked keeps the focus the arrows give it; elsewhere it is disabled.
            const ariaDisabled = !!keyboardGrid && !outOfRange(day) && unavailable(day);
            return (
              <UnstyledButton
                key={day}
                className={classes.day}
                data-selected={isSelected || undefined}
                data-marked={count > 0 || undefined}
                data-today={isToday || undefined}
                data-day-off={props.isDayOff?.(day) || undefined}
                data-past-empty={(folded > 0 && foldable(day)) || undefined}
                aria-current={isToday ? 'date' : undefined}
                aria-pressed={selected === undefined ? undefined : isSelected}
                aria-label={props.dayLabel?.(day)}
                title={props.dayTitle?.(day)}
                disabled={outOfRange(day) || (!keyboardGrid && unavailable(day))}
                aria-disabled={ariaDisabled || undefined}
                data-day={day}
                tabIndex={keyboardGrid ? (day === tabStop ? 0 : -1) : undefined}
                onKeyDown={keyboardGrid ? (event: KeyboardEvent<HTMLButtonElement>) => moveWithKey(day, event) : undefined}
                onFocus={keyboardGrid ? () => setActiveDay(day) : undefined}
                onClick={() => pick(day)}
              >
                <span className={classes.dayHead}>
                  <span className={classes.dayNumber}>
                    {Number(day.slice(8))}
                    {!compact && <span className={classes.weekdayName}>{weekdayName(isoWeekday(day), 'long')}</span>}
                  </span>
                  {isToday && props.todayLabel && (
                    <Badge size="xs" variant="filled">
                      {props.todayLabel}
                    </Badge>
                  )}
                </span>
                {/* Two words, the number and the count ("12 2", not "122"), as the accessible name holds them (WCAG 2.5.3). */}
                {count > 0 && ' '}
                {count > 0 && (
                  <Badge size="xs" circle variant={isSelected ? 'white' : 'filled'} aria-hidden="true">
                    {count}
                  </Badge>
                )}
                {props.renderDay?.(day)}
              </UnstyledButton>
            );
          })}
        </div>
      )}
    </Stack>
  );
}
