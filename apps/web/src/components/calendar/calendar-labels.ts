import { useTranslation } from 'react-i18next';

/** The names of a calendar's arrows (the shape of the `ariaLabels` that Mantine's date pickers take). */
export type CalendarAriaLabels = {
  previousMonth: string;
  nextMonth: string;
  previousYear: string;
  nextYear: string;
  previousDecade: string;
  nextDecade: string;
};

/**
 * Names for a calendar's arrows in the current language, so a screen reader can say what they do. The level
 * buttons keep the name they show ("tháng 11 2026"): a name other than the visible text fails WCAG 2.5.3.
 */
export function useCalendarLabels(): CalendarAriaLabels {
  const { t } = useTranslation();
  return {
    previousMonth: t('calendar.previousMonth'),
    nextMonth: t('calendar.nextMonth'),
    previousYear: t('calendar.previousYear'),
    nextYear: t('calendar.nextYear'),
    previousDecade: t('calendar.previousDecade'),
    nextDecade: t('calendar.nextDecade'),
  };
}
