import type { QueryClient } from '@tanstack/react-query';

/** The schedules feature's query keys. */
export const schedulesKeys = {
  month: (doctorId: string, year: number, month: number) => ['schedules', 'month', doctorId, year, month] as const,
  day: (doctorId: string, day: string, page: number) => ['schedules', 'day', doctorId, day, page] as const,
  workTimes: ['schedules', 'work-times'] as const,
  holidays: ['schedules', 'holidays'] as const,
};

/** After any change to a work time or a day off: the month, the day, the list of work times and the days off are read again. */
export function refreshSchedule(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['schedules'] });
}
