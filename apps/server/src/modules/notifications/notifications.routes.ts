import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: each entry of `endpoints.notifications` handed to the notifications service (the bell, issue 12). */
export const notificationsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { notifications } }) => {
  const api = endpoints.notifications;

  route(app, api.list, (request) => notifications.list(request.params.userId, request.query, metaOf(request)));
  route(app, api.markRead, (request) =>
    notifications.markRead(actorOf(request), request.params.userId, request.params.id, metaOf(request)),
  );
  route(app, api.markAllRead, (request) => notifications.markAllRead(request.params.userId, metaOf(request)));
};
