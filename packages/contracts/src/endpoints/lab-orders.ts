import { LabFreeTimesQuerySchema, LabFreeTimesSchema, LabOrderBodySchema } from '../lab-orders.ts';
import { defineEndpoints } from '../endpoint.ts';
import { OrderIdParamsSchema, OrderSchema, OrderUserParamsSchema } from '../orders.ts';

/**
 * Lab orders (issue 51, decision 044): the booking of an order of the `lab` category and the free places it is booked
 * from. Everything else is the shared order calls (`ordersEndpoints`): the detail, the lists, the calendar file and the
 * tracking show its `lab`; the clinic's lab staff confirm, cancel and complete it there, and a cancellation frees its
 * place.
 */
export const labOrdersEndpoints = defineEndpoints('labOrders', {
  freeTimes: {
    method: 'GET',
    path: '/diagnostictest/free-times',
    summary:
      'The free places of a day for lab tests: the home-collection windows of an area (atHome=true&district=…) or the 15-minute slots of a clinic’s sampling room (workUnitId=…), each with how many places are left, and the areas visited',
    auth: true,
    query: LabFreeTimesQuerySchema,
    response: LabFreeTimesSchema,
  },
  create: {
    method: 'POST',
    path: '/diagnostictest/:userId',
    summary:
      'Book lab tests (single tests and/or packages) at home or at a clinic for me, a profile I manage or another person, in a place of a window or slot (409 SLOT_TAKEN when the last one went meanwhile); the Idempotency-Key header is required (400 IDEMPOTENCY_KEY_REQUIRED) and makes a retry within 24 h safe',
    auth: true,
    access: { audit: 'order.create', owner: 'userId' },
    params: OrderUserParamsSchema,
    body: LabOrderBodySchema,
    response: OrderSchema,
    status: 201,
  },
  edit: {
    method: 'PUT',
    path: '/diagnostictestedit/:id',
    summary:
      'Change a booked or verified lab order (spec /diagnostictestedit/{id}): the patient anything (tests, place, time; another time or place sends a verified order back to booked and moves its counted place, 409 SLOT_TAKEN when the new one is full); the lab staff only the time and the note',
    auth: true,
    access: { audit: 'order.edit', order: { param: 'id', as: 'party' } },
    params: OrderIdParamsSchema,
    body: LabOrderBodySchema,
    response: OrderSchema,
  },
});
