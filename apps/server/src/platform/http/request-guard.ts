import type { FieldError } from '@rhc/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLanguage, translatorFor } from '../i18n/request-language.ts';
import { sendError } from './error-handler.ts';

/** Paths reported at most; the rest of a hostile body adds nothing. */
const MAX_REPORTED = 20;
const MAX_DEPTH = 32;

/** The dotted paths (`body.address`, `query.to`) of every string or key holding U+0000, up to MAX_REPORTED. */
export function nulPaths(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
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
  app.addHook('preValidation', async (request, reply) => {
    const contentType = request.headers['content-type'];
    if (contentType && MULTIPART.test(contentType) && !BOUNDARY.test(contentType)) return sendError(request, reply, 400, 'BAD_REQUEST');
    const paths = nulPaths(request.params, 'params');
    nulPaths(request.query, 'query', paths);
    nulPaths(request.body, 'body', paths);
    if (paths.length === 0) return;
    const t = translatorFor(requestLanguage(request));
    const details: FieldError[] = paths.map((field) => ({ field, code: 'invalid', message: t('errors:field.invalid') }));
    return sendError(request, reply, 400, 'VALIDATION_FAILED', {}, details);
  });
}
