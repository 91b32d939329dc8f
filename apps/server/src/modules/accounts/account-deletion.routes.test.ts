import { ACCOUNT_DELETION_GRACE_DAYS, DELETED_ACCOUNT_NAME, GRANTED_SECTIONS, ORDER_STATUS } from '@rhc/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { newStorageKey } from '../../platform/storage/storage.ts';
import {
  accountDeletions,
  auditEvents,
  examinations,
  healthMeasurements,
  orderDetails,
  orderLab,
  orders,
  outboxMessages,
  prescriptions,
  profiles,
  recordExports,
  sessions,
  shares,
  twoStepDevices,
  twoStepLogins,
  twoStepRecoveryCodes,
  twoStepTickets,
  userNotifications,
  users,
} from '../../db/schema/index.ts';
import { logIn, proveSession } from '../../../test/accounts-helpers.ts';
import {
  booked,
  createDoctor,
  createPatient,
  examBody,
  insertOrder,
  insertWorkTime,
  weekdayAfter,
  WEEKDAYS,
} from '../../../test/booking-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';

const DAY_MS = 86_400_000;
type Person = { userId: string; phone?: string; auth: { authorization: string } };

/** A call of the deletion endpoints; asking for one's own deletion first proves the session with a code (decision 051). */
async function deletion(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', person: Person, userId = person.userId, payload?: object) {
  if (method === 'POST' && userId === person.userId && person.phone) await proveSession(app, person, person.phone);
  return app.inject({ method, url: `/api/account-deletion/${userId}`, headers: person.auth, ...(payload ? { payload } : {}) });
}

/** One run of the erasure sweep, now (what the hourly timer does). */
async function sweep(app: FastifyInstance): Promise<number> {
  const response = await app.inject({ method: 'POST', url: '/api/dev/account-deletions' });
  expect(response.statusCode).toBe(200);
  return response.json().data.erased as number;
}

/** The messages sent to a phone or e-mail, newest first. */
async function outboxTo(app: FastifyInstance, to: string): Promise<{ subject: string | null; text: string }[]> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json().data;
}

/**
 * Where `needle` is still written in the database: every text, varchar, json and array column of every table, searched
 * as text. Answers "table.column" for each hit.
 */
async function whereWritten(ctx: TestContext, needle: string): Promise<string[]> {
  const db = ctx.database.db;
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')
      order by table_name, column_name`),
  );
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const found = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(${sql.identifier(column)}::text, ${needle}) > 0`,
      ),
    );
    if ((found[0]?.n ?? 0) > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

describeOnEachDatabase((context) => {
  describe('asking for one’s account to be deleted (issue 53)', () => {
    it(`answers none, then pending with the day ${ACCOUNT_DELETION_GRACE_DAYS} days later; asking again changes nothing`, async () => {
      const ctx = context();
      const person = await createPatient(ctx);
      expect((await deletion(ctx.app, 'GET', person)).json().data).toEqual({ state: 'none' });

      const asked = await deletion(ctx.app, 'POST', person, person.userId, {});
      expect(asked.statusCode).toBe(200);
      const now = ctx.clock.now();
      const pending = {
        state: 'pending',
        requestedAt: now.toISOString(),
        eraseAfter: new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS).toISOString(),
      };
      expect(asked.json().data).toEqual(pending);
      expect((await deletion(ctx.app, 'GET', person)).json().data).toEqual(pending);

      ctx.clock.advance(60_000);
      expect((await deletion(ctx.app, 'POST', person, person.userId, {})).json().data).toEqual(pending);
      // Told once, with the day and how to keep the account, in the language asked in (Vietnamese by default).
      const told = (await outboxTo(ctx.app, person.email)).filter((message) => message.subject?.includes('bị xóa'));
      expect(told).toHaveLength(1);
      const day = new Date(pending.eraseAfter);
      const shown = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
      expect(told[0]?.text).toContain(shown);
      expect(told[0]?.text).toContain('/infouser/');
    });

    it('ends every other session of the account, not the one that asked', async () => {
      const ctx = context();
      const person = await createPatient(ctx);
      const other = await logIn(ctx.app, person.phone, person.password);
      expect((await deletion(ctx.app, 'GET', other)).statusCode).toBe(200);
      await deletion(ctx.app, 'POST', person, person.userId, {});
      expect((await deletion(ctx.app, 'GET', other)).statusCode).toBe(401);
      expect((await deletion(ctx.app, 'GET', person)).statusCode).toBe(200);
    });

    it('refuses a wrong password given as confirmation (400) and opens nothing; a right one opens the request', async () => {
      const ctx = context();
      const person = await createPatient(ctx);
      const wrong = await deletion(ctx.app, 'POST', person, person.userId, { password: 'khongdung1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });
      expect((await deletion(ctx.app, 'GET', person)).json().data).toEqual({ state: 'none' });
      const right = await deletion(ctx.app, 'POST', person, person.userId, { password: person.password });
      expect(right.json().data.state).toBe('pending');
    });

    it('answers 404 for another person’s id, a stranger’s or a watcher’s granted a share, and records the denials', async () => {
      const ctx = context();
      const [owner, stranger, watcher] = [await createPatient(ctx), await createPatient(ctx), await createPatient(ctx)];
      const then = ctx.clock.now();
      await ctx.database.db.insert(shares).values({
        profileId: owner.userId,
        watcherId: watcher.userId,
        grantedBy: owner.userId,
        sections: [...GRANTED_SECTIONS],
        grantedAt: then,
        changedAt: then,
      });
      await deletion(ctx.app, 'POST', owner, owner.userId, {});
      for (const caller of [stranger, watcher]) {
        for (const method of ['GET', 'POST', 'DELETE'] as const) {
          const response = await deletion(ctx.app, method, caller, owner.userId, method === 'POST' ? {} : undefined);
          expect(response.statusCode, method).toBe(404);
        }
        const denied = await ctx.database.db
          .select()
          .from(auditEvents)
          .where(
            and(eq(auditEvents.action, 'account.delete'), eq(auditEvents.outcome, 'denied'), eq(auditEvents.actorUserId, caller.userId)),
          );
        expect(denied).toHaveLength(3);
      }
      expect((await deletion(ctx.app, 'GET', owner)).json().data.state).toBe('pending');
    });

    it('asks for a fresh code first (403 STEP_UP_REQUIRED, nothing opened), then accepts the request', async () => {
      const ctx = context();
      const person = await createPatient(ctx);
      const unproved = await ctx.app.inject({
        method: 'POST',
        url: `/api/account-deletion/${person.userId}`,
        headers: person.auth,
        payload: {},
      });
      expect(unproved.statusCode).toBe(403);
      expect(unproved.json().code).toBe('STEP_UP_REQUIRED');
      expect((await deletion(ctx.app, 'GET', person)).json().data).toEqual({ state: 'none' });
      expect((await deletion(ctx.app, 'POST', person, person.userId, {})).json().data.state).toBe('pending');
    });

    it('asks for a session (401 without one)', async () => {
      const ctx = context();
      const person = await createPatient(ctx);
      const response = await ctx.app.inject({ method: 'GET', url: `/api/account-deletion/${person.userId}` });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('keeping the account during the grace period', () => {
    it('"Keep my account" (DELETE) cancels it and tells the person; with none pending it answers none', async () => {
      const ctx = context();
      const person = await createPatient(ctx);
      expect((await deletion(ctx.app, 'DELETE', person)).json().data).toEqual({ state: 'none' });
      await deletion(ctx.app, 'POST', person, person.userId, {});
      const kept = await deletion(ctx.app, 'DELETE', person);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data).toEqual({ state: 'none' });
      expect((await deletion(ctx.app, 'GET', person)).json().data).toEqual({ state: 'none' });
      expect((await outboxTo(ctx.app, person.email)).some((message) => message.subject?.includes('sẽ không bị xóa'))).toBe(true);
    });

    it('logging in during the grace period cancels it: the answer says so once, the state is none', async () => {
      const ctx = context();
      const person = await createPatient(ctx);
      await deletion(ctx.app, 'POST', person, person.userId, {});
      ctx.clock.advance((ACCOUNT_DELETION_GRACE_DAYS - 1) * DAY_MS);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { phone: person.phone, password: person.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.deletionCancelled).toBe(true);
      const session = { userId: person.userId, auth: { authorization: `Bearer ${login.json().data.accessToken}` } };
      expect((await deletion(ctx.app, 'GET', session)).json().data).toEqual({ state: 'none' });
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { phone: person.phone, password: person.password },
      });
      expect(again.json().data).not.toHaveProperty('deletionCancelled');
      // Nothing is erased when the grace period would have ended.
      ctx.clock.advance(2 * DAY_MS);
      await sweep(ctx.app);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, person.userId));
      expect(row?.deletedAt).toBeNull();
      expect(row?.phone).toBe(person.phone);
    });
  });

  describe('the erasure after the grace period (clock-driven)', () => {
    it('erases the person’s data, ends shares, cancels upcoming bookings, keeps the clinical record without contact details', async () => {
      const ctx = context();
      const db = ctx.database.db;
      const doctor = await createDoctor(ctx, { specialtyIds: [1], fullName: 'Lê Văn Minh' });
      await insertWorkTime(db, doctor.userId, { day: '2026-11-23', start: '08:00', end: '11:30', recurrence: WEEKDAYS });
      const name = 'Trịnh Thị Xoan Erasure';
      const person = await createPatient(ctx, { fullName: name, address: '7 Hẻm Riêng, Quận 3' });
      const [watcher, followed] = [await createPatient(ctx), await createPatient(ctx)];

      // An upcoming booking, a past one with a diagnosis and a prescription, a reading, a managed child, shares both ways.
      const upcoming = await booked(ctx.app, person, examBody(doctor.userId, weekdayAfter(ctx.clock.now(), 3)));
      const past = await insertOrder(ctx, person.userId, { doctorId: doctor.userId, status: ORDER_STATUS.done, checkDay: '2026-11-10' });
      await db
        .update(orderDetails)
        .set({ patientName: name, patientPhone: person.phone, patientEmail: person.email })
        .where(eq(orderDetails.orderId, past));
      // Its lab test at home kept the address and the phone to call on the way.
      await db.insert(orderLab).values({
        orderId: past,
        atHome: true,
        district: '760',
        address: '7 Hẻm Riêng, Quận 3',
        phone: person.phone,
        testIds: ['1'],
        totalVnd: 0,
      });
      const then = new Date('2026-11-10T02:30:00Z');
      await db.insert(examinations).values({
        orderId: past,
        doctorId: doctor.userId,
        diagnostic: 'Viêm họng cấp',
        medicalHistory: '',
        reExamDate: '2026-11-24',
        createdAt: then,
        updatedAt: then,
      });
      await db.insert(prescriptions).values({ orderId: past, doctorId: doctor.userId, licenceNumber: '012345/HCM-CCHN', createdAt: then });
      await db
        .insert(healthMeasurements)
        .values({ profileId: person.userId, createdBy: person.userId, measuredAt: then, systolic: 128, diastolic: 84, heartRate: 72 });
      const child = await insertManagedProfile(ctx, person.userId, '2018-03-10', '7 Hẻm Riêng, Quận 3');
      await db
        .insert(healthMeasurements)
        .values({ profileId: child, createdBy: person.userId, measuredAt: then, systolic: 100, diastolic: 70, heartRate: 90 });
      const grant = { sections: [GRANTED_SECTIONS[0]], grantedAt: then, changedAt: then };
      await db.insert(shares).values({ profileId: person.userId, watcherId: watcher.userId, grantedBy: person.userId, ...grant });
      await db.insert(shares).values({ profileId: followed.userId, watcherId: person.userId, grantedBy: followed.userId, ...grant });

      // An export of the person's record and one of the child's, ready to download.
      for (const profileId of [person.userId, child])
        await db.insert(recordExports).values({
          profileId,
          requestedBy: person.userId,
          language: 'vi',
          status: 'ready',
          progress: 100,
          storageKey: newStorageKey('exports'),
          bytes: 1,
          createdAt: then,
          readyAt: then,
          expiresAt: new Date(then.getTime() + 7 * DAY_MS),
        });

      // Two-step login on (decision 054): a recovery code, a trusted device and a login waiting for its second step.
      await db.insert(twoStepLogins).values({ userId: person.userId, enabledAt: then });
      await db.insert(twoStepRecoveryCodes).values({ userId: person.userId, codeHash: 'a'.repeat(64), createdAt: then });
      await db
        .insert(twoStepDevices)
        .values({ userId: person.userId, tokenHash: 'b'.repeat(64), createdAt: then, expiresAt: new Date(then.getTime() + 365 * DAY_MS) });
      await db
        .insert(twoStepTickets)
        .values({ userId: person.userId, ticketHash: 'c'.repeat(64), createdAt: then, expiresAt: new Date(then.getTime() + 600_000) });

      const asked = await deletion(ctx.app, 'POST', person, person.userId, {});
      expect(asked.statusCode).toBe(200);

      // Not before the grace period is over.
      ctx.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS - 60_000);
      expect(await sweep(ctx.app)).toBe(0);
      expect((await db.select().from(users).where(eq(users.id, person.userId)))[0]?.deletedAt).toBeNull();
      // The upcoming booking is still to come at that time (the booking was three weekdays ahead, the clock moved 30 days:
      // move it past the grace period's end for the test).
      await db
        .update(orders)
        .set({
          startsAt: new Date(ctx.clock.now().getTime() + 7 * DAY_MS),
          endsAt: new Date(ctx.clock.now().getTime() + 7 * DAY_MS + 1_800_000),
        })
        .where(eq(orders.id, upcoming.id));

      ctx.clock.advance(2 * 60_000);
      expect(await sweep(ctx.app)).toBe(1);
      expect(await sweep(ctx.app)).toBe(0);

      // What remains, listed.
      const [account] = await db.select().from(users).where(eq(users.id, person.userId));
      expect(account).toMatchObject({
        fullName: DELETED_ACCOUNT_NAME,
        phone: `deleted:${person.userId}`,
        email: `deleted:${person.userId}`,
        passwordHash: '',
        address: '',
        avatarKey: null,
        jobNote: null,
        dateOfBirth: '1990-05-20',
        gender: 'female',
      });
      expect(account?.deletedAt).not.toBeNull();
      const kept = await db
        .select({
          id: orders.id,
          status: orders.status,
          name: orderDetails.patientName,
          phone: orderDetails.patientPhone,
          email: orderDetails.patientEmail,
          birthday: orderDetails.patientBirthday,
        })
        .from(orders)
        .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
        .where(eq(orders.userId, person.userId))
        .orderBy(orders.startsAt);
      expect(kept).toEqual([
        { id: past, status: ORDER_STATUS.done, name: DELETED_ACCOUNT_NAME, phone: '', email: null, birthday: '1990-01-01' },
        { id: upcoming.id, status: ORDER_STATUS.cancelled, name: DELETED_ACCOUNT_NAME, phone: '', email: null, birthday: '1990-05-20' },
      ]);
      expect(await db.select({ d: examinations.diagnostic }).from(examinations).where(eq(examinations.orderId, past))).toEqual([
        { d: 'Viêm họng cấp' },
      ]);
      expect(await db.select({ l: prescriptions.licenceNumber }).from(prescriptions).where(eq(prescriptions.orderId, past))).toEqual([
        { l: '012345/HCM-CCHN' },
      ]);
      // Gone: readings (own and the child's), the child's profile, sessions, two-step login; the shares both ways ended.
      expect(await db.select().from(healthMeasurements).where(eq(healthMeasurements.createdBy, person.userId))).toEqual([]);
      expect(await db.select().from(profiles).where(eq(profiles.id, child))).toEqual([]);
      expect(await db.select().from(recordExports).where(eq(recordExports.requestedBy, person.userId))).toEqual([]);
      expect(await db.select().from(sessions).where(eq(sessions.userId, person.userId))).toEqual([]);
      for (const table of [twoStepLogins, twoStepRecoveryCodes, twoStepDevices, twoStepTickets])
        expect(await db.select().from(table).where(eq(table.userId, person.userId))).toEqual([]);
      const ended = await db
        .select({ endedAt: shares.endedAt })
        .from(shares)
        .where(sql`${shares.watcherId} = ${person.userId} or ${shares.profileId} = ${person.userId}`);
      expect(ended).toHaveLength(2);
      expect(ended.every((share) => share.endedAt !== null)).toBe(true);
      // The other sides are told: the watcher in the app, the doctor of the cancelled booking on their channels.
      const watcherTold = await db
        .select({ event: userNotifications.event })
        .from(userNotifications)
        .where(eq(userNotifications.userId, watcher.userId));
      expect(watcherTold.map((notice) => notice.event)).toContain('invitations:inApp.revoked');
      const doctorTold = await db
        .select({ body: outboxMessages.body })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, doctor.email));
      expect(doctorTold.some((message) => message.body.includes(upcoming.code))).toBe(true);
      // The request is recorded as done; the audit trail is kept.
      const [request] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, person.userId));
      expect(request?.erasedAt).not.toBeNull();
      const trail = await db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'account.delete'), eq(auditEvents.subjectUserId, person.userId)));
      expect(trail.map((row) => (row.details as { step?: string }).step)).toEqual(expect.arrayContaining(['requested', 'erased']));

      // Nothing of the person's contact details or name is left anywhere.
      expect(await whereWritten(ctx, person.phone)).toEqual([]);
      expect(await whereWritten(ctx, person.email)).toEqual([]);
      expect(await whereWritten(ctx, name)).toEqual([]);
      expect(await whereWritten(ctx, '7 Hẻm Riêng')).toEqual([]);

      // Nobody logs in to it any more (checked last: a login attempt counts against the number typed, whoever types it).
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { phone: person.phone, password: person.password },
      });
      expect(login.statusCode).toBe(404);
    });

    it('a doctor’s account: contact and payment details go; the name stays on what they issued, with the licence', async () => {
      const ctx = context();
      const db = ctx.database.db;
      const doctor = await createDoctor(ctx, { specialtyIds: [1], fullName: 'Đoàn Văn Kê Đơn' });
      const patient = await createPatient(ctx);
      const past = await insertOrder(ctx, patient.userId, { doctorId: doctor.userId, status: ORDER_STATUS.done, checkDay: '2026-11-10' });
      await db
        .insert(prescriptions)
        .values({ orderId: past, doctorId: doctor.userId, licenceNumber: '012345/HCM-CCHN', createdAt: new Date('2026-11-10T02:30:00Z') });
      await deletion(ctx.app, 'POST', doctor, doctor.userId, {});
      ctx.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS + 60_000);
      expect(await sweep(ctx.app)).toBe(1);
      const [account] = await db.select().from(users).where(eq(users.id, doctor.userId));
      expect(account?.fullName).toBe('Đoàn Văn Kê Đơn');
      expect(account?.deletedAt).not.toBeNull();
      expect(await db.select({ l: prescriptions.licenceNumber }).from(prescriptions).where(eq(prescriptions.orderId, past))).toEqual([
        { l: '012345/HCM-CCHN' },
      ]);
      expect(await whereWritten(ctx, doctor.phone)).toEqual([]);
      expect(await whereWritten(ctx, doctor.email)).toEqual([]);
      // The patient's own record is untouched.
      expect((await db.select().from(orders).where(eq(orders.id, past)))[0]?.status).toBe(ORDER_STATUS.done);
    });
  });
});
