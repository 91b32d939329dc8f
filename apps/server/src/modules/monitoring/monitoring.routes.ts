import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { ModuleOptions } from '../../services.ts';
import type { MonitoringRequestMeta } from './monitoring.service.ts';

/** HTTP only: the entries of `endpoints.monitoring` (issue 16). */
export const monitoringRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { monitoring }, clock }) => {
  const api = endpoints.monitoring;
  const meta = (request: FastifyRequest): MonitoringRequestMeta => ({ ip: request.ip, now: clock(), language: requestLanguage(request) });

  route(app, api.list, (request) => monitoring.list(actorOf(request), request.params.infoId, request.query, meta(request)));
  route(app, api.analysis, (request) => monitoring.analysis(actorOf(request), request.params.infoId, request.query, meta(request)));
  route(app, api.create, (request) => monitoring.create(actorOf(request), request.params.infoId, request.body, meta(request)));
  route(app, api.update, (request) =>
    monitoring.update(actorOf(request), request.params.infoId, request.params.id, request.body, meta(request)),
  );
  route(app, api.remove, (request) => monitoring.remove(actorOf(request), request.params.infoId, request.params.id));
};
