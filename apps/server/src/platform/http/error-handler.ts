import type { ApiErrorBody, FieldError } from '@rhc/contracts';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requestLanguage, translatorFor } from '../i18n/request-language.ts';
import { AppError } from './app-error.ts';

/*
 * zod/mini (the contracts' zod) brings no messages of its own: the handler below reads zod's English ones (a missing
 * value is "… received undefined"), so the server loads them once, whichever module imports zod first.
 */
z.config(z.locales.en());

/** Fastify's own 4xx errors, mapped to the contract's codes. */
const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'BAD_REQUEST',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'REQUEST_HEADERS_TOO_LARGE',
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
      return sendError(request, reply, error.status, error.code, error.params, error.details, error.extra);
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
    // A multipart body that ends early or is not multipart at all: busboy throws a plain Error inside the handler.
    if (isMultipartReadError(error, request)) return sendError(request, reply, 400, 'BAD_REQUEST');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return sendError(request, reply, status, STATUS_CODES[status] ?? 'BAD_REQUEST');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'INTERNAL_ERROR');
  });
}

function isMultipartReadError(error: FastifyError, request: FastifyRequest): boolean {
  const contentType = request.headers['content-type'] ?? '';
  return error.statusCode === undefined && /^multipart\//i.test(contentType) && /multipart/i.test(error.message);
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  params: Record<string, string | number> = {},
  details?: FieldError[],
  extra?: Pick<ApiErrorBody, 'affected' | 'channels'>,
): FastifyReply {
  const t = translatorFor(requestLanguage(request));
  const body: ApiErrorBody = {
    status,
    code,
    message: t(`errors:${code}` as never, { ...params, defaultValue: t('errors:INTERNAL_ERROR') }),
    ...(details ? { details } : {}),
    ...extra,
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify meets before a route is found (a malformed URL: 400; a path parameter longer than the router takes:
 * 414), answered in the envelope like every other error (the `frameworkErrors` option of the app).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'framework error');
  void sendError(request, reply, status, STATUS_CODES[status] ?? 'BAD_REQUEST');
};

/**
 * Requests Node's HTTP parser refuses before there is a request (a timeout, headers too large, a bad
 * Content-Length, a malformed request line): the envelope in Vietnamese (no language can be read yet), written on the
 * socket, which is then closed (the `clientErrorHandler` option of the app).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
  const t = translatorFor('vi');
  const body: ApiErrorBody = { status, code, message: t(`errors:${code}` as never, { defaultValue: t('errors:BAD_REQUEST') }) };
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  socket.destroy(error);
}
