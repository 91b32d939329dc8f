import { cleanPhone, GENDERS, isPhoneOf, ORDER_CATEGORIES, ORDER_STATUS_CODES, VN_CALLING_CODE, VN_COUNTRY_NAME } from '@rhc/domain';
import { z } from 'zod';
import { SerialIdSchema } from './ids.ts';
import { AppLanguageSchema, BirthdaySchema, CalendarDaySchema, EmailSchema, FullNameSchema } from './accounts.ts';
import { ClockTimeSchema, WorkModeSchema } from './schedules.ts';

/*
 * Orders (spec §3 "Order", "Order detail", "Exam and vaccine order request", "Customer/patient info"; §4; §7 Orders).
 * Field names follow the spec where it names them, spelling included (infomation, timeCustome, callingCodes).
 */

const required = { error: 'validation.required' };

/** The person the booking is for (spec §3 "Customer/patient info"). A foreign number is digits only. */
export const PatientInfoSchema = z
  .object({
    fullName: FullNameSchema,
    phone: z
      .string(required)
      .trim()
      .min(1, required)
      .transform((value) => cleanPhone(value)),
    callingCodes: z
      .string()
      .regex(/^\+\d{1,4}$/, { error: 'validation.invalid' })
      .default(VN_CALLING_CODE),
    nameCountry: z.string().trim().max(60).default(VN_COUNTRY_NAME),
    gender: z.enum(GENDERS, { error: 'validation.choose' }).default('male'),
    dateOfBirth: BirthdaySchema,
    email: z.union([z.literal(''), EmailSchema]).optional(),
    address: z.string(required).trim().min(1, required).max(255, { error: 'validation.too_long' }),
  })
  .superRefine((value, context) => {
    if (!isPhoneOf(value.callingCodes, value.phone))
      context.addIssue({
        code: 'custom',
        path: ['phone'],
        message: value.callingCodes === VN_CALLING_CODE ? 'validation.phone_invalid' : 'validation.phone_any_invalid',
      });
  });
export type PatientInfo = z.infer<typeof PatientInfoSchema>;

/**
 * POST /order/{userId} (an examination, in person or online) and PUT /order/{orderId}. `checkDay`/`checkHour` are
 * Vietnam's calendar day and wall-clock hour of one of the doctor's free slots, or with `timeCustome` a time the
 * person asks for (still inside the doctor's working time). `infomation` (or a managed `profileId`) is required when
 * booking for someone else (`isFamily`); for oneself the account's details are used.
 */
export const ExamOrderBodySchema = z
  .object({
    mode: WorkModeSchema,
    isFamily: z.boolean().default(false),
    specialtyId: SerialIdSchema,
    examTypeId: SerialIdSchema,
    doctorId: z.uuid(required),
    checkDay: CalendarDaySchema,
    checkHour: ClockTimeSchema,
    timeCustome: z.boolean().default(false),
    reasonForExamination: z.string(required).trim().min(1, required).max(500, { error: 'validation.too_long' }),
    note: z.string().trim().max(1000, { error: 'validation.too_long' }).default(''),
    infomation: PatientInfoSchema.optional(),
    /**
     * A profile the booker manages (issue 14, `GET /relatives/{userId}`): the booking is for that person, with the
     * details kept in the profile (whatever `infomation` says). Someone else's profile answers 404.
     */
    profileId: z.uuid({ error: 'validation.invalid' }).optional(),
  })
  .superRefine((value, context) => {
    if (value.isFamily && !value.infomation && !value.profileId)
      context.addIssue({ code: 'custom', path: ['infomation'], message: 'validation.required' });
  });
export type ExamOrderBody = z.input<typeof ExamOrderBodySchema>;

export const OrderStatusSchema = z.union(ORDER_STATUS_CODES.map((code) => z.literal(code)));

const NamedSchema = z.object({ id: z.number().int(), name: z.string() });

/** What the viewer may do with the order now (the server decides; the web only shows the buttons). */
export const OrderActionsSchema = z.object({
  edit: z.boolean(),
  cancel: z.boolean(),
  verify: z.boolean(),
  complete: z.boolean(),
  delete: z.boolean(),
});

export const OrderSchema = z.object({
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
  profileId: z.uuid().nullable().optional(),
  doctor: z.object({ id: z.uuid(), fullName: z.string(), urlImage: z.string().nullable() }).nullable(),
  specialty: NamedSchema.nullable(),
  examType: NamedSchema.nullable(),
  workUnit: z.object({ id: z.number().int(), name: z.string(), address: z.string() }).nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  checkDay: z.string(),
  checkHour: z.string(),
  timeCustome: z.boolean(),
  reasonForExamination: z.string(),
  note: z.string(),
  meetingLink: z.string().nullable(),
  cancelReason: z.string().nullable(),
  infomation: z.object({
    fullName: z.string(),
    phone: z.string(),
    callingCodes: z.string(),
    nameCountry: z.string(),
    gender: z.enum(GENDERS),
    dateOfBirth: z.string(),
    email: z.string().nullable(),
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
  changeableUntil: z.iso.datetime().nullable(),
  /** The clinic's phone a patient past the cut-off is told to call (the support contact's phone). */
  clinicPhone: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Order = z.infer<typeof OrderSchema>;

/** GET /order/page/{userId}: my bookings (as=patient) or those assigned to me (as=doctor): coming ones soonest first, then past ones, most recent day first (time order within a day). */
export const OrderPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  as: z.enum(['patient', 'doctor']).default('patient'),
  status: z.coerce.number().int().min(0).max(4).optional(),
  day: z.coerce.number().int().min(1).max(31).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type OrderPageQuery = z.input<typeof OrderPageQuerySchema>;

/** GET /order/{userId}/date-tests?month&year[&as]: the days of a month that have bookings, with their counts. */
export const OrderDaysQuerySchema = z.object({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(2100),
  as: z.enum(['patient', 'doctor']).default('patient'),
});
export const OrderDaysSchema = z.object({ days: z.array(z.object({ day: z.string(), count: z.number().int().min(1) })) });

export const VerifyOrderBodySchema = z.object({
  /** For an online booking: the meeting link; when left out one is made from the configured video base URL. */
  meetingLink: z
    .url({ protocol: /^https?$/, error: 'validation.link_invalid' })
    .max(500)
    .optional(),
});
export const CancelOrderBodySchema = z.object({ reason: z.string().trim().max(500, { error: 'validation.too_long' }).optional() });

export const UserOrderParamsSchema = z.object({
  userId: z.uuid({ error: 'validation.invalid' }),
  orderId: z.uuid({ error: 'validation.invalid' }),
});

/** GET /p/order/track-order/{code}: public, so nothing personal beyond the initials. */
export const OrderTrackingSchema = z.object({
  code: z.string(),
  status: OrderStatusSchema,
  category: z.enum(ORDER_CATEGORIES),
  mode: WorkModeSchema,
  service: z.string().nullable(),
  specialty: z.string().nullable(),
  clinic: z.object({ name: z.string(), address: z.string() }).nullable(),
  checkDay: z.string(),
  checkHour: z.string(),
  startsAt: z.iso.datetime(),
  patientInitials: z.string(),
});
export type OrderTracking = z.infer<typeof OrderTrackingSchema>;
export const TrackingCodeParamsSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'validation.invalid' }) });

/** DELETE /order/delete/{userId}/{orderId}: the removed order's id. */
export const DeletedOrderSchema = z.object({ id: z.uuid() });

/** PUT /order/{orderId}, PUT /order/{orderId}/note, GET /order/detail/{orderId}, GET /order/ics/{orderId}. */
export const OrderIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
/** GET /order/ics/{id}: the language the app is used in (a download link sends the browser's Accept-Language). */
export const CalendarQuerySchema = z.object({ lang: AppLanguageSchema.optional() });
/** GET /order/page/{userId}, GET /order/{userId}/date-tests, POST /order/{userId}. */
export const OrderUserParamsSchema = z.object({ userId: z.uuid({ error: 'validation.invalid' }) });
/** PUT /order/{orderId}/note: a plain-text body. */
export const ORDER_NOTE_MAX_CHARS = 1000;
export const OrderNoteBodySchema = z.string().trim().max(ORDER_NOTE_MAX_CHARS, { error: 'validation.too_long' });

/**
 * POST /order/doctor/{doctorId} (issue 17, decision 027): the doctor's order for a patient (kind 2), for example the
 * re-examination. The patient and the profile come from `fromOrderId`, a booking assigned to this doctor — never from
 * the client; the slot is one of the doctor's own free times of `mode`. `examTypeId` defaults to the source booking's.
 */
export const DoctorOrderBodySchema = z.object({
  fromOrderId: z.uuid({ error: 'validation.invalid' }),
  mode: WorkModeSchema,
  examTypeId: SerialIdSchema.optional(),
  checkDay: CalendarDaySchema,
  checkHour: ClockTimeSchema,
  reasonForExamination: z.string(required).trim().min(1, required).max(500, { error: 'validation.too_long' }),
  note: z.string().trim().max(1000, { error: 'validation.too_long' }).default(''),
});
export type DoctorOrderBody = z.input<typeof DoctorOrderBodySchema>;
/** POST /order/doctor/{doctorId}: the doctor's own id. */
export const DoctorOrderParamsSchema = z.object({ doctorId: z.uuid({ error: 'validation.invalid' }) });
