import { type ScheduleAffected, type WorkMode, type WorkTimeBody, ordersEndpoints, schedulesEndpoints } from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';

/** Every call of the schedules feature, each through its entry of the endpoint table (`schedulesEndpoints`). */
const api = schedulesEndpoints;

export const DAY_PAGE_SIZE = 10;

/** After any change to a work time or a day off: the month, the day, the work times and the days off are read again. */
export function refreshSchedule(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [api.month.domain] });
}

/** The doctor's own month, day by day (work, days off, bookings). */
export function useDoctorScheduleMonth(doctorId: string, year: number, month: number) {
  return useQuery({ ...endpointQuery(api.month, { params: { id: doctorId }, query: { month, year } }), enabled: doctorId !== '' });
}

/** The work occurrences of one day (YYYY-MM-DD), paged. */
export function useDoctorScheduleDay(doctorId: string, day: string, page: number) {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return useQuery({
    ...endpointQuery(api.day, { params: { id: doctorId }, query: { day: date, month, year, page, size: DAY_PAGE_SIZE } }),
    enabled: doctorId !== '' && day !== '',
  });
}

/** The bookings assigned to the doctor on one day (YYYY-MM-DD), in time order: what the day view lists under its work. */
export function useDoctorDayBookings(doctorId: string, day: string) {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return useQuery({
    ...endpointQuery(ordersEndpoints.page, {
      params: { userId: doctorId },
      query: { as: 'doctor', day: date, month, year, page: 0, size: DAY_BOOKINGS_LIMIT },
    }),
    enabled: doctorId !== '' && day !== '',
  });
}

/** A day holds at most this many bookings in the list; more say "and N more" with a link to the full list. */
export const DAY_BOOKINGS_LIMIT = 50;

/** The signed-in doctor's registered work times. */
export function useWorkTimes(enabled: boolean) {
  return useQuery({ ...endpointQuery(api.workTimes, {}), enabled });
}

/** The signed-in doctor's own days off (no doctorId). */
export function useHolidays(enabled: boolean) {
  return useQuery({ ...endpointQuery(api.holidays, {}), enabled });
}

// The page reads everything again after a change (refreshSchedule), so the answers' bodies are not kept.

/** Registers a work time: in person (the body carries the clinic) or online. */
export async function createWorkTime(mode: WorkMode, body: WorkTimeBody): Promise<void> {
  await apiRequest(mode === 'online' ? api.createOnlineWorkTime : api.createDirectWorkTime, { body });
}

/** Changes a work time (the server refuses one that has already begun). */
export async function updateWorkTime(id: string, body: WorkTimeBody): Promise<void> {
  await apiRequest(api.updateWorkTime, { params: { id }, body });
}

/**
 * Removes a work time and its repetitions; bookings already made stay, flagged (decision 047). Over bookings to come, only
 * with `confirm`, the token of the 409 that listed them.
 */
export async function deleteWorkTime(id: string, confirm?: string): Promise<void> {
  await apiRequest(api.deleteWorkTime, { params: { id }, query: confirm ? { confirm } : {} });
}

/** Adds days off from startDate to endDate (YYYY-MM-DD, both included); over bookings, only with `confirm` (decision 047). */
export async function createHoliday(body: { startDate: string; endDate: string; confirm?: string }): Promise<void> {
  await apiRequest(api.createHoliday, { body });
}

/**
 * What a change of schedule over bookings asks before it is saved (409 SCHEDULE_HAS_BOOKINGS, decision 047): the bookings
 * it would leave outside working time and the token that confirms them; undefined for any other failure.
 */
export function affectedBy(error: unknown): ScheduleAffected | undefined {
  return error instanceof ApiError && error.code === 'SCHEDULE_HAS_BOOKINGS' ? error.affected : undefined;
}

export async function deleteHoliday(id: string): Promise<void> {
  await apiRequest(api.deleteHoliday, { params: { id } });
}
