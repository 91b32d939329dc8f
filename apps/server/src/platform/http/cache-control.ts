import type { FastifyInstance } from 'fastify';

/**
 * Answers of the API hold personal data (profiles, bookings, a tracked order) or depend on who asks: no browser,
 * proxy or CDN keeps them (`Cache-Control: no-store`, finding 10), errors included. A route that sets its own
 * Cache-Control keeps it (the avatar image: `private, max-age`); the public, identical-for-everyone answers listed in
 * `cacheable` get none.
 */
export function registerCacheControl(app: FastifyInstance, prefix: string, cacheable: readonly string[]): void {
  const publicRoutes = new Set(cacheable.map((path) => `${prefix}${path}`));
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    const isApi = url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
    if (isApi && !reply.hasHeader('cache-control') && !publicRoutes.has(request.routeOptions.url ?? ''))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
