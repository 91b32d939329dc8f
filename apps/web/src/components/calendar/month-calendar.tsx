import { ActionIcon, Badge, Button, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import type { DoctorScheduleMonth } from '@rhc/contracts';
import { isoWeekday } from '@rhc/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { weekdayKey } from '../hooks/use-recurrence-text.ts';
import { daysOfMonth, leadingBlanks, monthTitle } from '../month-grid.ts';
import { WEEKDAYS } from '../work-time-form.ts';
import classes from './month-calendar.module.css';
import '../strings.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';

type MonthCalendarProps = {
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
 * Spec §2 "Doctor schedule: by month": a Monday-first grid of the month; each day shows its work (mode,
 * hours, clinic), its number of bookings and whether it is a day off. Picking a day opens the day view.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { year, month, today, schedule } = props;
  const { t } = useTranslation('schedules');
  const byDay = new Map(schedule?.days.map((entry) => [entry.day, entry]));
  const isHoliday = (day: string) =>
    byDay.get(day)?.holiday === true || (schedule?.holidays ?? []).some((holiday) => day >= holiday.startDate && day <= holiday.endDate);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="default" size="lg" onClick={() => props.onShiftMonth(-1)} aria-label={t('month.previous')}>
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <Group gap="xs" justify="center">
          <Title order={2} size="h4" tt="capitalize" aria-live="polite">
            {monthTitle(year, month, currentLanguage())}
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={props.onToday}>
            {t('month.today')}
          </Button>
        </Group>
        <ActionIcon variant="default" size="lg" onClick={() => props.onShiftMonth(1)} aria-label={t('month.next')}>
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>

      {props.error ? (
        <ErrorState message={`${t('page.loadFailed')} ${props.error.message}`} onRetry={props.onRetry} />
      ) : props.loading || !schedule ? (
        <LoadingState minHeight={240} label={t('month.loading')} />
      ) : (
        <div className={classes.grid}>
          {WEEKDAYS.map((weekday) => (
            <div key={weekday} className={classes.weekday} aria-hidden="true">
              {t(`weekdays.short.${weekdayKey(weekday)}`)}
            </div>
          ))}
          {Array.from({ length: leadingBlanks(year, month) }, (_, index) => (
            <div key={`blank-${index}`} className={classes.blank} aria-hidden="true" />
          ))}
          {daysOfMonth(year, month).map((day) => {
            const entry = byDay.get(day);
            const holiday = isHoliday(day);
            const isToday = day === today;
            return (
              <UnstyledButton
                key={day}
                className={classes.day}
                data-today={isToday || undefined}
                data-holiday={holiday || undefined}
                aria-current={isToday ? 'date' : undefined}
                onClick={() => props.onPickDay(day)}
                title={t('month.showDay', { day: formatCalendarDay(day) })}
              >
                <span className={classes.dayHead}>
                  <span className={classes.dayNumber}>
                    {Number(day.slice(8))}
                    <span className={classes.weekdayName}>{t(`weekdays.long.${weekdayKey(isoWeekday(day))}`)}</span>
                  </span>
                  {isToday && (
                    <Badge size="xs" variant="filled">
                      {t('month.today')}
                    </Badge>
                  )}
                </span>
                {holiday && (
                  <Badge size="xs" color="red" variant="light">
                    {t('month.holiday')}
                  </Badge>
                )}
                {entry?.occurrences.map((occurrence) => (
                  <span key={`${occurrence.workTimeId}-${occurrence.start}`} className={classes.occurrence} data-mode={occurrence.mode}>
                    <strong>{t(`mode.${occurrence.mode}`)}</strong> {occurrence.start}–{occurrence.end}
                    {occurrence.workUnitName && <> · {occurrence.workUnitName}</>}
                  </span>
                ))}
                {entry && entry.bookings > 0 && <span className={classes.bookings}>{t('month.bookings', { number: entry.bookings })}</span>}
              </UnstyledButton>
            );
          })}
        </div>
      )}
    </Stack>
  );
}
