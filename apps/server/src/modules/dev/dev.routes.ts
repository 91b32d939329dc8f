import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** Development only: app.ts registers it outside production. */
export const devRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { dev } }) => {
  route(app, endpoints.dev.outbox, (request) => dev.outbox(request.query.to));
  route(app, endpoints.dev.advanceClock, (request) => dev.advanceClock(request.body.advanceMs));
  route(app, endpoints.dev.runReminders, () => dev.runReminders());
  route(app, endpoints.dev.runAccountDeletions, () => dev.runAccountDeletions());
};
