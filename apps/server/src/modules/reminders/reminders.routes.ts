import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';
import type { ReminderRequestMeta } from './reminders.service.ts';

/** Reminder lead times, the patient's default and a booking's own (issue 12, decision 018). */
export const remindersRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { reminders }, clock }) => {
  const api = endpoints.reminders;
  const meta = (request: FastifyRequest): ReminderRequestMeta => ({ ip: request.ip, now: clock() });

  route(app, api.defaults, (request) => reminders.defaults(actorOf(request), request.params.userId, meta(request)));
  route(app, api.updateDefaults, (request) =>
    reminders.updateDefaults(actorOf(request), request.params.userId, request.body.minutes, meta(request)),
  );
  route(app, api.order, (request) => reminders.order(actorOf(request), request.params.id, meta(request)));
  route(app, api.updateOrder, (request) => reminders.updateOrder(actorOf(request), request.params.id, request.body.minutes, meta(request)));
};
