import { ORDER_STATUS, WORK_MODES } from '@rhc/domain';
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/*
 * A change of a doctor's working time or days off that would leave bookings outside working time (issue 54 item 11,
 * decision 047). Without the doctor's confirmation the change answers 409 SCHEDULE_HAS_BOOKINGS with the bookings it
 * affects (`affected` of the error envelope) and a `confirm` token; sent back with the same change, the token saves it
 * and each affected booking's patient is told.
 */

/** One booking a change of working time or days off would leave without working time, as its doctor sees it. */
export const AffectedBookingSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** The patient's name as the booking holds it (what the doctor sees on the booking itself). */
    patientName: z.string(),
    status: z.union([z.literal(ORDER_STATUS.booked), z.literal(ORDER_STATUS.verified)]),
    mode: z.enum(WORK_MODES),
  }),
);
export type AffectedBooking = z.infer<typeof AffectedBookingSchema>;

/** The error envelope's `affected` of 409 SCHEDULE_HAS_BOOKINGS: the bookings, and the token that confirms exactly them. */
export const ScheduleAffectedSchema = lazySchema(() =>
  z.object({
    bookings: z.array(AffectedBookingSchema),
    /** Sent back as `confirm` (body, or the query of a DELETE) with the same change: valid while the list is the same. */
    confirm: z.string(),
  }),
);
export type ScheduleAffected = z.infer<typeof ScheduleAffectedSchema>;

/** The `confirm` a change carries: the token of a 409 SCHEDULE_HAS_BOOKINGS answer. */
export const ScheduleConfirmSchema = lazySchema(() => z.string().check(z.maxLength(100)));
