import {
  LAB_DISTRICT_PATTERN,
  LAB_ORDER_ADDRESS_MAX_LENGTH,
  LAB_ORDER_MAX_ITEMS,
  LAB_ORDER_NOTE_MAX_LENGTH,
  LAB_PACKAGE_IDS,
  LAB_TEST_IDS,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { CalendarDaySchema, PhoneSchema } from './accounts.ts';
import { SerialIdSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import { bookingPersonFields, bookingPersonNamed } from './orders.ts';
import { ClockTimeSchema } from './schedules.ts';
import { invalid, optionalText, tooLong } from './text.ts';

/*
 * Lab orders (issue 51, decision 044; spec §2 `/diagnostictest/` → `confirm/` → `complete/`, §3 diagnostic test
 * order: `atHome`, `orderAdress` [sic], `orderPhone`, `packageTestItems`, `requestTestItems`, `testDay`, `testTime`,
 * `clinicAddress`; §5 "at least one request or package"). A lab order is an order of the `lab` category on the order
 * core: booked by the call below, read, confirmed, cancelled and completed by the shared order calls (`/order/…`),
 * whose answer carries the `lab` it holds. It holds a counted place (a home-collection window of a district, or a
 * 15-minute slot of a clinic's sampling room), not a doctor's time; the clinic's lab staff confirm and complete it.
 */

export const LabTestIdSchema = lazySchema(() => z.enum(LAB_TEST_IDS, invalid));
export const LabPackageIdSchema = lazySchema(() => z.enum(LAB_PACKAGE_IDS, invalid));
/** An area a clinic's home-collection team visits (a former district's code: `hcm-q5`; decision 044). */
export const LabDistrictSchema = lazySchema(() => z.string(invalid).check(z.regex(LAB_DISTRICT_PATTERN, invalid)));

/**
 * POST /diagnostictest/{userId}, with an Idempotency-Key (as every booking).
 *
 * - `packageTestItems` and `requestTestItems`: the packages and single tests of the catalog (@rhc/domain lab-catalog);
 *   at least one of either (`validation.lab_item_required` on `requestTestItems`). A test a chosen package holds is
 *   done and charged once.
 * - `atHome` true: a collector comes to `orderAdress` in `district` and calls `orderPhone` on the way (each required
 *   then, `validation.required`); `testTime` is the start of a home window (06:00, 08:00, 10:00, 14:00). The clinic is
 *   the one whose team visits that area.
 * - `atHome` false: at the clinic `workUnitId` (the spec's `clinicAddress`: the clinic is named by its id, its address
 *   comes with the answer; required then), `testTime` the start of a 15-minute slot of its sampling room.
 * - `testDay`/`testTime`: Vietnam time, not begun (422 SLOT_PAST) and at most CAPACITY_BOOKING_DAYS_AHEAD (60) days ahead
 *   (422 SLOT_TOO_FAR); a time that starts no window or slot, or an area or
 *   clinic without the service, 422 SLOT_UNAVAILABLE; the last place taken meanwhile, 409 SLOT_TAKEN.
 * - For oneself, or (`isFamily`) for a profile the booker manages (`profileId`; another person's: 404) or another person
 *   typed in (`infomation`), as every booking.
 */
export const LabOrderBodySchema = lazySchema(() =>
  z
    .object({
      atHome: z._default(z.boolean(), false),
      district: z.optional(LabDistrictSchema),
      orderAdress: z.optional(optionalText(LAB_ORDER_ADDRESS_MAX_LENGTH)),
      orderPhone: z.optional(PhoneSchema),
      workUnitId: z.optional(SerialIdSchema),
      packageTestItems: z._default(z.array(LabPackageIdSchema).check(z.maxLength(LAB_ORDER_MAX_ITEMS, tooLong)), []),
      requestTestItems: z._default(z.array(LabTestIdSchema).check(z.maxLength(LAB_ORDER_MAX_ITEMS, tooLong)), []),
      testDay: CalendarDaySchema,
      testTime: ClockTimeSchema,
      note: z._default(optionalText(LAB_ORDER_NOTE_MAX_LENGTH), ''),
      ...bookingPersonFields(),
    })
    .check(
      bookingPersonNamed(),
      z.superRefine((value, context) => {
        const missing = (field: string) => context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
        if (value.packageTestItems.length === 0 && value.requestTestItems.length === 0)
          context.addIssue({ code: 'custom', path: ['requestTestItems'], message: 'validation.lab_item_required' });
        if (value.atHome) {
          if (value.district === undefined) missing('district');
          if (!value.orderAdress) missing('orderAdress');
          if (value.orderPhone === undefined) missing('orderPhone');
        } else if (value.workUnitId === undefined) missing('workUnitId');
      }),
    ),
);
export type LabOrderBody = z.input<typeof LabOrderBodySchema>;

/** GET /diagnostictest/free-times: the free places of a day, at home in an area or at a clinic. */
export const LabFreeTimesQuerySchema = lazySchema(() =>
  z
    .object({
      atHome: z._default(
        z.pipe(
          z.enum(['true', 'false'], invalid),
          z.transform((value) => value === 'true'),
        ),
        false,
      ),
      district: z.optional(LabDistrictSchema),
      workUnitId: z.optional(z.pipe(z.coerce.number(), SerialIdSchema)),
      day: CalendarDaySchema,
    })
    .check(
      z.superRefine((value, context) => {
        if (value.atHome && value.district === undefined)
          context.addIssue({ code: 'custom', path: ['district'], message: 'validation.required' });
        if (!value.atHome && value.workUnitId === undefined)
          context.addIssue({ code: 'custom', path: ['workUnitId'], message: 'validation.required' });
      }),
    ),
);

export const LabFreeTimesSchema = lazySchema(() =>
  z.object({
    /** The clinic that serves it (for a home visit, the one whose team visits the area); null when none does. */
    workUnit: z.nullable(z.object({ id: z.int(), name: z.string(), address: z.string() })),
    /** Every window or slot of the day with its free places (0: full or begun). */
    times: z.array(z.object({ start: z.string(), end: z.string(), free: z.int() })),
    /** The areas home collection visits (codes), for the district picker. */
    districts: z.array(z.string()),
  }),
);
export type LabFreeTimes = z.infer<typeof LabFreeTimesSchema>;
