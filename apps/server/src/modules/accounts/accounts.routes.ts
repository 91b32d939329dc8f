import { endpoints } from '@rhc/contracts';
import { AVATAR_MAX_BYTES } from '@rhc/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, actorOf, REFRESH_COOKIE, REFRESH_COOKIE_PATH, SESSION_HINT_COOKIE } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import { sniffImageType } from '../../platform/storage/storage.ts';
import type { ModuleOptions } from '../../services.ts';
import type { IssuedTokens } from './sessions.service.ts';

export const accountsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, options) => {
  const { accounts, otp } = options.services;
  const { clock } = options;
  const api = endpoints.accounts;
  const meta = (request: FastifyRequest) => ({ ip: request.ip, now: clock() });

  function setSessionCookies(reply: FastifyReply, tokens: IssuedTokens) {
    const maxAge = Math.max(1, Math.floor((tokens.sessionExpiresAt.getTime() - clock().getTime()) / 1000));
    const base = { path: '/', sameSite: 'lax', secure: options.config.secureCookies } as const;
    reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, httpOnly: true, maxAge });
    reply.setCookie(SESSION_HINT_COOKIE, '1', { ...base, httpOnly: false, maxAge });
    reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
      ...base,
      path: REFRESH_COOKIE_PATH,
      sameSite: 'strict',
      httpOnly: true,
      maxAge,
    });
  }
  function clearSessionCookies(reply: FastifyReply) {
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
  }

  /* ---------- codes ---------- */

  route(app, api.sendSmsOtp, async (request) => {
    const { phone, purpose } = request.body;
    const account = purpose === 'reset' ? await accounts.resetTarget(phone, undefined) : undefined;
    return otp.send(
      {
        purpose,
        channel: 'sms',
        destination: phone,
        phone,
        userId: account?.id ?? null,
        deliver: purpose === 'signup' || !!account,
        language: requestLanguage(request),
      },
      clock(),
    );
  });

  route(app, api.sendEmailOtp, async (request) => {
    const { email, phone, purpose } = request.body;
    const account = purpose === 'reset' ? await accounts.resetTarget(phone, email) : undefined;
    return otp.send(
      {
        purpose,
        channel: 'email',
        destination: email,
        phone: purpose === 'reset' ? (account?.phone ?? null) : (phone ?? null),
        userId: account?.id ?? null,
        deliver: purpose === 'signup' || !!account,
        language: requestLanguage(request),
      },
      clock(),
    );
  });

  route(app, api.verifyOtp, (request) => otp.verify(request.body.verificationId, request.body.code, clock()));

  /* ---------- sign-up, login, sessions ---------- */

  route(app, api.signup, (request) => accounts.signup(request.body, meta(request)));

  route(app, api.login, async (request, reply) => {
    const { result, tokens } = await accounts.login(request.body.phone, request.body.password, meta(request));
    setSessionCookies(reply, tokens);
    return result;
  });

  route(app, api.logout, async (request, reply) => {
    await accounts.logout(actorOf(request), meta(request));
    clearSessionCookies(reply);
    return null;
  });

  route(app, api.refresh, async (request, reply) => {
    const token = request.body?.token ?? request.cookies[REFRESH_COOKIE];
    if (!token) throw new AppError(401, 'SESSION_EXPIRED');
    try {
      const tokens = await accounts.refresh(request.params.userId, token, meta(request));
      setSessionCookies(reply, tokens);
      return { status: 200 as const, token: tokens.accessToken, expiresAt: tokens.accessExpiresAt.toISOString() };
    } catch (error) {
      clearSessionCookies(reply);
      throw error;
    }
  });

  /* ---------- look-ups of the sign-up and reset forms ---------- */

  route(app, api.phoneExists, async (request) => ({ exists: await accounts.phoneExists(request.params.phone) }));
  route(app, api.emailExists, async (request) => ({ exists: await accounts.emailExists(request.params.email) }));
  route(app, api.emailPhoneMatch, async (request) => ({
    match: await accounts.emailMatchesPhone(request.query.email, request.query.phone),
  }));

  route(app, api.resetPassword, async (request) => {
    await accounts.resetPassword(request.body.verificationId, request.body.newPassword, meta(request));
    return null;
  });

  /* ---------- the signed-in person's own account ---------- */

  route(app, api.profile, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return accounts.profile(actorOf(request), request.params.id);
  });

  route(app, api.updateProfile, (request) => accounts.updateProfile(actorOf(request), request.params.id, request.body, meta(request)));

  route(app, api.information, async (request) => {
    const { id, fullName, phone, email, gender, address, dateOfBirth } = await accounts.profile(actorOf(request), request.params.id);
    return { data: { id, fullName, phone, email, gender, address, dateOfBirthday: dateOfBirth } };
  });

  route(app, api.changePassword, async (request) => {
    const { currentPassword, newPassword } = request.body;
    await accounts.changePassword(actorOf(request), request.params.id, currentPassword, newPassword, meta(request));
    return null;
  });

  route(app, api.dashboard, async (request) => {
    await accounts.ownAccount(actorOf(request), request.params.userId);
    // Invitations arrive with the relatives feature; until then nobody has any.
    return { countInvites: 0 };
  });

  /* ---------- avatar ---------- */

  route(app, api.uploadAvatar, async (request) => {
    const actor = actorOf(request);
    await accounts.ownAccount(actor, request.params.userId);
    const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file') throw new AppError(400, 'AVATAR_NOT_IMAGE');
    let image: Buffer;
    try {
      image = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'AVATAR_TOO_LARGE');
      throw error;
    }
    if (!sniffImageType(image)) throw new AppError(415, 'AVATAR_NOT_IMAGE');
    return { urlImage: await accounts.setAvatar(actor, request.params.userId, image, meta(request)) };
  });

  route(app, api.deleteAvatar, async (request) => {
    await accounts.deleteAvatar(actorOf(request), request.params.userId, meta(request));
    return { urlImage: null };
  });

  route(app, api.avatar, async (request, reply) => {
    const image = await accounts.avatarImage(actorOf(request), request.params.userId);
    // Spec §9: avatars are cached 7 days; the URL changes with the picture, and only this browser may keep it.
    return reply
      .header('Cache-Control', 'private, max-age=604800')
      .type(sniffImageType(image) ?? 'application/octet-stream')
      .send(image);
  });
};
