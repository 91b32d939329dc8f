import type { WorkTime } from '@rhc/contracts';
import { isoWeekday } from '@rhc/domain';
import { formatCalendarDay, weekdayName } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * A work time's repetition in words, e.g. "Mỗi tuần vào Thứ Hai, Thứ Tư đến 31-12-2026". A weekly time
 * without weekdays repeats on its first day's weekday (as the domain's recurrence does).
 */
export function useRecurrenceText() {
  const { t } = useTranslation('schedules');
  return (workTime: Pick<WorkTime, 'day' | 'recurrence'>): string => {
    const recurrence = workTime.recurrence;
    if (recurrence.type === 'none') return t('recurrence.none', { day: formatCalendarDay(workTime.day) });
    const weekdayList = recurrence.weekdays.length > 0 ? [...recurrence.weekdays].sort((a, b) => a - b) : [isoWeekday(workTime.day)];
    const weekdays = weekdayList.map((weekday) => weekdayName(weekday, 'long')).join(', ');
    const rule =
      recurrence.interval === 1
        ? t(`recurrence.every.${recurrence.type}`, { weekdays })
        : t(`recurrence.everyN.${recurrence.type}`, { weekdays, interval: recurrence.interval });
    return t('recurrence.until', { rule, until: formatCalendarDay(recurrence.until) });
  };
}
