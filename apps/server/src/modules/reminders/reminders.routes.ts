import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** Reminder lead times, the patient's default and a booking's own (issue 12, decision 018); whose, declared on each entry. */
export const remindersRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { reminders } }) => {
  const api = endpoints.reminders;

  route(app, api.defaults, (request) => reminders.defaults(request.params.userId));
  route(app, api.updateDefaults, (request) =>
    reminders.updateDefaults(actorOf(request), request.params.userId, request.body.minutes, metaOf(request)),
  );
  route(app, api.order, (request) => reminders.order(request.params.id));
  route(app, api.updateOrder, (request) =>
    reminders.updateOrder(actorOf(request), request.params.id, request.body.minutes, metaOf(request)),
  );
};
