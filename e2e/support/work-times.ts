import { vietnamDay } from '@rhc/domain';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './test.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A doctor's session as `logInByApi` answers it. */
interface DoctorSession {
  authorization: string;
}

/** An instant as a Vietnamese wall clock: its day (YYYY-MM-DD) and hour (HH:mm). */
export function vietnamWallClock(instant: Date): { day: string; hour: string } {
  return { day: vietnamDay(instant), hour: new Date(instant.getTime() + 7 * 3_600_000).toISOString().slice(11, 16) };
}

/**
 * A start 10-15 minutes from the server's now, on a 5-minute mark, so that a doctor may complete the booking within the
 * journey (completion opens 30 minutes before the start, on its own Vietnam day). A work time starts and ends on one
 * Vietnam day and ends by 23:55 (2026-12-01: CI at 23:40 in Vietnam had 15 minutes left, too short for a 30-minute
 * slot): when `minutes` would not fit in today, the server's clock is moved to just after midnight for the whole journey.
 * Call it before any session is opened (a move later would idle the sessions out), only from a journey of the
 * playwright config's server-clock project, and put the clock back after the journey (POST /api/dev/clock 0).
 */
export async function soonAfterMidnightIfLate(request: APIRequestContext, minutes: number): Promise<Date> {
  const today = vietnamDay(new Date());
  const late = Date.now() + (15 + minutes) * MINUTE_MS > Date.parse(`${today}T23:55:00+07:00`);
  const advanceMs = late ? Date.parse(`${today}T00:01:00+07:00`) + DAY_MS - Date.now() : 0;
  if (late) expect((await request.post('/api/dev/clock', { data: { advanceMs } })).status()).toBe(200);
  return new Date(Math.ceil((Date.now() + advanceMs + 10 * MINUTE_MS) / (5 * MINUTE_MS)) * 5 * MINUTE_MS);
}

/**
 * The doctor's hours become one work time only, `minutes` long from `startsAt`: online, or in person at `workUnitId`.
 * The doctor's demo hours are removed first so that the time of day never collides with them (use a doctor no other
 * journey books).
 */
export async function onlyWorkTime(
  request: APIRequestContext,
  doctor: DoctorSession,
  hours: { startsAt: Date; minutes: number } & ({ mode: 'online' } | { mode: 'direct'; workUnitId: number }),
): Promise<void> {
  const headers = { authorization: doctor.authorization };
  const own = await request.get('/api/user-time-doctor', { headers });
  expect(own.status(), await own.text()).toBe(200);
  for (const { id } of (await own.json()).data as { id: string }[]) {
    const removed = await request.delete(`/api/user-time-doctor/${id}`, { headers });
    expect(removed.status(), await removed.text()).toBe(200);
  }
  const made = await request.post(hours.mode === 'online' ? '/api/user-time-doctor-online' : '/api/user-time-doctor', {
    headers,
    data: {
      startsAt: hours.startsAt.toISOString(),
      endsAt: new Date(hours.startsAt.getTime() + hours.minutes * MINUTE_MS).toISOString(),
      recurrence: { type: 'none' },
      ...(hours.mode === 'direct' ? { workUnitId: hours.workUnitId } : {}),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/**
 * Moves the server's clock to `minutesBefore` minutes before the next `time` (HH:mm, Vietnam) that is that far off,
 * `daysLater` days further on, and answers that start: a lab window or imaging slot booked for it may be confirmed,
 * performed and completed within the journey (result steps open 30 minutes before the start, decision 046), and each
 * journey of one run books its own day. Call it before any session is opened, only from a journey of the playwright
 * config's server-clock project, and put the clock back after the journey (POST /api/dev/clock 0).
 */
export async function shortlyBeforeVietnamTime(
  request: APIRequestContext,
  time: string,
  { daysLater = 0, minutesBefore = 20 }: { daysLater?: number; minutesBefore?: number } = {},
): Promise<Date> {
  const now = Date.now();
  let start = Date.parse(`${vietnamDay(new Date(now))}T${time}:00+07:00`);
  while (start - minutesBefore * MINUTE_MS <= now) start += DAY_MS;
  start += daysLater * DAY_MS;
  const advanceMs = start - minutesBefore * MINUTE_MS - now;
  const moved = await request.post('/api/dev/clock', { data: { advanceMs } });
  expect(moved.status(), await moved.text()).toBe(200);
  return new Date(start);
}

/**
 * Adds a one-off online work time of the doctor's on `day` (YYYY-MM-DD, Vietnam) from `from` to `to` (HH:mm) and
 * answers the server's response, for the journey to check (an earlier try may have made it already).
 */
export async function addOnlineHours(request: APIRequestContext, doctor: DoctorSession, day: string, from: string, to: string) {
  return request.post('/api/user-time-doctor-online', {
    headers: { authorization: doctor.authorization },
    data: {
      startsAt: new Date(`${day}T${from}:00+07:00`).toISOString(),
      endsAt: new Date(`${day}T${to}:00+07:00`).toISOString(),
      recurrence: { type: 'none' },
    },
  });
}
