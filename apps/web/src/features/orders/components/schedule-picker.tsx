import { Group, Input, Loader, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '../styles.ts';
import type { WorkMode } from '@rhc/contracts';
import { FIRST_DAY_OF_WEEK, isHoliday } from '@rhc/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarLabels } from '../../../components/calendar/calendar-labels.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { dateLocaleOf, todayInDisplayZone } from '../../../lib/dates.ts';
import { fieldErrorText } from '../../../lib/forms.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useExamTime } from '../../../hooks/use-catalog.ts';
import { useFreeTime } from '../api.ts';
import { HourGrid } from './hour-grid.tsx';
import { ErrorState } from '../../../components/ui/query-state.tsx';
import classes from './schedule-picker.module.css';

type SchedulePickerProps = {
  mode: WorkMode;
  doctorId: string | null;
  examTypeId: number | undefined;
  timeCustome: boolean;
  checkDay: string | null;
  checkHour: string | null;
  onTimeCustomeChange: (timeCustome: boolean) => void;
  onDayChange: (day: string | null) => void;
  onHourChange: (hour: string) => void;
  dayError?: unknown;
  hourError?: unknown;
};

function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * The day and hour of the examination: either one of the doctor's free slots (only days with a free slot can
 * be picked), or a time the person asks for (any day from today but the doctor's days off, an hour of the grid).
 */
export function SchedulePicker(props: SchedulePickerProps) {
  const { t } = useTranslation(['booking', 'common']);
  const calendarLabels = useCalendarLabels();
  const { mode, doctorId, examTypeId, timeCustome, checkDay, checkHour } = props;
  const today = todayInDisplayZone();
  const [month, setMonth] = useState(() => monthOf(checkDay ?? today));
  const freeTime = useFreeTime(
    doctorId ? { doctorId, mode, examTypeId, month: Number(month.slice(5, 7)), year: Number(month.slice(0, 4)) } : null,
  );
  const examTime = useExamTime(timeCustome);
  const freeDays = new Map((freeTime.data?.days ?? []).filter(({ slots }) => slots.length > 0).map(({ day, slots }) => [day, slots]));
  const holidays = freeTime.data?.holidays ?? [];

  const excluded = (day: string): boolean => {
    if (day < today || isHoliday(day, holidays)) return true;
    // A requested time must still fall in the doctor's free working time (the server refuses anything else): a day
    // without any, such as a Sunday the doctor does not work, is not offered in either mode.
    return !freeDays.has(day);
  };
  const dayError = fieldErrorText(props.dayError);
  const hourError = fieldErrorText(props.hourError);
  const hourErrorId = 'booking-hour-error';
  const timeChoiceLabelId = 'booking-time-choice-label';

  if (!doctorId) return <Text c="dimmed">{t('form.chooseDoctorFirst')}</Text>;

  const daySlots = checkDay ? (freeDays.get(checkDay) ?? []) : [];
  // Editing a booking: its own time is not free (it holds it), yet it stays the choice shown, in its place in time order.
  const freeHours = new Set(daySlots.map(({ hour }) => hour));
  const hours = timeCustome
    ? (examTime.data ?? [])
        .filter(({ start }) => freeHours.has(start))
        .map(({ id, start, end }) => ({ key: String(id), hour: start, label: `${start} – ${end}` }))
    : daySlots.map(({ hour }) => ({ key: hour, hour, label: hour }));
  if (checkHour && checkDay && !hours.some(({ hour }) => hour === checkHour)) {
    hours.push({ key: checkHour, hour: checkHour, label: checkHour });
    hours.sort((a, b) => a.hour.localeCompare(b.hour));
  }

  return (
    <Stack gap="md">
      <Input.Wrapper label={t('form.timeChoice')} labelElement="div" labelProps={{ id: timeChoiceLabelId }}>
        <SegmentedChoice
          aria-labelledby={timeChoiceLabelId}
          className={classes.timeChoice}
          value={timeCustome ? 'custom' : 'doctor'}
          onChange={(value) => props.onTimeCustomeChange(value === 'custom')}
          data={[
            { value: 'doctor', label: t('form.doctorTimes') },
            { value: 'custom', label: t('form.customTime') },
          ]}
        />
      </Input.Wrapper>
      {timeCustome && (
        <Text size="sm" c="dimmed">
          {t('form.customHint')}
        </Text>
      )}

      <Input.Wrapper label={<FieldLabel required>{t('form.calendar')}</FieldLabel>} error={dayError}>
        {freeTime.isError ? (
          <ErrorState message={freeTime.error.message} onRetry={() => void freeTime.refetch()} mt={4} />
        ) : (
          <Stack gap={4} mt={4} pos="relative">
            <DatePicker
              value={checkDay}
              onChange={(day) => props.onDayChange(day)}
              date={month}
              onDateChange={(date) => setMonth(monthOf(date))}
              minDate={dayjs(today).startOf('month').format('YYYY-MM-DD')}
              excludeDate={excluded}
              firstDayOfWeek={FIRST_DAY_OF_WEEK}
              locale={dateLocaleOf(currentLanguage())}
              maxLevel="month"
              ariaLabels={calendarLabels}
            />
            {freeTime.isFetching && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
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

      <Input.Wrapper label={<FieldLabel required>{t('form.hours')}</FieldLabel>} error={hourError} errorProps={{ id: hourErrorId }}>
        <Group gap="xs" mt={4}>
          {!checkDay ? (
            <Text size="sm" c="dimmed">
              {t('form.pickDay')}
            </Text>
          ) : timeCustome && examTime.isPending ? (
            <Loader size="sm" aria-label={t('common:loading')} />
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
              label={t('form.hours')}
              describedBy={hourError ? hourErrorId : undefined}
            />
          )}
        </Group>
      </Input.Wrapper>
    </Stack>
  );
}
