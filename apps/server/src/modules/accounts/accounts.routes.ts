import {
  AvatarSchema,
  ChangePasswordBodySchema,
  CheckTokenBodySchema,
  CheckTokenResultSchema,
  DashboardSchema,
  EmailSchema,
  ExistsSchema,
  LoginBodySchema,
  LoginResultSchema,
  MatchSchema,
  okEnvelopeSchema,
  OtpSentSchema,
  PhoneSchema,
  ResetPasswordBodySchema,
  SendEmailOtpBodySchema,
  SendSmsOtpBodySchema,
  SignupBodySchema,
  UpdateUserBodySchema,
  UserIdParamSchema,
  UserIdParamsSchema,
  UserInfoSchema,
  UserInformationSchema,
  UserProfileSchema,
  VerifyOtpBodySchema,
  VerifyOtpResultSchema,
  WorkUnitListSchema,
} from '@rhc/contracts';
import { AVATAR_MAX_BYTES } from '@rhc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workUnits } from '../../db/schema/index.ts';
import {
  ACCESS_COOKIE,
  actorOf,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  SESSION_HINT_COOKIE,
  type createAuthenticate,
} from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { sniffImageType } from '../../platform/storage/storage.ts';
import type { AccountsService } from './accounts.service.ts';
import type { OtpService } from './otp.service.ts';
import type { IssuedTokens } from './sessions.service.ts';

export interface AccountsRoutesOptions {
  db: Db;
  accounts: AccountsService;
  otp: OtpService;
  storage: FileStorage;
  authenticate: ReturnType<typeof createAuthenticate>;
  clock: () => Date;
  secureCookies: boolean;
}

const tag = 'accounts';

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  const { accounts, otp, authenticate, clock } = options;
  const meta = (request: FastifyRequest) => ({ ip: request.ip, now: clock() });

  function setSessionCookies(reply: FastifyReply, tokens: IssuedTokens) {
    const maxAge = Math.max(1, Math.floor((tokens.sessionExpiresAt.getTime() - clock().getTime()) / 1000));
    const base = { path: '/', sameSite: 'lax', secure: options.secureCookies } as const;
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

  /* ---------- OTP ---------- */

  app.post(
    '/otp/saveVerificationIdToDb',
    {
      schema: {
        tags: [tag],
        summary: 'Send a 6-digit code by SMS',
        body: SendSmsOtpBodySchema,
        response: { 200: okEnvelopeSchema(OtpSentSchema) },
      },
    },
    async (request) => {
      const { phone, purpose } = request.body;
      const account = purpose === 'reset' ? await accounts.resetTarget(phone, undefined) : undefined;
      const sent = await otp.send(
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
      return ok(sent);
    },
  );

  app.post(
    '/otp/send-email',
    {
      schema: {
        tags: [tag],
        summary: 'Send a 6-digit code by e-mail (sign-up needs the phone it vouches for)',
        body: SendEmailOtpBodySchema,
        response: { 200: okEnvelopeSchema(OtpSentSchema) },
      },
    },
    async (request) => {
      const { email, phone, purpose } = request.body;
      const account = purpose === 'reset' ? await accounts.resetTarget(phone, email) : undefined;
      const sent = await otp.send(
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
      return ok(sent);
    },
  );

  app.post(
    '/otp/verify',
    {
      schema: {
        tags: [tag],
        summary: 'Check a code',
        body: VerifyOtpBodySchema,
        response: { 200: okEnvelopeSchema(VerifyOtpResultSchema) },
      },
    },
    async (request) => ok(await otp.verify(request.body.verificationId, request.body.code, clock())),
  );

  /* ---------- Sign-up, login, sessions ---------- */

  app.post(
    '/signup',
    {
      schema: {
        tags: [tag],
        summary: 'Create an account with a verified code',
        body: SignupBodySchema,
        response: { 201: okEnvelopeSchema(UserInfoSchema) },
      },
    },
    async (request, reply) => {
      const user = await accounts.signup(request.body, meta(request));
      return reply.status(201).send(ok(user, 201));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: [tag],
        summary: 'Log in with phone and password',
        body: LoginBodySchema,
        response: { 200: okEnvelopeSchema(LoginResultSchema) },
      },
    },
    async (request, reply) => {
      const { result, tokens } = await accounts.login(request.body.phone, request.body.password, meta(request));
      setSessionCookies(reply, tokens);
      return ok(result);
    },
  );

  app.post(
    '/logout-page',
    { preHandler: authenticate, schema: { tags: [tag], summary: 'End this session', response: { 200: okEnvelopeSchema(z.null()) } } },
    async (request, reply) => {
      await accounts.logout(actorOf(request), meta(request));
      clearSessionCookies(reply);
      return ok(null);
    },
  );

  app.post(
    '/checktoken/:userId',
    {
      schema: {
        tags: [tag],
        summary: 'Exchange the refresh token (body or cookie) for a new access and refresh token',
        params: UserIdParamSchema,
        body: CheckTokenBodySchema.nullish(),
        response: { 200: okEnvelopeSchema(CheckTokenResultSchema) },
      },
    },
    async (request, reply) => {
      const token = request.body?.token ?? request.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError(401, 'SESSION_EXPIRED');
      try {
        const tokens = await accounts.refresh(request.params.userId, token, meta(request));
        setSessionCookies(reply, tokens);
        return ok({ status: 200 as const, token: tokens.accessToken, expiresAt: tokens.accessExpiresAt.toISOString() });
      } catch (error) {
        clearSessionCookies(reply);
        throw error;
      }
    },
  );

  /* ---------- Look-ups used by the sign-up and reset forms ---------- */

  app.get(
    '/user-phone/:phone',
    {
      schema: {
        tags: [tag],
        summary: 'Is this phone registered?',
        params: z.object({ phone: PhoneSchema }),
        response: { 200: okEnvelopeSchema(ExistsSchema) },
      },
    },
    async (request) => ok({ exists: await accounts.phoneExists(request.params.phone) }),
  );

  app.get(
    '/check-email-exists/:email',
    {
      schema: {
        tags: [tag],
        summary: 'Is this e-mail used?',
        params: z.object({ email: EmailSchema }),
        response: { 200: okEnvelopeSchema(ExistsSchema) },
      },
    },
    async (request) => ok({ exists: await accounts.emailExists(request.params.email) }),
  );

  app.get(
    '/check-email-phone-match',
    {
      schema: {
        tags: [tag],
        summary: 'Do this e-mail and phone belong to one account?',
        querystring: z.object({ email: EmailSchema, phone: PhoneSchema }),
        response: { 200: okEnvelopeSchema(MatchSchema) },
      },
    },
    async (request) => ok({ match: await accounts.emailMatchesPhone(request.query.email, request.query.phone) }),
  );

  app.put(
    '/user-reset-password',
    {
      schema: {
        tags: [tag],
        summary: 'Set a new password with a verified reset code',
        body: ResetPasswordBodySchema,
        response: { 200: okEnvelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.verificationId, request.body.newPassword, meta(request));
      return ok(null);
    },
  );

  app.get(
    '/workunit',
    {
      schema: {
        tags: [tag],
        summary: 'Hospitals and clinics a doctor can work at',
        response: { 200: okEnvelopeSchema(WorkUnitListSchema) },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const rows = await options.db.select().from(workUnits).orderBy(asc(workUnits.id));
      return ok(rows.map((row) => ({ id: row.id, name: row.names[language], address: row.address })));
    },
  );

  /* ---------- The signed-in person's own account ---------- */

  app.get(
    '/user/:id',
    {
      preHandler: authenticate,
      schema: { tags: [tag], summary: 'My profile', params: UserIdParamsSchema, response: { 200: okEnvelopeSchema(UserProfileSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await accounts.profile(actorOf(request), request.params.id));
    },
  );

  app.put(
    '/user/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Change my profile',
        params: UserIdParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: okEnvelopeSchema(UserProfileSchema) },
      },
    },
    async (request) => ok(await accounts.updateProfile(actorOf(request), request.params.id, request.body, meta(request))),
  );

  app.get(
    '/user-information/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'My information (the spec reads data.data)',
        params: UserIdParamsSchema,
        response: { 200: okEnvelopeSchema(UserInformationSchema) },
      },
    },
    async (request) => {
      const profile = await accounts.profile(actorOf(request), request.params.id);
      const { id, fullName, phone, email, gender, address, dateOfBirth } = profile;
      return ok({ data: { id, fullName, phone, email, gender, address, dateOfBirthday: dateOfBirth } });
    },
  );

  app.put(
    '/user-password/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Change my password (ends my other sessions)',
        params: UserIdParamsSchema,
        body: ChangePasswordBodySchema,
        response: { 200: okEnvelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await accounts.changePassword(
        actorOf(request),
        request.params.id,
        request.body.currentPassword,
        request.body.newPassword,
        meta(request),
      );
      return ok(null);
    },
  );

  app.get(
    '/dashboard/:userId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Counts for the header bell',
        params: UserIdParamSchema,
        response: { 200: okEnvelopeSchema(DashboardSchema) },
      },
    },
    async (request) => {
      await accounts.ownAccount(actorOf(request), request.params.userId);
      // Invitations arrive with the relatives feature; until then nobody has any.
      return ok({ countInvites: 0 });
    },
  );

  /* ---------- Avatar ---------- */

  app.post(
    '/user-avatar/:userId',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Upload my avatar (multipart field "file"; JPEG, PNG or WebP, at most 4 MB)',
        params: UserIdParamSchema,
        response: { 200: okEnvelopeSchema(AvatarSchema) },
      },
    },
    async (request) => {
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
      return ok({ urlImage: await accounts.setAvatar(actor, request.params.userId, image, meta(request)) });
    },
  );

  app.put(
    '/user-delete-avatar/:userId',
    {
      preHandler: authenticate,
      schema: { tags: [tag], summary: 'Remove my avatar', params: UserIdParamSchema, response: { 200: okEnvelopeSchema(AvatarSchema) } },
    },
    async (request) => {
      await accounts.deleteAvatar(actorOf(request), request.params.userId, meta(request));
      return ok({ urlImage: null });
    },
  );

  app.get(
    '/user-avatar/:userId',
    { preHandler: authenticate, schema: { tags: [tag], summary: 'My avatar image', params: UserIdParamSchema } },
    async (request, reply) => {
      const key = await accounts.avatarKey(actorOf(request), request.params.userId);
      const stream = await options.storage.open(key);
      if (!stream) throw AppError.notFound();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const image = Buffer.concat(chunks);
      // Spec §9: avatars are cached 7 days; the URL changes with the picture, and only this browser may keep it.
      return reply
        .header('Cache-Control', 'private, max-age=604800')
        .type(sniffImageType(image) ?? 'application/octet-stream')
        .send(image);
    },
  );
};
