import { endpoints } from '@rhc/contracts';
import { AVATAR_MAX_BYTES } from '@rhc/domain';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import { sniffImageType } from '../../platform/storage/storage.ts';
import type { ModuleOptions } from '../../services.ts';
import { sessionCookies } from './session-cookies.ts';

/** Room for the multipart boundaries and part headers around an avatar of AVATAR_MAX_BYTES. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const accountsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, options) => {
  const { accounts, otp } = options.services;
  const { clock } = options;
  const api = endpoints.accounts;
  const cookies = sessionCookies(options);

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
        ip: request.ip,
      },
      clock(),
    );
  });

  // A sign-up code by e-mail proves the e-mail only: it names no phone, so it vouches for none (decision 048).
  route(app, api.sendEmailOtp, async (request) => {
    const { email, phone, purpose } = request.body;
    const account = purpose === 'reset' ? await accounts.resetTarget(phone, email) : undefined;
    return otp.send(
      {
        purpose,
        channel: 'email',
        destination: email,
        phone: account?.phone ?? null,
        userId: account?.id ?? null,
        deliver: purpose === 'signup' || !!account,
        language: requestLanguage(request),
        ip: request.ip,
      },
      clock(),
    );
  });

  route(app, api.verifyOtp, (request) => otp.verify(request.body.verificationId, request.body.code, clock()));

  /* ---------- sign-up, login, sessions ---------- */

  // The app's language travels as Accept-Language on every call; sign-up and log-in keep it on the account (issue 12).
  route(app, api.signup, (request) => accounts.signup(request.body, metaOf(request)));

  route(app, api.login, async (request, reply) => {
    // A device trusted at a two-step login's second step skips it (decision 054); without it, the answer may be a ticket.
    const device = request.cookies[cookies.names.device] || undefined;
    const { result, tokens } = await accounts.login(request.body.phone, request.body.password, metaOf(request), device);
    if (tokens) cookies.set(reply, tokens);
    return result;
  });

  route(app, api.logout, async (request, reply) => {
    await accounts.logout(actorOf(request), metaOf(request));
    cookies.clear(reply);
    return null;
  });

  route(app, api.refresh, async (request, reply) => {
    const token = request.body?.token ?? request.cookies[cookies.names.refresh];
    if (!token) throw new AppError(401, 'SESSION_EXPIRED');
    try {
      const tokens = await accounts.refresh(request.params.userId, token, metaOf(request));
      cookies.set(reply, tokens);
      return { status: 200 as const, token: tokens.accessToken, expiresAt: tokens.accessExpiresAt.toISOString() };
    } catch (error) {
      cookies.clear(reply);
      throw error;
    }
  });

  /* ---------- look-ups of the sign-up and reset forms ---------- */

  route(app, api.phoneExists, async (request) => ({ exists: await accounts.phoneExists(request.params.phone, metaOf(request)) }));
  route(app, api.emailExists, async (request) => ({ exists: await accounts.emailExists(request.params.email, metaOf(request)) }));
  route(app, api.emailPhoneMatch, async (request) => ({
    match: await accounts.emailMatchesPhone(request.query.email, request.query.phone, metaOf(request)),
  }));

  route(app, api.resetPassword, async (request) => {
    await accounts.resetPassword(request.body.verificationId, request.body.newPassword, metaOf(request));
    return null;
  });

  /* ---------- the signed-in person's own account ---------- */

  route(app, api.profile, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return accounts.profile(actorOf(request));
  });

  route(app, api.updateProfile, (request) => accounts.updateProfile(actorOf(request), request.body, metaOf(request)));

  route(app, api.information, async (request) => {
    const { id, fullName, phone, email, gender, address, dateOfBirth } = await accounts.profile(actorOf(request));
    return { data: { id, fullName, phone, email, gender, address, dateOfBirthday: dateOfBirth } };
  });

  route(app, api.changePassword, async (request) => {
    const { currentPassword, newPassword } = request.body;
    await accounts.changePassword(actorOf(request), currentPassword, newPassword, metaOf(request));
    return null;
  });

  route(app, api.notificationPreferences, (request) => accounts.notificationPreferences(actorOf(request)));
  route(app, api.updateNotificationPreferences, (request) =>
    accounts.updateNotificationPreferences(actorOf(request), request.body, metaOf(request)),
  );
  route(app, api.updateLanguage, async (request) => {
    await accounts.setLanguage(actorOf(request), request.body.language, metaOf(request));
    return null;
  });

  route(app, api.sendPhoneCode, (request) => accounts.sendPhoneCode(actorOf(request), metaOf(request)));
  route(app, api.verifyPhone, (request) =>
    accounts.verifyPhone(actorOf(request), request.body.verificationId, request.body.code, metaOf(request)),
  );

  route(app, api.dashboard, async (request) => {
    const account = await accounts.ownAccount(actorOf(request));
    // Pending invitations addressed to me (issue 14): the home notice's and the header bell's count.
    return { countInvites: await options.services.relatives.pendingInvitationCount(account.id) };
  });

  /* ---------- avatar ---------- */

  route(app, api.uploadAvatar, async (request, reply) => {
    const actor = actorOf(request);
    try {
      // Refused before a byte of the body is read: a declared length over the limit (R8), or over the hourly quota.
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
        await accounts.ownAccount(actor);
        throw new AppError(413, 'AVATAR_TOO_LARGE');
      }
      await accounts.admitAvatarUpload(actor, metaOf(request));
      // Read as a stream that stops at the limit (busboy's fileSize): never more than AVATAR_MAX_BYTES in memory.
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
      if (!file || file.fieldname !== 'file') throw new AppError(400, 'AVATAR_NOT_IMAGE');
      let image: Buffer;
      try {
        image = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'AVATAR_TOO_LARGE');
        throw error;
      }
      if (!sniffImageType(image)) throw new AppError(415, 'AVATAR_NOT_IMAGE');
      return { urlImage: await accounts.setAvatar(actor, image, metaOf(request)) };
    } catch (error) {
      // Whatever of the body is still unread is not read: the connection closes after the answer.
      if (!request.raw.readableEnded) reply.header('Connection', 'close');
      throw error;
    }
  });

  route(app, api.deleteAvatar, async (request) => {
    await accounts.deleteAvatar(actorOf(request), metaOf(request));
    return { urlImage: null };
  });

  route(app, api.avatar, async (request, reply) => {
    const image = await accounts.avatarImage(actorOf(request));
    // Spec §9: avatars are cached 7 days; the URL changes with the picture, and only this browser may keep it.
    // R8: the type is the one sniffed from the bytes, never guessed again by the browser (nosniff); only an image
    // is ever served inline, anything else (never stored, but whatever) as an attachment.
    const type = sniffImageType(image);
    return reply
      .header('Cache-Control', 'private, max-age=604800')
      .header('X-Content-Type-Options', 'nosniff')
      .header(
        'Content-Disposition',
        type ? `inline; filename="avatar.${type.slice('image/'.length)}"` : 'attachment; filename="avatar.bin"',
      )
      .type(type ?? 'application/octet-stream')
      .send(image);
  });
};
