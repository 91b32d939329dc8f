import { z } from 'zod/mini';
import { pageSchema } from '../envelope.ts';
import { defineEndpoints } from '../endpoint.ts';
import {
  CalendarQuerySchema,
  CancelOrderBodySchema,
  DeletedOrderSchema,
  DoctorOrderBodySchema,
  DoctorOrderParamsSchema,
  ExamOrderBodySchema,
  OrderDaysQuerySchema,
  OrderDaysSchema,
  OrderIdParamsSchema,
  OrderNoteBodySchema,
  OrderPageQuerySchema,
  OrderSchema,
  OrderTrackingSchema,
  OrderUserParamsSchema,
  TrackingCodeParamsSchema,
  UserOrderParamsSchema,
  VerifyOrderBodySchema,
} from '../orders.ts';

/** The header that makes a booking safe to retry (R2). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const ordersEndpoints = defineEndpoints('orders', {
  /* ---------- reads ---------- */
  page: {
    method: 'GET',
    path: '/order/page/:userId',
    summary:
      'My bookings (as=patient) or the bookings assigned to me (as=doctor): coming ones soonest first, then past ones, most recent day first',
    auth: true,
    params: OrderUserParamsSchema,
    query: OrderPageQuerySchema,
    response: pageSchema(OrderSchema),
  },
  days: {
    method: 'GET',
    path: '/order/:userId/date-tests',
    summary: 'The days of a month (Vietnam time) that have bookings, with their counts',
    auth: true,
    params: OrderUserParamsSchema,
    query: OrderDaysQuerySchema,
    response: OrderDaysSchema,
  },
  detail: {
    method: 'GET',
    path: '/order/detail/:id',
    summary: 'One booking (mine or assigned to me)',
    auth: true,
    params: OrderIdParamsSchema,
    response: OrderSchema,
  },
  userDetail: {
    method: 'GET',
    path: '/order/:userId/:orderId',
    summary: 'One booking (mine or assigned to me), addressed by its person',
    auth: true,
    params: UserOrderParamsSchema,
    response: OrderSchema,
  },
  calendar: {
    method: 'GET',
    path: '/order/ics/:id',
    summary: 'The booking as an iCalendar (.ics) file, in the app language `lang` (else Accept-Language)',
    auth: true,
    params: OrderIdParamsSchema,
    query: CalendarQuerySchema,
    produces: 'text/calendar',
    response: z.string().check(z.describe('text/calendar (RFC 5545)')),
  },
  track: {
    method: 'GET',
    path: '/p/order/track-order/:code',
    summary: 'Public tracking of a booking by its secure code (initials only; rate limited)',
    auth: false,
    params: TrackingCodeParamsSchema,
    response: OrderTrackingSchema,
  },

  /* ---------- booking and changes ---------- */
  create: {
    method: 'POST',
    path: '/order/:userId',
    summary:
      'Book an examination (in person or online); the Idempotency-Key header is required (400 IDEMPOTENCY_KEY_REQUIRED) and makes a retry within 24 h safe',
    auth: true,
    params: OrderUserParamsSchema,
    body: ExamOrderBodySchema,
    response: OrderSchema,
    status: 201,
  },
  doctorOrder: {
    method: 'POST',
    path: '/order/doctor/:doctorId',
    summary:
      "The doctor's order for a patient they examined (kind 2, e.g. the re-examination): the patient and profile come from `fromOrderId`, a booking assigned to this doctor (404 otherwise); a verified doctor with a licence number (403 DOCTOR_NOT_VERIFIED / DOCTOR_LICENCE_REQUIRED); one of the doctor's own free times; created verified (the doctor made it), the patient told. Idempotency-Key required, as for a booking",
    auth: true,
    params: DoctorOrderParamsSchema,
    body: DoctorOrderBodySchema,
    response: OrderSchema,
    status: 201,
  },
  edit: {
    method: 'PUT',
    path: '/order/:id',
    summary:
      'Change a booked or verified booking: the patient anything (another doctor, time or mode sends a verified booking back to booked, without its meeting link); the doctor only the time, service and note (403 ORDER_DOCTOR_CHANGE_NOT_ALLOWED / ORDER_PATIENT_CHANGE_NOT_ALLOWED)',
    auth: true,
    params: OrderIdParamsSchema,
    body: ExamOrderBodySchema,
    response: OrderSchema,
  },
  setNote: {
    method: 'PUT',
    path: '/order/:id/note',
    summary: 'Replace the note of a booking (text/plain body)',
    auth: true,
    params: OrderIdParamsSchema,
    consumes: 'text/plain',
    body: OrderNoteBodySchema,
    response: OrderSchema,
  },
  verify: {
    method: 'PATCH',
    path: '/order/verify/:userId/:orderId',
    summary: 'The assigned doctor confirms a booking (an online one gets its meeting link)',
    auth: true,
    params: UserOrderParamsSchema,
    body: VerifyOrderBodySchema,
    response: OrderSchema,
  },
  cancel: {
    method: 'PATCH',
    path: '/order/cancel/:userId/:orderId',
    summary: 'Cancel a booking (the patient before it starts; the doctor, with a reason)',
    auth: true,
    params: UserOrderParamsSchema,
    body: CancelOrderBodySchema,
    response: OrderSchema,
  },
  complete: {
    method: 'PATCH',
    path: '/order/complete/:userId/:orderId',
    summary: 'The assigned doctor marks a booking done',
    auth: true,
    params: UserOrderParamsSchema,
    response: OrderSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/order/delete/:userId/:orderId',
    summary: 'The assigned doctor removes a booked or cancelled booking',
    auth: true,
    params: UserOrderParamsSchema,
    response: DeletedOrderSchema,
  },
});
