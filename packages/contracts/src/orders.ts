import {
  cleanPhone,
  GENDERS,
  IMAGING_PARTS,
  IMAGING_TYPES,
  isPhoneOf,
  LAB_PACKAGE_IDS,
  LAB_PREPARATION_KEYS,
  LAB_TEST_IDS,
  ORDER_CATEGORIES,
  ORDER_STATUS_CODES,
  VN_CALLING_CODE,
  VN_COUNTRY_NAME,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { optionalText, required, requiredText } from './text.ts';
import { SerialIdSchema } from './ids.ts';
import { AppLanguageSchema, BirthdaySchema, CalendarDaySchema, EmailSchema, FullNameSchema } from './accounts.ts';
import { ClockTimeSchema, WorkModeSchema } from './schedules.ts';
import { lazySchema } from './lazy-schema.ts';
import { VaccineDoseIdSchema, VaccineIdSchema, VaccineScheduleIdSchema } from './vaccines.ts';

/*
 * Orders (spec §3 "Order", "Order detail", "Exam and vaccine order request", "Customer/patient info"; §4; §7 Orders).
 * Field names follow the spec where it names them, spelling included (infomation, timeCustome, callingCodes).
 */

/** The person the booking is for (spec §3 "Customer/patient info"). A foreign number is digits only. */
export const PatientInfoSchema = lazySchema(() =>
  z
    .object({
      fullName: FullNameSchema,
      phone: z.pipe(
        z.string(required).check(z.trim(), z.minLength(1, required)),
        z.transform((value) => cleanPhone(value)),
      ),
      callingCodes: z._default(z.string().check(z.regex(/^\+\d{1,4}$/, { error: 'validation.invalid' })), VN_CALLING_CODE),
      nameCountry: z._default(z.string().check(z.trim(), z.maxLength(60)), VN_COUNTRY_NAME),
      gender: z._default(z.enum(GENDERS, { error: 'validation.choose' }), 'male'),
      dateOfBirth: BirthdaySchema,
      email: z.optional(z.union([z.literal(''), EmailSchema])),
      address: requiredText(255),
    })
    .check(
      z.superRefine((value, context) => {
        if (!isPhoneOf(value.callingCodes, value.phone))
          context.addIssue({
            code: 'custom',
            path: ['phone'],
            message: value.callingCodes === VN_CALLING_CODE ? 'validation.phone_invalid' : 'validation.phone_any_invalid',
          });
      }),
    ),
);
export type PatientInfo = z.infer<typeof PatientInfoSchema>;

/**
 * Whom a booking of any category is for: oneself, or (`isFamily`) a profile the booker manages (`profileId`, issue 14,
 * `GET /relatives/{userId}`: the booking is for that person, with the details kept in the profile whatever `infomation`
 * says; someone else's profile answers 404) or another person typed in (`infomation`).
 */
export function bookingPersonFields() {
  return {
    isFamily: z._default(z.boolean(), false),
    infomation: z.optional(PatientInfoSchema),
    profileId: z.optional(z.uuid({ error: 'validation.invalid' })),
  };
}

/** The rule of every booking body: one for someone else names them, by a profile or by `infomation` (required then). */
export function bookingPersonNamed() {
  return z.superRefine((value: { isFamily: boolean; infomation?: PatientInfo; profileId?: string }, context) => {
    if (value.isFamily && !value.infomation && !value.profileId)
      context.addIssue({ code: 'custom', path: ['infomation'], message: 'validation.required' });
  });
}

/**
 * POST /order/{userId} (an examination, in person or online) and PUT /order/{orderId}. `checkDay`/`checkHour` are
 * Vietnam's calendar day and wall-clock hour of one of the doctor's free slots, or with `timeCustome` a time the
 * person asks for (still inside the doctor's working time). `infomation` (or a managed `profileId`) is required when
 * booking for someone else (`isFamily`); for oneself the account's details are used.
 */
export const ExamOrderBodySchema = lazySchema(() =>
  z
    .object({
      mode: WorkModeSchema,
      specialtyId: SerialIdSchema,
      examTypeId: SerialIdSchema,
      doctorId: z.uuid(required),
      checkDay: CalendarDaySchema,
      checkHour: ClockTimeSchema,
      timeCustome: z._default(z.boolean(), false),
      reasonForExamination: requiredText(500),
      note: z._default(optionalText(1000), ''),
      ...bookingPersonFields(),
    })
    .check(bookingPersonNamed()),
);
export type ExamOrderBody = z.input<typeof ExamOrderBodySchema>;

export const OrderStatusSchema = lazySchema(() => z.union(ORDER_STATUS_CODES.map((code) => z.literal(code))));

const NamedSchema = lazySchema(() => z.object({ id: z.int(), name: z.string() }));

/** What the viewer may do with the order now (the server decides; the web only shows the buttons). */
export const OrderActionsSchema = lazySchema(() =>
  z.object({
    edit: z.boolean(),
    cancel: z.boolean(),
    verify: z.boolean(),
    complete: z.boolean(),
    delete: z.boolean(),
  }),
);

/** What a vaccine order holds (decision 043): the vaccine, the dose and the schedule they were chosen in. */
export const OrderVaccineSchema = lazySchema(() =>
  z.object({
    vaccineId: VaccineIdSchema,
    vaccineDoseId: VaccineDoseIdSchema,
    scheduleId: VaccineScheduleIdSchema,
  }),
);
export type OrderVaccine = z.infer<typeof OrderVaccineSchema>;

/** What a lab order holds, in its answer (the shared `Order`'s `lab`). */
export const OrderLabSchema = lazySchema(() =>
  z.object({
    atHome: z.boolean(),
    district: z.nullable(z.string()),
    orderAdress: z.nullable(z.string()),
    orderPhone: z.nullable(z.string()),
    packageTestItems: z.array(z.enum(LAB_PACKAGE_IDS)),
    requestTestItems: z.array(z.enum(LAB_TEST_IDS)),
    /** The price shown at booking, in whole VND (a test a chosen package holds charged once). */
    totalVnd: z.int(),
    /** Whether the person comes (or is visited) fasting, and what else to do before: `lab-catalog:preparation.<key>`. */
    fasting: z.boolean(),
    preparation: z.array(z.enum(LAB_PREPARATION_KEYS)),
    /** When the window or slot ends (Vietnam time, HH:mm): a home visit comes between `checkHour` and this. */
    endHour: z.string(),
  }),
);
export type OrderLab = z.infer<typeof OrderLabSchema>;

/** What an imaging order holds, in its answer (the shared `Order`'s `imaging`; decision 045). */
export const OrderImagingSchema = lazySchema(() =>
  z.object({
    type: z.enum(IMAGING_TYPES),
    items: z.array(z.enum(IMAGING_PARTS)),
    contrast: z.boolean(),
    /** The MRI screening answers (spec `render`), true for "yes"; null for another type. */
    render: z.nullable(z.record(z.string(), z.boolean())),
    /** The answers asked before contrast medium; null without contrast. */
    contrastAnswers: z.nullable(z.record(z.string(), z.boolean())),
    /**
     * The "yes" answers the clinic's imaging staff review before confirming (each a `lab-catalog` key:
     * `screening.pacemaker`, `contrastQuestions.metformin`…); empty for a plain booking.
     */
    review: z.array(z.string()),
    /** Whether the order waits for that review ("needs review by staff"): `review` is not empty. */
    needsReview: z.boolean(),
    /** Whether the person comes fasting (with contrast: `lab-catalog:preparation.contrast_fasting`). */
    fasting: z.boolean(),
    /** The price shown at booking, in whole VND (each part at the type's price, plus the contrast surcharge each). */
    totalVnd: z.int(),
    /** When the slot ends (Vietnam time, HH:mm). */
    endHour: z.string(),
  }),
);
export type OrderImaging = z.infer<typeof OrderImagingSchema>;

export const OrderSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    /** The public tracking code; only the people who may see the order get it. */
    secureCode: z.string(),
    kind: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    category: z.enum(ORDER_CATEGORIES),
    mode: WorkModeSchema,
    status: OrderStatusSchema,
    userId: z.uuid(),
    /**
     * The person it is for (issue 14): the booker's own profile, a profile they manage, or null for a relative typed in by
     * hand (whom `POST /patients/{orderId}` can keep as a profile).
     */
    profileId: z.optional(z.nullable(z.uuid())),
    doctor: z.nullable(z.object({ id: z.uuid(), fullName: z.string(), urlImage: z.nullable(z.string()) })),
    specialty: z.nullable(NamedSchema),
    examType: z.nullable(NamedSchema),
    workUnit: z.nullable(z.object({ id: z.int(), name: z.string(), address: z.string() })),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    checkDay: z.string(),
    checkHour: z.string(),
    timeCustome: z.boolean(),
    reasonForExamination: z.string(),
    /** A vaccine order's vaccine and dose (category `vaccine`, decision 043); absent for the other categories. */
    vaccine: z.optional(OrderVaccineSchema),
    /**
     * The booked service in the reader's language, as its category names it: an examination's type, a vaccination's
     * "Hepatitis B, dose 2" (the lists, the tracking page, the calendar file's title).
     */
    service: z.optional(z.nullable(z.string())),
    /** A lab order's tests, place and preparation (category `lab`, decision 044); absent for the other categories. */
    lab: z.optional(OrderLabSchema),
    /** An imaging order's type, parts, safety answers and review (category `imaging`, decision 045); absent for the others. */
    imaging: z.optional(OrderImagingSchema),
    note: z.string(),
    meetingLink: z.nullable(z.string()),
    cancelReason: z.nullable(z.string()),
    infomation: z.object({
      fullName: z.string(),
      phone: z.string(),
      callingCodes: z.string(),
      nameCountry: z.string(),
      gender: z.enum(GENDERS),
      dateOfBirth: z.string(),
      email: z.nullable(z.string()),
      address: z.string(),
    }),
    /** The doctor removed or changed the working time this booking was made in; it stands, but needs a look. */
    outsideWorkTime: z.boolean(),
    /**
     * What the viewer may do now. For the patient, `edit` and `cancel` turn false at `changeableUntil` (the clinic's
     * cut-off, decision 020); for the doctor `complete` is true only from 30 minutes before the start on its day, and
     * `delete` only for a cancelled booking.
     */
    actions: OrderActionsSchema,
    /**
     * Until when the patient may move or cancel it online (the start minus the clinic's cut-off, 4 hours by default);
     * null once it is no longer booked or verified.
     */
    changeableUntil: z.nullable(z.iso.datetime()),
    /** The clinic's phone a patient past the cut-off is told to call (the support contact's phone). */
    clinicPhone: z.nullable(z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type Order = z.infer<typeof OrderSchema>;

/** GET /order/page/{userId}: my bookings (as=patient) or those assigned to me (as=doctor): coming ones soonest first, then past ones, most recent day first (time order within a day). */
export const OrderPageQuerySchema = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
    size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
    as: z._default(z.enum(['patient', 'doctor']), 'patient'),
    status: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(4))),
    day: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(31))),
    month: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(12))),
    year: z.optional(z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100))),
  }),
);
export type OrderPageQuery = z.input<typeof OrderPageQuerySchema>;

/** GET /order/{userId}/date-tests?month&year[&as]: the days of a month that have bookings, with their counts. */
export const OrderDaysQuerySchema = lazySchema(() =>
  z.object({
    month: z.coerce.number().check(z.int(), z.gte(1), z.lte(12)),
    year: z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100)),
    as: z._default(z.enum(['patient', 'doctor']), 'patient'),
  }),
);
export const OrderDaysSchema = lazySchema(() => z.object({ days: z.array(z.object({ day: z.string(), count: z.int().check(z.gte(1)) })) }));

export const VerifyOrderBodySchema = lazySchema(() =>
  z.object({
    /** For an online booking: the meeting link; when left out one is made from the configured video base URL. */
    meetingLink: z.optional(z.url({ protocol: /^https?$/, error: 'validation.link_invalid' }).check(z.maxLength(500))),
  }),
);
export const CancelOrderBodySchema = lazySchema(() =>
  z.object({
    reason: z.optional(optionalText(500)),
  }),
);

export const UserOrderParamsSchema = lazySchema(() =>
  z.object({
    userId: z.uuid({ error: 'validation.invalid' }),
    orderId: z.uuid({ error: 'validation.invalid' }),
  }),
);

/** GET /p/order/track-order/{code}: public, so nothing personal beyond the initials. */
export const OrderTrackingSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    status: OrderStatusSchema,
    category: z.enum(ORDER_CATEGORIES),
    mode: WorkModeSchema,
    service: z.nullable(z.string()),
    specialty: z.nullable(z.string()),
    clinic: z.nullable(z.object({ name: z.string(), address: z.string() })),
    checkDay: z.string(),
    checkHour: z.string(),
    startsAt: z.iso.datetime(),
    patientInitials: z.string(),
  }),
);
export type OrderTracking = z.infer<typeof OrderTrackingSchema>;
export const TrackingCodeParamsSchema = lazySchema(() =>
  z.object({
    code: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'validation.invalid' })),
  }),
);

/** DELETE /order/delete/{userId}/{orderId}: the removed order's id. */
export const DeletedOrderSchema = lazySchema(() => z.object({ id: z.uuid() }));

/** PUT /order/{orderId}, PUT /order/{orderId}/note, GET /order/detail/{orderId}, GET /order/ics/{orderId}. */
export const OrderIdParamsSchema = lazySchema(() => z.object({ id: z.uuid({ error: 'validation.invalid' }) }));
/** GET /order/ics/{id}: the language the app is used in (a download link sends the browser's Accept-Language). */
export const CalendarQuerySchema = lazySchema(() => z.object({ lang: z.optional(AppLanguageSchema) }));
/** GET /order/page/{userId}, GET /order/{userId}/date-tests, POST /order/{userId}. */
export const OrderUserParamsSchema = lazySchema(() => z.object({ userId: z.uuid({ error: 'validation.invalid' }) }));
/** PUT /order/{orderId}/note: a plain-text body. */
export const ORDER_NOTE_MAX_CHARS = 1000;
export const OrderNoteBodySchema = lazySchema(() => optionalText(ORDER_NOTE_MAX_CHARS));

/**
 * POST /order/doctor/{doctorId} (issue 17, decision 027): the doctor's order for a patient (kind 2), for example the
 * re-examination. The patient and the profile come from `fromOrderId`, a booking assigned to this doctor — never from
 * the client; the slot is one of the doctor's own free times of `mode`. `examTypeId` defaults to the source booking's.
 */
export const DoctorOrderBodySchema = lazySchema(() =>
  z.object({
    fromOrderId: z.uuid({ error: 'validation.invalid' }),
    mode: WorkModeSchema,
    examTypeId: z.optional(SerialIdSchema),
    checkDay: CalendarDaySchema,
    checkHour: ClockTimeSchema,
    reasonForExamination: requiredText(500),
    note: z._default(optionalText(1000), ''),
  }),
);
export type DoctorOrderBody = z.input<typeof DoctorOrderBodySchema>;
/** POST /order/doctor/{doctorId}: the doctor's own id. */
export const DoctorOrderParamsSchema = lazySchema(() => z.object({ doctorId: z.uuid({ error: 'validation.invalid' }) }));
