import { ActionIcon, Badge, Button, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { isoWeekday } from '@rhc/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { dayjs } from '../../lib/dates.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useCalendarLabels } from './calendar-labels.ts';
import classes from './month-calendar.module.css';
import { daysOfMonth, leadingBlanks, monthTitle } from './month-grid.ts';

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
   * tall cells showing what `renderDay` gives, which become a list of days on a phone (the doctor's schedule).
   */
  size?: 'compact' | 'detailed';
  /** The chosen day, filled in; when given (even null), every day is a toggle button (aria-pressed). */
  selected?: string | null;
  /** Today (YYYY-MM-DD): outlined and announced as the current date, with a badge reading `todayLabel` if given. */
  today?: string;
  todayLabel?: string;
  /** A count per day (YYYY-MM-DD): a day with one is tinted and shows it in a badge. */
  counts?: ReadonlyMap<string, number>;
  /** Days off are tinted red. */
  isDayOff?: (day: string) => boolean;
  /** A day's accessible name (aria-label), when its text does not say enough. */
  dayLabel?: (day: string) => string;
  /** A day's tooltip (title). */
  dayTitle?: (day: string) => string;
  /** What a day shows under its number. */
  renderDay?: (day: string) => ReactNode;
  /** A weekday's name (1 = Monday … 7 = Sunday): short above the columns, long beside the day on a phone. */
  weekdayName?: (weekday: number, width: 'short' | 'long') => string;
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
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
// 1 January 2024 was a Monday: the date locale's weekday names are read from that week.
const A_MONDAY = dayjs('2024-01-01');

function localeWeekdayName(weekday: number, width: 'short' | 'long'): string {
  return A_MONDAY.add(weekday - 1, 'day').format(width === 'short' ? 'dd' : 'dddd');
}

/**
 * A month as a grid of days, Monday first (spec §5), each day a button; arrows move to the month before or after.
 * What a day shows and how it is marked (chosen, today, a count, a day off) comes from the screen using it.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { year, month, selected, today, counts, size = 'detailed', weekdayName = localeWeekdayName } = props;
  const labels = useCalendarLabels();
  const compact = size === 'compact';
  const iconSize = compact ? 24 : 18;
  const [showPast, setShowPast] = useState(false);
  const days = daysOfMonth(year, month);
  const foldable = (day: string) => !compact && !!today && !!props.isEmpty && day < today && props.isEmpty(day);
  const folded = props.showPastLabel ? days.filter(foldable).length : 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant={compact ? 'subtle' : 'default'}
          size="lg"
          onClick={() => props.onShiftMonth(-1)}
          aria-label={labels.previousMonth}
        >
          <IconChevronLeft size={iconSize} aria-hidden="true" />
        </ActionIcon>
        <Group gap="xs" justify="center">
          <Title order={2} size={compact ? 'h5' : 'h4'} tt="capitalize" aria-live="polite">
            {monthTitle(year, month, currentLanguage())}
          </Title>
          {props.actions}
        </Group>
        <ActionIcon variant={compact ? 'subtle' : 'default'} size="lg" onClick={() => props.onShiftMonth(1)} aria-label={labels.nextMonth}>
          <IconChevronRight size={iconSize} aria-hidden="true" />
        </ActionIcon>
      </Group>

      {!props.fallback && folded > 0 && !showPast && (
        <Button variant="subtle" size="compact-sm" className={classes.pastToggle} onClick={() => setShowPast(true)}>
          {props.showPastLabel?.(folded)}
        </Button>
      )}
      {props.fallback ?? (
        <div className={classes.grid} data-size={size} data-fold-past={(folded > 0 && !showPast) || undefined}>
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
                onClick={() => props.onPickDay(day)}
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
