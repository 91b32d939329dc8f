import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: the invitations, follows and grant changes of `endpoints.relatives` (issue 14). */
export const invitationsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { invitations } }) => {
  const api = endpoints.relatives;

  route(app, api.invitations, (request) => invitations.page(actorOf(request), request.query, metaOf(request)));
  route(app, api.invite, (request) => invitations.invite(actorOf(request), request.body, metaOf(request)));
  route(app, api.answerInvitation, (request) => invitations.answer(actorOf(request), request.params.id, request.body, metaOf(request)));
  route(app, api.cancelInvitation, (request) => invitations.cancel(actorOf(request), request.params.id, metaOf(request)));

  route(app, api.follows, (request) => invitations.follows(actorOf(request)));
  route(app, api.changeShare, (request) =>
    invitations.changeShare(actorOf(request), request.params.shareId, request.body, metaOf(request)),
  );
  route(app, api.endShare, (request) => invitations.endShare(actorOf(request), request.params.shareId, metaOf(request)));
};
