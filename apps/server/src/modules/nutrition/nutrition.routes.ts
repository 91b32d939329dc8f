import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: the entries of `endpoints.nutrition` (issue 52); whose history they are is checked by their declarations. */
export const nutritionRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { nutrition } }) => {
  const api = endpoints.nutrition;

  route(app, api.list, (request) => nutrition.list(request.params.infoId, request.query));
  route(app, api.get, (request) => nutrition.get(request.params.infoId, request.params.id));
  route(app, api.create, (request) => nutrition.create(actorOf(request), request.params.infoId, request.body, metaOf(request)));
  route(app, api.update, (request) =>
    nutrition.update(actorOf(request), request.params.infoId, request.params.id, request.body, metaOf(request)),
  );
  route(app, api.remove, (request) => nutrition.remove(actorOf(request), request.params.infoId, request.params.id, metaOf(request)));
};
