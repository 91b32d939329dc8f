import type { FastifyServerOptions } from 'fastify';
import { databaseErrorFacts } from '../../db/errors.ts';

/**
 * What the log may hold of a request and of an error: no personal data, no secrets (finding 2 of "Hardening what
 * exists"). Set here, on the app's logger, so every log line of every module and of Fastify itself goes through them.
 *
 * - A request is logged by its route pattern (`/api/user-phone/:phone`), never its raw URL: path parameters carry
 *   phones, e-mails and tracking codes. A query string is logged by its keys only (`?email=*&phone=*`).
 * - A database error is logged by SQLSTATE, constraint, table and column: drizzle's error carries the statement with
 *   its parameters (a password hash, a phone, a booking's reason…) in `query`, `params`, its message and its stack,
 *   and PostgreSQL's `detail` quotes the offending values (`Key (phone)=(09…) already exists`).
 */
export const safeLogSerializers = {
  req: serializeRequest,
  err: serializeError,
  error: serializeError,
};

/** The app's logger options with the safe serializers (which a caller's options cannot switch off). */
export function withSafeLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...safeLogSerializers } } as FastifyServerOptions['logger'];
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

const QUERY_KEY = /^[A-Za-z_][\w.[\]-]{0,40}$/;
/** A path segment kept in the log of an unmatched path: a plain word (no digits, no @, no dots). */
const PLAIN_SEGMENT = /^[A-Za-z][A-Za-z_-]{0,40}$/;

export function safeUrl(rawUrl: string, pattern: string | undefined): string {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
  // The 404 handler's and the web app's wildcard say nothing: the path is kept with every non-word segment hidden.
  const shown =
    pattern && !pattern.includes('*')
      ? pattern
      : path
          .split('/')
          .map((segment) => (segment === '' || PLAIN_SEGMENT.test(segment) ? segment : ':redacted'))
          .join('/');
  if (!query) return shown;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const key = safeDecode(part.split('=')[0] ?? '');
      return QUERY_KEY.test(key) ? `${key}=*` : '*';
    });
  return `${shown}?${keys.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: safeUrl(request.url ?? '', request.routeOptions?.url),
    remoteAddress: request.ip,
  };
}

interface SerializedError {
  type: string;
  message?: string;
  code?: string | number;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  stack?: string;
  cause?: SerializedError;
}

/** Only the call frames of a stack: its first line repeats the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!error || typeof error !== 'object') return error;
  const database = databaseErrorFacts(error);
  if (database) {
    // Neither message, detail, query nor params: they quote the data. The frames say where.
    return {
      type: 'DatabaseError',
      code: database.code,
      constraint: database.constraint,
      table: database.table,
      column: database.column,
      routine: database.routine,
      stack: framesOf((error as { stack?: unknown }).stack),
    } satisfies SerializedError;
  }
  const value = error as { name?: unknown; message?: unknown; code?: unknown; statusCode?: unknown; stack?: unknown; cause?: unknown };
  // drizzle's wrapper of a failure that is not PostgreSQL's (a lost connection): its message is the statement.
  const wrapsQuery = 'query' in value || 'params' in value;
  const type = typeof value.name === 'string' ? value.name : (error.constructor?.name ?? 'Error');
  return {
    type,
    message: wrapsQuery ? undefined : typeof value.message === 'string' ? value.message : undefined,
    code: typeof value.code === 'string' || typeof value.code === 'number' ? value.code : undefined,
    statusCode: typeof value.statusCode === 'number' ? value.statusCode : undefined,
    stack: wrapsQuery ? framesOf(value.stack) : typeof value.stack === 'string' ? value.stack : undefined,
    cause: value.cause !== undefined && depth < 4 ? (serializeError(value.cause, depth + 1) as SerializedError) : undefined,
  } satisfies SerializedError;
}
