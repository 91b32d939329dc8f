import { isLanguage, languageFromHeader, LANGUAGE_COOKIE, type Language } from '@rhc/i18n';
import { createTranslator } from '@rhc/i18n/node';
import type { FastifyRequest } from 'fastify';

/** Every namespace in `packages/i18n/locales` (errors, e-mail and SMS texts…), read from the directory at start. */
export const translatorFor = createTranslator();

/** Accept-Language decides (spec §7); without it the language cookie; else Vietnamese. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (header) return languageFromHeader(header);
  const cookie = parseCookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  return isLanguage(cookie) ? cookie : languageFromHeader(undefined);
}

function parseCookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
