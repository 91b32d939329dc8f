import type { FieldError } from '@rhc/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLanguage, translatorFor } from '../i18n/request-language.ts';
import { sendError } from './error-handler.ts';

/** Paths reported at most; the rest of a hostile body adds nothing. */
const MAX_REPORTED = 20;
const MAX_DEPTH = 32;

/** Whether a string or a key anywhere in `value` holds U+0000, to MAX_DEPTH as `nulPaths` looks: allocates nothing. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (holdsNul(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (Object.hasOwn(record, key) && (key.includes('\u0000') || holdsNul(record[key], depth + 1))) return true;
  return false;
}

/** The dotted paths (`body.address`, `query.to`) of every string or key holding U+0000, up to MAX_REPORTED. */
function nulPaths(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= MAX_REPORTED || depth > MAX_DEPTH) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, `${path}.${index}`, found, depth + 1));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) found.push(path);
      else nulPaths(item, at, found, depth + 1);
    }
  }
  return found;
}

const MULTIPART = /^multipart\/form-data\b/i;
const BOUNDARY = /;\s*boundary=("?)[^";]+\1/i;

/**
 * Checks of the input that hold for every endpoint, before its own validation (finding 3 of "Hardening what exists"):
 *
 * - No U+0000 anywhere in params, query or body. PostgreSQL cannot store it in text or jsonb (the statement fails:
 *   a 500), and no person types it. One hook on the request pipeline guards every current and future field, also a
 *   `z.string()` written outside the shared schemas, a text/plain body and a path parameter (`%00`); a shared zod
 *   schema would guard only the fields that remember to use it. It runs after the session check (`onRequest`), so a
 *   stranger learns nothing of the input rules. Answer: 400 VALIDATION_FAILED, the field paths in `details`.
 * - A multipart body must name its boundary; without one the parser throws deep inside the handler (a 500).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    const contentType = request.headers['content-type'];
    if (contentType && MULTIPART.test(contentType) && !BOUNDARY.test(contentType)) {
      sendError(request, reply, 400, 'BAD_REQUEST');
      return;
    }
    // Every request is looked through without allocating; the paths are named only when there is something to refuse.
    if (!holdsNul(request.params) && !holdsNul(request.query) && !holdsNul(request.body)) {
      done();
      return;
    }
    const paths = nulPaths(request.params, 'params');
    nulPaths(request.query, 'query', paths);
    nulPaths(request.body, 'body', paths);
    const t = translatorFor(requestLanguage(request));
    const details: FieldError[] = paths.map((field) => ({ field, code: 'invalid', message: t('errors:field.invalid') }));
    sendError(request, reply, 400, 'VALIDATION_FAILED', {}, details);
  });
}
