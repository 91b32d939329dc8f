import type { CalendarAriaLabels } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/** Names for a calendar's arrows and level buttons in the current language, so a screen reader can say what they do. */
export function useCalendarLabels(): CalendarAriaLabels {
  const { t } = useTranslation();
  return {
    previousMonth: t('calendar.previousMonth'),
    nextMonth: t('calendar.nextMonth'),
    previousYear: t('calendar.previousYear'),
    nextYear: t('calendar.nextYear'),
    previousDecade: t('calendar.previousDecade'),
    nextDecade: t('calendar.nextDecade'),
    monthLevelControl: t('calendar.monthLevelControl'),
    yearLevelControl: t('calendar.yearLevelControl'),
  };
}
