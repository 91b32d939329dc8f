import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';
import type { WaitlistMeta } from './waitlist.service.ts';

/** Earlier slot wanted (issue 12, decision 021): the waiting list and the offers held for it. */
export const waitlistRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { waitlist }, clock }) => {
  const api = endpoints.waitlist;
  const meta = (request: FastifyRequest): WaitlistMeta => ({ ip: request.ip, now: clock() });
  route(app, api.get, (request) => waitlist.state(actorOf(request), request.params.id, meta(request)));
  route(app, api.join, (request) => waitlist.join(actorOf(request), request.params.id, request.body, meta(request)));
  route(app, api.leave, (request) => waitlist.leave(actorOf(request), request.params.id, meta(request)));
  route(app, api.accept, (request) => waitlist.accept(actorOf(request), request.params.offerId, meta(request)));
  route(app, api.decline, (request) => waitlist.decline(actorOf(request), request.params.offerId, meta(request)));
};
