import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/dates/styles.layer.css';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK } from '@rhc/domain';
import dayjs from 'dayjs';
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarLabels } from '../calendar/calendar-labels.ts';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { dateLocaleOf, formatCalendarDay } from '../../lib/dates.ts';
import { currentLanguage } from '../../lib/i18n.ts';

// Mantine reads typed dates with dayjs(text, format), which honours the format only with this plugin.
dayjs.extend(customParseFormat);

const WIRE_DAY = 'YYYY-MM-DD';
const dayOf = (value: DateInputProps['minDate']) => (value === undefined || value === null ? undefined : dayjs(value).format(WIRE_DAY));

/** Only a whole DD/MM/YYYY is a day: "01/01/2" is not the year 2 while the person is still typing 2026. */
function parseWholeDay(text: string): string | null {
  const day = dayjs(text, DATE_INPUT_FORMAT, true);
  return day.isValid() ? day.format(WIRE_DAY) : null;
}

/**
 * A calendar day typed or picked as DD/MM/YYYY, weeks starting on Monday (spec §5). The value is the
 * wire's YYYY-MM-DD string, or null while empty. A typed day outside minDate–maxDate is not taken (the picker
 * puts back the last good one), and the field says why instead of dropping it silently.
 */
export function DayInput(props: Omit<DateInputProps, 'valueFormat' | 'firstDayOfWeek'>) {
  const { t } = useTranslation();
  const ariaLabels = useCalendarLabels();
  const [outOfRange, setOutOfRange] = useState<string | null>(null);
  // Whether the calendar is open (it opens on focus and click; Escape or leaving the field closes it): while it
  // is, Escape closes only the calendar, never a dialog around the field with what was typed in it.
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { onBlur, onChange, onFocus, onClick, onKeyDown, error, minDate, maxDate } = props;

  const checkTyped = (event: FocusEvent<HTMLInputElement>) => {
    const day = parseWholeDay(event.currentTarget.value);
    const [min, max] = [dayOf(minDate), dayOf(maxDate)];
    if (day && min && day < min) setOutOfRange(t('calendar.beforeMin', { min: formatCalendarDay(min, DATE_INPUT_FORMAT) }));
    else if (day && max && day > max) setOutOfRange(t('calendar.afterMax', { max: formatCalendarDay(max, DATE_INPUT_FORMAT) }));
    else setOutOfRange(null);
    setCalendarOpen(false);
    onBlur?.(event);
  };

  return (
    <DateInput
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseWholeDay}
      locale={dateLocaleOf(currentLanguage())}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      placeholder={DATE_INPUT_FORMAT}
      clearable
      ariaLabels={ariaLabels}
      {...props}
      error={outOfRange ?? error}
      onBlur={checkTyped}
      data-mantine-stop-propagation={calendarOpen || undefined}
      onFocus={(event) => {
        setOutOfRange(null);
        setCalendarOpen(true);
        onFocus?.(event);
      }}
      onClick={(event) => {
        setCalendarOpen(true);
        onClick?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Escape') setCalendarOpen(false);
        onKeyDown?.(event);
      }}
      onChange={(value) => {
        setOutOfRange(null);
        onChange?.(value);
      }}
    />
  );
}
