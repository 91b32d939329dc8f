import { OTP_MAX_ATTEMPTS, RECOVERY_CODE_COUNT, TRUSTED_DEVICES_MAX, TWO_STEP_TICKET_MS } from '@rhc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountDeletions, auditEvents } from '../../db/schema/index.ts';
import {
  cookieValue,
  latestCode,
  logIn,
  proveSession,
  signUp,
  uniqueAddress,
  type LoggedIn,
  type SignedUp,
} from '../../../test/accounts-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';

/*
 * Optional two-step login with recovery codes (issue 53, decision 054): switched on and off with a step-up proof; a login
 * from a device the account does not trust answers a ticket instead of a session, and the second step (a code sent for
 * the ticket, or a recovery code) opens it; a trusted device skips it.
 */

type Challenge = { ticket: string; channels: { channel: string; to: string }[]; expiresAt: string };

function twoStep(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', session: LoggedIn, userId = session.userId, suffix = '') {
  return app.inject({ method, url: `/api/two-step/${userId}${suffix}`, headers: { ...session.auth, 'accept-language': 'en' } });
}

function login(app: FastifyInstance, person: SignedUp, device?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { phone: person.phone, password: person.password },
    ...(device ? { cookies: { RHC_device: device } } : {}),
  });
}

/** A login that must stop at the second step: its ticket and channels. */
async function challenged(app: FastifyInstance, person: SignedUp, device?: string): Promise<Challenge> {
  const response = await login(app, person, device);
  expect(response.statusCode, response.body).toBe(200);
  expect(Object.keys(response.json().data)).toEqual(['twoStep']);
  expect(response.cookies).toEqual([]);
  return response.json().data.twoStep as Challenge;
}

function sendLoginCode(app: FastifyInstance, ticket: string, channel: 'sms' | 'email') {
  return app.inject({
    method: 'POST',
    url: '/api/login/second-step/code',
    payload: { ticket, channel },
    headers: { 'accept-language': 'en' },
    remoteAddress: uniqueAddress(),
  });
}

function secondStep(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/login/second-step', payload: body, headers: { 'accept-language': 'en' } });
}

/** Switches two-step on for the person's session (proving it first): the recovery codes shown. */
async function enable(app: FastifyInstance, person: SignedUp, session: LoggedIn): Promise<string[]> {
  await proveSession(app, session, person.phone);
  const response = await twoStep(app, 'POST', session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.recoveryCodes as string[];
}

/** A person with two-step on: their account, a session and the recovery codes. */
async function personWithTwoStep(app: FastifyInstance) {
  const person = await signUp(app);
  const session = await logIn(app, person.phone, person.password);
  const codes = await enable(app, person, session);
  return { person, session, codes };
}

/** The second step by a code sent by SMS for the ticket. */
async function passWithCode(app: FastifyInstance, person: SignedUp, ticket: string, extra: Record<string, unknown> = {}) {
  const sent = await sendLoginCode(app, ticket, 'sms');
  expect(sent.statusCode, sent.body).toBe(200);
  return secondStep(app, { ticket, code: await latestCode(app, person.phone), ...extra });
}

function expectLoggedIn(response: LightMyRequestResponse, person: SignedUp) {
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  expect(data).toMatchObject({ accessToken: expect.any(String), user: { userId: person.userId } });
  expect(cookieValue(response, 'RHC_access_token')).toBe(data.accessToken);
  expect(cookieValue(response, 'RHC_refresh_token')).toEqual(expect.any(String));
}

describeOnEachDatabase((context) => {
  describe('switching two-step login on and off', () => {
    it('is off at first; switching on is refused without a fresh code and gives 10 recovery codes with one', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      expect((await twoStep(app, 'GET', session)).json().data).toEqual({ enabled: false, recoveryCodesLeft: 0, trustedDevices: 0 });

      const refused = await twoStep(app, 'POST', session);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('STEP_UP_REQUIRED');
      expect((await twoStep(app, 'GET', session)).json().data.enabled).toBe(false);

      const codes = await enable(app, person, session);
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(/^[3467ACDEFGHJKMNPQRTUVWXY]{5}-[3467ACDEFGHJKMNPQRTUVWXY]{5}$/);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      expect((await twoStep(app, 'GET', session)).json().data).toEqual({ enabled: true, recoveryCodesLeft: 10, trustedDevices: 0 });
      const again = await twoStep(app, 'POST', session);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('TWO_STEP_ALREADY_ON');

      // The trail says it was switched on, and never holds a code.
      const trail = await context()
        .database.db.select({ details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'two-step'), eq(auditEvents.actorUserId, person.userId)));
      expect(trail.map((row) => row.details)).toEqual([{ step: 'enabled' }]);
      for (const code of codes) expect(JSON.stringify(trail)).not.toContain(code.slice(0, 5));
    });

    it('switching off and new recovery codes ask for a fresh code too; off forgets the codes and the devices', async () => {
      const { app, clock } = context();
      const { person, session, codes } = await personWithTwoStep(app);
      clock.advance(11 * 60_000);
      for (const [method, suffix] of [
        ['DELETE', ''],
        ['POST', '/recovery-codes'],
      ] as const) {
        const refused = await twoStep(app, method, session, session.userId, suffix);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().code).toBe('STEP_UP_REQUIRED');
      }
      await proveSession(app, session, person.phone);
      const renewed = await twoStep(app, 'POST', session, session.userId, '/recovery-codes');
      expect(renewed.statusCode).toBe(200);
      const fresh = renewed.json().data.recoveryCodes as string[];
      expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
      // The old codes are void, the new ones work.
      const old = await secondStep(app, { ticket: (await challenged(app, person)).ticket, recoveryCode: codes[0] });
      expect(old.statusCode).toBe(400);
      expect(old.json().code).toBe('TWO_STEP_CODE_WRONG');

      const ticket = (await challenged(app, person)).ticket;
      const off = await twoStep(app, 'DELETE', session);
      expect(off.statusCode, off.body).toBe(200);
      expect((await twoStep(app, 'GET', session)).json().data).toEqual({ enabled: false, recoveryCodesLeft: 0, trustedDevices: 0 });
      // A login is a login again; a ticket opened before is void.
      expect((await twoStep(app, 'DELETE', session)).json().code).toBe('TWO_STEP_OFF');
      expectLoggedIn(await login(app, person), person);
      expect((await secondStep(app, { ticket, recoveryCode: fresh[0] })).json().code).toBe('TWO_STEP_TICKET_EXPIRED');
    }, 30_000);

    it("another person's id is 404, even with a fresh code", async () => {
      const { app } = context();
      const { session } = await personWithTwoStep(app);
      const stranger = await signUp(app);
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', ''],
        ['DELETE', ''],
        ['POST', '/recovery-codes'],
      ] as const)
        expect((await twoStep(app, method, session, stranger.userId, suffix)).statusCode).toBe(404);
    });
  });

  describe('logging in with two-step on', () => {
    it('answers a ticket with the masked channels and no session; the right code opens the session and its cookies', async () => {
      const { app } = context();
      const { person } = await personWithTwoStep(app);
      const challenge = await challenged(app, person);
      expect(challenge.channels).toEqual([
        { channel: 'sms', to: `•••• •• ${person.phone.slice(-3)}` },
        { channel: 'email', to: `${person.email.slice(0, 1)}***@example.vn` },
      ]);
      const passed = await passWithCode(app, person, challenge.ticket);
      expectLoggedIn(passed, person);
      // The session works, and no device was trusted: the next login asks again.
      const state = await app.inject({
        method: 'GET',
        url: `/api/two-step/${person.userId}`,
        headers: { authorization: `Bearer ${passed.json().data.accessToken}` },
      });
      expect(state.json().data.trustedDevices).toBe(0);
      expect(cookieValue(passed, 'RHC_device')).toBeUndefined();
      await challenged(app, person);
      // The ticket was used up.
      const reused = await secondStep(app, { ticket: challenge.ticket, code: '123456' });
      expect(reused.json().code).toBe('TWO_STEP_TICKET_EXPIRED');
      // The trail: the step asked, the code sent, passed, then the login as for any login.
      const trail = await context()
        .database.db.select({ action: auditEvents.action, outcome: auditEvents.outcome, details: auditEvents.details })
        .from(auditEvents)
        .where(eq(auditEvents.actorUserId, person.userId))
        .orderBy(auditEvents.id);
      expect(trail.slice(-5, -1)).toEqual([
        { action: 'two-step', outcome: 'success', details: { step: 'asked' } },
        { action: 'two-step', outcome: 'success', details: { step: 'send', channel: 'sms' } },
        { action: 'two-step', outcome: 'success', details: { step: 'second-step', method: 'code', trustDevice: false } },
        { action: 'login', outcome: 'success', details: {} },
      ]);
    });

    it('a trusted device skips the second step next time; another device (no cookie) does not', async () => {
      const { app } = context();
      const { person, session } = await personWithTwoStep(app);
      const passed = await passWithCode(app, person, (await challenged(app, person)).ticket, { trustDevice: true });
      expectLoggedIn(passed, person);
      const cookie = passed.cookies.find((candidate) => candidate.name === 'RHC_device');
      expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 });
      expectLoggedIn(await login(app, person, cookie?.value), person);
      await challenged(app, person);
      await challenged(app, person, 'not-a-trusted-device');
      expect((await twoStep(app, 'GET', session)).json().data.trustedDevices).toBe(1);
    });

    it('keeps at most 10 trusted devices: the eleventh forgets the oldest', async () => {
      const { app, clock } = context();
      const { person, session, codes } = await personWithTwoStep(app);
      const trustWith = async (recoveryCode: string) => {
        clock.advance(1000);
        const passed = await secondStep(app, { ticket: (await challenged(app, person)).ticket, recoveryCode, trustDevice: true });
        expectLoggedIn(passed, person);
        return cookieValue(passed, 'RHC_device') ?? '';
      };
      const devices: string[] = [];
      for (const code of codes) devices.push(await trustWith(code));
      await proveSession(app, session, person.phone);
      const renewed = await twoStep(app, 'POST', session, session.userId, '/recovery-codes');
      devices.push(await trustWith((renewed.json().data.recoveryCodes as string[])[0] ?? ''));
      expect((await twoStep(app, 'GET', session)).json().data.trustedDevices).toBe(TRUSTED_DEVICES_MAX);
      await challenged(app, person, devices[0]);
      expectLoggedIn(await login(app, person, devices[1]), person);
      expectLoggedIn(await login(app, person, devices[10]), person);
    }, 60_000);

    it('a recovery code works once, whatever its case and dash, and not twice', async () => {
      const { app } = context();
      const { person, session, codes } = await personWithTwoStep(app);
      const code = codes[3] ?? '';
      const first = await secondStep(app, {
        ticket: (await challenged(app, person)).ticket,
        recoveryCode: ` ${code.replace('-', '').toLowerCase()} `,
      });
      expectLoggedIn(first, person);
      expect((await twoStep(app, 'GET', session)).json().data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
      const second = await secondStep(app, { ticket: (await challenged(app, person)).ticket, recoveryCode: code });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toMatchObject({
        code: 'TWO_STEP_CODE_WRONG',
        message: `The code is wrong. Tries left: ${OTP_MAX_ATTEMPTS - 1}.`,
      });
      // Neither a code nor a recovery code: 400, nothing counted.
      expect((await secondStep(app, { ticket: 'x' })).statusCode).toBe(400);
    });

    it('wrong codes lock the second step: the code after 5 tries, the ticket after 5 wrong recovery codes', async () => {
      const { app } = context();
      const { person, codes } = await personWithTwoStep(app);
      const { ticket } = await challenged(app, person);
      expect((await secondStep(app, { ticket, code: '123456' })).json().code).toBe('TWO_STEP_CODE_NOT_SENT');
      expect((await sendLoginCode(app, ticket, 'email')).statusCode).toBe(200);
      const right = await latestCode(app, person.email);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let left = OTP_MAX_ATTEMPTS - 1; left >= 0; left -= 1) {
        const response = await secondStep(app, { ticket, code: wrong });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(`The code is wrong. Tries left: ${left}.`);
      }
      const locked = await secondStep(app, { ticket, code: right });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('OTP_LOCKED');

      const other = (await challenged(app, person)).ticket;
      for (let tries = 0; tries < OTP_MAX_ATTEMPTS; tries += 1)
        expect((await secondStep(app, { ticket: other, recoveryCode: 'AAAAA-AAAAA' })).statusCode).toBe(400);
      const lockedTicket = await secondStep(app, { ticket: other, recoveryCode: codes[0] });
      expect(lockedTicket.statusCode).toBe(429);
      expect(lockedTicket.json().code).toBe('OTP_LOCKED');
      // Failures are in the trail, without the codes typed.
      const failures = await context()
        .database.db.select({ details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'two-step'), eq(auditEvents.actorUserId, person.userId), eq(auditEvents.outcome, 'failure')));
      expect(failures.length).toBe(2 * OTP_MAX_ATTEMPTS);
      expect(JSON.stringify(failures)).not.toContain(wrong);
    });

    it('an expired or unknown ticket is refused, for the code and for the step', async () => {
      const { app, clock } = context();
      const { person, codes } = await personWithTwoStep(app);
      const { ticket } = await challenged(app, person);
      clock.advance(TWO_STEP_TICKET_MS);
      for (const response of [
        await sendLoginCode(app, ticket, 'sms'),
        await secondStep(app, { ticket, recoveryCode: codes[0] }),
        await secondStep(app, { ticket: 'unknown-ticket', recoveryCode: codes[0] }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'TWO_STEP_TICKET_EXPIRED',
          message: 'This two-step login has expired or was already used. Please log in again with your phone number and password.',
        });
      }
    });

    it('the completed second step cancels a pending deletion, as any login does', async () => {
      const { app, database } = context();
      const { person, session, codes } = await personWithTwoStep(app);
      await proveSession(app, session, person.phone);
      const asked = await app.inject({ method: 'POST', url: `/api/account-deletion/${person.userId}`, headers: session.auth, payload: {} });
      expect(asked.statusCode, asked.body).toBe(200);
      await challenged(app, person);
      // A password alone did not cancel it.
      const [pending] = await database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, person.userId));
      expect(pending?.cancelledAt).toBeNull();
      const passed = await secondStep(app, { ticket: (await challenged(app, person)).ticket, recoveryCode: codes[0] });
      expectLoggedIn(passed, person);
      expect(passed.json().data.deletionCancelled).toBe(true);
    });
  });
});
