import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** Step-up verification (decision 051): a code for this session, and its check. */
export const stepUpRoutes: FastifyPluginAsync<ModuleOptions> = async (app, options) => {
  const { stepUp } = options.services;
  const api = endpoints.stepUp;

  route(app, api.sendCode, (request) => stepUp.sendCode(actorOf(request), request.body.channel, metaOf(request)));
  route(app, api.verify, (request) => stepUp.verify(actorOf(request), request.body.code, metaOf(request)));
};
