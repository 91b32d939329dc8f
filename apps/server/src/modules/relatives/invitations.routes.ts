import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { ModuleOptions } from '../../services.ts';
import type { InvitationRequestMeta } from './invitations.service.ts';

/** HTTP only: the invitations, follows and grant changes of `endpoints.relatives` (issue 14). */
export const invitationsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { invitations }, clock }) => {
  const api = endpoints.relatives;
  const meta = (request: FastifyRequest): InvitationRequestMeta => ({ ip: request.ip, now: clock(), language: requestLanguage(request) });

  route(app, api.invitations, (request) => invitations.page(actorOf(request), request.params.userId, request.query, meta(request)));
  route(app, api.invite, (request) => invitations.invite(actorOf(request), request.params.userId, request.body, meta(request)));
  route(app, api.answerInvitation, (request) => invitations.answer(actorOf(request), request.params.id, request.body, meta(request)));
  route(app, api.cancelInvitation, (request) => invitations.cancel(actorOf(request), request.params.id, meta(request)));

  route(app, api.follows, (request) => invitations.follows(actorOf(request), request.params.userId));
  route(app, api.changeShare, (request) => invitations.changeShare(actorOf(request), request.params.shareId, request.body, meta(request)));
  route(app, api.endShare, (request) => invitations.endShare(actorOf(request), request.params.shareId, meta(request)));
};
