import { Alert, Group, Input, Radio, SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import './styles.ts';
import { CAPACITY_BOOKING_DAYS_AHEAD, DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { cachedData } from '../../lib/api-client.ts';
import { fieldErrorText } from '../../lib/forms.ts';
import { calendarDayName, formatCalendarDay, todayInDisplayZone } from '../../lib/dates.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { MonthCalendar } from '../calendar/month-calendar.tsx';
import { addDays, monthOf, monthTitle, shiftMonth } from '../calendar/month-grid.ts';
import { FieldLabel } from '../ui/field-label.tsx';
import { ErrorState } from '../ui/query-state.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { KitStrings } from './order-kit.ts';

/** A day's times of a place counted by capacity, each with the places left (advice: the booking decides). */
export type CapacityTimes = { times: readonly { start: string; end: string; free: number }[]; workUnit: unknown };

type CapacityTimePickerProps = {
  strings: KitStrings;
  /** The free times of the chosen place and day; `placeChosen` false while the form lacks what they need. */
  freeTimes: UseQueryResult<CapacityTimes>;
  placeChosen: boolean;
  /** Said instead of the times while the place is not chosen. */
  chooseFirst: string;
  timeLabel: string;
  cols: SimpleGridProps['cols'];
  /** The booking form, whose `testDay` and `testTime` the picker sets. */
  form: CapacityForm;
  /** Editing: the time the order holds at this place, offered though its place is taken (by the order itself). */
  heldTime?: { day: string; time: string } | null;
  /** A time someone else took just before (back from a 409): said above the times while no other is chosen. */
  takenSlot?: { day: string; hour: string } | null;
};

/** What the picker needs of a booking form (Mantine's `useForm` of values with `testDay` and `testTime`). */
type CapacityForm = {
  getValues: () => { testDay: string | null; testTime: string | null };
  setValues: (values: { testDay?: string | null; testTime?: string | null }) => void;
  clearFieldError: (path: 'testDay' | 'testTime') => void;
  errors: Record<string, unknown>;
};

/**
 * The day (a month grid from today, two months ahead) and a time of that day from the free-places read, each with the
 * places left; a full one is shown, disabled. The times are a radio group: one Tab stop, the arrows move between the
 * free ones. Lab samples and imaging scans book so (decision 044).
 */
export function CapacityTimePicker(props: CapacityTimePickerProps) {
  const { freeTimes, placeChosen, form, heldTime, takenSlot } = props;
  const { testDay, testTime } = form.getValues();
  const { t } = useTranslation(props.strings);
  const today = todayInDisplayZone();
  const [month, setMonth] = useState(() => monthOf(testDay ?? today));
  const calendarLabelId = useId();
  const dayErrorId = useId();
  const dayErrorText = fieldErrorText(form.errors.testDay);
  const held = heldTime && heldTime.day === testDay ? heldTime.time : null;
  const times = freeTimes.data?.times ?? [];
  // A place no team or machine serves: nothing there is ever free. A day whose times are all taken or begun says so above them.
  const noService = freeTimes.isSuccess && freeTimes.data.workUnit === null;
  const noneFree = times.every(({ free, start }) => free === 0 && start !== held);

  return (
    <Stack gap="md">
      {takenSlot && !testTime && (
        <Alert color="orange" icon={<IconAlertCircle aria-hidden="true" />} role="status">
          {t('form.slotTaken', { hour: takenSlot.hour, day: formatCalendarDay(takenSlot.day, DATE_INPUT_FORMAT) })}
        </Alert>
      )}
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
            onPickDay={(day) => {
              form.setValues({ testDay: day, testTime: null });
              form.clearFieldError('testDay');
            }}
            selected={testDay}
            today={today}
            minDay={today}
            maxDay={addDays(today, CAPACITY_BOOKING_DAYS_AHEAD)}
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
        label={<FieldLabel required>{props.timeLabel}</FieldLabel>}
        value={testTime}
        onChange={(time) => {
          form.setValues({ testTime: time });
          form.clearFieldError('testTime');
        }}
        error={fieldErrorText(form.errors.testTime)}
        required
        withAsterisk={false}
      >
        <Stack gap="xs" mt={4} data-path="testTime" tabIndex={-1}>
          {!placeChosen ? (
            <Text size="sm" c="dimmed">
              {props.chooseFirst}
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
              <SimpleGrid cols={props.cols} spacing="xs">
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

/** The clinic of the read place and until when the chosen time runs, named in the draft for the confirm page. */
export function placeFacts(
  queryClient: QueryClient,
  query: {
    queryKey: readonly unknown[];
    queryFn: (context: { signal: AbortSignal }) => Promise<CapacityTimes & { workUnit: { name: string; address: string } | null }>;
  } | null,
  time: string | null,
): { workUnit?: { name: string; address: string }; endHour?: string } {
  const read = query ? cachedData(queryClient, query) : undefined;
  return {
    workUnit: read?.workUnit ? { name: read.workUnit.name, address: read.workUnit.address } : undefined,
    endHour: read?.times.find(({ start }) => start === time)?.end,
  };
}
