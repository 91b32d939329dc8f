import { z } from 'zod/mini';
import { CalendarDaySchema } from './accounts.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * "Tell me if something earlier opens" (issue 12, decision 021): a booking's place in its doctor's waiting list and the
 * freed slot held for it.
 */

export const WaitlistOrderParamsSchema = lazySchema(() => z.object({ id: z.uuid({ error: 'validation.invalid' }) }));
export const OfferParamsSchema = lazySchema(() => z.object({ offerId: z.uuid({ error: 'validation.invalid' }) }));

/**
 * The days (Vietnam, inclusive) an earlier slot is wanted on, and from whom: the booking's doctor (the default) or
 * (`anyDoctor`) any doctor of the booking's specialty at its clinic, in its mode.
 */
export const WaitlistBodySchema = lazySchema(() =>
  z
    .object({ fromDay: CalendarDaySchema, toDay: CalendarDaySchema, anyDoctor: z.optional(z.boolean()) })
    .check(z.refine((range) => range.fromDay <= range.toDay, { error: 'validation.until_before_start', path: ['toDay'] })),
);

export const WAITLIST_STATUSES = ['waiting', 'offered', 'moved', 'ended'] as const;
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'void'] as const;

/** A freed slot held for the person until `expiresAt`. */
export const SlotOfferSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    orderId: z.uuid(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** YYYY-MM-DD and HH:mm, Vietnam time. */
    checkDay: z.string(),
    checkHour: z.string(),
    /** The doctor of the freed time: another than the booking's when it waits for any doctor of the specialty. */
    doctor: z.object({ id: z.uuid(), fullName: z.string() }),
    expiresAt: z.iso.datetime(),
    status: z.enum(OFFER_STATUSES),
  }),
);
export type SlotOffer = z.infer<typeof SlotOfferSchema>;

/** My booking's place in the waiting list, or `entry: null` when it waits for nothing. */
export const WaitlistStateSchema = lazySchema(() =>
  z.object({
    entry: z.nullable(
      z.object({
        id: z.uuid(),
        /** Waits for any doctor of the booking's specialty at its clinic, not only the booking's doctor. */
        anyDoctor: z.boolean(),
        fromDay: z.string(),
        toDay: z.string(),
        status: z.enum(WAITLIST_STATUSES),
        /** 1 = the next freed slot that fits is offered to me first; null once offered or no longer waiting. */
        position: z.nullable(z.int().check(z.gte(1))),
        createdAt: z.iso.datetime(),
      }),
    ),
    /** The offer held for me now, if any. */
    offer: z.nullable(SlotOfferSchema),
  }),
);
export type WaitlistState = z.infer<typeof WaitlistStateSchema>;
