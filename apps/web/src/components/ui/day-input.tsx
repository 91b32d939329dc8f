import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/dates/styles.layer.css';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK } from '@rhc/domain';
import dayjs from 'dayjs';
import { useCalendarLabels } from '../calendar/calendar-labels.ts';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { dateLocaleOf } from '../../lib/dates.ts';
import { currentLanguage } from '../../lib/i18n.ts';

// Mantine reads typed dates with dayjs(text, format), which honours the format only with this plugin.
dayjs.extend(customParseFormat);

/**
 * A calendar day typed or picked as DD/MM/YYYY, weeks starting on Monday (spec §5). The value is the
 * wire's YYYY-MM-DD string, or null while empty.
 */
export function DayInput(props: Omit<DateInputProps, 'valueFormat' | 'firstDayOfWeek'>) {
  const ariaLabels = useCalendarLabels();
  return (
    <DateInput
      valueFormat={DATE_INPUT_FORMAT}
      locale={dateLocaleOf(currentLanguage())}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      placeholder={DATE_INPUT_FORMAT}
      clearable
      ariaLabels={ariaLabels}
      {...props}
    />
  );
}
