import { latestRecurrenceUntil, RECURRENCE_UNITS, SCHEDULE_FIRST_YEAR, SCHEDULE_LAST_YEAR, vietnamDay, WORK_MODES } from '@rhc/domain';
import { z } from 'zod/mini';
import { SerialIdQuerySchema, SerialIdSchema } from './ids.ts';
import { CalendarDaySchema } from './accounts.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import { lazySchema } from './lazy-schema.ts';
import { ScheduleConfirmSchema } from './affected-bookings.ts';

/*
 * Catalog and doctors' working time (spec §3 "Doctor work time", "Doctor holiday"; §5 work-time rules; §7 Schedules).
 * Wall-clock times are HH:mm in Asia/Ho_Chi_Minh; instants are ISO 8601 UTC. Messages are errors:validation.* keys.
 */

export const WorkModeSchema = lazySchema(() => z.enum(WORK_MODES));
export type WorkMode = z.infer<typeof WorkModeSchema>;

/** HH:mm, 00:00–23:59, in Asia/Ho_Chi_Minh. */
export const ClockTimeSchema = lazySchema(() =>
  z.string({ error: 'validation.required' }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time_invalid' })),
);

const InstantSchema = lazySchema(() => z.iso.datetime({ offset: true, error: 'validation.time_invalid' }));

/** The year of a YYYY-MM-DD day, or null for anything else (a year past 9999 is written +010000-…). */
function yearOf(day: string): number | null {
  const match = /^(\d{4})-/.exec(day);
  return match ? Number(match[1]) : null;
}

function inScheduleYears(year: number | null): boolean {
  return year !== null && year >= SCHEDULE_FIRST_YEAR && year <= SCHEDULE_LAST_YEAR;
}

/**
 * A day of a schedule (days off, the end of a recurrence): a calendar day in SCHEDULE_FIRST_YEAR…SCHEDULE_LAST_YEAR,
 * so year 0000 (which PostgreSQL has not) or 9999 is a field message, not a database error.
 */
export const ScheduleDaySchema = lazySchema(() =>
  CalendarDaySchema.check(
    z.refine((day) => yearOf(day) === null || inScheduleYears(yearOf(day)), {
      error: 'validation.date_out_of_range',
    }),
  ),
);

/* ---------- Catalog ---------- */

export const SpecialtySchema = lazySchema(() => z.object({ id: z.int(), code: z.string(), name: z.string() }));
export type Specialty = z.infer<typeof SpecialtySchema>;

export const ExamTypeSchema = lazySchema(() =>
  z.object({
    id: z.int(),
    code: z.string(),
    name: z.string(),
    mode: WorkModeSchema,
    slotMinutes: z.int(),
  }),
);
export type ExamType = z.infer<typeof ExamTypeSchema>;
export const ExamTypesQuerySchema = lazySchema(() => z.object({ mode: z.optional(WorkModeSchema) }));

/** A bookable doctor (verified only) as a patient sees them. */
export const DoctorCardSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    fullName: z.string(),
    degree: z.string(),
    urlImage: z.nullable(z.string()),
    workPlace: z.string(),
    specialties: z.array(z.pick(SpecialtySchema, { id: true, name: true })),
  }),
);
export type DoctorCard = z.infer<typeof DoctorCardSchema>;
export const DoctorsQuerySchema = lazySchema(() =>
  z.object({ specialtyId: z.optional(SerialIdQuerySchema), mode: z.optional(WorkModeSchema) }),
);

/** One hour of the requested-time grid (GET /exam-time, GET /exam-time/image-analysation). */
export const ExamTimeSchema = lazySchema(() => z.object({ id: z.int(), start: ClockTimeSchema, end: ClockTimeSchema }));
export type ExamTime = z.infer<typeof ExamTimeSchema>;

/* ---------- Working time ---------- */

const recurrenceSchema = (until: typeof CalendarDaySchema) =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('none') }),
    z.object({
      type: z.enum(RECURRENCE_UNITS),
      interval: z.coerce
        .number({ error: 'validation.interval_required' })
        .check(
          z.int({ error: 'validation.interval_required' }),
          z.gte(1, { error: 'validation.interval_required' }),
          z.lte(365, { error: 'validation.interval_required' }),
        ),
      /** ISO weekdays 1 (Monday) … 7 (Sunday); required for a weekly recurrence. */
      weekdays: z._default(z.array(z.int().check(z.gte(1), z.lte(7))).check(z.maxLength(7)), []),
      until,
    }),
  ]);
/** How a work time a doctor saves repeats: its last day within the schedule's years (and MAX_RECURRENCE_YEARS). */
export const RecurrenceSchema = lazySchema(() => recurrenceSchema(ScheduleDaySchema));
export type Recurrence = z.infer<typeof RecurrenceSchema>;
/** How a stored work time repeats, as answered: one saved before the bounds existed may run to 9999-12-31. */
const StoredRecurrenceSchema = lazySchema(() => recurrenceSchema(CalendarDaySchema));

/**
 * POST /user-time-doctor (in person) and /user-time-doctor-online: the first occurrence's start and end, entered in
 * Vietnam's time and sent as UTC (spec §7), and the recurrence. In person needs a work unit.
 */
export const WorkTimeBodySchema = lazySchema(() =>
  z
    .object({
      startsAt: InstantSchema,
      endsAt: InstantSchema,
      recurrence: RecurrenceSchema,
      workUnitId: z.optional(SerialIdSchema),
      /**
       * A change (PUT) that leaves bookings outside working time is saved only with the token of the 409
       * SCHEDULE_HAS_BOOKINGS that listed them (decision 047); ignored when nothing is affected.
       */
      confirm: z.optional(ScheduleConfirmSchema),
    })
    .check(
      z.superRefine((value, context) => {
        const r = value.recurrence;
        if (r.type === 'week' && r.weekdays.length === 0)
          context.addIssue({ code: 'custom', path: ['recurrence', 'weekdays'], message: 'validation.weekdays_required' });
        // A start or end that is not an instant already has its own issue; nothing below can be said of it.
        const startsAt = Date.parse(value.startsAt);
        const endsAt = Date.parse(value.endsAt);
        if (Number.isNaN(startsAt) || Number.isNaN(endsAt)) return;
        if (endsAt <= startsAt) context.addIssue({ code: 'custom', path: ['endsAt'], message: 'validation.end_before_start' });
        // Compared as Vietnamese calendar days; an instant years outside the range (up to JavaScript's last date) is
        // refused before any day is computed from it.
        const utcYear = new Date(startsAt).getUTCFullYear();
        const outOfRange = utcYear < SCHEDULE_FIRST_YEAR - 1 || utcYear > SCHEDULE_LAST_YEAR + 1;
        const firstDay = outOfRange ? '' : vietnamDay(new Date(startsAt));
        if (outOfRange || !inScheduleYears(yearOf(firstDay))) {
          context.addIssue({ code: 'custom', path: ['startsAt'], message: 'validation.date_out_of_range' });
          return;
        }
        if (r.type !== 'none') {
          if (r.until < firstDay)
            context.addIssue({ code: 'custom', path: ['recurrence', 'until'], message: 'validation.until_before_start' });
          else if (r.until > latestRecurrenceUntil(firstDay))
            context.addIssue({ code: 'custom', path: ['recurrence', 'until'], message: 'validation.until_too_far' });
        }
      }),
    ),
);
export type WorkTimeBody = z.infer<typeof WorkTimeBodySchema>;

export const WorkTimeSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    mode: WorkModeSchema,
    /** First day (Vietnam) and wall-clock start and end. */
    day: z.string(),
    start: ClockTimeSchema,
    end: ClockTimeSchema,
    /** The first occurrence as instants. */
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    recurrence: StoredRecurrenceSchema,
    workUnit: z.nullable(z.object({ id: z.int(), name: z.string(), address: z.string() })),
  }),
);
export type WorkTime = z.infer<typeof WorkTimeSchema>;
export const WorkTimeListSchema = lazySchema(() => z.array(WorkTimeSchema));

export const HolidayBodySchema = lazySchema(() =>
  z
    .object({
      startDate: ScheduleDaySchema,
      endDate: ScheduleDaySchema,
      /** Days off over bookings are saved only with the token of the 409 SCHEDULE_HAS_BOOKINGS that listed them (decision 047). */
      confirm: z.optional(ScheduleConfirmSchema),
    })
    .check(z.refine((value) => value.endDate >= value.startDate, { path: ['endDate'], error: 'validation.until_before_start' })),
);
export const HolidaySchema = lazySchema(() => z.object({ id: z.uuid(), startDate: z.string(), endDate: z.string() }));
export type Holiday = z.infer<typeof HolidaySchema>;
export const HolidayListSchema = lazySchema(() => z.array(HolidaySchema));
/** GET /holidays?doctorId=…: a doctor's days off (the booking calendar disables them). Without doctorId: my own. */
export const HolidaysQuerySchema = lazySchema(() => z.object({ doctorId: z.optional(z.uuid()) }));

const yearOutOfRange = { error: 'validation.year_out_of_range' };
export const MonthQuerySchema = lazySchema(() =>
  z.object({
    month: z.coerce.number().check(z.int(), z.gte(1), z.lte(12)),
    year: z.coerce.number().check(z.int(), z.gte(SCHEDULE_FIRST_YEAR, yearOutOfRange), z.lte(SCHEDULE_LAST_YEAR, yearOutOfRange)),
  }),
);
export const DayQuerySchema = lazySchema(() => z.extend(MonthQuerySchema, { day: z.coerce.number().check(z.int(), z.gte(1), z.lte(31)) }));

/** One occurrence of a work time on a day. */
export const WorkOccurrenceSchema = lazySchema(() =>
  z.object({
    workTimeId: z.uuid(),
    mode: WorkModeSchema,
    start: ClockTimeSchema,
    end: ClockTimeSchema,
    workUnitName: z.nullable(z.string()),
  }),
);

/** GET /doctor-schedule/{id}?month&year: the doctor's own month. */
export const DoctorScheduleMonthSchema = lazySchema(() =>
  z.object({
    workTimes: WorkTimeListSchema,
    holidays: HolidayListSchema,
    days: z.array(
      z.object({
        day: z.string(),
        holiday: z.boolean(),
        occurrences: z.array(WorkOccurrenceSchema),
        /** Active bookings (booked, verified, done) on that day. */
        bookings: z.int().check(z.gte(0)),
      }),
    ),
  }),
);
export type DoctorScheduleMonth = z.infer<typeof DoctorScheduleMonthSchema>;

/** POST /schedule-in-month/: the days of a month a doctor works (any logged-in person, for the booking calendar). */
export const ScheduleInMonthBodySchema = lazySchema(() =>
  z.extend(MonthQuerySchema, { doctorId: z.uuid(), mode: z.optional(WorkModeSchema) }),
);
export const ScheduleInMonthSchema = lazySchema(() => z.object({ days: z.array(z.string()) }));

/** POST /user-freetime-in-month/{doctorId} and …-online: the bookable slots of a month. */
export const FreeTimeBodySchema = lazySchema(() => z.extend(MonthQuerySchema, { examTypeId: z.optional(SerialIdSchema) }));
/**
 * A clinic a month's in-person slots take place at (a work unit, its name in the request language), listed once per
 * answer: the slots name it by id.
 */
export const FreeTimeClinicSchema = lazySchema(() => z.object({ id: z.int(), name: z.string(), address: z.string() }));
export type FreeTimeClinic = z.infer<typeof FreeTimeClinicSchema>;
/** A free slot is its Vietnam wall-clock start; the day is its day's and the length the exam type's. */
export const FreeSlotSchema = lazySchema(() =>
  z.object({
    hour: ClockTimeSchema,
    /** Where an in-person slot takes place: the id of its work time's clinic in the answer's `clinics`; null online. */
    clinicId: z.nullable(z.int()),
  }),
);
export type FreeSlot = z.infer<typeof FreeSlotSchema>;
export const FreeTimeSchema = lazySchema(() =>
  z.object({
    days: z.array(z.object({ day: z.string(), slots: z.array(FreeSlotSchema) })),
    holidays: z.array(z.pick(HolidaySchema, { startDate: true, endDate: true })),
    /** The clinics the month's slots name, each once (empty online). */
    clinics: z.array(FreeTimeClinicSchema),
  }),
);
export type FreeTime = z.infer<typeof FreeTimeSchema>;

export const DoctorIdParamsSchema = lazySchema(() => z.object({ doctorId: z.uuid({ error: 'validation.invalid' }) }));
export const IdParamsSchema = lazySchema(() => z.object({ id: z.uuid({ error: 'validation.invalid' }) }));
/** DELETE /user-time-doctor/{id}?confirm=…: the token of the 409 SCHEDULE_HAS_BOOKINGS that listed the bookings it affects. */
export const ConfirmQuerySchema = lazySchema(() => z.object({ confirm: z.optional(ScheduleConfirmSchema) }));
/** The id of what a DELETE removed. */
export const DeletedSchema = lazySchema(() => z.object({ id: z.uuid() }));

/** GET /doctor-schedule/page/{id}?day&month&year&page&size: one day's occurrences, paged. */
export const DoctorSchedulePageQuerySchema = lazySchema(() => z.extend(DayQuerySchema, PageQuerySchema.shape));
export const DoctorSchedulePageSchema = lazySchema(() => pageSchema(WorkOccurrenceSchema));
export type WorkOccurrence = z.infer<typeof WorkOccurrenceSchema>;
