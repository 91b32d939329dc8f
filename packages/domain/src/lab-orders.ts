import { clockTime } from './clock-time.ts';
import { vietnamDay } from './dates.ts';
import { IMAGING_MODALITIES, type ImagingType } from './lab-catalog.ts';
import type { OrderCategory } from './orders.ts';
import { vietnamInstant } from './schedules.ts';

/*
 * Lab orders (issue 51, decision 044; spec §2 `/diagnostictest/`, §3 diagnostic test order `atHome`, `orderAdress`,
 * `orderPhone`, `packageTestItems`, `requestTestItems`, `testDay`, `testTime`, `clinicAddress`). A lab order is held
 * by a counted place of a resource (a clinic's home-collection team for a district, or its sampling room), not by a
 * doctor's calendar; it is confirmed and completed by the clinic's lab staff, holders of the lab specialty.
 */

/** The catalog's lab specialty ("Xét nghiệm"): the clinic's lab staff hold it (db/seed/catalog.ts; decision 044). */
export const LAB_SPECIALTY_ID = 14;
export const LAB_SPECIALTY_CODE = 'laboratory' as const;

/** The categories whose order holds its doctor's time (the orders_no_overlap constraint's, migration 0023). */
export const CALENDAR_CATEGORIES = ['exam', 'vaccine'] as const satisfies readonly OrderCategory[];
/** The categories whose order holds a counted place of a resource instead (decision 044). */
export const CAPACITY_CATEGORIES = ['lab', 'imaging'] as const satisfies readonly OrderCategory[];

/** The kinds of resource a place is counted on (capacity_resources.kind). */
export const CAPACITY_KINDS = ['lab_home', 'lab_clinic', 'imaging'] as const;
export type CapacityKind = (typeof CAPACITY_KINDS)[number];

/** A time a place is offered at, as Vietnam's wall clock: its start and its end (HH:mm). */
export interface LabTime {
  start: string;
  end: string;
}

/**
 * Home collection windows, every day (assumption: the hours of the home-collection services of Vietnamese clinic
 * networks; the first window is the fasting one, before breakfast).
 */
export const HOME_COLLECTION_WINDOWS: readonly LabTime[] = [
  { start: '06:00', end: '08:00' },
  { start: '08:00', end: '10:00' },
  { start: '10:00', end: '12:00' },
  { start: '14:00', end: '16:00' },
];

/** A sampling chair is taken for a quarter of an hour at a clinic. */
export const CLINIC_LAB_SLOT_MINUTES = 15;
/** The clinic's sampling room, every day: mornings (when most people come fasting) and afternoons. */
export const CLINIC_LAB_HOURS: readonly LabTime[] = [
  { start: '07:00', end: '11:00' },
  { start: '13:30', end: '16:30' },
];

/**
 * How far ahead a lab or imaging order may be booked: 60 days, counted in Vietnam's calendar days from today
 * (assumption: the booking windows of Vietnamese clinic networks' lab and imaging services run weeks ahead, as the
 * clinics plan their teams and machines; a place offered "every day" must end somewhere, or a booking in year 9999
 * holds a place nobody will staff). The booking screens' calendars end on the same day. An examination or vaccination
 * is bounded by its doctor's working time instead.
 */
export const CAPACITY_BOOKING_DAYS_AHEAD = 60;

/** Whether a lab or imaging order on `day` (YYYY-MM-DD, Vietnam) lies past the booking horizon seen from `now`. */
export function beyondBookingHorizon(day: string, now: Date): boolean {
  const last = new Date(Date.parse(`${vietnamDay(now)}T00:00:00Z`) + CAPACITY_BOOKING_DAYS_AHEAD * 86_400_000);
  return day > last.toISOString().slice(0, 10);
}

/** A lab order's note, address and district code, as a person may write them. */
export const LAB_ORDER_NOTE_MAX_LENGTH = 1000;
export const LAB_ORDER_ADDRESS_MAX_LENGTH = 300;
export const LAB_DISTRICT_PATTERN = /^[a-z0-9-]{2,40}$/;
/** How many tests and packages one order may hold (more than the catalog: a list that long is a mistake). */
export const LAB_ORDER_MAX_ITEMS = 40;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Back-to-back slots of `minutes` in `hours`, none crossing the end of a span (the lunch break, the closing). */
function slotsIn(hours: readonly LabTime[], minutes: number): LabTime[] {
  return hours.flatMap(({ start, end }) => {
    const times: LabTime[] = [];
    for (let at = minutesOf(start); at + minutes <= minutesOf(end); at += minutes)
      times.push({ start: clockTime(at), end: clockTime(at + minutes) });
    return times;
  });
}

/** The times offered for a home visit (its windows) or at a clinic (its slots), in the day's order. */
export function labTimes(atHome: boolean): LabTime[] {
  return atHome ? [...HOME_COLLECTION_WINDOWS] : slotsIn(CLINIC_LAB_HOURS, CLINIC_LAB_SLOT_MINUTES);
}

/**
 * The instants of a lab order at `testTime` (the start of a window or slot) on `testDay`, Vietnam time; undefined when
 * no window or slot starts then.
 */
export function labTimeOf(atHome: boolean, testDay: string, testTime: string): { startsAt: Date; endsAt: Date } | undefined {
  return instantsOf(labTimes(atHome), testDay, testTime);
}

/**
 * The slots of an imaging machine of `type` (decision 044): back to back, each as long as the modality's scan
 * (ultrasound 20 minutes, X-ray 10, CT 15, MRI 45: IMAGING_MODALITIES), in the clinic's opening hours (those of its
 * sampling room), none running past the lunch break or the closing.
 */
export function imagingTimes(type: ImagingType): LabTime[] {
  return slotsIn(CLINIC_LAB_HOURS, IMAGING_MODALITIES[type].durationMinutes);
}

/** The instants of an imaging order at `testTime` (a slot start of its modality) on `testDay`, Vietnam time; undefined when no slot starts then. */
export function imagingTimeOf(type: ImagingType, testDay: string, testTime: string): { startsAt: Date; endsAt: Date } | undefined {
  return instantsOf(imagingTimes(type), testDay, testTime);
}

function instantsOf(times: readonly LabTime[], day: string, at: string): { startsAt: Date; endsAt: Date } | undefined {
  const time = times.find(({ start }) => start === at);
  if (!time) return undefined;
  return { startsAt: vietnamInstant(day, time.start), endsAt: vietnamInstant(day, time.end) };
}
