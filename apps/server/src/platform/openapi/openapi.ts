import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the OpenAPI document and its pages are served. */
export const OPENAPI_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas (the contracts package): UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'RHC API',
        description: 'Healthcare booking and personal health record API. Errors: { status, code, message, details? }.',
        version,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: OPENAPI_PREFIX, staticCSP: true });
}
