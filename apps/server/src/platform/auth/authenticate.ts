import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';

/** Spec §9: cookies carry the RHC_ prefix, path /, SameSite Lax. */
export const ACCESS_COOKIE = 'RHC_access_token';
/** The refresh token travels only to the refresh call, HttpOnly and SameSite Strict. */
export const REFRESH_COOKIE = 'RHC_refresh_token';
export const REFRESH_COOKIE_PATH = '/api/checktoken';
/**
 * Readable by the web app: tells it a session cookie exists (spec §4 "no access token cookie → login state
 * cleared") while the token itself stays HttpOnly (R7). Decision 005.
 */
export const SESSION_HINT_COOKIE = 'RHC_session';
/** A device the person trusted at a two-step login's second step (decision 054): HttpOnly, a year, path /. */
export const DEVICE_COOKIE = 'RHC_device';

export interface SessionCookieNames {
  access: string;
  refresh: string;
  hint: string;
  device: string;
}

/**
 * The cookie names in use. With secure cookies (production, R7) the access and hint cookies carry the `__Host-`
 * prefix (Secure, path /, no Domain: no subdomain can set or shadow them); the refresh cookie has a path, which
 * `__Host-` forbids, so it carries `__Secure-`. Without secure cookies (development, tests over http) the bare names.
 */
export function sessionCookieNames(secure: boolean): SessionCookieNames {
  return secure
    ? {
        access: `__Host-${ACCESS_COOKIE}`,
        refresh: `__Secure-${REFRESH_COOKIE}`,
        hint: `__Host-${SESSION_HINT_COOKIE}`,
        device: `__Host-${DEVICE_COOKIE}`,
      }
    : { access: ACCESS_COOKIE, refresh: REFRESH_COOKIE, hint: SESSION_HINT_COOKIE, device: DEVICE_COOKIE };
}

export interface Actor {
  userId: string;
  sessionId: string;
  /** When this session last verified a code (a step-up proof, decision 051); read with the session, no query of its own. */
  provedAt: Date | null;
}

/**
 * The one step-up check (decision 051, the accounts module's): passes when the actor's session verified a code within
 * STEP_UP_WINDOW_MS, else 403 STEP_UP_REQUIRED. route() calls it for an entry marked `stepUp`; a service calls it when
 * the need depends on what the call changes.
 */
export interface StepUpCheck {
  require(actor: Actor, now: Date): Promise<void>;
}

export type AccessCheck =
  { ok: true; userId: string; sessionId: string; provedAt: Date | null } | { ok: false; reason: 'unknown' | 'expired' };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The bearer token of the Authorization header, else the access cookie. */
export function accessTokenOf(request: FastifyRequest, secureCookies = false): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return request.cookies[sessionCookieNames(secureCookies).access] || undefined;
}

/** A hook that admits only a live session and puts its owner on `request.actor`. */
export function createAuthenticate(
  check: (token: string, now: Date) => Promise<AccessCheck>,
  clock: () => Date,
  options: { secureCookies?: boolean } = {},
) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = accessTokenOf(request, options.secureCookies);
    if (!token) throw new AppError(401, 'UNAUTHORIZED');
    const result = await check(token, clock());
    if (!result.ok) throw new AppError(401, result.reason === 'expired' ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
    request.actor = { userId: result.userId, sessionId: result.sessionId, provedAt: result.provedAt };
  };
}

/** The authenticated person; only called behind `authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(401, 'UNAUTHORIZED');
  return request.actor;
}
