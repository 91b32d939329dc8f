import { WorkOccurrenceSchema, pageSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { schedulesKeys } from './query-keys.ts';

const endpoint = { method: 'GET', path: '/doctor-schedule/page/:id', response: pageSchema(WorkOccurrenceSchema) } as const;

export const DAY_PAGE_SIZE = 10;

/** GET /api/doctor-schedule/page/{id}?day&month&year&page&size: the work occurrences of one day (YYYY-MM-DD), paged. */
export function useDoctorScheduleDay(doctorId: string, day: string, page: number) {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return useQuery({
    queryKey: schedulesKeys.day(doctorId, day, page),
    queryFn: ({ signal }) =>
      apiRequest(endpoint, { params: { id: doctorId }, query: { day: date, month, year, page, size: DAY_PAGE_SIZE }, signal }),
    enabled: doctorId !== '' && day !== '',
  });
}
