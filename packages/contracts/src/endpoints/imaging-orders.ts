import { defineEndpoints } from '../endpoint.ts';
import { ImagingFreeTimesQuerySchema, ImagingFreeTimesSchema, ImagingOrderBodySchema } from '../imaging-orders.ts';
import { OrderIdParamsSchema, OrderSchema, OrderUserParamsSchema } from '../orders.ts';

/**
 * Imaging orders (issue 51, decisions 044 and 045): the booking and the edit of an order of the `imaging` category and
 * the free slots it is booked from. Everything else is the shared order calls (`ordersEndpoints`): the detail, the
 * lists, the calendar file and the tracking show its `imaging`; the clinic's imaging staff review, confirm, cancel and
 * complete it there, and a cancellation frees its machine's slot.
 */
export const imagingOrdersEndpoints = defineEndpoints('imagingOrders', {
  freeTimes: {
    method: 'GET',
    path: '/imageanalysation/free-times',
    summary:
      'The free slots of a day for an image type at a clinic (workUnitId=…&type=MRI&day=…): every slot of the type’s length (ultrasound 20 minutes, X-ray 10, CT 15, MRI 45) with how many of the clinic’s machines of the type are free, and the clinics that have one',
    auth: true,
    query: ImagingFreeTimesQuerySchema,
    response: ImagingFreeTimesSchema,
  },
  create: {
    method: 'POST',
    path: '/imageanalysation/:userId',
    summary:
      'Book an imaging scan (ultrasound, X-ray, CT or MRI of the organs or body parts chosen, with or without contrast) at a clinic for me, a profile I manage or another person, in a slot of one of its machines of the type (409 SLOT_TAKEN when the last one went meanwhile); an MRI asks the magnetic-barrier screening and contrast its questions, and a "yes" flags the order for review by the imaging staff; the Idempotency-Key header is required (400 IDEMPOTENCY_KEY_REQUIRED) and makes a retry within 24 h safe',
    auth: true,
    access: { audit: 'order.create', owner: 'userId' },
    params: OrderUserParamsSchema,
    body: ImagingOrderBodySchema,
    response: OrderSchema,
    status: 201,
  },
  edit: {
    method: 'PUT',
    path: '/imageanalysationedit/:id',
    summary:
      'Change a booked or verified imaging order (spec /imageanalysationedit/{id}): the patient anything (type, parts, answers, clinic, time; another time or clinic sends a verified order back to booked and moves its machine slot, 409 SLOT_TAKEN when every machine is taken then); the imaging staff only the time and the note',
    auth: true,
    access: { audit: 'order.edit', order: { param: 'id', as: 'party' } },
    params: OrderIdParamsSchema,
    body: ImagingOrderBodySchema,
    response: OrderSchema,
  },
});
