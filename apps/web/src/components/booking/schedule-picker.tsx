import { Group, Input, Stack, Text } from '@mantine/core';
import './styles.ts';
import type { WorkMode } from '@rhc/contracts';
import { isHoliday } from '@rhc/domain';
import { useState } from 'react';
import { MonthCalendar } from '../calendar/month-calendar.tsx';
import { firstOfMonth, monthOf, monthTitle, shiftMonth } from '../calendar/month-grid.ts';
import { FieldLabel } from '../ui/field-label.tsx';
import { SegmentedChoice } from '../ui/segmented-choice.tsx';
import { calendarDayName, todayInDisplayZone } from '../../lib/dates.ts';
import { fieldErrorText } from '../../lib/forms.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { useExamTime } from '../../hooks/use-catalog.ts';
import { useFreeTime } from '../../hooks/use-free-time.ts';
import { HourGrid } from './hour-grid.tsx';
import { ErrorState } from '../ui/query-state.tsx';
import classes from './schedule-picker.module.css';
import { Spinner } from '../ui/spinner.tsx';

type SchedulePickerProps = {
  mode: WorkMode;
  doctorId: string | null;
  examTypeId: number | undefined;
  timeCustome: boolean;
  checkDay: string | null;
  checkHour: string | null;
  onTimeCustomeChange?: (timeCustome: boolean) => void;
  onDayChange: (day: string | null) => void;
  onHourChange: (hour: string) => void;
  dayError?: unknown;
  hourError?: unknown;
  /** Editing a booking with this doctor: the time it holds, offered though it is not free (the booking holds it). */
  heldTime?: { day: string; hour: string } | null;
  /** Whether the person may ask for a time of their own (an examination) or only take a free slot (a vaccination). */
  allowCustomTime?: boolean;
  /** The calendar's label, when the booking is not an examination. */
  dayLabel?: string;
  /** The free hours' label, when the booking is not an examination ("Giờ tiêm", not "Giờ khám"). */
  hourLabel?: string;
  /** Only the slots at this clinic (a work unit's id, as the free time's slots name it), when the person chose one. */
  clinicId?: number | null;
};

/**
 * The day and hour of the examination: either one of the doctor's free slots (only days with a free slot can
 * be picked), or a time the person asks for (any day from today but the doctor's days off, an hour of the grid).
 *
 * The days are the app's month grid (MonthCalendar), weeks from Monday (spec §5), from the current month on: one Tab
 * stop whose arrow keys move the day and whose Enter or Space picks it; the chosen day is a pressed button, today is
 * the current date, a day off is red, and a day that cannot be picked is disabled. Each day is named by the number it
 * shows ("1 tháng 11 2026", WCAG 2.5.3).
 */
export function SchedulePicker(props: SchedulePickerProps) {
  const { t } = useTranslation(['booking', 'common']);
  const {
    mode,
    doctorId,
    examTypeId,
    timeCustome,
    checkDay,
    checkHour,
    heldTime,
    allowCustomTime = true,
    dayLabel,
    hourLabel,
    clinicId,
  } = props;
  const today = todayInDisplayZone();
  // The month shown; a new month reads its free time.
  const [month, setMonth] = useState(() => monthOf(checkDay ?? today));
  const freeTime = useFreeTime(doctorId ? { doctorId, mode, examTypeId, month: month.month, year: month.year } : null);
  const examTime = useExamTime(timeCustome);
  const freeDays = new Map(
    (freeTime.data?.days ?? [])
      .map(({ day, slots }) => ({ day, slots: typeof clinicId === 'number' ? slots.filter((slot) => slot.clinicId === clinicId) : slots }))
      .filter(({ slots }) => slots.length > 0)
      .map(({ day, slots }) => [day, slots]),
  );
  const holidays = freeTime.data?.holidays ?? [];

  const excluded = (day: string): boolean => {
    if (day < today || isHoliday(day, holidays)) return true;
    // A requested time must still fall in the doctor's free working time (the server refuses anything else): a day
    // without any, such as a Sunday the doctor does not work, is not offered in either mode. The booking's own day is,
    // even when its time was the day's last free one.
    return !freeDays.has(day) && day !== heldTime?.day;
  };
  const dayError = fieldErrorText(props.dayError);
  const hourError = fieldErrorText(props.hourError);
  const hourErrorId = 'booking-hour-error';
  const calendarLabelId = 'booking-calendar-label';
  const dayErrorId = 'booking-day-error';
  const timeChoiceLabelId = 'booking-time-choice-label';

  if (!doctorId) return <Text c="dimmed">{t('form.chooseDoctorFirst')}</Text>;

  const daySlots = checkDay ? (freeDays.get(checkDay) ?? []) : [];
  // Editing a booking: its own time is not free (it holds it), yet it is offered on its day, in its place in time order.
  const freeHours = new Set(daySlots.map(({ hour }) => hour));
  if (heldTime && checkDay === heldTime.day) freeHours.add(heldTime.hour);
  const hours = timeCustome
    ? (examTime.data ?? [])
        .filter(({ start }) => freeHours.has(start))
        .map(({ id, start, end }) => ({ key: String(id), hour: start, label: `${start} – ${end}` }))
    : [...freeHours].sort().map((hour) => ({ key: hour, hour, label: hour }));
  // The chosen hour stays shown while the day's free time is still loading or was taken meanwhile.
  if (checkHour && checkDay && !hours.some(({ hour }) => hour === checkHour)) {
    hours.push({ key: checkHour, hour: checkHour, label: checkHour });
    // HH:mm sorts as text; localeCompare would load ICU's collation data for it (≈ 20 ms on first use, issue 13).
    hours.sort((a, b) => (a.hour < b.hour ? -1 : a.hour > b.hour ? 1 : 0));
  }

  return (
    <Stack gap="md">
      {allowCustomTime && (
        <Input.Wrapper label={t('form.timeChoice')} labelElement="div" labelProps={{ id: timeChoiceLabelId }}>
          <SegmentedChoice
            aria-labelledby={timeChoiceLabelId}
            className={classes.timeChoice}
            value={timeCustome ? 'custom' : 'doctor'}
            onChange={(value) => props.onTimeCustomeChange?.(value === 'custom')}
            data={[
              { value: 'doctor', label: t('form.doctorTimes') },
              { value: 'custom', label: t('form.customTime') },
            ]}
          />
        </Input.Wrapper>
      )}
      {timeCustome && (
        <Text size="sm" c="dimmed">
          {t('form.customHint')}
        </Text>
      )}

      {/* The calendar's label names the group of its arrows and days, and its error describes it. */}
      <Input.Wrapper
        role="group"
        aria-labelledby={calendarLabelId}
        aria-describedby={dayError ? dayErrorId : undefined}
        label={<FieldLabel required>{dayLabel ?? t('form.calendar')}</FieldLabel>}
        labelElement="div"
        labelProps={{ id: calendarLabelId }}
        error={dayError}
        errorProps={{ id: dayErrorId }}
      >
        {freeTime.isError ? (
          <ErrorState message={freeTime.error.message} onRetry={() => void freeTime.refetch()} mt={4} />
        ) : (
          <Stack gap={4} mt={4} pos="relative" className={classes.calendar}>
            <MonthCalendar
              size="small"
              year={month.year}
              month={month.month}
              onShiftMonth={(by) => setMonth((shown) => shiftMonth(shown, by))}
              onPickDay={(day) => props.onDayChange(day)}
              selected={checkDay}
              today={today}
              minDay={firstOfMonth(today)}
              isDayDisabled={excluded}
              isDayOff={(day) => isHoliday(day, holidays)}
              dayLabel={calendarDayName}
              keyboardGrid
              // The month's name as text, not a heading: the section around the calendar has the heading.
              heading={
                <Text fw={700} aria-hidden="true">
                  {monthTitle(month.year, month.month, currentLanguage())}
                </Text>
              }
            />
            {freeTime.isFetching && (
              <Group gap="xs" role="status">
                <Spinner size="xs" />
                <Text size="sm">{t('form.loadingTimes')}</Text>
              </Group>
            )}
            {freeTime.isSuccess && !freeTime.isFetching && freeDays.size === 0 && (
              <Text size="sm" c="dimmed">
                {t('form.noSlotsMonth')}
              </Text>
            )}
          </Stack>
        )}
      </Input.Wrapper>

      <Input.Wrapper
        label={<FieldLabel required>{hourLabel ?? t('form.hours')}</FieldLabel>}
        error={hourError}
        errorProps={{ id: hourErrorId }}
      >
        <Group gap="xs" mt={4}>
          {!checkDay ? (
            <Text size="sm" c="dimmed">
              {t('form.pickDay')}
            </Text>
          ) : timeCustome && examTime.isPending ? (
            <Spinner size="sm" aria-label={t('common:loading')} />
          ) : timeCustome && examTime.isError ? (
            <Text size="sm" c="red" role="alert">
              {examTime.error.message}
            </Text>
          ) : hours.length === 0 ? (
            <Text size="sm" c="dimmed">
              {timeCustome ? t('form.noHours') : t('form.noSlotsDay')}
            </Text>
          ) : (
            <HourGrid
              hours={hours}
              value={checkHour}
              onChange={props.onHourChange}
              label={hourLabel ?? t('form.hours')}
              describedBy={hourError ? hourErrorId : undefined}
            />
          )}
        </Group>
      </Input.Wrapper>
    </Stack>
  );
}
