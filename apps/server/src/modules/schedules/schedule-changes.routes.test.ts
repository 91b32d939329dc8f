import type { Order } from '@rhc/contracts';
import { vietnamInstant } from '@rhc/domain';
import { asc, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { outboxMessages, userNotifications } from '../../db/schema/index.ts';
import { booked, createDoctor, createPatient, examBody, insertWorkTime, weekdayAfter, WEEKDAYS } from '../../../test/booking-helpers.ts';
import type { Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';

/*
 * Issue 54 item 11, decision 047: a day off, or a working time shortened or removed, over bookings to come is asked first
 * (409 SCHEDULE_HAS_BOOKINGS with the bookings and a token), then saved with the token, each patient told by their
 * channel, in their language and in the bell, with the link to their booking's page. The test clock starts on Sunday
 * 22 November 2026, 10:00 in Vietnam.
 */

const en = { 'accept-language': 'en' };
const at = (day: string, time: string) => vietnamInstant(day, time).toISOString();

function prefer(app: FastifyInstance, person: Caller, body: object) {
  return app.inject({ method: 'PUT', url: `/api/user-notifications/${person.userId}`, headers: person.auth, payload: body });
}

/**
 * A doctor working Monday–Friday 08:00–11:30 in person; Lan (told by SMS in English) and Quang (by e-mail in Chinese) each
 * booked 09:00 and 10:00 on the second weekday to come.
 */
async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createDoctor(ctx, { specialtyIds: [1], fullName: 'Lê Văn Minh' });
  const workTimeId = await insertWorkTime(ctx.database.db, doctor.userId, {
    day: '2026-11-23',
    start: '08:00',
    end: '11:30',
    recurrence: WEEKDAYS,
    workUnitId: 2,
  });
  const lan = await createPatient(ctx, { fullName: 'Trần Thị Lan' });
  const quang = await createPatient(ctx, { fullName: 'Đỗ Minh Quang' });
  expect((await prefer(ctx.app, lan, { sms: true, email: false, language: 'en' })).statusCode).toBe(200);
  expect((await prefer(ctx.app, quang, { sms: false, email: true, language: 'zh' })).statusCode).toBe(200);
  const day = weekdayAfter(ctx.clock.now(), 2);
  const lanOrder = await booked(ctx.app, lan, examBody(doctor.userId, day, '09:00'));
  const quangOrder = await booked(ctx.app, quang, examBody(doctor.userId, day, '10:00'));
  return { ...ctx, doctor, workTimeId, lan, quang, day, lanOrder, quangOrder };
}

function addDaysOff(app: FastifyInstance, doctor: Caller, body: object) {
  return app.inject({ method: 'POST', url: '/api/doctor-holidays', headers: { ...doctor.auth, ...en }, payload: body });
}

/** The notices of a schedule change queued for `order` (the booking's own messages are not among them). */
async function scheduleNotices(ctx: TestContext, order: Order) {
  const rows = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `order:${order.id}:patient.doctorUnavailable:%`))
    .orderBy(asc(outboxMessages.id));
  return rows;
}

async function bellRows(ctx: TestContext, order: Order) {
  return ctx.database.db
    .select()
    .from(userNotifications)
    .where(like(userNotifications.dedupeKey, `order:${order.id}:patient.doctorUnavailable:%`));
}

/** The doctor's bookings of `day` as their day view reads them. */
async function doctorDay(app: FastifyInstance, doctor: Caller, day: string): Promise<Order[]> {
  const [year, month, date] = day.split('-').map(Number);
  const response = await app.inject({
    method: 'GET',
    url: `/api/order/page/${doctor.userId}?as=doctor&day=${date}&month=${month}&year=${year}`,
    headers: doctor.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.items as Order[];
}

describeOnEachDatabase((context) => {
  describe('days off over bookings (issue 54 item 11)', () => {
    it('answers 409 SCHEDULE_HAS_BOOKINGS listing both bookings, and saves nothing nor tells anyone', async () => {
      const { app, doctor, day, lanOrder, quangOrder } = await setup(context);
      const response = await addDaysOff(app, doctor, { startDate: day, endDate: day });
      expect(response.statusCode).toBe(409);
      const body = response.json();
      expect(body.code).toBe('SCHEDULE_HAS_BOOKINGS');
      expect(body.message).toBe(
        '2 booking(s) fall in this time. Review them and confirm: the bookings are kept and their patients are told to move or cancel them.',
      );
      expect(body.affected.bookings).toEqual([
        {
          id: lanOrder.id,
          code: lanOrder.code,
          startsAt: at(day, '09:00'),
          endsAt: lanOrder.endsAt,
          patientName: 'Trần Thị Lan',
          status: 0,
          mode: 'direct',
        },
        expect.objectContaining({ id: quangOrder.id, code: quangOrder.code, startsAt: at(day, '10:00'), patientName: 'Đỗ Minh Quang' }),
      ]);
      expect(body.affected.confirm).toEqual(expect.any(String));
      const holidays = await app.inject({ method: 'GET', url: '/api/holidays', headers: doctor.auth });
      expect(holidays.json().data).toEqual([]);
      expect(await scheduleNotices(context(), lanOrder)).toEqual([]);
      expect((await doctorDay(app, doctor, day)).map((order) => order.outsideWorkTime)).toEqual([false, false]);
    });

    it('with the token: saves, keeps both bookings as they were but flagged, and tells each patient by their channel, in their language and in the bell', async () => {
      const ctx = await setup(context);
      const { app, doctor, lan, quang, day, lanOrder, quangOrder } = ctx;
      const asked = await addDaysOff(app, doctor, { startDate: day, endDate: day });
      const confirm = asked.json().affected.confirm as string;
      const saved = await addDaysOff(app, doctor, { startDate: day, endDate: day, confirm });
      expect(saved.statusCode).toBe(201);
      expect(saved.json().data).toMatchObject({ startDate: day, endDate: day });

      // Lan: one SMS in English, with her booking's page (move, an earlier time, cancel), nothing of Quang's.
      const toLan = await scheduleNotices(ctx, lanOrder);
      expect(toLan).toHaveLength(1);
      expect(toLan[0]).toMatchObject({ channel: 'sms', recipient: lan.phone });
      expect(toLan[0]?.body).toContain('the doctor is not working on');
      expect(toLan[0]?.body).toContain(lanOrder.code);
      expect(toLan[0]?.body).toContain(`/all-orders/${lanOrder.id}`);
      expect(toLan[0]?.body).not.toContain(quangOrder.code);
      expect(toLan[0]?.body).not.toContain('Quang');
      // Quang: one e-mail in Chinese.
      const toQuang = await scheduleNotices(ctx, quangOrder);
      expect(toQuang).toHaveLength(1);
      expect(toQuang[0]).toMatchObject({ channel: 'email', recipient: quang.email });
      expect(toQuang[0]?.subject).toContain('不出诊');
      expect(toQuang[0]?.body).toContain(`/all-orders/${quangOrder.id}`);
      expect(toQuang[0]?.body).not.toContain(lanOrder.code);
      expect(toQuang[0]?.body).not.toContain('Lan');

      // The bell: one notice each, read in the reader's language; neither sees the other's.
      expect(await bellRows(ctx, lanOrder)).toHaveLength(1);
      expect(await bellRows(ctx, quangOrder)).toHaveLength(1);
      const lanBell = await app.inject({ method: 'GET', url: `/api/notifications/${lan.userId}`, headers: { ...lan.auth, ...en } });
      const lanTexts = (lanBell.json().data.items as { text: string; orderId: string }[]).filter((item) =>
        item.text.includes('not working'),
      );
      expect(lanTexts).toEqual([expect.objectContaining({ orderId: lanOrder.id })]);
      expect(lanTexts[0]?.text).toContain(`please move or cancel booking ${lanOrder.code}`);
      expect(JSON.stringify(lanBell.json().data)).not.toContain(quangOrder.code);
      const peek = await app.inject({ method: 'GET', url: `/api/notifications/${quang.userId}`, headers: lan.auth });
      expect(peek.statusCode).toBe(404);

      // The bookings are kept as they were (a person decides), flagged in the doctor's day and on the patient's booking.
      const listed = await doctorDay(app, doctor, day);
      expect(listed.map((order) => [order.id, order.status, order.outsideWorkTime])).toEqual([
        [lanOrder.id, 0, true],
        [quangOrder.id, 0, true],
      ]);
      const own = await app.inject({ method: 'GET', url: `/api/order/${lan.userId}/${lanOrder.id}`, headers: lan.auth });
      expect(own.json().data).toMatchObject({ status: 0, outsideWorkTime: true, actions: { edit: true, cancel: true } });
    });

    it('asks again when the bookings changed since the question (a stale token saves nothing)', async () => {
      const { app, doctor, lan, day } = await setup(context);
      const asked = await addDaysOff(app, doctor, { startDate: day, endDate: day });
      const confirm = asked.json().affected.confirm as string;
      await booked(app, lan, examBody(doctor.userId, day, '11:00'));
      const again = await addDaysOff(app, doctor, { startDate: day, endDate: day, confirm });
      expect(again.statusCode).toBe(409);
      expect(again.json().affected.bookings).toHaveLength(3);
      expect(again.json().affected.confirm).not.toBe(confirm);
    });

    it('saves days off over no bookings at once, as before (and a cancelled booking is none)', async () => {
      const { app, doctor, quang, day, quangOrder } = await setup(context);
      const other = weekdayAfter(context().clock.now(), 4);
      const free = await addDaysOff(app, doctor, { startDate: other, endDate: other });
      expect(free.statusCode).toBe(201);
      const cancelled = await app.inject({
        method: 'PATCH',
        url: `/api/order/cancel/${quang.userId}/${quangOrder.id}`,
        headers: quang.auth,
        payload: {},
      });
      expect(cancelled.statusCode).toBe(200);
      const asked = await addDaysOff(app, doctor, { startDate: day, endDate: day });
      expect(asked.json().affected.bookings.map((booking: { id: string }) => booking.id)).not.toContain(quangOrder.id);
      expect(asked.json().affected.bookings).toHaveLength(1);
    });
  });

  describe('working time shortened or removed under bookings (issue 54 item 11)', () => {
    /** The weekly working time from its first day, 08:00 to `end`. */
    const shortened = (end: string) => ({
      startsAt: at('2026-11-23', '08:00'),
      endsAt: at('2026-11-23', end),
      recurrence: WEEKDAYS,
      workUnitId: 2,
    });

    it('a shortened working time: 409 listing the booking it leaves out only; with the token saved and its patient told', async () => {
      const ctx = await setup(context);
      const { app, doctor, workTimeId, lan, quang, day, lanOrder, quangOrder } = ctx;
      const url = `/api/user-time-doctor/${workTimeId}`;
      const asked = await app.inject({ method: 'PUT', url, headers: { ...doctor.auth, ...en }, payload: shortened('09:30') });
      expect(asked.statusCode).toBe(409);
      expect(asked.json().code).toBe('SCHEDULE_HAS_BOOKINGS');
      expect(asked.json().affected.bookings).toEqual([expect.objectContaining({ id: quangOrder.id, patientName: 'Đỗ Minh Quang' })]);
      // Unchanged until confirmed.
      const kept = await app.inject({ method: 'GET', url: '/api/user-time-doctor', headers: doctor.auth });
      expect(kept.json().data[0]).toMatchObject({ start: '08:00', end: '11:30' });

      const confirm = asked.json().affected.confirm as string;
      const saved = await app.inject({
        method: 'PUT',
        url,
        headers: { ...doctor.auth, ...en },
        payload: { ...shortened('09:30'), confirm },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({ start: '08:00', end: '09:30' });
      const toQuang = await scheduleNotices(ctx, quangOrder);
      expect(toQuang).toHaveLength(1);
      expect(toQuang[0]).toMatchObject({ channel: 'email', recipient: quang.email });
      expect(await scheduleNotices(ctx, lanOrder)).toEqual([]);
      expect(await bellRows(ctx, quangOrder)).toHaveLength(1);
      expect((await doctorDay(app, doctor, day)).map((order) => [order.id, order.outsideWorkTime])).toEqual([
        [lanOrder.id, false],
        [quangOrder.id, true],
      ]);
      expect(lan.userId).not.toBe(quang.userId);
    });

    it('a removed working time: 409 listing both, then DELETE with ?confirm= removes it and tells both', async () => {
      const ctx = await setup(context);
      const { app, doctor, workTimeId, lanOrder, quangOrder } = ctx;
      const url = `/api/user-time-doctor/${workTimeId}`;
      const asked = await app.inject({ method: 'DELETE', url, headers: doctor.auth });
      expect(asked.statusCode).toBe(409);
      expect(asked.json().message).toBe(
        'Có 2 lịch hẹn vào thời gian này. Hãy xem danh sách và xác nhận: lịch hẹn được giữ nguyên và bệnh nhân sẽ được báo để đổi giờ hoặc hủy.',
      );
      expect(asked.json().affected.bookings.map((booking: { id: string }) => booking.id)).toEqual([lanOrder.id, quangOrder.id]);
      const removed = await app.inject({
        method: 'DELETE',
        url: `${url}?confirm=${encodeURIComponent(asked.json().affected.confirm)}`,
        headers: doctor.auth,
      });
      expect(removed.statusCode).toBe(200);
      expect(await scheduleNotices(ctx, lanOrder)).toHaveLength(1);
      expect(await scheduleNotices(ctx, quangOrder)).toHaveLength(1);
    });

    it('a change that leaves every booking inside is saved at once, as before', async () => {
      const { app, doctor, workTimeId, lanOrder } = await setup(context);
      const longer = await app.inject({
        method: 'PUT',
        url: `/api/user-time-doctor/${workTimeId}`,
        headers: doctor.auth,
        payload: shortened('12:00'),
      });
      expect(longer.statusCode).toBe(200);
      expect(await scheduleNotices(context(), lanOrder)).toEqual([]);
    });
  });
});
