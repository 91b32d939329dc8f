import fastifyMultipart from '@fastify/multipart';
import { allEndpoints, ApiErrorSchema, okEnvelopeSchema, type Endpoint } from '@rhc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod/mini';
import type { AccessGate, Granted } from '../access/gate.ts';
import { actorOf, type StepUpCheck } from '../auth/authenticate.ts';
import { ok } from './envelope.ts';
import { metaOf } from './request-meta.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session check of every entry with `auth: true` (decorated once by the app). */
    authenticate: onRequestAsyncHookHandler;
    /** The check of every entry's declared `access` (decorated once by the app). */
    accessGate: AccessGate;
    /** The check of every entry marked `stepUp` (decorated once by the app; decision 051). */
    stepUp: StepUpCheck;
  }
  interface FastifyRequest {
    /** What the entry's access check found (set before the handler runs; empty for an entry without one). */
    granted: Granted | null;
  }
}

/** The caller's standing to the profile the entry declares (`access.profile`); only for such an entry. */
export function standingOf(request: FastifyRequest): NonNullable<Granted['standing']> {
  const standing = request.granted?.standing;
  if (!standing) throw new Error('standingOf: the entry declares no profile access');
  return standing;
}

type Parsed<E, K extends string> = E extends { [P in K]: infer S extends z.core.$ZodType } ? z.output<S> : undefined;

/** The request of an entry: params, query and body as its zod schemas parsed them. */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
}>;

/**
 * A handler returns the `data` of the answer; `route` wraps it in the success envelope with the entry's status. A file
 * answer, or one replayed with a stored status, is sent on `reply` and the reply returned.
 */
export type RouteHandler<E extends Endpoint> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | FastifyReply>;

/** @fastify/multipart's defaults; each upload passes its own limits when it reads its parts (multipart-form.ts). */
const MULTIPART_OPTIONS = { limits: { fields: 10, parts: 12 } };

/**
 * Serves one entry of the endpoint table: method, path, the session check, validation of params, query and body, the
 * OpenAPI description and the compiled serializer of the answer all come from the entry. The only way a module adds a
 * route (the app refuses any other under /api, see `guardEndpointTable`).
 *
 * An entry that consumes `multipart/form-data` is served in a scope of its own with @fastify/multipart: the plugin's
 * hooks (a listener and a clean-up on every request) run on uploads only, and every other entry refuses a multipart
 * body with 415 as it refuses any type it does not take.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void {
  if (endpoint.auth && /:\w/.test(endpoint.path) && !endpoint.access)
    throw new Error(`${endpoint.method} ${endpoint.path} names an object but declares no access (packages/contracts/src/endpoints)`);
  if (endpoint.consumes === 'multipart/form-data')
    void app.register(async (uploads) => {
      await uploads.register(fastifyMultipart, MULTIPART_OPTIONS);
      serve(uploads, endpoint, handler);
    });
  else serve(app, endpoint, handler);
}

function serve<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void {
  const status = endpoint.status ?? 200;
  const declared = endpoint.access && !('open' in endpoint.access) ? endpoint.access : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // The session is checked first, before the body is read or validated: a stranger learns nothing of the input rules.
    onRequest: endpoint.auth ? app.authenticate : undefined,
    // Then, once the input is valid, whose objects the path (or the body) names: one check for every entry, declared on it
    // (issue 48). Last, for a step-up action, a fresh proof of this session (decision 051): after the access check, so a
    // request naming someone else's object is 404 whatever the session proved, and a bad input costs the person no code.
    preHandler:
      declared || endpoint.stepUp
        ? async (request) => {
            if (declared) {
              const ids = { ...(isRecord(request.body) ? request.body : {}), ...(request.params as Record<string, unknown>) };
              request.granted = await app.accessGate.check(declared, ids, actorOf(request), metaOf(request));
            }
            if (endpoint.stepUp) await app.stepUp.require(actorOf(request), metaOf(request).now);
          }
        : undefined,
    schema: definedOnly({
      summary: endpoint.summary,
      tags: [endpoint.domain],
      params: endpoint.params,
      querystring: endpoint.query,
      body: endpoint.body,
      consumes: endpoint.consumes ? [endpoint.consumes] : undefined,
      produces: endpoint.produces ? [endpoint.produces] : undefined,
      response: {
        [status]: endpoint.produces ? endpoint.response : okEnvelopeSchema(endpoint.response),
        ...errorResponses(endpoint),
      },
    }),
    handler: async (request, reply) => {
      const data = await handler(request as unknown as RouteRequest<E>, reply);
      // A file answer is the reply itself, a thenable the handler's promise follows: it settles when the answer ends or the
      // client goes away, before or after the first byte. A client that dropped the download is gone: nothing more to send
      // (Fastify notes "stream closed prematurely" at info), and never a 500 (issue 54 item 10).
      if (data === reply || reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
      return reply.code(status).send(ok(data, status));
    },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/**
 * The error answers every entry may give, in the envelope `{ status, code, message, details? }`, so the OpenAPI
 * document lists them beside the success. Their serializer writes exactly the fields of `ApiErrorSchema`, which is
 * what `sendError` builds.
 */
function errorResponses(endpoint: Endpoint): Record<number, typeof ApiErrorSchema> {
  const statuses = [400, ...(endpoint.auth ? [401, 403] : []), 404, 409, ...(endpoint.body ? [413, 415] : []), 422, 429, 500];
  return Object.fromEntries(statuses.map((code) => [code, ApiErrorSchema]));
}

/** The schema keys an entry declares: Fastify warns about a key that is present but undefined (FSTWRN001). */
function definedOnly<T extends object>(schema: T): T {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as T;
}

/**
 * Makes the endpoint table the whole truth about the API: a route under `prefix` that has no entry stops the app from
 * starting (the OpenAPI pages excepted). That every entry is served is the endpoint-table test's to check.
 */
export function guardEndpointTable(app: FastifyInstance, prefix: string, except: readonly string[]): void {
  const declared = new Set(allEndpoints().map((endpoint) => `${endpoint.method} ${prefix}${endpoint.path}`));
  app.addHook('onRoute', (options: RouteOptions) => {
    if (!options.url.startsWith(`${prefix}/`) && options.url !== prefix) return;
    if (except.some((path) => options.url === path || options.url.startsWith(`${path}/`))) return;
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      if (!declared.has(`${method} ${options.url}`))
        throw new Error(`${method} ${options.url} has no entry in the endpoint table (packages/contracts/src/endpoints)`);
    }
  });
}
