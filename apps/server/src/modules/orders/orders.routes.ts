import {
  CancelOrderBodySchema,
  DeletedOrderSchema,
  ExamOrderBodySchema,
  okEnvelopeSchema,
  ORDER_NOTE_MAX_CHARS,
  OrderDaysQuerySchema,
  OrderDaysSchema,
  OrderIdParamsSchema,
  OrderPageQuerySchema,
  OrderSchema,
  OrderTrackingSchema,
  OrderUserParamsSchema,
  pageSchema,
  TrackingCodeParamsSchema,
  UserOrderParamsSchema,
  VerifyOrderBodySchema,
} from '@rhc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type createAuthenticate } from '../../platform/auth/authenticate.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from './idempotency.ts';
import type { OrderRequestMeta, OrdersService } from './orders.service.ts';

export interface OrdersRoutesOptions {
  orders: OrdersService;
  authenticate: ReturnType<typeof createAuthenticate>;
  clock: () => Date;
}

const tag = 'orders';
const OrderEnvelope = okEnvelopeSchema(OrderSchema);
const NoteBodySchema = z.string().trim().max(ORDER_NOTE_MAX_CHARS, { error: 'validation.too_long' });

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  const { orders, authenticate, clock } = options;
  const meta = (request: FastifyRequest): OrderRequestMeta => ({
    ip: request.ip,
    now: clock(),
    language: requestLanguage(request),
  });

  // The note is sent as plain text (spec §7 "PUT /order/{id}/note (plain text body)"); scoped to this plugin.
  if (!app.hasContentTypeParser('text/plain'))
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /* ---------- reads ---------- */

  app.get(
    '/order/page/:userId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'My bookings (as=patient) or the bookings assigned to me (as=doctor), newest appointment first',
        params: OrderUserParamsSchema,
        querystring: OrderPageQuerySchema,
        response: { 200: okEnvelopeSchema(pageSchema(OrderSchema)) },
      },
    },
    async (request) => ok(await orders.page(actorOf(request), request.params.userId, request.query, meta(request))),
  );

  app.get(
    '/order/:userId/date-tests',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'The days of a month (Vietnam time) that have bookings, with their counts',
        params: OrderUserParamsSchema,
        querystring: OrderDaysQuerySchema,
        response: { 200: okEnvelopeSchema(OrderDaysSchema) },
      },
    },
    async (request) => ok(await orders.days(actorOf(request), request.params.userId, request.query)),
  );

  app.get(
    '/order/detail/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'One booking (mine or assigned to me)',
        params: OrderIdParamsSchema,
        response: { 200: OrderEnvelope },
      },
    },
    async (request) => ok(await orders.detail(actorOf(request), request.params.id, meta(request))),
  );

  app.get(
    '/order/:userId/:orderId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'One booking (mine or assigned to me)',
        params: UserOrderParamsSchema,
        response: { 200: OrderEnvelope },
      },
    },
    async (request) => ok(await orders.detail(actorOf(request), request.params.orderId, meta(request), request.params.userId)),
  );

  app.get(
    '/order/ics/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'The booking as an iCalendar (.ics) file',
        params: OrderIdParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string().describe('text/calendar (RFC 5545)') },
      },
    },
    async (request, reply) => {
      const { filename, ics } = await orders.calendar(actorOf(request), request.params.id, meta(request));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );

  app.get(
    '/p/order/track-order/:code',
    {
      schema: {
        tags: [tag],
        summary: 'Public tracking of a booking by its secure code (initials only; rate limited)',
        params: TrackingCodeParamsSchema,
        response: { 200: okEnvelopeSchema(OrderTrackingSchema) },
      },
    },
    async (request) => ok(await orders.track(request.params.code, meta(request))),
  );

  /* ---------- booking and changes ---------- */

  app.post(
    '/order/:userId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Book an examination (in person or online); Idempotency-Key makes a retry safe',
        params: OrderUserParamsSchema,
        body: ExamOrderBodySchema,
        response: { 201: OrderEnvelope },
      },
    },
    async (request, reply) => {
      // Read raw, not through a headers schema: a zod object would strip the other headers from the request.
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const answer = await orders.create(actorOf(request), request.params.userId, request.body, key, meta(request));
      // Only a 201 is ever stored as a success; refusals are replayed by throwing.
      return reply.code(answer.statusCode as 201).send(answer.body as z.infer<typeof OrderEnvelope>);
    },
  );

  app.put(
    '/order/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Change a booked or verified booking (time, doctor, service)',
        params: OrderIdParamsSchema,
        body: ExamOrderBodySchema,
        response: { 200: OrderEnvelope },
      },
    },
    async (request) => ok(await orders.edit(actorOf(request), request.params.id, request.body, meta(request))),
  );

  app.put(
    '/order/:id/note',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Replace the note of a booking (text/plain body)',
        consumes: ['text/plain'],
        params: OrderIdParamsSchema,
        body: NoteBodySchema,
        response: { 200: OrderEnvelope },
      },
    },
    async (request) => ok(await orders.setNote(actorOf(request), request.params.id, request.body, meta(request))),
  );

  app.patch(
    '/order/verify/:userId/:orderId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'The assigned doctor confirms a booking (an online one gets its meeting link)',
        params: UserOrderParamsSchema,
        body: VerifyOrderBodySchema,
        response: { 200: OrderEnvelope },
      },
    },
    async (request) =>
      ok(await orders.verify(actorOf(request), request.params.userId, request.params.orderId, request.body.meetingLink, meta(request))),
  );

  app.patch(
    '/order/cancel/:userId/:orderId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Cancel a booking (the patient before it starts; the doctor, with a reason)',
        params: UserOrderParamsSchema,
        body: CancelOrderBodySchema,
        response: { 200: OrderEnvelope },
      },
    },
    async (request) =>
      ok(await orders.cancel(actorOf(request), request.params.userId, request.params.orderId, request.body.reason, meta(request))),
  );

  app.patch(
    '/order/complete/:userId/:orderId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'The assigned doctor marks a booking done',
        params: UserOrderParamsSchema,
        response: { 200: OrderEnvelope },
      },
    },
    async (request) => ok(await orders.complete(actorOf(request), request.params.userId, request.params.orderId, meta(request))),
  );

  app.delete(
    '/order/delete/:userId/:orderId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'The assigned doctor removes a booked or cancelled booking',
        params: UserOrderParamsSchema,
        response: { 200: okEnvelopeSchema(DeletedOrderSchema) },
      },
    },
    async (request) => ok(await orders.remove(actorOf(request), request.params.userId, request.params.orderId, meta(request))),
  );
};
