import { Badge, Button } from '@mantine/core';
import '../styles.ts';
import type { DoctorScheduleMonth } from '@rhc/contracts';
import { isHoliday } from '@rhc/domain';
import { useDeferredValue } from 'react';
import { MonthCalendar } from '../../../components/calendar/month-calendar.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import classes from './schedule-month.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

type ScheduleMonthProps = {
  year: number;
  month: number;
  /** Today in Vietnam (YYYY-MM-DD). */
  today: string;
  schedule: DoctorScheduleMonth | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onShiftMonth: (by: number) => void;
  onToday: () => void;
  onPickDay: (day: string) => void;
};

/**
 * The room the loading month keeps for its days: about what a month's grid (or, on a phone, its list from today on)
 * takes once drawn, so the working times and days off below do not jump down when it arrives (issue 13: the page's
 * layout shift was 0.065–0.072 with 240 px).
 */
const MONTH_HEIGHT_LOADING = 440;

/**
 * Spec §2 "Doctor schedule: by month": a Monday-first grid of the month; each day shows its work (mode,
 * hours, clinic), its number of bookings and whether it is a day off. Picking a day opens the day view.
 */
export function ScheduleMonth(props: ScheduleMonthProps) {
  const { t } = useTranslation('schedules');
  // The month's days drawn from the answer in a render React can pause (main-thread habits in docs/architecture.md);
  // until then, and whenever the month shown is loading or failed, the fallback below stands in for them.
  const schedule = useDeferredValue(props.schedule);
  const byDay = new Map(schedule?.days.map((entry) => [entry.day, entry]));
  const isDayOff = (day: string) => byDay.get(day)?.holiday === true || isHoliday(day, schedule?.holidays ?? []);

  const renderDay = (day: string) => {
    const entry = byDay.get(day);
    const off = isDayOff(day);
    return (
      <>
        {off && (
          <Badge size="xs" color="red" variant="light">
            {t('month.holiday')}
          </Badge>
        )}
        {entry?.occurrences.map((occurrence) => (
          // On a day off the hours are not worked (nobody can book them): shown struck through, under the badge.
          <span
            key={`${occurrence.workTimeId}-${occurrence.start}`}
            className={classes.occurrence}
            data-mode={occurrence.mode}
            data-off={off || undefined}
          >
            <strong>{t(`mode.${occurrence.mode}`)}</strong> {occurrence.start}–{occurrence.end}
            {occurrence.workUnitName && <> · {occurrence.workUnitName}</>}
          </span>
        ))}
        {entry && entry.bookings > 0 && <span className={classes.bookings}>{t('month.bookings', { number: entry.bookings })}</span>}
      </>
    );
  };

  return (
    <MonthCalendar
      year={props.year}
      month={props.month}
      onShiftMonth={props.onShiftMonth}
      onPickDay={props.onPickDay}
      today={props.today}
      todayLabel={t('month.today')}
      isDayOff={isDayOff}
      dayTitle={(day) => t('month.showDay', { day: formatCalendarDay(day) })}
      renderDay={renderDay}
      isEmpty={(day) => {
        const entry = byDay.get(day);
        return !isDayOff(day) && !entry?.occurrences.length && !entry?.bookings;
      }}
      showPastLabel={(count) => t('month.showPast', { count })}
      actions={
        <Button variant="subtle" size="compact-sm" onClick={props.onToday}>
          {t('month.today')}
        </Button>
      }
      fallback={
        props.error ? (
          <ErrorState message={`${t('page.loadFailed')} ${props.error.message}`} onRetry={props.onRetry} />
        ) : props.loading || !schedule ? (
          <LoadingState minHeight={MONTH_HEIGHT_LOADING} label={t('month.loading')} />
        ) : undefined
      }
    />
  );
}
