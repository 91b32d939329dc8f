import { endpoints } from '@rhc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import type { ReminderRequestMeta, RemindersService } from './reminders.ts';

/** Reminder lead times (issue 12): registered by the orders module's routes (orders.routes.ts). */
export function reminderRoutes(app: FastifyInstance, reminders: RemindersService, clock: () => Date): void {
  const api = endpoints.reminders;
  const meta = (request: FastifyRequest): ReminderRequestMeta => ({ ip: request.ip, now: clock() });

  route(app, api.defaults, (request) => reminders.defaults(actorOf(request), request.params.userId, meta(request)));
  route(app, api.updateDefaults, (request) =>
    reminders.updateDefaults(actorOf(request), request.params.userId, request.body.minutes, meta(request)),
  );
  route(app, api.order, (request) => reminders.order(actorOf(request), request.params.id, meta(request)));
  route(app, api.updateOrder, (request) => reminders.updateOrder(actorOf(request), request.params.id, request.body.minutes, meta(request)));
}
