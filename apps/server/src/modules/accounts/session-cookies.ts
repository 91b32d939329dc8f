import type { FastifyReply } from 'fastify';
import { REFRESH_COOKIE_PATH, sessionCookieNames } from '../../platform/auth/authenticate.ts';
import type { ModuleOptions } from '../../services.ts';
import type { IssuedTokens } from './sessions.service.ts';
import type { TrustedDevice } from './two-step.service.ts';

/**
 * The cookies a login sets and a logout clears (R7, decision 005), for the login, its second step (decision 054) and the
 * refresh: one place, so every way into a session sets the same ones.
 */
export function sessionCookies(options: Pick<ModuleOptions, 'clock' | 'config'>) {
  const names = sessionCookieNames(options.config.secureCookies);
  const secure = options.config.secureCookies;
  const base = { path: '/', sameSite: 'lax', secure } as const;
  /** Seconds from now until `until`, at least one. */
  const maxAgeUntil = (until: Date) => Math.max(1, Math.floor((until.getTime() - options.clock().getTime()) / 1000));
  return {
    names,
    set(reply: FastifyReply, tokens: IssuedTokens) {
      const maxAge = maxAgeUntil(tokens.sessionExpiresAt);
      reply.setCookie(names.access, tokens.accessToken, { ...base, httpOnly: true, maxAge });
      reply.setCookie(names.hint, '1', { ...base, httpOnly: false, maxAge });
      reply.setCookie(names.refresh, tokens.refreshToken, {
        ...base,
        path: REFRESH_COOKIE_PATH,
        sameSite: 'strict',
        httpOnly: true,
        maxAge,
      });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(names.access, { path: '/', secure });
      reply.clearCookie(names.hint, { path: '/', secure });
      reply.clearCookie(names.refresh, { path: REFRESH_COOKIE_PATH, secure });
    },
    /** The trusted device's token (decision 054): HttpOnly, SameSite Lax, path /, until the device's trust ends. */
    trustDevice(reply: FastifyReply, device: TrustedDevice) {
      reply.setCookie(names.device, device.token, { ...base, httpOnly: true, maxAge: maxAgeUntil(device.expiresAt) });
    },
  };
}
