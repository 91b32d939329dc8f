import { randomUUID } from 'node:crypto';
import { MAX_MANAGED_PROFILES } from '@rhc/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { latestCode } from '../../../test/accounts-helpers.ts';
import { booked, createPatient, createPatients, createWorkingDoctor, examBody, weekdayAfter } from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import {
  auditEvents,
  consentEvents,
  followGroupMembers,
  followGroups,
  invitations,
  orders,
  profiles,
  shares,
  userNotifications,
} from '../../db/schema/index.ts';
import { send } from '../../../test/http-helpers.ts';

/*
 * Issue 14, what was left: a booking's typed-in patient kept as a profile (POST /patients/{orderId}), and a profile
 * someone keeps for me linked to my own account with a fresh code (decision 025).
 */

type Caller = { userId: string; phone: string; auth: { authorization: string } };

// Phones typed here start with 03: the accounts the helpers sign up have 09 numbers, so no profile here is one of theirs.

const ADDRESS = '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh';

function relativeBooking(doctorId: string, day: string, hour: string, patient: Record<string, unknown>) {
  return {
    ...examBody(doctorId, day, hour),
    reasonForExamination: 'Sốt nhẹ',
    isFamily: true,
    infomation: {
      fullName: 'Lê Văn Bình',
      phone: '0332777888',
      callingCodes: '+84',
      nameCountry: 'Việt Nam',
      gender: 'male',
      dateOfBirth: '1995-04-02',
      email: '',
      address: ADDRESS,
      ...patient,
    },
  };
}

function keep(app: FastifyInstance, caller: Caller | null, orderId: string) {
  return app.inject({ method: 'POST', url: `/api/patients/${orderId}`, headers: caller?.auth ?? {} });
}

/** A managed profile written directly (the relatives suite tests the endpoint that makes them). */
async function managed(ctx: TestContext, managerId: string, fields: { phone: string; dateOfBirth?: string; fullName?: string }) {
  const [row] = await ctx.database.db
    .insert(profiles)
    .values({
      managerId,
      fullName: fields.fullName ?? 'Lê Văn Bình',
      phone: fields.phone,
      callingCode: '+84',
      countryName: 'Việt Nam',
      gender: 'male',
      dateOfBirth: fields.dateOfBirth ?? '1995-04-02',
      address: ADDRESS,
    })
    .returning({ id: profiles.id });
  if (!row) throw new Error('profile not stored');
  return row.id;
}

async function sendCode(app: FastifyInstance, caller: Caller, profileId: string) {
  const response = await app.inject({ method: 'POST', url: `/api/profile-claims/${profileId}/code`, headers: caller.auth });
  return { response, verificationId: response.json().data?.verificationId as string };
}

async function claim(app: FastifyInstance, caller: Caller, profileId: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/profile-claims/${profileId}/claim`, headers: caller.auth, payload: body });
}

/** Sends a code to the caller's phone and claims the profile with it. */
async function claimWithCode(app: FastifyInstance, caller: Caller, profileId: string, managerSections: string[] = []) {
  const { response, verificationId } = await sendCode(app, caller, profileId);
  expect(response.statusCode, response.body).toBe(201);
  const code = await latestCode(app, caller.phone);
  return claim(app, caller, profileId, { verificationId, code, managerSections });
}

describeOnEachDatabase((context) => {
  describe('POST /patients/{orderId}: a booking’s typed-in patient kept as a profile', () => {
    it('makes a managed profile of the details and the booking names it; a second time is 409', async () => {
      const ctx = context();
      const doctor = await createWorkingDoctor(ctx);
      const lan = await createPatient(ctx);
      const order = await booked(ctx.app, lan, relativeBooking(doctor.userId, weekdayAfter(ctx.clock.now(), 2), '08:00', {}));
      expect(order.profileId).toBeNull();

      const kept = await keep(ctx.app, lan, order.id);
      expect(kept.statusCode, kept.body).toBe(201);
      const profile = kept.json().data as { id: string; info: Record<string, unknown> };
      expect(profile.info).toMatchObject({ fullName: 'Lê Văn Bình', phone: '0332777888', dateOfBirth: '1995-04-02', address: ADDRESS });

      const [row] = await ctx.database.db.select({ profileId: orders.profileId }).from(orders).where(eq(orders.id, order.id));
      expect(row?.profileId).toBe(profile.id);
      const list = await ctx.app.inject({ method: 'GET', url: `/api/relatives/${lan.userId}`, headers: lan.auth });
      expect((list.json().data as { id: string }[]).map((p) => p.id)).toEqual([profile.id]);
      const detail = await ctx.app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: lan.auth });
      expect(detail.json().data.profileId).toBe(profile.id);

      const again = await keep(ctx.app, lan, order.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PATIENT_ALREADY_KEPT');
    });

    it('answers 404 to anyone else (the doctor included), 409 for a booking for oneself, 401 without a session', async () => {
      const ctx = context();
      const doctor = await createWorkingDoctor(ctx);
      const [lan, stranger] = await createPatients(ctx, 2);
      const day = weekdayAfter(ctx.clock.now(), 2);
      const order = await booked(ctx.app, lan, relativeBooking(doctor.userId, day, '08:30', {}));
      expect((await keep(ctx.app, stranger, order.id)).statusCode).toBe(404);
      expect((await keep(ctx.app, doctor, order.id)).statusCode).toBe(404);
      expect((await keep(ctx.app, lan, randomUUID())).statusCode).toBe(404);
      expect((await keep(ctx.app, null, order.id)).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/patients/not-an-id', headers: lan.auth })).statusCode).toBe(400);

      const own = await booked(ctx.app, lan, {
        ...relativeBooking(doctor.userId, day, '09:00', {}),
        isFamily: false,
        infomation: undefined,
      });
      const self = await keep(ctx.app, lan, own.id);
      expect(self.statusCode).toBe(409);
      expect(self.json().code).toBe('PATIENT_ALREADY_KEPT');
      const [{ n } = { n: 0 }] = await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(profiles)
        .where(eq(profiles.managerId, lan.userId));
      expect(n).toBe(0);
    });

    it('obeys the limit of managed profiles, and 20 requests at once keep one profile', async () => {
      const ctx = context();
      const doctor = await createWorkingDoctor(ctx);
      const lan = await createPatient(ctx);
      const day = weekdayAfter(ctx.clock.now(), 2);
      const first = await booked(ctx.app, lan, relativeBooking(doctor.userId, day, '10:00', {}));
      const answers = await Promise.all(Array.from({ length: 20 }, () => keep(ctx.app, lan, first.id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);

      for (let i = 1; i < MAX_MANAGED_PROFILES; i += 1) await managed(ctx, lan.userId, { phone: `03320000${String(i).padStart(2, '0')}` });
      const second = await booked(ctx.app, lan, relativeBooking(doctor.userId, day, '10:30', { fullName: 'Lê Thị Hoa' }));
      const full = await keep(ctx.app, lan, second.id);
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe('MANAGED_PROFILE_LIMIT');
    });
  });

  describe('a profile kept for me, linked to my account', () => {
    it('lists only profiles others keep with my phone (a child’s as not claimable), and nothing to anyone else', async () => {
      const ctx = context();
      const lan = await createPatient(ctx);
      const son = await createPatient(ctx, { fullName: 'Lê Văn Bình' });
      const other = await createPatient(ctx);
      const adult = await managed(ctx, lan.userId, { phone: son.phone });
      // Typed with +84 and spaces: still his number.
      const spelled = await managed(ctx, lan.userId, { phone: `+84${son.phone.slice(1)}`, fullName: 'Bình (2)' });
      const child = await managed(ctx, lan.userId, { phone: son.phone, dateOfBirth: '2015-01-01', fullName: 'Lê Minh Khôi' });
      // Lan's own profiles with her own phone (a young child's carries the guardian's) are never offered to her.
      await managed(ctx, lan.userId, { phone: lan.phone });

      const mine = await ctx.app.inject({ method: 'GET', url: `/api/profile-claims/${son.userId}`, headers: son.auth });
      expect(mine.statusCode).toBe(200);
      const list = mine.json().data as { id: string; claimable: boolean; manager: { fullName: string } }[];
      // Profiles made within one clock tick share their creation time (PGlite's clock is coarse): compared as a set.
      const byId = (a: readonly [string, boolean], b: readonly [string, boolean]) => a[0].localeCompare(b[0]);
      expect(list.map((p) => [p.id, p.claimable] as const).sort(byId)).toEqual(
        (
          [
            [adult, true],
            [spelled, true],
            [child, false],
          ] as const
        )
          .slice()
          .sort(byId),
      );
      expect(list.every((p) => p.manager.fullName === 'Phạm Thị Hồng')).toBe(true);

      expect((await ctx.app.inject({ method: 'GET', url: `/api/profile-claims/${son.userId}`, headers: other.auth })).statusCode).toBe(404);
      const others = await ctx.app.inject({ method: 'GET', url: `/api/profile-claims/${other.userId}`, headers: other.auth });
      expect(others.json().data).toEqual([]);
      const lans = await ctx.app.inject({ method: 'GET', url: `/api/profile-claims/${lan.userId}`, headers: lan.auth });
      expect(lans.json().data).toEqual([]);
      expect((await sendCode(ctx.app, other, adult)).response.statusCode).toBe(404);
      expect((await sendCode(ctx.app, lan, adult)).response.statusCode).toBe(404);
      const childCode = await sendCode(ctx.app, son, child);
      expect(childCode.response.statusCode).toBe(409);
      expect(childCode.response.json().code).toBe('CHILD_CANNOT_CLAIM');
    });

    it('tells the person in the app, once, when someone keeps a profile they may claim with their phone', async () => {
      const ctx = context();
      const lan = await createPatient(ctx);
      const son = await createPatient(ctx, { fullName: 'Lê Văn Bình' });
      const body = {
        fullName: 'Lê Văn Bình',
        phone: son.phone,
        callingCodes: '+84',
        gender: 'male',
        dateOfBirth: '1995-04-02',
        email: '',
        address: ADDRESS,
      };
      const made = await ctx.app.inject({ method: 'POST', url: `/api/relative/${lan.userId}`, headers: lan.auth, payload: body });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().data.id as string;
      // Changed again, and a child's profile with the same phone, and one with Lan's own: no further notice.
      await ctx.app.inject({ method: 'PUT', url: `/api/relative/${id}`, headers: lan.auth, payload: { ...body, address: '3 Lê Lai' } });
      await send(ctx.app, 'POST', `/api/relative/${lan.userId}`, lan.auth, { ...body, dateOfBirth: '2016-01-01' });
      await send(ctx.app, 'POST', `/api/relative/${lan.userId}`, lan.auth, { ...body, phone: lan.phone });
      const told = await ctx.database.db
        .select({ userId: userNotifications.userId, params: userNotifications.params })
        .from(userNotifications)
        .where(eq(userNotifications.event, 'invitations:inApp.keptForYou'));
      expect(told).toEqual([{ userId: son.userId, params: { name: 'Phạm Thị Hồng' } }]);
      const bell = await send(ctx.app, 'GET', `/api/notifications/${son.userId}`, { ...son.auth, 'accept-language': 'en' });
      expect(bell.body).toContain('Phạm Thị Hồng keeps a health profile with your phone number.');
    });

    it('moves bookings, grants and every row that references the profile in one step; the manager keeps nothing by default and is told', async () => {
      const ctx = context();
      const db = ctx.database.db;
      const doctor = await createWorkingDoctor(ctx);
      const lan = await createPatient(ctx);
      const son = await createPatient(ctx, { fullName: 'Lê Văn Bình' });
      const watcher = await createPatient(ctx);
      const profileId = await managed(ctx, lan.userId, { phone: son.phone });
      const order = await booked(
        ctx.app,
        lan,
        relativeBooking(doctor.userId, weekdayAfter(ctx.clock.now(), 2), '08:00', { phone: son.phone }),
      );
      await db.update(orders).set({ profileId }).where(eq(orders.id, order.id));
      const now = ctx.clock.now();
      await db
        .insert(shares)
        .values({ profileId, watcherId: watcher.userId, grantedBy: lan.userId, sections: ['vaccines'], grantedAt: now, changedAt: now });
      const [group] = await db.insert(followGroups).values({ ownerId: lan.userId, name: 'Gia đình', type: 'family' }).returning();
      await db.insert(followGroupMembers).values({ groupId: group?.id ?? '', profileId });
      // A table another domain adds later, found in the catalog at run time.
      await db.execute(
        sql.raw(
          `create table if not exists test_readings (id serial primary key, profile_id uuid not null references profiles(id), value int not null)`,
        ),
      );
      await db.execute(sql`insert into test_readings (profile_id, value) values (${profileId}::uuid, 120), (${profileId}::uuid, 130)`);
      // The watcher read the shared section while Lan kept the profile (the access service writes this row on a read).
      await db.insert(auditEvents).values({
        actorUserId: watcher.userId,
        action: 'record.read',
        outcome: 'success',
        subjectUserId: profileId,
        details: { section: 'vaccines' },
      });

      const claimed = await claimWithCode(ctx.app, son, profileId);
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(claimed.json().data).toEqual({ profileId: son.userId, orders: 1, managerSections: [] });

      // The booking is the son's own now: in his list, gone from Lan's.
      const [moved] = await db
        .select({ userId: orders.userId, kind: orders.kind, profileId: orders.profileId })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(moved).toEqual({ userId: son.userId, kind: 0, profileId: son.userId });
      const sons = await ctx.app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: son.auth });
      expect(sons.statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: lan.auth })).statusCode).toBe(404);
      const readings = await db.execute(sql`select count(*)::int as n from test_readings where profile_id = ${son.userId}::uuid`);
      expect((readings as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);

      // The profile is ended, pointing to his account; Lan no longer manages or sees it; the watcher's grant ended.
      const [ended] = await db.select().from(profiles).where(eq(profiles.id, profileId));
      expect(ended?.linkedAccountId).toBe(son.userId);
      expect(ended?.archivedAt).not.toBeNull();
      expect((await ctx.app.inject({ method: 'GET', url: `/api/relative/${profileId}`, headers: lan.auth })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/relative/${son.userId}`, headers: lan.auth })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/relatives/${lan.userId}`, headers: lan.auth })).json().data).toEqual([]);
      const active = await db
        .select()
        .from(shares)
        .where(and(eq(shares.profileId, profileId), sql`${shares.endedAt} is null`));
      expect(active).toEqual([]);
      const events = await db
        .select({ action: consentEvents.action, actorId: consentEvents.actorId })
        .from(consentEvents)
        .where(eq(consentEvents.profileId, profileId));
      expect(events).toEqual([{ action: 'revoked', actorId: son.userId }]);
      expect(await db.select().from(followGroupMembers).where(eq(followGroupMembers.profileId, profileId))).toEqual([]);

      // Who saw it while Lan kept it is in the son's own access log now; not in anyone else's.
      const log = await ctx.app.inject({ method: 'GET', url: `/api/access-log/${son.userId}`, headers: son.auth });
      expect(log.json().data).toMatchObject({ total: 1, items: [{ reader: { id: watcher.userId }, section: 'vaccines' }] });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/access-log/${son.userId}`, headers: lan.auth })).statusCode).toBe(404);

      // Lan is told, in the app and by message.
      const notices = await db
        .select({ event: userNotifications.event, params: userNotifications.params })
        .from(userNotifications)
        .where(eq(userNotifications.userId, lan.userId));
      expect(notices).toContainEqual({ event: 'invitations:inApp.linked', params: { name: 'Lê Văn Bình', person: 'Lê Văn Bình' } });
      const outbox = await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${lan.phone}` });
      expect((outbox.json().data as { text: string }[]).some((m) => m.text.includes('Le Van Binh'))).toBe(true);
      const audit = await db
        .select({ outcome: auditEvents.outcome })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'relative.link'), eq(auditEvents.actorUserId, son.userId)));
      expect(audit).toEqual([{ outcome: 'success' }]);

      // Claiming it again: already linked.
      const again = await sendCode(ctx.app, son, profileId);
      expect(again.response.statusCode).toBe(409);
      expect(again.response.json().code).toBe('PROFILE_ALREADY_LINKED');
      await db.execute(sql.raw('drop table test_readings'));
    });

    it('lets the former manager keep the sections the person chose, as a grant with consent', async () => {
      const ctx = context();
      const lan = await createPatient(ctx);
      const son = await createPatient(ctx, { fullName: 'Lê Văn Bình' });
      const profileId = await managed(ctx, lan.userId, { phone: son.phone });
      const claimed = await claimWithCode(ctx.app, son, profileId, ['vaccines', 'health_info']);
      expect(claimed.statusCode, claimed.body).toBe(200);
      const privileges = await send(ctx.app, 'GET', `/api/privilege-relative/privileges/${son.userId}/${lan.userId}`, lan.auth);
      expect(privileges.json().data).toEqual({ relation: 'watcher', sections: ['health_info', 'vaccines'] });
      const [event] = await ctx.database.db
        .select()
        .from(consentEvents)
        .where(and(eq(consentEvents.profileId, son.userId), eq(consentEvents.watcherId, lan.userId)));
      expect(event).toMatchObject({ action: 'granted', actorId: son.userId, sections: ['vaccines', 'health_info'] });
      expect(event?.consentText).toContain('Phạm Thị Hồng');
      const notices = await ctx.database.db
        .select({ event: userNotifications.event })
        .from(userNotifications)
        .where(eq(userNotifications.userId, lan.userId));
      expect(notices).toContainEqual({ event: 'invitations:inApp.linkedKept' });
    });

    it('refuses a wrong code (the profile stays), another person’s code, a child, and two claims at once link once', async () => {
      const ctx = context();
      const lan = await createPatient(ctx);
      const son = await createPatient(ctx, { fullName: 'Lê Văn Bình' });
      const other = await createPatient(ctx);
      const profileId = await managed(ctx, lan.userId, { phone: son.phone });

      const { verificationId } = await sendCode(ctx.app, son, profileId);
      const code = await latestCode(ctx.app, son.phone);
      const wrong = await claim(ctx.app, son, profileId, { verificationId, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('OTP_WRONG');
      const malformed = await claim(ctx.app, son, profileId, { verificationId, code: '12a' });
      expect(malformed.statusCode).toBe(400);
      // The other person's own valid code does not vouch for the son's claim (and they cannot name his profile).
      expect((await claim(ctx.app, other, profileId, { verificationId, code })).statusCode).toBe(404);
      const [still] = await ctx.database.db.select({ linked: profiles.linkedAccountId }).from(profiles).where(eq(profiles.id, profileId));
      expect(still?.linked).toBeNull();

      // A code sent for sign-up does not vouch for a claim.
      const signupCode = await ctx.app.inject({
        method: 'POST',
        url: '/api/otp/saveVerificationIdToDb',
        payload: { phone: son.phone, purpose: 'reset' },
      });
      const resetId = signupCode.json().data.verificationId as string;
      const resetCode = await latestCode(ctx.app, son.phone);
      const reused = await claim(ctx.app, son, profileId, { verificationId: resetId, code: resetCode });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('OTP_NOT_VERIFIED');

      // The right code, sent twice at once: one claim links it, the other is refused.
      const fresh = await sendCode(ctx.app, son, profileId);
      const freshCode = await latestCode(ctx.app, son.phone);
      const both = await Promise.all([
        claim(ctx.app, son, profileId, { verificationId: fresh.verificationId, code: freshCode }),
        claim(ctx.app, son, profileId, { verificationId: fresh.verificationId, code: freshCode }),
      ]);
      // The second finds the code spent (400) or the profile linked (409), whichever it reaches first.
      const codes = both.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([400, 409]).toContain(codes[1]);
      const [linked] = await ctx.database.db.select({ linked: profiles.linkedAccountId }).from(profiles).where(eq(profiles.id, profileId));
      expect(linked?.linked).toBe(son.userId);
      expect(
        await ctx.database.db
          .select()
          .from(invitations)
          .where(and(eq(invitations.profileId, profileId), eq(invitations.status, 'pending'))),
      ).toEqual([]);
    });
  });
});
