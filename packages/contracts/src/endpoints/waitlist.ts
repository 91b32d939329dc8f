import { defineEndpoints } from '../endpoint.ts';
import { OfferParamsSchema, WaitlistBodySchema, WaitlistOrderParamsSchema, WaitlistStateSchema } from '../waitlist.ts';

/** Earlier slot wanted (issue 12, decision 021): served by the orders module. */
export const waitlistEndpoints = defineEndpoints('waitlist', {
  get: {
    method: 'GET',
    path: '/order/waitlist/:id',
    summary: "My booking's place in the waiting list for an earlier slot, and the offer held for me",
    auth: true,
    access: { audit: 'order.read', view: 'waitlist', order: { param: 'id', as: 'patient' } },
    params: WaitlistOrderParamsSchema,
    response: WaitlistStateSchema,
  },
  join: {
    method: 'PUT',
    path: '/order/waitlist/:id',
    summary:
      'Tell me if an earlier slot opens between two days, with my doctor or (anyDoctor) any doctor of the specialty at my clinic (joins, or changes the days and that choice keeping my place)',
    auth: true,
    access: { audit: 'order.edit', view: 'waitlist', order: { param: 'id', as: 'patient' } },
    params: WaitlistOrderParamsSchema,
    body: WaitlistBodySchema,
    response: WaitlistStateSchema,
  },
  leave: {
    method: 'DELETE',
    path: '/order/waitlist/:id',
    summary: 'Stop waiting for an earlier slot (an open offer is passed on)',
    auth: true,
    access: { audit: 'order.edit', view: 'waitlist', order: { param: 'id', as: 'patient' } },
    params: WaitlistOrderParamsSchema,
    response: WaitlistStateSchema,
  },
  accept: {
    method: 'POST',
    path: '/offers/:offerId/accept',
    summary: 'Takes the slot held for me: my booking moves there, for the doctor to confirm',
    auth: true,
    access: { audit: 'order.edit', view: 'offer', object: { kind: 'offer', param: 'offerId' } },
    params: OfferParamsSchema,
    response: WaitlistStateSchema,
  },
  decline: {
    method: 'POST',
    path: '/offers/:offerId/decline',
    summary: 'Lets the slot held for me go to the next person waiting; I keep waiting',
    auth: true,
    access: { audit: 'order.edit', view: 'offer', object: { kind: 'offer', param: 'offerId' } },
    params: OfferParamsSchema,
    response: WaitlistStateSchema,
  },
});
