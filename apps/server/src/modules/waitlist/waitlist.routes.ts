import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** Earlier slot wanted (issue 12, decision 021): the waiting list and the offers held for it. */
export const waitlistRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { waitlist } }) => {
  const api = endpoints.waitlist;
  route(app, api.get, (request) => waitlist.state(actorOf(request), request.params.id, metaOf(request)));
  route(app, api.join, (request) => waitlist.join(actorOf(request), request.params.id, request.body, metaOf(request)));
  route(app, api.leave, (request) => waitlist.leave(actorOf(request), request.params.id, metaOf(request)));
  route(app, api.accept, (request) => waitlist.accept(actorOf(request), request.params.offerId, metaOf(request)));
  route(app, api.decline, (request) => waitlist.decline(actorOf(request), request.params.offerId, metaOf(request)));
};
