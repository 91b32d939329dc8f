import {
  CONTRAST_QUESTIONS,
  IMAGING_MODALITIES,
  IMAGING_ORDER_NOTE_MAX_LENGTH,
  IMAGING_PARTS,
  IMAGING_TYPES,
  imagingPartsAllowed,
  MRI_SCREENING_QUESTIONS,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { CalendarDaySchema } from './accounts.ts';
import { SerialIdSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import { bookingPersonFields, bookingPersonNamed } from './orders.ts';
import { ClockTimeSchema } from './schedules.ts';
import { invalid, optionalText, tooLong } from './text.ts';

/*
 * Imaging orders (issue 51, decisions 044 and 045; spec §2 `/imageanalysation/` → `confirm/` → `complete/`, "imaging
 * booking: image type, organ, date, hour, magnetic barrier yes/no, contrast yes/no"; §3 the order request's `render`,
 * `contrast`, `items`; §5 "an image type, at least one body part or organ"). An imaging order is an order of the
 * `imaging` category on the order core: booked by the call below, read, confirmed, cancelled and completed by the
 * shared order calls (`/order/…`), whose answer carries the `imaging` it holds. It holds a slot of one of the clinic's
 * machines of its modality, not a doctor's time; the clinic's imaging staff review, confirm and complete it.
 */

export const ImagingTypeSchema = lazySchema(() => z.enum(IMAGING_TYPES, invalid));
export const ImagingPartSchema = lazySchema(() => z.enum(IMAGING_PARTS, invalid));

type Answers<Q extends readonly string[]> = z.ZodMiniObject<{ [K in Q[number]]: z.ZodMiniOptional<z.ZodMiniBoolean> }>;

/** Yes (true) or no (false) to each of `questions`, each optional here: which must be answered is the rule below. */
function answersOf<const Q extends readonly string[]>(questions: Q): Answers<Q> {
  return z.object(Object.fromEntries(questions.map((question) => [question, z.optional(z.boolean(invalid))]))) as unknown as Answers<Q>;
}

/** The MRI screening answers (spec `render`, "magnetic barrier yes/no"): `lab-catalog:screening.<question>`. */
export const MriScreeningAnswersSchema = lazySchema(() => answersOf(MRI_SCREENING_QUESTIONS));
/** The questions asked before contrast medium: `lab-catalog:contrastQuestions.<question>`. */
export const ContrastAnswersSchema = lazySchema(() => answersOf(CONTRAST_QUESTIONS));

/**
 * POST /imageanalysation/{userId}, with an Idempotency-Key (as every booking); PUT /imageanalysationedit/{id}.
 *
 * - `type`: the image type (ULTRASOUND, XRAY, CT, MRI); `items`: the organs or body parts, at least one
 *   (`validation.imaging_item_required`), each one the type can image (`validation.imaging_item_invalid`; the parts of
 *   each type are @rhc/domain's IMAGING_MODALITIES).
 * - `workUnitId`: the clinic, whose machines of the type are booked; `testDay`/`testTime`: Vietnam time, `testTime` the
 *   start of a slot of the type's length (ultrasound 20 minutes, X-ray 10, CT 15, MRI 45; 422 SLOT_UNAVAILABLE
 *   otherwise, or when the clinic has no such machine or no imaging staff; 422 SLOT_PAST once begun, SLOT_TOO_FAR past
 *   CAPACITY_BOOKING_DAYS_AHEAD); every machine
 *   of the type taken at that start meanwhile, 409 SLOT_TAKEN.
 * - `render` (the magnetic barrier): for an MRI every screening question is answered (`validation.required` on
 *   `render.<question>`); ignored for the other types.
 * - `contrast`: with contrast medium; only CT and MRI are done with it (422 IMAGING_CONTRAST_NOT_OFFERED), and then
 *   every `contrastAnswers` question is answered (`validation.required` on `contrastAnswers.<question>`).
 * - A "yes" to any question books the order all the same, flagged for review by the clinic's imaging staff before they
 *   confirm it: the answer's `imaging.review` lists them and the staff's notice says so.
 * - For oneself, or (`isFamily`) for a profile the booker manages (`profileId`; another person's: 404) or another person
 *   typed in (`infomation`), as every booking.
 */
export const ImagingOrderBodySchema = lazySchema(() =>
  z
    .object({
      type: ImagingTypeSchema,
      items: z.array(ImagingPartSchema).check(z.maxLength(IMAGING_PARTS.length, tooLong)),
      workUnitId: SerialIdSchema,
      testDay: CalendarDaySchema,
      testTime: ClockTimeSchema,
      render: z.optional(MriScreeningAnswersSchema),
      contrast: z._default(z.boolean(invalid), false),
      contrastAnswers: z.optional(ContrastAnswersSchema),
      note: z._default(optionalText(IMAGING_ORDER_NOTE_MAX_LENGTH), ''),
      ...bookingPersonFields(),
    })
    .check(
      bookingPersonNamed(),
      z.superRefine((value, context) => {
        const issue = (path: PropertyKey[], message: string) => context.addIssue({ code: 'custom', path, message });
        if (value.items.length === 0) issue(['items'], 'validation.imaging_item_required');
        else if (!imagingPartsAllowed(value.type, value.items)) issue(['items'], 'validation.imaging_item_invalid');
        if (value.type === 'MRI')
          for (const question of MRI_SCREENING_QUESTIONS)
            if (value.render?.[question] === undefined) issue(['render', question], 'validation.required');
        // Contrast where the type is not done with it is the booking's refusal (422), not a form's.
        if (value.contrast && IMAGING_MODALITIES[value.type].contrastPriceVnd !== null)
          for (const question of CONTRAST_QUESTIONS)
            if (value.contrastAnswers?.[question] === undefined) issue(['contrastAnswers', question], 'validation.required');
      }),
    ),
);
export type ImagingOrderBody = z.input<typeof ImagingOrderBodySchema>;

/** GET /imageanalysation/free-times: the free machines of a clinic for an image type on a day, slot by slot. */
export const ImagingFreeTimesQuerySchema = lazySchema(() =>
  z.object({
    workUnitId: z.pipe(z.coerce.number(), SerialIdSchema),
    type: ImagingTypeSchema,
    day: CalendarDaySchema,
  }),
);

export const ImagingFreeTimesSchema = lazySchema(() =>
  z.object({
    /** The clinic asked about; null when it has no machine of the type. */
    workUnit: z.nullable(z.object({ id: z.int(), name: z.string(), address: z.string() })),
    /** How many machines of the type it has. */
    machines: z.int(),
    /** Every slot of the type's length in the day, with its free machines (0: all taken, begun, or no imaging staff). */
    times: z.array(z.object({ start: z.string(), end: z.string(), free: z.int() })),
    /** The clinics with a machine of the type, for the clinic picker. */
    workUnits: z.array(z.object({ id: z.int(), name: z.string(), address: z.string() })),
  }),
);
export type ImagingFreeTimes = z.infer<typeof ImagingFreeTimesSchema>;
