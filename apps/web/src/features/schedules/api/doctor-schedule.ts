import { DoctorScheduleMonthSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { schedulesKeys } from './query-keys.ts';

const endpoint = { method: 'GET', path: '/doctor-schedule/:id', response: DoctorScheduleMonthSchema } as const;

/** GET /api/doctor-schedule/{id}?month&year: the doctor's own month, day by day (work, days off, bookings). */
export function useDoctorScheduleMonth(doctorId: string, year: number, month: number) {
  return useQuery({
    queryKey: schedulesKeys.month(doctorId, year, month),
    queryFn: ({ signal }) => apiRequest(endpoint, { params: { id: doctorId }, query: { month, year }, signal }),
    enabled: doctorId !== '',
  });
}
