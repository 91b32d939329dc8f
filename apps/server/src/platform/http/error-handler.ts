import type { ApiErrorBody, FieldError } from '@rhc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { requestLanguage, translatorFor } from '../i18n/request-language.ts';
import { AppError } from './app-error.ts';

/** Fastify's own 4xx errors, mapped to the contract's codes. */
const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'BAD_REQUEST',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

const FIELD_CODES = new Set(['required', 'invalid', 'too_small', 'too_big', 'invalid_type', 'invalid_format', 'unrecognized_keys']);

/**
 * The one place that turns a failure into the wire contract's error shape,
 * with the message in the request's language. Internals never reach the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error, code: error.code }, 'request failed');
      return sendError(request, reply, error.status, error.code, error.params, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const t = translatorFor(requestLanguage(request));
      const details: FieldError[] = error.validation.map((v) => {
        // A missing value is zod's invalid_type "received undefined": tell the person it is required.
        const code = v.keyword === 'invalid_type' && v.message?.endsWith('received undefined') ? 'required' : v.keyword;
        const field = [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
        // Contract schemas carry i18n keys (errors:validation.*) as their messages; others get a generic text by code.
        const key = v.message?.startsWith('validation.') ? v.message : `field.${FIELD_CODES.has(code) ? code : 'invalid'}`;
        return { field, code, message: t(`errors:${key}` as never) };
      });
      return sendError(request, reply, 400, 'VALIDATION_FAILED', {}, details);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return sendError(request, reply, status, STATUS_CODES[status] ?? 'BAD_REQUEST');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'INTERNAL_ERROR');
  });
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  params: Record<string, string | number> = {},
  details?: FieldError[],
): FastifyReply {
  const t = translatorFor(requestLanguage(request));
  const body: ApiErrorBody = {
    status,
    code,
    message: t(`errors:${code}` as never, { ...params, defaultValue: t('errors:INTERNAL_ERROR') }),
    ...(details ? { details } : {}),
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}
