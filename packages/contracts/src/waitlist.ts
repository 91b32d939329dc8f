import { z } from 'zod';
import { CalendarDaySchema } from './accounts.ts';

/*
 * "Tell me if something earlier opens" (issue 12, decision 021): a booking's place in its doctor's waiting list and the
 * freed slot held for it.
 */

export const WaitlistOrderParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export const OfferParamsSchema = z.object({ offerId: z.uuid({ error: 'validation.invalid' }) });

/** The days (Vietnam, inclusive) an earlier slot is wanted on. */
export const WaitlistBodySchema = z
  .object({ fromDay: CalendarDaySchema, toDay: CalendarDaySchema })
  .refine((range) => range.fromDay <= range.toDay, { error: 'validation.until_before_start', path: ['toDay'] });

export const WAITLIST_STATUSES = ['waiting', 'offered', 'moved', 'ended'] as const;
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'void'] as const;

/** A freed slot held for the person until `expiresAt`. */
export const SlotOfferSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** YYYY-MM-DD and HH:mm, Vietnam time. */
  checkDay: z.string(),
  checkHour: z.string(),
  expiresAt: z.iso.datetime(),
  status: z.enum(OFFER_STATUSES),
});
export type SlotOffer = z.infer<typeof SlotOfferSchema>;

/** My booking's place in the waiting list, or `entry: null` when it waits for nothing. */
export const WaitlistStateSchema = z.object({
  entry: z
    .object({
      id: z.uuid(),
      fromDay: z.string(),
      toDay: z.string(),
      status: z.enum(WAITLIST_STATUSES),
      /** 1 = the next freed slot that fits is offered to me first; null once offered or no longer waiting. */
      position: z.number().int().min(1).nullable(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  /** The offer held for me now, if any. */
  offer: SlotOfferSchema.nullable(),
});
export type WaitlistState = z.infer<typeof WaitlistStateSchema>;
