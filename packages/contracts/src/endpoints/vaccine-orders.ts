import { defineEndpoints } from '../endpoint.ts';
import { OrderIdParamsSchema, OrderSchema, OrderUserParamsSchema } from '../orders.ts';
import { VaccineOrderBodySchema } from '../vaccine-orders.ts';

/**
 * Vaccine orders (issue 50, decision 043): the booking and the edit of an order of the `vaccine` category. Everything
 * else is the shared order calls (`ordersEndpoints`): the detail, the lists, the calendar file and the tracking show its
 * `vaccine`; the doctor confirms, cancels and completes it there, and its completion records the dose in the person's
 * vaccination history.
 */
export const vaccineOrdersEndpoints = defineEndpoints('vaccineOrders', {
  create: {
    method: 'POST',
    path: '/vaccine-order/:userId',
    summary:
      'Book a vaccination (a dose of a vaccine, in person, in a free slot of a doctor of the vaccination specialty) for me, a profile I manage or another person; the Idempotency-Key header is required (400 IDEMPOTENCY_KEY_REQUIRED) and makes a retry within 24 h safe',
    auth: true,
    access: { audit: 'order.create', owner: 'userId' },
    params: OrderUserParamsSchema,
    body: VaccineOrderBodySchema,
    response: OrderSchema,
    status: 201,
  },
  edit: {
    method: 'PUT',
    path: '/vaccine-order/:id',
    summary:
      'Change a booked or verified vaccine order, as an examination is changed: the patient anything (another doctor or time sends a verified order back to booked); the doctor only the time and the note (403 ORDER_DOCTOR_CHANGE_NOT_ALLOWED / ORDER_PATIENT_CHANGE_NOT_ALLOWED)',
    auth: true,
    access: { audit: 'order.edit', order: { param: 'id', as: 'party' } },
    params: OrderIdParamsSchema,
    body: VaccineOrderBodySchema,
    response: OrderSchema,
  },
});
