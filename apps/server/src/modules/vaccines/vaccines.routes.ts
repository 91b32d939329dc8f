import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route, standingOf } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: the entries of `endpoints.vaccines` (issue 50); whose record they are is checked by their declarations. */
export const vaccinesRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { vaccines } }) => {
  const api = endpoints.vaccines;

  route(app, api.record, (request) => vaccines.record(request.params.infoId, request.query.schedule, standingOf(request), metaOf(request)));
  route(app, api.addDose, (request) => vaccines.addDose(actorOf(request), request.params.infoId, request.body, metaOf(request)));
  route(app, api.updateDose, (request) =>
    vaccines.updateDose(actorOf(request), request.params.infoId, request.params.id, request.body, metaOf(request)),
  );
  route(app, api.removeDose, (request) => vaccines.removeDose(actorOf(request), request.params.infoId, request.params.id, metaOf(request)));
  route(app, api.reminders, (request) =>
    vaccines.setReminders(actorOf(request), request.params.infoId, request.body.enabled, standingOf(request), metaOf(request)),
  );
};
