import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logIn, proveSession, signupBody, verifiedSignupCode } from '../../../test/accounts-helpers.ts';
import { createPatient } from '../../../test/booking-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { consentEvents, invitations, outboxMessages, shares, userNotifications, users } from '../../db/schema/index.ts';
import { INVITATIONS_PER_DAY, MAX_PENDING_INVITATIONS_SENT } from '@rhc/domain';
import { maskPhone } from './invitations.service.ts';

type Caller = { userId: string; phone?: string; auth: { authorization: string } };
type Patient = Awaited<ReturnType<typeof createPatient>>;

const CONSENT = 'Tôi đồng ý chia sẻ các phần thông tin sức khỏe đã chọn với người được mời.';

/** A Vietnamese mobile number no test account has (accounts are made with 09…). */
function unknownPhone(): string {
  return `038${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** Sends an invitation, the sender's session proved first (a step-up action, decision 051). */
async function send(app: FastifyInstance, from: Caller, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  await proved(app, from);
  return app.inject({ method: 'POST', url: `/api/invitations/${from.userId}`, headers: { ...from.auth, ...headers }, payload: body });
}

function inviteBody(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'invite',
    phone,
    sections: ['health_info', 'vaccines'],
    consentText: CONSENT,
    note: 'Con theo dõi giúp mẹ nhé',
    ...overrides,
  };
}

/** Answers an invitation; an acceptance is made from a proved session (accepting a request is a step-up action). */
async function answer(app: FastifyInstance, by: Caller, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  if (body.accept) await proved(app, by);
  return app.inject({ method: 'POST', url: `/api/invitations/${id}/answer`, headers: { ...by.auth, ...headers }, payload: body });
}

/** The caller's session proved for the step-up actions (the step-up suite tests the refusals). */
async function proved(app: FastifyInstance, caller: Caller): Promise<void> {
  if (!caller.phone) throw new Error('a caller that shares needs a phone to prove its session');
  await proveSession(app, caller, caller.phone);
}

function get(app: FastifyInstance, caller: Caller, url: string) {
  return app.inject({ method: 'GET', url, headers: caller.auth });
}

/** Sends an invitation expected to be stored; answers its id. */
async function sent(app: FastifyInstance, from: Caller, body: Record<string, unknown>): Promise<string> {
  const response = await send(app, from, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A managed profile written directly (profiles are another suite's), born on `dateOfBirth`. */
function managedProfile(ctx: TestContext, managerId: string, dateOfBirth: string): Promise<string> {
  return insertManagedProfile(ctx, managerId, dateOfBirth);
}

async function activeShare(ctx: TestContext, profileId: string, watcherId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(shares)
    .where(and(eq(shares.profileId, profileId), eq(shares.watcherId, watcherId)))
    .orderBy(asc(shares.grantedAt));
  return row && row.endedAt === null ? row : undefined;
}

async function consentHistory(ctx: TestContext, profileId: string) {
  return ctx.database.db.select().from(consentEvents).where(eq(consentEvents.profileId, profileId)).orderBy(asc(consentEvents.id));
}

async function outboxTo(ctx: TestContext, recipient: string) {
  return ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
}

/** A invites B with health info and vaccines, B accepts: answers the share's id. */
async function follow(ctx: TestContext, owner: Patient, watcher: Patient, sections = ['health_info', 'vaccines']): Promise<string> {
  const id = await sent(ctx.app, owner, inviteBody(watcher.phone, { sections }));
  const accepted = await answer(ctx.app, watcher, id, { accept: true, note: 'Cảm ơn' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const share = await activeShare(ctx, owner.userId, watcher.userId);
  if (!share) throw new Error('no share');
  return share.id;
}

describeOnEachDatabase((context) => {
  describe('sending', () => {
    it('answers the same shape for a phone with an account and one without, and tells each its way', async () => {
      const ctx = context();
      const [owner, known] = [await createPatient(ctx), await createPatient(ctx)];
      const stranger = unknownPhone();

      const toKnown = await send(ctx.app, owner, inviteBody(known.phone));
      const toUnknown = await send(ctx.app, owner, inviteBody(stranger));
      expect(toKnown.statusCode, toKnown.body).toBe(201);
      expect(toUnknown.statusCode, toUnknown.body).toBe(201);
      const [a, b] = [toKnown.json().data, toUnknown.json().data];
      expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
      for (const data of [a, b]) {
        expect(data).toMatchObject({
          kind: 'invite',
          status: 'pending',
          direction: 'outgoing',
          needsChildAssent: false,
          responseNote: null,
        });
        expect(data.counterpart.fullName).toBeNull();
        expect(data.counterpart.phoneMasked).toMatch(/^0\dx xxx x\d{3}$/);
        expect(data.person).toEqual({ id: owner.userId, fullName: 'Phạm Thị Hồng' });
      }
      expect(b.counterpart.phoneMasked).toBe(`${stranger.slice(0, 2)}x xxx x${stranger.slice(-3)}`);

      // The unknown phone gets one SMS inviting it to join, with the sign-up link.
      const joinSms = await outboxTo(ctx, stranger);
      expect(joinSms).toHaveLength(1);
      expect(joinSms[0]).toMatchObject({ channel: 'sms' });
      expect(joinSms[0]?.body).toContain('/register/');
      // The account is told in the app and on its channels, with the link to the requests.
      const told = await ctx.database.db.select().from(userNotifications).where(eq(userNotifications.userId, known.userId));
      expect(told.map((notice) => notice.event)).toContain('invitations:inApp.invite');
      const messages = [...(await outboxTo(ctx, known.phone)), ...(await outboxTo(ctx, known.email))].filter((message) =>
        message.dedupeKey?.startsWith('invitation:'),
      );
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.every((message) => message.body.includes('/relativemanagement/?type=watched'))).toBe(true);
    });

    it("refuses inviting oneself, requesting oneself, a duplicate, and another person's path", async () => {
      const ctx = context();
      const [owner, other] = [await createPatient(ctx), await createPatient(ctx)];
      const self = await send(ctx.app, owner, inviteBody(owner.phone));
      expect(self.statusCode).toBe(400);
      expect(self.json().code).toBe('INVITATION_SELF');
      // Written as +84…: the same number.
      expect((await send(ctx.app, owner, inviteBody(`+84${owner.phone.slice(1)}`))).json().code).toBe('INVITATION_SELF');
      const requestSelf = await send(ctx.app, owner, { kind: 'request', phone: owner.phone, sections: ['all'] });
      expect(requestSelf.statusCode).toBe(400);
      expect(requestSelf.json().code).toBe('INVITATION_SELF');
      const requestSelfById = await send(ctx.app, owner, { kind: 'request', personId: owner.userId, sections: ['all'] });
      expect(requestSelfById.json().code).toBe('INVITATION_SELF');

      await sent(ctx.app, owner, inviteBody(other.phone));
      const again = await send(ctx.app, owner, inviteBody(other.phone));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVITATION_DUPLICATE');

      const asOther = await ctx.app.inject({
        method: 'POST',
        url: `/api/invitations/${other.userId}`,
        headers: owner.auth,
        payload: inviteBody(unknownPhone()),
      });
      expect(asOther.statusCode).toBe(404);
      // A profile the sender does not hold is unknown.
      expect((await send(ctx.app, owner, inviteBody(unknownPhone(), { personId: other.userId }))).statusCode).toBe(404);
      // Nothing pre-ticked: no sections is refused.
      const noSections = await send(ctx.app, owner, inviteBody(unknownPhone(), { sections: [] }));
      expect(noSections.statusCode).toBe(400);
    });

    it('gives exactly one 201 for 50 identical invitations sent at once, never a 5xx', async () => {
      const ctx = context();
      const owner = await createPatient(ctx);
      const phone = unknownPhone();
      const answers = await Promise.all(Array.from({ length: 50 }, () => send(ctx.app, owner, inviteBody(phone))));
      const statuses = answers.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      expect(answers.every((response) => response.statusCode !== 201 || response.json().data.status === 'pending')).toBe(true);
      expect(await outboxTo(ctx, phone)).toHaveLength(1);
    });

    it('one invitation SMS a day per sender and number, however often it is withdrawn and sent again (issue 54)', async () => {
      const ctx = context();
      const [owner, other, known] = [await createPatient(ctx), await createPatient(ctx), await createPatient(ctx)];
      const stranger = unknownPhone();
      const withdraw = async (by: Caller, id: string) =>
        expect((await ctx.app.inject({ method: 'DELETE', url: `/api/invitations/${id}`, headers: by.auth })).statusCode).toBe(200);
      const smsTo = async (phone: string) =>
        (await outboxTo(ctx, phone)).filter((message) => message.channel === 'sms' && message.dedupeKey?.startsWith('invitation:'));
      // Invite, withdraw, six times: six invitations, one SMS.
      for (let round = 0; round < 6; round += 1) await withdraw(owner, await sent(ctx.app, owner, inviteBody(stranger)));
      const standing = await sent(ctx.app, owner, inviteBody(stranger));
      const rows = await ctx.database.db.select().from(invitations).where(eq(invitations.senderId, owner.userId));
      expect(rows).toHaveLength(7);
      expect(rows.filter((row) => row.smsDay !== null)).toHaveLength(1);
      expect(await smsTo(stranger)).toHaveLength(1);
      // Another sender's invitation is theirs to send.
      await sent(ctx.app, other, inviteBody(stranger));
      expect(await smsTo(stranger)).toHaveLength(2);
      // A number with an account that chose SMS: the SMS once a day too; the bell tells of every invitation.
      await ctx.database.db.update(users).set({ notifySms: true }).where(eq(users.id, known.userId));
      for (let round = 0; round < 3; round += 1) await withdraw(owner, await sent(ctx.app, owner, inviteBody(known.phone)));
      expect(await smsTo(known.phone)).toHaveLength(1);
      const bell = await ctx.database.db.select().from(userNotifications).where(eq(userNotifications.userId, known.userId));
      expect(bell.filter((notice) => notice.event === 'invitations:inApp.invite')).toHaveLength(3);
      // The next day, one more.
      await withdraw(owner, standing);
      ctx.clock.advance(24 * 60 * 60 * 1000);
      const again = { ...(await logIn(ctx.app, owner.phone, owner.password)), phone: owner.phone };
      await sent(ctx.app, again, inviteBody(stranger));
      expect(await smsTo(stranger)).toHaveLength(3);
    });

    it('50 invitations of one number sent at once (each for another profile) queue at most one SMS; the daily cap stays', async () => {
      const ctx = context();
      const owner = await createPatient(ctx);
      const phone = unknownPhone();
      const profiles = await Promise.all(Array.from({ length: 50 }, () => managedProfile(ctx, owner.userId, '1960-05-01')));
      const answers = await Promise.all(profiles.map((personId) => send(ctx.app, owner, inviteBody(phone, { personId }))));
      const statuses = answers.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(INVITATIONS_PER_DAY);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50 - INVITATIONS_PER_DAY);
      expect(await outboxTo(ctx, phone)).toHaveLength(1);
    });

    it("asks for a child's agreement before a child aged 8 is shared", async () => {
      const ctx = context();
      const [parent, grandma] = [await createPatient(ctx), await createPatient(ctx)];
      const child = await managedProfile(ctx, parent.userId, '2018-03-10');
      const without = await send(ctx.app, parent, inviteBody(grandma.phone, { personId: child }));
      expect(without.statusCode).toBe(400);
      expect(without.json().code).toBe('CHILD_ASSENT_REQUIRED');
      const withAssent = await send(ctx.app, parent, inviteBody(grandma.phone, { personId: child, childAssent: true }));
      expect(withAssent.statusCode, withAssent.body).toBe(201);
      expect(withAssent.json().data).toMatchObject({ needsChildAssent: true, person: { id: child, fullName: 'Nguyễn Minh An' } });

      const incoming = await get(ctx.app, grandma, `/api/invitations/${grandma.userId}?type=incoming`);
      expect(incoming.json().data.items[0]).toMatchObject({ needsChildAssent: true, direction: 'incoming' });
      expect((await answer(ctx.app, grandma, withAssent.json().data.id, { accept: true, note: 'Bà nhận' })).statusCode).toBe(200);
      const share = await activeShare(ctx, child, grandma.userId);
      expect(share).toMatchObject({ childAssent: true, grantedBy: parent.userId });
      // A baby (under 7) needs no agreement.
      const baby = await managedProfile(ctx, parent.userId, '2024-01-05');
      expect((await send(ctx.app, parent, inviteBody(unknownPhone(), { personId: baby }))).statusCode).toBe(201);
    });

    it('limits the invitations sent per day and the pending ones (each may cost an SMS)', async () => {
      const ctx = context();
      const patient = await createPatient(ctx);
      let owner: Caller = patient;
      const day = async (count: number) => {
        for (let index = 0; index < count; index += 1) await sent(ctx.app, owner, inviteBody(unknownPhone()));
      };
      await day(INVITATIONS_PER_DAY);
      const phone = unknownPhone();
      const over = await send(ctx.app, owner, inviteBody(phone));
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('INVITATION_LIMIT');
      expect(await outboxTo(ctx, phone)).toHaveLength(0);
      // The next days, until MAX_PENDING_INVITATIONS_SENT wait for an answer.
      let pending = INVITATIONS_PER_DAY;
      while (pending < MAX_PENDING_INVITATIONS_SENT) {
        ctx.clock.advance(24 * 60 * 60 * 1000);
        owner = { ...(await logIn(ctx.app, patient.phone, patient.password)), phone: patient.phone };
        const today = Math.min(INVITATIONS_PER_DAY, MAX_PENDING_INVITATIONS_SENT - pending);
        await day(today);
        pending += today;
      }
      const full = await send(ctx.app, owner, inviteBody(unknownPhone()));
      expect(full.statusCode).toBe(429);
      expect(full.json().code).toBe('INVITATION_LIMIT');
    });

    it("a request for a managed child's profile needs the child's agreement when accepted", async () => {
      const ctx = context();
      const [parent, aunt] = [await createPatient(ctx), await createPatient(ctx)];
      const child = await managedProfile(ctx, parent.userId, '2018-03-10');
      expect(
        (await send(ctx.app, parent, inviteBody(aunt.phone, { personId: child, childAssent: true, sections: ['vaccines'] }))).statusCode,
      ).toBe(201);
      const invitationsOfAunt = await get(ctx.app, aunt, `/api/invitations/${aunt.userId}`);
      await answer(ctx.app, aunt, invitationsOfAunt.json().data.items[0].id, { accept: true, note: 'Dạ' });
      const id = await sent(ctx.app, aunt, { kind: 'request', personId: child, sections: ['health_info'] });
      const incoming = await get(ctx.app, parent, `/api/invitations/${parent.userId}`);
      expect(incoming.json().data.items[0]).toMatchObject({ id, needsChildAssent: true, person: { id: child } });
      const body = { accept: true, note: 'Được', sections: ['vaccines', 'health_info'], consentText: CONSENT };
      const without = await answer(ctx.app, parent, id, body);
      expect(without.statusCode).toBe(400);
      expect(without.json().code).toBe('CHILD_ASSENT_REQUIRED');
      expect((await answer(ctx.app, parent, id, { ...body, childAssent: true })).statusCode).toBe(200);
      expect(await activeShare(ctx, child, aunt.userId)).toMatchObject({ sections: ['vaccines', 'health_info'], childAssent: true });
      const history = await consentHistory(ctx, child);
      expect(history.map((event) => [event.action, event.childAssent])).toEqual([
        ['granted', true],
        ['changed', true],
      ]);
    });

    it('refuses a second invitation to someone who already follows', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      await follow(ctx, owner, watcher);
      const again = await send(ctx.app, owner, inviteBody(watcher.phone));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_FOLLOWING');
    });
  });

  describe('answering', () => {
    it('accepting an invitation lets the watcher read the person, with a granted consent row and the wording', async () => {
      const ctx = context();
      const [owner, watcher, stranger] = [await createPatient(ctx), await createPatient(ctx), await createPatient(ctx)];
      const id = await sent(ctx.app, owner, inviteBody(watcher.phone));
      expect((await get(ctx.app, watcher, `/api/relative/${owner.userId}`)).statusCode).toBe(404);

      // Not addressed to them: the sender and a stranger get 404.
      expect((await answer(ctx.app, owner, id, { accept: true, note: 'ok' })).statusCode).toBe(404);
      expect((await answer(ctx.app, stranger, id, { accept: true, note: 'ok' })).statusCode).toBe(404);

      const pending = await get(ctx.app, watcher, `/api/invitations/${watcher.userId}?type=incoming`);
      expect(pending.json().data.pending).toBe(1);
      expect(pending.json().data.items[0]).toMatchObject({ id, counterpart: { fullName: 'Phạm Thị Hồng' } });

      const accepted = await answer(ctx.app, watcher, id, { accept: true, note: 'Con đã nhận' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().data).toMatchObject({ status: 'accepted', responseNote: 'Con đã nhận' });
      expect((await get(ctx.app, watcher, `/api/invitations/${watcher.userId}?type=incoming`)).json().data.pending).toBe(0);

      const person = await get(ctx.app, watcher, `/api/relative/${owner.userId}`);
      expect(person.statusCode, person.body).toBe(200);
      expect(person.json().data).toMatchObject({ relation: 'watcher', sections: ['health_info', 'vaccines'] });

      const history = await consentHistory(ctx, owner.userId);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        action: 'granted',
        watcherId: watcher.userId,
        actorId: owner.userId,
        sections: ['health_info', 'vaccines'],
        consentText: CONSENT,
        language: 'vi',
      });

      // Once answered, the sender sees the name; twice answered is a conflict.
      const outgoing = await get(ctx.app, owner, `/api/invitations/${owner.userId}?type=outgoing`);
      expect(outgoing.json().data.items[0]).toMatchObject({ status: 'accepted', counterpart: { fullName: 'Phạm Thị Hồng' } });
      const twice = await answer(ctx.app, watcher, id, { accept: false, note: 'Đổi ý' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('INVITATION_ANSWERED');
      // The sender is told in the app, with the note.
      const told = await ctx.database.db.select().from(userNotifications).where(eq(userNotifications.userId, owner.userId));
      expect(told.find((notice) => notice.event === 'invitations:inApp.accepted')?.params).toMatchObject({ note: 'Con đã nhận' });

      const follows = await get(ctx.app, watcher, `/api/follows/${watcher.userId}`);
      expect(follows.json().data.following).toHaveLength(1);
      expect(follows.json().data.following[0]).toMatchObject({
        person: { id: owner.userId, hasAccount: true },
        watcher: { id: watcher.userId },
      });
      const followers = await get(ctx.app, owner, `/api/follows/${owner.userId}`);
      expect(followers.json().data.followers).toHaveLength(1);
      expect((await get(ctx.app, owner, `/api/follows/${watcher.userId}`)).statusCode).toBe(404);
    });

    it('denying shares nothing', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const id = await sent(ctx.app, owner, inviteBody(watcher.phone));
      const denied = await answer(ctx.app, watcher, id, { accept: false, note: 'Không cần đâu' });
      expect(denied.statusCode).toBe(200);
      expect(denied.json().data.status).toBe('denied');
      expect(await activeShare(ctx, owner.userId, watcher.userId)).toBeUndefined();
      expect(await consentHistory(ctx, owner.userId)).toHaveLength(0);
      expect((await get(ctx.app, watcher, `/api/relative/${owner.userId}`)).statusCode).toBe(404);
    });

    it("counts a pending invitation once in the addressee's bell, and nothing once answered", async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const id = await sent(ctx.app, owner, inviteBody(watcher.phone));
      const bell = async () => (await get(ctx.app, watcher, `/api/notifications/${watcher.userId}`)).json().data;
      const invites = async () => (await get(ctx.app, watcher, `/api/dashboard/${watcher.userId}`)).json().data.countInvites;
      // The notice is listed and unread, but the badge leaves it to the dashboard's count: 1 in all, not 2.
      expect(await bell()).toMatchObject({ total: 1, unread: 1, badge: 0 });
      expect(await invites()).toBe(1);
      expect((await answer(ctx.app, watcher, id, { accept: false, note: 'Để sau nhé' })).statusCode).toBe(200);
      expect(await bell()).toMatchObject({ total: 1, unread: 0, badge: 0 });
      expect(await invites()).toBe(0);
    });

    it('needs a note, in the request language, and refuses NUL and 10,000 characters without a 5xx', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const id = await sent(ctx.app, owner, inviteBody(watcher.phone));
      const empty = await answer(ctx.app, watcher, id, { accept: true, note: '   ' }, { 'accept-language': 'en' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details[0].message).toBe('Please write a note with your answer.');
      const emptyVi = await answer(ctx.app, watcher, id, { accept: true, note: '' }, { 'accept-language': 'vi' });
      expect(emptyVi.json().details[0].message).toBe('Vui lòng nhập lời nhắn khi trả lời.');
      expect((await answer(ctx.app, watcher, id, { accept: true })).statusCode).toBe(400);
      expect((await answer(ctx.app, watcher, id, { accept: true, note: 'a\u0000b' })).statusCode).toBe(400);
      expect((await answer(ctx.app, watcher, id, { accept: true, note: 'x'.repeat(10_000) })).statusCode).toBe(400);
      // An emoji is text like any other.
      const emoji = await answer(ctx.app, watcher, id, { accept: true, note: 'Cảm ơn mẹ 😊👍' });
      expect(emoji.statusCode, emoji.body).toBe(200);
      expect(emoji.json().data.responseNote).toBe('Cảm ơn mẹ 😊👍');
    });

    it('gives one 200 and one 409 for two answers at once', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const id = await sent(ctx.app, owner, inviteBody(watcher.phone));
      const both = await Promise.all([
        answer(ctx.app, watcher, id, { accept: true, note: 'Đồng ý' }),
        answer(ctx.app, watcher, id, { accept: false, note: 'Không' }),
      ]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    });

    it("a request for more sections, accepted with the holder's choice, changes the grant", async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      await follow(ctx, owner, watcher);
      const asked = await send(ctx.app, watcher, {
        kind: 'request',
        personId: owner.userId,
        sections: ['prescriptions'],
        note: 'Cho con xem đơn thuốc',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      expect(asked.json().data).toMatchObject({ person: { id: owner.userId }, counterpart: { fullName: null } });
      const id = asked.json().data.id as string;

      const incoming = await get(ctx.app, owner, `/api/invitations/${owner.userId}?type=incoming`);
      expect(incoming.json().data).toMatchObject({ pending: 1, items: [{ id, kind: 'request', sections: ['prescriptions'] }] });

      const noSections = await answer(ctx.app, owner, id, { accept: true, note: 'Được', consentText: CONSENT });
      expect(noSections.statusCode).toBe(400);
      expect(noSections.json().code).toBe('SECTIONS_REQUIRED');
      const noWording = await answer(ctx.app, owner, id, { accept: true, note: 'Được', sections: ['prescriptions'] });
      expect(noWording.statusCode).toBe(400);
      const sections = ['health_info', 'vaccines', 'prescriptions'];
      const accepted = await answer(ctx.app, owner, id, { accept: true, note: 'Được', sections, consentText: CONSENT });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await activeShare(ctx, owner.userId, watcher.userId))?.sections).toEqual(sections);
      const history = await consentHistory(ctx, owner.userId);
      expect(history.map((event) => event.action)).toEqual(['granted', 'changed']);
      expect(history[1]).toMatchObject({ actorId: owner.userId, sections, consentText: CONSENT });
      // A stranger cannot ask by id: the person is unknown to them.
      const stranger = await createPatient(ctx);
      expect((await send(ctx.app, stranger, { kind: 'request', personId: owner.userId, sections: ['all'] })).statusCode).toBe(404);
    });

    it('a request by phone, accepted, makes the asker a watcher of the addressee', async () => {
      const ctx = context();
      const [asker, owner] = [await createPatient(ctx), await createPatient(ctx)];
      const toUnknown = await send(ctx.app, asker, { kind: 'request', phone: unknownPhone(), sections: ['health_info'] });
      const toKnown = await send(ctx.app, asker, { kind: 'request', phone: owner.phone, sections: ['health_info'] });
      expect([toUnknown.statusCode, toKnown.statusCode]).toEqual([201, 201]);
      expect(Object.keys(toKnown.json().data).sort()).toEqual(Object.keys(toUnknown.json().data).sort());
      expect(toKnown.json().data.person).toBeNull();
      expect(toUnknown.json().data.person).toBeNull();

      const id = toKnown.json().data.id as string;
      const accepted = await answer(ctx.app, owner, id, { accept: true, note: 'Ừ', sections: ['health_info'], consentText: CONSENT });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().data.person).toMatchObject({ id: owner.userId });
      expect(await activeShare(ctx, owner.userId, asker.userId)).toMatchObject({ sections: ['health_info'], grantedBy: owner.userId });
    });

    it('a phone-only invitation is claimed by the account made with that phone', async () => {
      const ctx = context();
      const owner = await createPatient(ctx);
      const newcomerPhone = unknownPhone().replace(/^03/, '09');
      const id = await sent(ctx.app, owner, inviteBody(newcomerPhone));
      const incomingBefore = await get(ctx.app, owner, `/api/invitations/${owner.userId}?type=outgoing`);
      expect(incomingBefore.json().data.items[0].counterpart.fullName).toBeNull();
      const verificationId = await verifiedSignupCode(ctx.app, newcomerPhone);
      const email = `moi${newcomerPhone}@example.vn`;
      const signup = await ctx.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(newcomerPhone, email, verificationId),
      });
      expect(signup.statusCode, signup.body).toBe(201);
      const newcomer = { ...(await logIn(ctx.app, newcomerPhone, 'matkhau123')), phone: newcomerPhone };
      const listed = await get(ctx.app, newcomer, `/api/invitations/${newcomer.userId}`);
      expect(listed.json().data).toMatchObject({ pending: 1, items: [{ id, direction: 'incoming' }] });
      const accepted = await answer(ctx.app, newcomer, id, { accept: true, note: 'Chào' });
      expect(accepted.statusCode).toBe(200);
      const [row] = await ctx.database.db.select().from(invitations).where(eq(invitations.id, id));
      expect(row?.addresseeId).toBe(newcomer.userId);
    });
  });

  describe('withdrawing and ending', () => {
    it('only the sender withdraws, and only while pending', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const id = await sent(ctx.app, owner, inviteBody(watcher.phone));
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/invitations/${id}`, headers: watcher.auth })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/invitations/${id}`, headers: owner.auth })).statusCode).toBe(200);
      const again = await ctx.app.inject({ method: 'DELETE', url: `/api/invitations/${id}`, headers: owner.auth });
      expect(again.statusCode).toBe(409);
      expect((await answer(ctx.app, watcher, id, { accept: true, note: 'ok' })).json().code).toBe('INVITATION_ANSWERED');
      // Withdrawn, it can be sent again.
      expect((await send(ctx.app, owner, inviteBody(watcher.phone))).statusCode).toBe(201);
    });

    it('the holder changes the sections; the watcher may not', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const shareId = await follow(ctx, owner, watcher);
      const body = { sections: ['vaccines'], consentText: CONSENT };
      const byWatcher = await ctx.app.inject({ method: 'PUT', url: `/api/follows/share/${shareId}`, headers: watcher.auth, payload: body });
      expect(byWatcher.statusCode).toBe(404);
      await proved(ctx.app, owner);
      const changed = await ctx.app.inject({ method: 'PUT', url: `/api/follows/share/${shareId}`, headers: owner.auth, payload: body });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({ id: shareId, sections: ['vaccines'] });
      expect((await consentHistory(ctx, owner.userId)).map((event) => event.action)).toEqual(['granted', 'changed']);
      const person = await get(ctx.app, watcher, `/api/relative/${owner.userId}`);
      expect(person.json().data.sections).toEqual(['vaccines']);
    });

    it("a revocation answers the watcher's next request with 404", async () => {
      const ctx = context();
      const [owner, watcher, stranger] = [await createPatient(ctx), await createPatient(ctx), await createPatient(ctx)];
      const shareId = await follow(ctx, owner, watcher);
      expect((await get(ctx.app, watcher, `/api/relative/${owner.userId}`)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/follows/share/${shareId}`, headers: stranger.auth })).statusCode).toBe(
        404,
      );
      const revoked = await ctx.app.inject({ method: 'DELETE', url: `/api/follows/share/${shareId}`, headers: owner.auth });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((await get(ctx.app, watcher, `/api/relative/${owner.userId}`)).statusCode).toBe(404);
      const history = await consentHistory(ctx, owner.userId);
      expect(history.map((event) => event.action)).toEqual(['granted', 'revoked']);
      expect(history[1]).toMatchObject({ actorId: owner.userId });
      const told = await ctx.database.db.select().from(userNotifications).where(eq(userNotifications.userId, watcher.userId));
      expect(told.map((notice) => notice.event)).toContain('invitations:inApp.revoked');
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/follows/share/${shareId}`, headers: owner.auth })).statusCode).toBe(404);
      expect((await get(ctx.app, watcher, `/api/follows/${watcher.userId}`)).json().data.following).toHaveLength(0);
    });

    it('the watcher stops following', async () => {
      const ctx = context();
      const [owner, watcher] = [await createPatient(ctx), await createPatient(ctx)];
      const shareId = await follow(ctx, owner, watcher);
      const stopped = await ctx.app.inject({ method: 'DELETE', url: `/api/follows/share/${shareId}`, headers: watcher.auth });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect((await get(ctx.app, watcher, `/api/relative/${owner.userId}`)).statusCode).toBe(404);
      const history = await consentHistory(ctx, owner.userId);
      expect(history.map((event) => event.action)).toEqual(['granted', 'stopped']);
      expect(history[1]).toMatchObject({ actorId: watcher.userId });
      const told = await ctx.database.db.select().from(userNotifications).where(eq(userNotifications.userId, owner.userId));
      expect(told.map((notice) => notice.event)).toContain('invitations:inApp.stopped');
    });
  });
});

describe('maskPhone', () => {
  it('keeps the first two and last three digits', () => {
    expect(maskPhone('+84', '0912345567')).toBe('09x xxx x567');
    expect(maskPhone('+1', '2025550123')).toBe('+1 20x xxx x123');
  });
});
