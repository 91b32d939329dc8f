import { Group, Input, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { useId, useState } from 'react';
import { MonthCalendar } from '../../../components/calendar/month-calendar.tsx';
import { addDays, monthOf, monthTitle, shiftMonth } from '../../../components/calendar/month-grid.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { ErrorState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { calendarDayName, todayInDisplayZone } from '../../../lib/dates.ts';
import { fieldErrorText } from '../../../lib/forms.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useImagingFreeTimes, type ImagingPlace } from '../api.ts';
import { IMAGING_STRINGS } from '../imaging-paths.ts';

/** How far ahead a scan can be booked: two months, as the clinics plan their machines. */
export const IMAGING_BOOKING_DAYS = 60;

type ImagingTimePickerProps = {
  /** The clinic and type chosen, or null while either is missing. */
  place: ImagingPlace | null;
  testDay: string | null;
  testTime: string | null;
  onDayChange: (day: string) => void;
  onTimeChange: (time: string) => void;
  /** Editing: the slot the order holds at this clinic for this type, offered though its machine is taken (by the order itself). */
  heldTime?: { day: string; time: string } | null;
  dayError?: unknown;
  timeError?: unknown;
};

/**
 * The day (a month grid from today, two months ahead) and a slot of the type's length that day from the free-slots
 * read, each with its free machines; a full one is shown, disabled. The slots are a radio group: one Tab stop, the
 * arrows move between the free ones.
 */
export function ImagingTimePicker(props: ImagingTimePickerProps) {
  const { place, testDay, testTime, onDayChange, onTimeChange, heldTime, dayError, timeError } = props;
  const { t } = useTranslation(IMAGING_STRINGS);
  const today = todayInDisplayZone();
  const [month, setMonth] = useState(() => monthOf(testDay ?? today));
  const freeTimes = useImagingFreeTimes(place, testDay);
  const calendarLabelId = useId();
  const dayErrorId = useId();
  const dayErrorText = fieldErrorText(dayError);
  const held = heldTime && heldTime.day === testDay ? heldTime.time : null;
  const times = freeTimes.data?.times ?? [];
  const noService = freeTimes.isSuccess && freeTimes.data.workUnit === null;
  const noneFree = times.every(({ free, start }) => free === 0 && start !== held);

  return (
    <Stack gap="md">
      <Input.Wrapper
        role="group"
        aria-labelledby={calendarLabelId}
        aria-describedby={dayErrorText ? dayErrorId : undefined}
        label={<FieldLabel required>{t('form.day')}</FieldLabel>}
        labelElement="div"
        labelProps={{ id: calendarLabelId }}
        error={dayErrorText}
        errorProps={{ id: dayErrorId }}
      >
        <Stack gap={4} mt={4} maw={360} data-path="testDay" tabIndex={-1}>
          <MonthCalendar
            size="small"
            year={month.year}
            month={month.month}
            onShiftMonth={(by) => setMonth((shown) => shiftMonth(shown, by))}
            onPickDay={onDayChange}
            selected={testDay}
            today={today}
            minDay={today}
            maxDay={addDays(today, IMAGING_BOOKING_DAYS)}
            dayLabel={calendarDayName}
            keyboardGrid
            heading={
              <Text fw={700} aria-hidden="true">
                {monthTitle(month.year, month.month, currentLanguage())}
              </Text>
            }
          />
        </Stack>
      </Input.Wrapper>

      <Radio.Group
        label={<FieldLabel required>{t('form.slot')}</FieldLabel>}
        value={testTime}
        onChange={onTimeChange}
        error={fieldErrorText(timeError)}
        required
        withAsterisk={false}
      >
        <Stack gap="xs" mt={4} data-path="testTime" tabIndex={-1}>
          {!place ? (
            <Text size="sm" c="dimmed">
              {t('form.chooseClinicFirst')}
            </Text>
          ) : !testDay ? (
            <Text size="sm" c="dimmed">
              {t('form.pickDay')}
            </Text>
          ) : freeTimes.isError ? (
            <ErrorState message={freeTimes.error.message} onRetry={() => void freeTimes.refetch()} />
          ) : freeTimes.isPending ? (
            <Group gap="xs" role="status">
              <Spinner size="xs" />
              <Text size="sm">{t('form.loadingTimes')}</Text>
            </Group>
          ) : noService ? (
            <Text size="sm" c="dimmed">
              {t('form.noService')}
            </Text>
          ) : (
            <>
              {noneFree && (
                <Text size="sm" c="dimmed">
                  {t('form.noTimes')}
                </Text>
              )}
              <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
                {times.map(({ start, end, free }) => {
                  const own = start === held;
                  const full = free === 0 && !own;
                  return (
                    <Radio
                      key={start}
                      value={start}
                      disabled={full}
                      label={`${start} – ${end}`}
                      description={own ? t('form.current') : full ? t('form.full') : t('form.free', { count: free })}
                    />
                  );
                })}
              </SimpleGrid>
            </>
          )}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
