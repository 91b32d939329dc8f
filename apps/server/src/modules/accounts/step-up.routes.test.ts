import { OTP_MAX_ATTEMPTS, OTP_SENDS_PER_HOUR, STEP_UP_WINDOW_MS } from '@rhc/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { latestCode, logIn, proveSession, signUp, uniqueAddress, type LoggedIn } from '../../../test/accounts-helpers.ts';
import { createPatient } from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';

/*
 * Step-up verification (issue 53, decision 051): a password change and a share ask this session for a code verified
 * within STEP_UP_WINDOW_MS; the code goes to the account's own verified phone or its e-mail.
 */

type Session = { auth: { authorization: string } };
const CONSENT = 'Tôi đồng ý chia sẻ các phần thông tin sức khỏe đã chọn với người được mời.';

function sendCode(app: FastifyInstance, session: Session, channel: string, remoteAddress = uniqueAddress()) {
  return app.inject({ method: 'POST', url: '/api/step-up/code', headers: session.auth, payload: { channel }, remoteAddress });
}

function verify(app: FastifyInstance, session: Session, code: string) {
  return app.inject({ method: 'POST', url: '/api/step-up/verify', headers: session.auth, payload: { code } });
}

function changePassword(app: FastifyInstance, session: LoggedIn, currentPassword: string, newPassword = 'moi123456') {
  return app.inject({
    method: 'PUT',
    url: `/api/user-password/${session.userId}`,
    headers: { ...session.auth, 'accept-language': 'en' },
    payload: { currentPassword, newPassword, rePassword: newPassword },
  });
}

function invite(app: FastifyInstance, from: LoggedIn, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/invitations/${from.userId}`, headers: from.auth, payload: body });
}

function answer(app: FastifyInstance, by: LoggedIn, id: string, accept: boolean) {
  return app.inject({
    method: 'POST',
    url: `/api/invitations/${id}/answer`,
    headers: by.auth,
    payload: accept ? { accept, note: 'Đồng ý', sections: ['health_info'], consentText: CONSENT } : { accept, note: 'Không' },
  });
}

function changeShare(app: FastifyInstance, by: LoggedIn, shareId: string, sections: string[]) {
  return app.inject({ method: 'PUT', url: `/api/follows/share/${shareId}`, headers: by.auth, payload: { sections, consentText: CONSENT } });
}

/** A code sent to `to` for this session, checked: the session is proved from now. */
async function prove(app: FastifyInstance, session: Session, to: string) {
  const sent = await sendCode(app, session, to.includes('@') ? 'email' : 'sms');
  expect(sent.statusCode, sent.body).toBe(200);
  const checked = await verify(app, session, await latestCode(app, to));
  expect(checked.json().data).toEqual({ isValid: true, attemptsLeft: OTP_MAX_ATTEMPTS });
}

function expectStepUpRequired(response: { statusCode: number; body: string; json(): { code: string } }) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json().code).toBe('STEP_UP_REQUIRED');
}

/** Owner invites watcher (sections health_info), watcher accepts: the share's id. Proves both sessions on the way. */
async function shared(
  ctx: TestContext,
  owner: Awaited<ReturnType<typeof createPatient>>,
  watcher: Awaited<ReturnType<typeof createPatient>>,
) {
  await proveSession(ctx.app, owner, owner.phone);
  const sent = await invite(ctx.app, owner, { kind: 'invite', phone: watcher.phone, sections: ['health_info'], consentText: CONSENT });
  expect(sent.statusCode, sent.body).toBe(201);
  const accepted = await answer(ctx.app, watcher, sent.json().data.id, true);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const follows = await ctx.app.inject({ method: 'GET', url: `/api/follows/${owner.userId}`, headers: owner.auth });
  return follows.json().data.followers[0].id as string;
}

describeOnEachDatabase((context) => {
  describe('PUT /api/user-password/:id (stepUp)', () => {
    it('is refused without a fresh code, naming the masked channels; accepted with one; refused again past the window', async () => {
      const { app, clock } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);

      // A password alone is no proof: the session that just logged in with it is asked for a code.
      const refused = await changePassword(app, session, person.password);
      expectStepUpRequired(refused);
      expect(refused.json()).toMatchObject({
        message: 'To protect your account, please confirm it is you with a code sent by SMS or e-mail before doing this.',
        channels: [
          { channel: 'sms', to: `•••• •• ${person.phone.slice(-3)}` },
          { channel: 'email', to: `${person.email.slice(0, 1)}***@example.vn` },
        ],
      });
      // Nothing changed: the old password still logs in.
      await logIn(app, person.phone, person.password);

      // The refused request (cached session row) is followed at once by the proof: the next request sees it.
      await prove(app, session, person.phone);
      const accepted = await changePassword(app, session, person.password);
      expect(accepted.statusCode, accepted.body).toBe(200);
      await logIn(app, person.phone, 'moi123456');

      clock.advance(STEP_UP_WINDOW_MS);
      expectStepUpRequired(await changePassword(app, session, 'moi123456', 'khac123456'));
    });

    it('a proof by e-mail counts as well; the proof belongs to the session that made it, not to the account', async () => {
      const { app } = context();
      const person = await signUp(app);
      const here = await logIn(app, person.phone, person.password);
      const elsewhere = await logIn(app, person.phone, person.password);
      await prove(app, here, person.email);
      expectStepUpRequired(await changePassword(app, elsewhere, person.password));
      // The other session has no code of its own to check, and cannot check this one's.
      const sent = await sendCode(app, here, 'email');
      const theirs = await verify(app, elsewhere, await latestCode(app, person.email));
      expect(theirs.statusCode).toBe(400);
      expect(theirs.json().code).toBe('OTP_EXPIRED');
      expect(sent.statusCode).toBe(200);
      expect((await changePassword(app, here, person.password)).statusCode).toBe(200);
    });

    it("another person's id answers 404 whatever the session proved (the access check comes first)", async () => {
      const { app } = context();
      const [me, other] = [await createPatient(context()), await createPatient(context())];
      const response = await app.inject({
        method: 'PUT',
        url: `/api/user-password/${other.userId}`,
        headers: me.auth,
        payload: { currentPassword: me.password, newPassword: 'moi123456', rePassword: 'moi123456' },
      });
      expect(response.statusCode).toBe(404);
      // A malformed body is refused as such before any code is asked for.
      const malformed = await app.inject({ method: 'PUT', url: `/api/user-password/${me.userId}`, headers: me.auth, payload: {} });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('POST /api/step-up/code and POST /api/step-up/verify', () => {
    it('sends the code to my own phone by SMS, and answers like every send', async () => {
      const { app } = context();
      const person = await createPatient(context());
      const sent = await sendCode(app, person, 'sms');
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data).toEqual({ verificationId: expect.any(String), expiresAt: expect.any(String) });
      const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${person.phone}` })).json().data;
      expect(outbox[0]).toMatchObject({ channel: 'sms', to: person.phone });
      expect(outbox[0].text).toMatch(/\b\d{6}\b/);
    });

    it('offers only the e-mail while the phone is unverified; SMS is refused (409 STEP_UP_CHANNEL_UNAVAILABLE)', async () => {
      const { app } = context();
      const person = await signUp(app, {}, 'email');
      const session = await logIn(app, person.phone, person.password);
      const refused = await changePassword(app, session, person.password);
      expect(refused.json().channels).toEqual([{ channel: 'email', to: `${person.email.slice(0, 1)}***@example.vn` }]);
      const sms = await sendCode(app, session, 'sms');
      expect(sms.statusCode).toBe(409);
      expect(sms.json().code).toBe('STEP_UP_CHANNEL_UNAVAILABLE');
      const toPhone = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${person.phone}` });
      expect(toPhone.json().data).toEqual([]);
      await prove(app, session, person.email);
      expect((await changePassword(app, session, person.password)).statusCode).toBe(200);
    });

    it('a wrong code uses up a try and proves nothing; past the tries the code is locked even when right', async () => {
      const { app } = context();
      const person = await createPatient(context());
      expect((await sendCode(app, person, 'sms')).statusCode).toBe(200);
      const right = await latestCode(app, person.phone);
      const wrong = right === '000000' ? '111111' : '000000';
      const first = await verify(app, person, wrong);
      expect(first.json().data).toEqual({ isValid: false, attemptsLeft: OTP_MAX_ATTEMPTS - 1 });
      expectStepUpRequired(await changePassword(app, person, person.password));
      for (let attempt = 1; attempt < OTP_MAX_ATTEMPTS; attempt += 1) await verify(app, person, wrong);
      const locked = await verify(app, person, right);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('OTP_LOCKED');
      expectStepUpRequired(await changePassword(app, person, person.password));
    });

    it('a code is checked once; with none sent (or expired) the check answers OTP_EXPIRED', async () => {
      const { app, clock } = context();
      const person = await createPatient(context());
      const none = await verify(app, person, '123456');
      expect(none.statusCode).toBe(400);
      expect(none.json().code).toBe('OTP_EXPIRED');
      await prove(app, person, person.phone);
      const again = await verify(app, person, await latestCode(app, person.phone));
      expect(again.json().code).toBe('OTP_EXPIRED');
      await sendCode(app, person, 'sms');
      clock.advance(6 * 60 * 1000);
      const late = await verify(app, person, await latestCode(app, person.phone));
      expect(late.json().code).toBe('OTP_EXPIRED');
    });

    it('keeps the send limits of every code (429 OTP_TOO_MANY_HOUR), and both need a session (401)', async () => {
      const { app } = context();
      const person = await createPatient(context());
      // The sign-up code to the same phone was the first of the hour.
      for (let sent = 1; sent < OTP_SENDS_PER_HOUR; sent += 1) expect((await sendCode(app, person, 'sms')).statusCode).toBe(200);
      const over = await sendCode(app, person, 'sms');
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('OTP_TOO_MANY_HOUR');
      const anonymous = await app.inject({ method: 'POST', url: '/api/step-up/code', payload: { channel: 'sms' } });
      expect(anonymous.statusCode).toBe(401);
      const anonymousCheck = await app.inject({ method: 'POST', url: '/api/step-up/verify', payload: { code: '123456' } });
      expect(anonymousCheck.statusCode).toBe(401);
    });
  });

  describe('sharing (stepUp)', () => {
    it('an invitation is refused without a fresh code and sent with one', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const body = { kind: 'invite', phone: watcher.phone, sections: ['health_info'], consentText: CONSENT };
      expectStepUpRequired(await invite(ctx.app, owner, body));
      const outgoing = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${owner.userId}?type=outgoing`, headers: owner.auth });
      expect(outgoing.json().data.items).toEqual([]);
      await prove(ctx.app, owner, owner.phone);
      expect((await invite(ctx.app, owner, body)).statusCode).toBe(201);
    });

    it('widening or changing a share is refused without a fresh code and saved with one', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const shareId = await shared(ctx, owner, watcher);
      ctx.clock.advance(STEP_UP_WINDOW_MS);
      expectStepUpRequired(await changeShare(ctx.app, owner, shareId, ['health_info', 'vaccines']));
      // The watcher still sees only what was granted.
      const seen = await ctx.app.inject({ method: 'GET', url: `/api/relative/${owner.userId}`, headers: watcher.auth });
      expect(seen.json().data.sections).toEqual(['health_info']);
      await prove(ctx.app, owner, owner.phone);
      const changed = await changeShare(ctx.app, owner, shareId, ['health_info', 'vaccines']);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.sections).toEqual(['health_info', 'vaccines']);
    });

    it('accepting a request to follow me needs a fresh code; denying one, and accepting an invitation, need none', async () => {
      const ctx = context();
      const [me, asker, inviter] = [await createPatient(ctx), await createPatient(ctx), await createPatient(ctx)];
      await proveSession(ctx.app, asker, asker.phone);
      const requestBody = { kind: 'request', phone: me.phone, sections: ['health_info'] };
      const first = (await invite(ctx.app, asker, requestBody)).json().data.id as string;
      expectStepUpRequired(await answer(ctx.app, me, first, true));
      expect((await answer(ctx.app, me, first, false)).statusCode).toBe(200);

      const second = (await invite(ctx.app, asker, requestBody)).json().data.id as string;
      await prove(ctx.app, me, me.phone);
      expect((await answer(ctx.app, me, second, true)).statusCode).toBe(200);
      const followers = await ctx.app.inject({ method: 'GET', url: `/api/follows/${me.userId}`, headers: me.auth });
      expect(followers.json().data.followers).toHaveLength(1);

      // Being invited to follow someone else gives nobody anything of mine: no code.
      const watcherNew = await createPatient(ctx);
      await proveSession(ctx.app, inviter, inviter.phone);
      const invited = await invite(ctx.app, inviter, {
        kind: 'invite',
        phone: watcherNew.phone,
        sections: ['health_info'],
        consentText: CONSENT,
      });
      expect((await answer(ctx.app, watcherNew, invited.json().data.id, true)).statusCode).toBe(200);
    });
  });
});
