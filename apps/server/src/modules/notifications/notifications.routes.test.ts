import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvents, userNotifications } from '../../db/schema/index.ts';
import { recordInApp } from '../../platform/messaging/in-app.ts';
import { logIn } from '../../../test/accounts-helpers.ts';
import { booked, examBody, createPatient, createWorkingDoctor, orderAction, weekdayAfter } from '../../../test/booking-helpers.ts';
import type { Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { send } from '../../../test/http-helpers.ts';

type Item = { id: number; event: string; text: string; orderId: string | null; createdAt: string; read: boolean };
type Page = { items: Item[]; total: number; page: number; size: number; unread: number; awaitingConfirmation: number; badge: number };

/** The item at `index`, which the test expects to be there. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createWorkingDoctor(ctx, { online: true });
  const patient = await createPatient(ctx);
  // The patient is told by SMS only: the bell tells them all the same.
  const preferred = await send(ctx.app, 'PUT', `/api/user-notifications/${patient.userId}`, patient.auth, {
    sms: true,
    email: false,
    language: 'en',
  });
  expect(preferred.statusCode).toBe(200);
  return { ...ctx, doctor, patient, day: weekdayAfter(ctx.clock.now(), 1) };
}

async function bell(app: FastifyInstance, person: Caller, language = 'vi', query = ''): Promise<Page> {
  const response = await send(app, 'GET', `/api/notifications/${person.userId}${query}`, { ...person.auth, 'accept-language': language });
  expect(response.statusCode).toBe(200);
  return response.json().data as Page;
}

function markRead(app: FastifyInstance, person: Caller, userId: string, id: number | string) {
  return app.inject({ method: 'PATCH', url: `/api/notifications/${userId}/${id}/read`, headers: person.auth });
}

function markAllRead(app: FastifyInstance, person: Caller, userId: string = person.userId) {
  return app.inject({ method: 'PATCH', url: `/api/notifications/${userId}/read-all`, headers: person.auth });
}

describeOnEachDatabase((context) => {
  describe('the bell (issue 12, in-app notifications)', () => {
    it("puts a doctor's verification in the patient's list, in the language they read it in, though they chose SMS only", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      expect((await bell(app, patient)).items).toEqual([]);
      expect((await orderAction(app, doctor, 'verify', order.id)).statusCode).toBe(200);

      const english = await bell(app, patient, 'en');
      const [day2, month, year] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
      expect(english.items).toEqual([
        {
          id: expect.any(Number),
          event: 'notifications:inApp.patient.verified',
          text: `Dr Lê Văn Minh confirmed your booking ${order.code} on ${day2}/${month}/${year} at 09:00.`,
          orderId: order.id,
          createdAt: context().clock.now().toISOString(),
          read: false,
        },
      ]);
      expect(english).toMatchObject({ total: 1, unread: 1, page: 0, size: 10, awaitingConfirmation: 0 });
      // The same notice, read in Vietnamese and in Chinese: the text is made when read.
      expect((await bell(app, patient, 'vi')).items[0]?.text).toBe(
        `Bác sĩ Lê Văn Minh đã xác nhận lịch khám ${order.code} lúc 09:00 ngày ${day2}/${month}/${year}.`,
      );
      expect((await bell(app, patient, 'zh')).items[0]?.text).toBe(
        `Lê Văn Minh医生已确认您的预约${order.code}（${day2}/${month}/${year} 09:00）。`,
      );
    });

    it("puts a new booking in the doctor's list and counts it as awaiting their confirmation until they confirm", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const first = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const second = await booked(app, patient, examBody(doctor.userId, day, '14:00', 'online'));

      const list = await bell(app, doctor);
      expect(list.items.map((item) => [item.orderId, item.event])).toEqual([
        [second.id, 'notifications:inApp.doctor.booked'],
        [first.id, 'notifications:inApp.doctor.booked'],
      ]);
      expect(list.items[1]?.text).toMatch(new RegExp(`^Lịch hẹn mới ${first.code} lúc 09:00 ngày .* đang chờ bạn xác nhận\\.$`));
      // Two bookings awaiting, each with its unread notice: the badge counts two, not four.
      expect(list).toMatchObject({ total: 2, unread: 2, awaitingConfirmation: 2, badge: 2 });

      expect((await orderAction(app, doctor, 'verify', first.id)).statusCode).toBe(200);
      // The confirmed one's notice is still unread (1), the other still awaits (1).
      expect(await bell(app, doctor)).toMatchObject({ awaitingConfirmation: 1, unread: 2, badge: 2 });
      // The patient cancels the other: the doctor is told, and nothing awaits them any more.
      expect((await orderAction(app, patient, 'cancel', second.id)).statusCode).toBe(200);
      const after = await bell(app, doctor, 'en');
      expect(after).toMatchObject({ awaitingConfirmation: 0, unread: 3, badge: 3 });
      expect(after.items[0]).toMatchObject({ orderId: second.id, event: 'notifications:inApp.doctor.cancelled', read: false });
      expect(after.items[0]?.text).toContain(`The patient cancelled booking ${second.code}`);
      // The patient's own list holds the verification and, newest first, their own cancellation (issue 54 item 12).
      expect((await bell(app, patient)).items.map((item) => item.event)).toEqual([
        'notifications:inApp.patient.selfCancelled',
        'notifications:inApp.patient.verified',
      ]);
    });

    it('pages newest first and counts the unread; one is marked read, then all', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const orders = [];
      for (const hour of ['08:00', '08:30', '09:00']) orders.push(await booked(app, patient, examBody(doctor.userId, day, hour)));
      const firstPage = await bell(app, doctor, 'vi', '?page=0&size=2');
      expect(firstPage.items.map((item) => item.orderId)).toEqual([orders[2]?.id, orders[1]?.id]);
      expect(firstPage).toMatchObject({ total: 3, unread: 3, page: 0, size: 2 });
      expect((await bell(app, doctor, 'vi', '?page=1&size=2')).items.map((item) => item.orderId)).toEqual([orders[0]?.id]);

      const one = at(firstPage.items, 1);
      const read = await markRead(app, doctor, doctor.userId, one.id);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual({ unread: 2 });
      // Marking it again changes nothing.
      expect((await markRead(app, doctor, doctor.userId, one.id)).json().data).toEqual({ unread: 2 });
      const list = await bell(app, doctor);
      expect(list.items.map((item) => item.read)).toEqual([false, true, false]);
      expect(list.unread).toBe(2);

      const all = await markAllRead(app, doctor);
      expect(all.statusCode).toBe(200);
      expect(all.json().data).toEqual({ unread: 0 });
      const cleared = await bell(app, doctor);
      expect(cleared.items.every((item) => item.read)).toBe(true);
      expect(cleared).toMatchObject({ unread: 0, total: 3 });
    });

    it("answers 404 for another person's list or notice, audited as denied, and changes nothing", async () => {
      const { app, database, doctor, patient, day } = await setup(context);
      await booked(app, patient, examBody(doctor.userId, day, '10:00'));
      const doctorsNotice = at((await bell(app, doctor)).items, 0);

      const list = await app.inject({ method: 'GET', url: `/api/notifications/${doctor.userId}`, headers: patient.auth });
      expect(list.statusCode).toBe(404);
      expect((await markRead(app, patient, doctor.userId, doctorsNotice.id)).statusCode).toBe(404);
      // Their own path with someone else's notice id: still 404.
      expect((await markRead(app, patient, patient.userId, doctorsNotice.id)).statusCode).toBe(404);
      expect((await markRead(app, patient, patient.userId, 999_999_999)).statusCode).toBe(404);
      expect((await markAllRead(app, patient, doctor.userId)).statusCode).toBe(404);
      expect((await markRead(app, patient, patient.userId, 'abc')).statusCode).toBe(400);

      const again = await bell(app, doctor);
      expect(again.items[0]).toMatchObject({ id: doctorsNotice.id, read: false });
      expect(again.unread).toBe(1);
      const denied = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorUserId, patient.userId), eq(auditEvents.outcome, 'denied')));
      expect(denied.map((row) => row.action).sort()).toEqual([
        'notification.markRead',
        'notification.markRead',
        'notification.markRead',
        'notification.markRead',
        'notification.read',
      ]);
      expect(denied.every((row) => row.subjectUserId === doctor.userId || row.subjectUserId === patient.userId)).toBe(true);
      const noSession = await app.inject({ method: 'GET', url: `/api/notifications/${doctor.userId}` });
      expect(noSession.statusCode).toBe(401);
    });

    it('adds nothing twice: a retried booking, a replayed verify, a notice recorded again', async () => {
      const { app, database, doctor, patient, day, clock } = await setup(context);
      const key = randomUUID();
      const order = await booked(app, patient, examBody(doctor.userId, day, '11:00'), key);
      const retried = await booked(app, patient, examBody(doctor.userId, day, '11:00'), key);
      expect(retried.id).toBe(order.id);
      expect((await orderAction(app, doctor, 'verify', order.id)).statusCode).toBe(200);
      expect((await orderAction(app, doctor, 'verify', order.id)).statusCode).toBe(409);

      const rows = await database.db.select().from(userNotifications).where(eq(userNotifications.orderId, order.id));
      expect(rows.map((row) => [row.userId, row.event, row.dedupeKey])).toEqual([
        [doctor.userId, 'notifications:inApp.doctor.booked', `order:${order.id}:doctor.booked:0:${doctor.userId}:app`],
        [patient.userId, 'notifications:inApp.patient.verified', `order:${order.id}:patient.verified:1:${patient.userId}:app`],
      ]);
      const { userId, event, orderId, params, dedupeKey } = at(rows, 0);
      await recordInApp(database.db, [{ userId, event, orderId, params, dedupeKey }], clock.now());
      expect(await database.db.select().from(userNotifications).where(eq(userNotifications.orderId, order.id))).toHaveLength(2);
    });

    it("reads a notice of another part's namespace, and one whose text is unknown, without failing", async () => {
      const { app, database, patient, clock } = await setup(context);
      await recordInApp(
        database.db,
        [
          { userId: patient.userId, event: 'notifications:online', orderId: null, params: {}, dedupeKey: `test:${randomUUID()}` },
          { userId: patient.userId, event: 'waitlist:inApp.noSuchText', orderId: null, params: {}, dedupeKey: `test:${randomUUID()}` },
          { userId: patient.userId, event: 'notifications:inApp', orderId: null, params: {}, dedupeKey: `test:${randomUUID()}` },
          { userId: patient.userId, event: 'no namespace', orderId: null, params: {}, dedupeKey: `test:${randomUUID()}` },
        ],
        clock.now(),
      );
      const texts = (await bell(app, patient, 'vi')).items.map((item) => item.text);
      expect(texts.sort()).toEqual(['Khám trực tuyến', ...Array(3).fill('Có cập nhật mới về lịch khám của bạn.')].sort());
    });

    it('no longer counts a booking awaiting confirmation once its time has begun', async () => {
      const { app, doctor, patient, day, clock } = await setup(context);
      await booked(app, patient, examBody(doctor.userId, day, '08:00'));
      expect((await bell(app, doctor)).awaitingConfirmation).toBe(1);
      // Past that booking's start (08:00 Vietnam time on `day`).
      clock.advance(Date.parse(`${day}T01:00:01Z`) - clock.now().getTime());
      // A day later the session has expired: the doctor logs in again.
      const again = { ...doctor, ...(await logIn(app, doctor.phone, doctor.password)) };
      expect((await bell(app, again)).awaitingConfirmation).toBe(0);
    });
  });
});
