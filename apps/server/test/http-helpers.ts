import type { FastifyInstance } from 'fastify';

/** One request of a route test: `app.inject` with its method, url, headers and (when given) body. */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return app.inject(payload === undefined ? { method, url, headers } : { method, url, headers, payload });
}
