import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: the entries of `endpoints.monitoring` (issue 16); whose readings they are is checked by their declarations. */
export const monitoringRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { monitoring } }) => {
  const api = endpoints.monitoring;

  route(app, api.list, (request) => monitoring.list(request.params.infoId, request.query));
  route(app, api.analysis, (request) => monitoring.analysis(request.params.infoId, request.query));
  route(app, api.create, (request) => monitoring.create(actorOf(request), request.params.infoId, request.body, metaOf(request)));
  route(app, api.update, (request) => monitoring.update(request.params.infoId, request.params.id, request.body, metaOf(request)));
  route(app, api.remove, (request) => monitoring.remove(request.params.infoId, request.params.id));
};
