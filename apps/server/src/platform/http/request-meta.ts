import type { Language } from '@rhc/i18n';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../i18n/request-language.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time (tests and the development clock move it); decorated once by the app. */
    clock: () => Date;
  }
  interface FastifyRequest {
    /** Built once, on first use: see `metaOf`. */
    requestMeta: RequestMeta | null;
  }
}

/** What every service is told about the request besides its input: where it came from, when, in which language. */
export interface RequestMeta {
  ip: string;
  /** The request's moment, read once from the app's clock: every check and row of the request uses the same. */
  now: Date;
  language: Language;
}

/** The request's meta, built on first use and kept for the rest of the request (the access gate, then the handler). */
export function metaOf(request: FastifyRequest): RequestMeta {
  request.requestMeta ??= { ip: request.ip, now: request.server.clock(), language: requestLanguage(request) };
  return request.requestMeta;
}
