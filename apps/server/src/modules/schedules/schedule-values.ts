import { createHash } from 'node:crypto';
import type { AffectedBooking, Holiday, WorkMode, WorkTimeBody } from '@rhc/contracts';
import { clockTime, vietnamDay, vietnamInstant, vietnamMinuteOfDay, type WorkTime as DomainWorkTime } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import { fieldError } from '../../platform/http/field-error.ts';
import { findWorkTimeFor } from './availability.ts';
import type { BookingToCome, HolidayRow, NewWorkTime, WorkTimeRow } from './schedules.repository.ts';

/*
 * The schedules service's pure parts: a month's days and bounds, a working time's body as stored and as the domain reads
 * it, whether a booking lies in a calendar, and a change's confirmation token and affected bookings as the wire shows them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The calendar days of a month and the instants that bound it in Vietnam: [start, end). */
export function monthOf(year: number, month: number) {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const days = Array.from({ length: lastDay }, (_, i) => `${year}-${pad(month)}-${pad(i + 1)}`);
  const from = `${year}-${pad(month)}-01`;
  const to = `${year}-${pad(month)}-${pad(lastDay)}`;
  const start = vietnamInstant(from, '00:00');
  return { days, from, to, start, end: new Date(vietnamInstant(to, '00:00').getTime() + DAY_MS) };
}

export function holidaysWithin<T extends Pick<HolidayRow, 'startDate' | 'endDate'>>(rows: T[], from: string, to: string): T[] {
  return rows.filter((row) => row.startDate <= to && row.endDate >= from);
}

export function toHoliday(row: HolidayRow): Holiday {
  return { id: row.id, startDate: row.startDate, endDate: row.endDate };
}

/**
 * The stored form of a work time body: the Vietnam day and wall-clock minutes of its first occurrence. Start and
 * end must fall on one Vietnam day (a stored work time is a span within a day).
 */
export function workTimeValues(body: WorkTimeBody, mode: WorkMode, language: Language): NewWorkTime {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  const firstDay = vietnamDay(startsAt);
  if (vietnamDay(endsAt) !== firstDay) throw fieldError(language, 'body.endsAt', 'validation.same_day');
  const startMinute = vietnamMinuteOfDay(startsAt);
  const endMinute = vietnamMinuteOfDay(endsAt);
  // Seconds are dropped, so 08:00:10–08:00:50 is no span at all.
  if (endMinute <= startMinute) throw fieldError(language, 'body.endsAt', 'validation.end_before_start');
  const r = body.recurrence;
  return {
    mode,
    firstDay,
    startMinute,
    endMinute,
    recurrenceType: r.type,
    recurrenceInterval: r.type === 'none' ? 1 : r.interval,
    weekdays: r.type === 'week' ? [...new Set(r.weekdays)].sort((a, b) => a - b) : [],
    untilDay: r.type === 'none' ? null : r.until,
    workUnitId: mode === 'direct' ? (body.workUnitId ?? null) : null,
  };
}

export function toDomainCandidate(values: NewWorkTime, body: WorkTimeBody, mode: WorkMode): DomainWorkTime {
  return {
    day: values.firstDay,
    start: clockTime(values.startMinute),
    end: clockTime(values.endMinute),
    mode,
    recurrence: body.recurrence,
  };
}

/** A calendar as `findWorkTimeFor` reads it: the working times (any mode) and the days off. */
export interface Calendar {
  workTimes: WorkTimeRow[];
  holidays: { startDate: string; endDate: string }[];
}

export function inWorkTime(calendar: Calendar, booking: BookingToCome): boolean {
  const ofMode = calendar.workTimes.filter((row) => row.mode === booking.mode);
  return findWorkTimeFor(ofMode, calendar.holidays, booking.startsAt, booking.endsAt) !== null;
}

/**
 * The token that confirms a change over exactly these bookings (decision 047): a digest of their ids, so a booking made or
 * cancelled between the question and the answer asks again. Not a secret: only the doctor's own change reads it.
 */
export function confirmToken(bookings: readonly BookingToCome[]): string {
  const ids = bookings.map((booking) => booking.id).sort();
  return createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 22);
}

export function toAffected(booking: BookingToCome): AffectedBooking {
  return {
    id: booking.id,
    code: booking.code,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    patientName: booking.patientName,
    status: booking.status as AffectedBooking['status'],
    mode: booking.mode,
  };
}

/** The instants that bound the Vietnam days from `first` to `last`, both included: [start, end). */
export function daysSpan(first: string, last: string): { from: Date; to: Date } {
  return { from: vietnamInstant(first, '00:00'), to: new Date(vietnamInstant(last, '00:00').getTime() + DAY_MS) };
}

/** The instants from a stored working time's first day to its last (the end of its recurrence, or the day itself). */
export function occurrencesSpan(row: WorkTimeRow): { from: Date; to: Date } {
  return daysSpan(row.firstDay, row.recurrenceType === 'none' || !row.untilDay ? row.firstDay : row.untilDay);
}
