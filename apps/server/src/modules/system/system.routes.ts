import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

export const systemRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { system } }) => {
  route(app, endpoints.system.health, () => system.health());
  route(app, endpoints.system.supportContact, () => system.supportContact());
};
