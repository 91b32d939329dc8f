import { endpoints, HealthSchema, okEnvelopeSchema, SupportContactSchema } from '@rhc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createSystemRepository } from './system.repository.ts';

export interface SystemRoutesOptions {
  database: Database;
  version: string;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { database, version }) => {
  const repository = createSystemRepository(database.db);

  app.route({
    method: endpoints.health.method,
    url: endpoints.health.path,
    schema: {
      summary: endpoints.health.summary,
      tags: [endpoints.health.tag],
      response: { 200: okEnvelopeSchema(HealthSchema) },
    },
    handler: async () => {
      // A load balancer takes an instance out of rotation on 503 when its database does not answer.
      if (!(await database.ping())) throw new AppError(503, 'SERVICE_UNAVAILABLE');
      return ok({ status: 'ok' as const, version, database: { ok: true, driver: database.driver } });
    },
  });

  app.route({
    method: endpoints.supportContact.method,
    url: endpoints.supportContact.path,
    schema: {
      summary: endpoints.supportContact.summary,
      tags: [endpoints.supportContact.tag],
      response: { 200: okEnvelopeSchema(SupportContactSchema) },
    },
    handler: async () => {
      const contact = await repository.findSupportContact();
      if (!contact) throw AppError.notFound();
      return ok(contact);
    },
  });
};
