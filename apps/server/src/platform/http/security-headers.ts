import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Helmet's middleware for the app's pages: its Content-Security-Policy is the pages' (Mantine, same-origin scripts). */
const pageMiddleware = helmet({
  contentSecurityPolicy: {
    directives: {
      // Mantine sets style attributes at run time; scripts stay same-origin only.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      // TLS is the proxy's decision; forcing https would break a plain-http clinic LAN install.
      'upgrade-insecure-requests': null,
    },
  },
});

/** The headers helmet's middleware sets, recorded once: they depend on its options only, never on the request. */
function recordedHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    // X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  };
  pageMiddleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/** What every page, asset and the OpenAPI pages carry. */
const PAGE_HEADERS = Object.freeze(recordedHeaders());
/**
 * What every API answer carries: the same, without the pages' Content-Security-Policy. A JSON answer runs no script
 * and loads nothing, X-Content-Type-Options keeps a browser from taking it for a page and X-Frame-Options from framing
 * it; an answer that is a file sets its own policy (records: `default-src 'none'; sandbox`).
 */
const API_HEADERS = Object.freeze(Object.fromEntries(Object.entries(PAGE_HEADERS).filter(([name]) => name !== 'content-security-policy')));

/**
 * Security headers on every answer (API, web app, errors), as two static sets recorded once at start: writing a
 * static set costs a few property writes, where helmet's middleware validated and set each header again on every
 * request, the pages' long policy on JSON answers too. Paths under `apiPrefix` get the API set, except those under
 * `pagePrefixes` (the OpenAPI pages), which get the pages' set as the web app does.
 */
export function registerSecurityHeaders(app: FastifyInstance, apiPrefix: string, pagePrefixes: readonly string[]): void {
  const isApi = (url: string) =>
    (url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`)) &&
    !pagePrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? API_HEADERS : PAGE_HEADERS);
    done();
  });
}
