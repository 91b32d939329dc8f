import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { ModuleOptions } from '../../services.ts';
import type { NotificationsRequestMeta } from './notifications.service.ts';

/** HTTP only: each entry of `endpoints.notifications` handed to the notifications service (the bell, issue 12). */
export const notificationsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { notifications }, clock }) => {
  const api = endpoints.notifications;
  const meta = (request: FastifyRequest): NotificationsRequestMeta => ({
    ip: request.ip,
    now: clock(),
    language: requestLanguage(request),
  });

  route(app, api.list, (request) => notifications.list(actorOf(request), request.params.userId, request.query, meta(request)));
  route(app, api.markRead, (request) => notifications.markRead(actorOf(request), request.params.userId, request.params.id, meta(request)));
  route(app, api.markAllRead, (request) => notifications.markAllRead(actorOf(request), request.params.userId, meta(request)));
};
