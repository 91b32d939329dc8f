import { endpoints, IDEMPOTENCY_HEADER } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { ok } from '../../platform/http/envelope.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import type { BookingAnswer } from './booking.ts';

export const ordersRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { orders } }) => {
  const api = endpoints.orders;
  const vaccineOrders = endpoints.vaccineOrders;
  const labOrders = endpoints.labOrders;
  const imagingOrders = endpoints.imagingOrders;
  const results = endpoints.orderResults;
  /**
   * A booking with its Idempotency-Key. Read raw, not through a headers schema: a zod object would strip the other
   * headers from the request. Required (R2): a booking without a key could not be retried safely. A retry with the same
   * key is answered exactly as the first time: its stored status and order.
   */
  const book = async (request: FastifyRequest, reply: FastifyReply, booking: (key: string) => Promise<BookingAnswer>) => {
    const answer = await booking(idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]));
    return reply.code(answer.status).send(ok(answer.data, answer.status));
  };

  // The note is sent as plain text (spec §7 "PUT /order/{id}/note (plain text body)"); scoped to this plugin.
  if (!app.hasContentTypeParser('text/plain'))
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /* ---------- reads ---------- */

  route(app, api.page, (request) => orders.page(actorOf(request), request.params.userId, request.query, metaOf(request)));
  route(app, api.days, (request) => orders.days(request.params.userId, request.query));
  route(app, api.detail, (request) => orders.detail(actorOf(request), request.params.id, metaOf(request)));
  route(app, api.userDetail, (request) => orders.detail(actorOf(request), request.params.orderId, metaOf(request)));

  route(app, api.calendar, async (request, reply) => {
    // A download link carries the app's language: the browser's Accept-Language may be another one.
    const asked = metaOf(request);
    const { filename, ics } = await orders.calendar(actorOf(request), request.params.id, {
      ...asked,
      language: request.query.lang ?? asked.language,
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(ics);
  });

  route(app, api.track, (request) => orders.track(request.params.code, metaOf(request)));

  /* ---------- booking and changes ---------- */

  route(app, api.create, (request, reply) =>
    book(request, reply, (key) => orders.create(actorOf(request), request.params.userId, request.body, key, metaOf(request))),
  );

  // The doctor's order for a patient (kind 2, issue 17): a booking too, so the same Idempotency-Key rule and replay.
  route(app, api.doctorOrder, (request, reply) =>
    book(request, reply, (key) => orders.createForPatient(actorOf(request), request.params.doctorId, request.body, key, metaOf(request))),
  );

  route(app, api.edit, (request) => orders.edit(actorOf(request), request.params.id, request.body, metaOf(request)));

  // Vaccinations (issue 50, decision 043): an order of the vaccine category, booked and changed by its own calls.
  route(app, vaccineOrders.create, (request, reply) =>
    book(request, reply, (key) => orders.createVaccine(actorOf(request), request.params.userId, request.body, key, metaOf(request))),
  );
  route(app, vaccineOrders.edit, (request) => orders.editVaccine(actorOf(request), request.params.id, request.body, metaOf(request)));

  // Lab tests (issue 51, decision 044): an order of the lab category holding a counted place, and the places left.
  route(app, labOrders.freeTimes, (request) => orders.labFreeTimes(request.query, metaOf(request).now, metaOf(request).language));
  route(app, labOrders.create, (request, reply) =>
    book(request, reply, (key) => orders.createLab(actorOf(request), request.params.userId, request.body, key, metaOf(request))),
  );
  route(app, labOrders.edit, (request) => orders.editLab(actorOf(request), request.params.id, request.body, metaOf(request)));

  // Imaging (issue 51, decision 045): an order of the imaging category holding a slot of one of a clinic's machines.
  route(app, imagingOrders.freeTimes, (request) => orders.imagingFreeTimes(request.query, metaOf(request).now, metaOf(request).language));
  route(app, imagingOrders.create, (request, reply) =>
    book(request, reply, (key) => orders.createImaging(actorOf(request), request.params.userId, request.body, key, metaOf(request))),
  );
  route(app, imagingOrders.edit, (request) => orders.editImaging(actorOf(request), request.params.id, request.body, metaOf(request)));
  // Lab and imaging results (decision 046): each category's read under its own section; the staff's steps are shared.
  route(app, results.labResults, (request) => orders.results(actorOf(request), request.params.orderId, 'lab', metaOf(request)));
  route(app, results.imagingResults, (request) => orders.results(actorOf(request), request.params.orderId, 'imaging', metaOf(request)));
  route(app, results.performed, (request) => orders.markPerformed(actorOf(request), request.params.orderId, metaOf(request)));
  route(app, results.conclusion, (request) =>
    orders.conclude(actorOf(request), request.params.orderId, request.body.conclusion, metaOf(request)),
  );
  route(app, api.setNote, (request) => orders.setNote(actorOf(request), request.params.id, request.body, metaOf(request)));

  route(app, api.verify, (request) => {
    const { userId, orderId } = request.params;
    return orders.verify(actorOf(request), userId, orderId, request.body.meetingLink, metaOf(request));
  });
  route(app, api.cancel, (request) => {
    const { userId, orderId } = request.params;
    return orders.cancel(actorOf(request), userId, orderId, request.body.reason, metaOf(request));
  });
  route(app, api.complete, (request) => orders.complete(actorOf(request), request.params.userId, request.params.orderId, metaOf(request)));
  route(app, api.remove, (request) => orders.remove(actorOf(request), request.params.userId, request.params.orderId, metaOf(request)));
};
