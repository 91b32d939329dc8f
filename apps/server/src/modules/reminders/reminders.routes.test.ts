import { vietnamInstant } from '@rhc/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { outboxMessages, userNotifications } from '../../db/schema/index.ts';
import { buildApp } from '../../app.ts';
import { createAuditLog } from '../../platform/audit/audit-log.ts';
import { logIn } from '../../../test/accounts-helpers.ts';
import { booked, createDoctor, createPatient, insertWorkTime, orderAction, weekdayAfter, WEEKDAYS } from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { createRemindersService } from './reminders.service.ts';

type Person = { userId: string; phone: string; email: string; auth: { authorization: string } };
const MINUTE = 60_000;

function examBody(doctorId: string, checkDay: string, checkHour = '09:00') {
  return { mode: 'direct', specialtyId: 1, examTypeId: 1, doctorId, checkDay, checkHour, reasonForExamination: 'Đau đầu kéo dài' };
}

function put(app: FastifyInstance, person: Person, url: string, payload: object) {
  return app.inject({ method: 'PUT', url, headers: person.auth, payload });
}

/** One sweep of the app's own reminder sender, now (what the minute timer does). */
async function sweep(app: FastifyInstance): Promise<number> {
  const response = await app.inject({ method: 'POST', url: '/api/dev/reminders' });
  expect(response.statusCode).toBe(200);
  return response.json().data.queued as number;
}

/** Moves the test clock to `minutes` before `startsAt`, plus `plusMs`. */
function moveTo(ctx: TestContext, startsAt: string, minutes: number, plusMs = 0) {
  const target = Date.parse(startsAt) - minutes * MINUTE + plusMs;
  ctx.clock.advance(target - ctx.clock.now().getTime());
}

/** Logs in again after the clock moved past the access token's life. */
async function again<P extends Person & { password: string }>(app: FastifyInstance, person: P): Promise<P> {
  return Object.assign(person, await logIn(app, person.phone, person.password));
}

/** The reminders queued for a booking, oldest first. */
function reminders(ctx: TestContext, orderId: string) {
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `reminder:${orderId}:%`))
    .orderBy(asc(outboxMessages.id));
}

/** A doctor working weekday mornings; a patient (defaults: SMS and e-mail, Vietnamese). */
async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createDoctor(ctx, { specialtyIds: [1], fullName: 'Lê Văn Minh' });
  await insertWorkTime(ctx.database.db, doctor.userId, { day: '2026-11-23', start: '08:00', end: '11:30', recurrence: WEEKDAYS });
  const patient = await createPatient(ctx);
  return { ctx, app: ctx.app, doctor, patient };
}

describeOnEachDatabase((context) => {
  describe('reminders before a booking (issue 12)', () => {
    it("sends each reminder at its time, once, in the patient's language on the channels they chose, with the links", async () => {
      const { ctx, app, doctor, patient } = await setup(context);
      expect(
        (await put(app, patient, `/api/user-notifications/${patient.userId}`, { sms: true, email: true, language: 'en' })).statusCode,
      ).toBe(200);
      expect((await put(app, patient, `/api/user-reminders/${patient.userId}`, { minutes: [120, 1440] })).json().data).toEqual({
        minutes: [1440, 120],
      });
      const order = await booked(app, patient, examBody(doctor.userId, weekdayAfter(ctx.clock.now(), 2)));

      moveTo(ctx, order.startsAt, 1440, -MINUTE);
      await sweep(app);
      expect(await reminders(ctx, order.id)).toHaveLength(0);

      moveTo(ctx, order.startsAt, 1440, MINUTE);
      await sweep(app);
      await sweep(app);
      const dayBefore = await reminders(ctx, order.id);
      expect(dayBefore.map((row) => [row.channel, row.recipient])).toEqual([
        ['email', patient.email],
        ['sms', patient.phone],
      ]);
      const [mail, sms] = dayBefore;
      expect(mail?.subject).toBe(
        `RHC: Reminder of your appointment ${order.code} at 09:00 on ${order.startsAt.slice(8, 10)}/${order.startsAt.slice(5, 7)}/${order.startsAt.slice(0, 4)}`,
      );
      expect(mail?.body).toContain('in about 1 day');
      expect(mail?.body).toContain('Lê Văn Minh');
      expect(mail?.body).toContain(`/order-tracking/${order.secureCode}`);
      expect(mail?.body).toContain(`/all-orders/${order.id}`);
      expect(sms?.body).toMatch(/^RHC: Reminder: appointment RHC-/);
      expect(sms?.body).toContain(`/order-tracking/${order.secureCode}`);
      expect(sms?.body).toContain(`/all-orders/${order.id}`);
      // And in the app (the bell), rendered when read.
      const bell = await ctx.database.db
        .select()
        .from(userNotifications)
        .where(and(eq(userNotifications.userId, patient.userId), eq(userNotifications.orderId, order.id)));
      expect(bell.filter((row) => row.event === 'reminders:inApp.due').map((row) => row.params)).toEqual([
        expect.objectContaining({ code: order.code, hour: '09:00', doctor: 'Lê Văn Minh' }),
      ]);

      // Nothing between the two; then the second, two hours before.
      moveTo(ctx, order.startsAt, 121);
      await sweep(app);
      expect(await reminders(ctx, order.id)).toHaveLength(2);
      moveTo(ctx, order.startsAt, 120);
      await sweep(app);
      const all = await reminders(ctx, order.id);
      expect(all).toHaveLength(4);
      expect(all[2]?.body).toContain('in about 2 hours');

      // Never once the appointment has begun.
      moveTo(ctx, order.startsAt, 0, MINUTE);
      await sweep(app);
      expect(await reminders(ctx, order.id)).toHaveLength(4);
    });

    it('is sent once even when two instances sweep the same database at the same moment', async () => {
      const { ctx, app, doctor } = await setup(context);
      const day = weekdayAfter(ctx.clock.now(), 2);
      const orders: { id: string; startsAt: string }[] = [];
      for (const hour of ['08:00', '08:30', '09:00', '09:30', '10:00']) {
        const patient = await createPatient(ctx);
        await put(app, patient, `/api/user-notifications/${patient.userId}`, { sms: false, email: true, language: 'vi' });
        await put(app, patient, `/api/user-reminders/${patient.userId}`, { minutes: [240] });
        orders.push(await booked(app, patient, examBody(doctor.userId, day, hour)));
      }
      // All five are due: the last one's moment has come.
      moveTo(ctx, orders[orders.length - 1]?.startsAt ?? '', 240, MINUTE);
      const instance = () =>
        createRemindersService({
          db: ctx.database.db,
          audit: createAuditLog(ctx.database.db),
          outbox: { wake: () => undefined },
          publicBaseUrl: 'https://rhc.test',
        });
      const [one, two] = [instance(), instance()];
      const now = ctx.clock.now();
      // Small batches, so that the two sweeps interleave over the same rows.
      const [a, b] = await Promise.all([one.sendDue(now, { batchSize: 1 }), two.sendDue(now, { batchSize: 1 })]);
      const queued = (await Promise.all(orders.map((order) => reminders(ctx, order.id)))).map((rows) => rows.length);
      expect(queued).toEqual([1, 1, 1, 1, 1]);
      expect(a + b).toBe(5);
      const [c, d] = await Promise.all([one.sendDue(now), two.sendDue(now)]);
      expect(c + d).toBe(0);
    });

    it('sends none after a cancellation, nor after completion', async () => {
      const { ctx, app, doctor, patient } = await setup(context);
      await put(app, patient, `/api/user-reminders/${patient.userId}`, { minutes: [120] });
      const day = weekdayAfter(ctx.clock.now(), 1);
      const cancelled = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const completed = await booked(app, patient, examBody(doctor.userId, day, '10:00'));
      const cancel = await orderAction(app, patient, 'cancel', cancelled.id);
      expect(cancel.statusCode).toBe(200);
      moveTo(ctx, completed.startsAt, 120, -10 * MINUTE);
      await again(app, doctor);
      const complete = await orderAction(app, doctor, 'complete', completed.id);
      // Completion is offered from shortly before the start (issue 12): when it is refused this early, cancel instead.
      if (complete.statusCode !== 200) {
        const byDoctor = await orderAction(app, doctor, 'cancel', completed.id, { reason: 'Bác sĩ bận hội chẩn' });
        expect(byDoctor.statusCode).toBe(200);
      }
      moveTo(ctx, completed.startsAt, 120, MINUTE);
      await sweep(app);
      expect(await reminders(ctx, cancelled.id)).toHaveLength(0);
      expect(await reminders(ctx, completed.id)).toHaveLength(0);
    });

    it('reminds a moved booking again for its new time, and never again for the old one', async () => {
      const { ctx, app, doctor, patient } = await setup(context);
      await put(app, patient, `/api/user-notifications/${patient.userId}`, { sms: true, email: false, language: 'zh' });
      await put(app, patient, `/api/user-reminders/${patient.userId}`, { minutes: [120] });
      const day = weekdayAfter(ctx.clock.now(), 1);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      moveTo(ctx, order.startsAt, 120, MINUTE);
      await sweep(app);
      expect(await reminders(ctx, order.id)).toHaveLength(1);

      // The doctor moves it to the next weekday at 10:30.
      await again(app, doctor);
      const later = weekdayAfter(new Date(Date.parse(order.startsAt)), 1);
      const moved = await put(app, doctor, `/api/order/${order.id}`, examBody(doctor.userId, later, '10:30'));
      expect(moved.statusCode).toBe(200);
      await sweep(app);
      expect(await reminders(ctx, order.id)).toHaveLength(1);

      moveTo(ctx, vietnamInstant(later, '10:30').toISOString(), 120, MINUTE);
      await sweep(app);
      const rows = await reminders(ctx, order.id);
      expect(rows).toHaveLength(2);
      expect(rows[1]?.body).toContain('10:30');
      // In Chinese, not folded.
      expect(rows[1]?.body).toMatch(/^RHC提醒：预约/);
    });

    it("follows a booking's own choice over the person's default, and the default again when it is set back to null", async () => {
      const { ctx, app, doctor, patient } = await setup(context);
      await put(app, patient, `/api/user-reminders/${patient.userId}`, { minutes: [] });
      const day = weekdayAfter(ctx.clock.now(), 1);
      const own = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const following = await booked(app, patient, examBody(doctor.userId, day, '09:30'));
      const url = `/api/order/reminders/${own.id}`;
      expect((await app.inject({ method: 'GET', url, headers: patient.auth })).json().data).toEqual({ minutes: null, defaults: [] });
      const chosen = await put(app, patient, url, { minutes: [30, 240] });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json().data).toEqual({ minutes: [240, 30], defaults: [] });

      moveTo(ctx, following.startsAt, 240, MINUTE);
      await sweep(app);
      expect((await reminders(ctx, own.id)).map((row) => row.dedupeKey?.split(':')[2])).toEqual(['240', '240']);
      // The booking that follows the default (none) gets nothing.
      expect(await reminders(ctx, following.id)).toHaveLength(0);

      await again(app, patient);
      expect((await put(app, patient, url, { minutes: null })).json().data).toEqual({ minutes: null, defaults: [] });
      moveTo(ctx, own.startsAt, 30, MINUTE);
      await sweep(app);
      expect(await reminders(ctx, own.id)).toHaveLength(2);
    });

    it('moves the clock only outside production: in production there is no clock to move and no sweep to call', async () => {
      const { app, database, uploadsDir, clock } = context();
      const before = clock.now().getTime();
      const moved = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 60_000 } });
      expect(moved.statusCode).toBe(200);
      expect(Date.parse(moved.json().data.now)).toBe(before + 60_000);
      expect((await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 0 } })).json().data.offsetMs).toBe(0);
      const production = await buildApp({ database, version: 'prod', uploadsDir, production: true });
      try {
        expect((await production.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 60_000 } })).statusCode).toBe(404);
        expect((await production.inject({ method: 'POST', url: '/api/dev/reminders' })).statusCode).toBe(404);
      } finally {
        await production.close();
      }
    });

    it("answers 404 for another person's booking or defaults, even to the booking's doctor, and refuses lists not offered", async () => {
      const { ctx, app, doctor, patient } = await setup(context);
      const stranger = await createPatient(ctx);
      const order = await booked(app, patient, examBody(doctor.userId, weekdayAfter(ctx.clock.now(), 1)));
      const url = `/api/order/reminders/${order.id}`;
      for (const person of [stranger, doctor]) {
        expect((await app.inject({ method: 'GET', url, headers: person.auth })).statusCode).toBe(404);
        expect((await put(app, person, url, { minutes: [30] })).statusCode).toBe(404);
      }
      expect((await app.inject({ method: 'GET', url: `/api/user-reminders/${patient.userId}`, headers: stranger.auth })).statusCode).toBe(
        404,
      );
      expect((await put(app, stranger, `/api/user-reminders/${patient.userId}`, { minutes: [30] })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const minutes of [[45], [120, 120], [30, 60, 120, 240], ['x']])
        expect((await put(app, patient, url, { minutes })).statusCode).toBe(400);
      // The refusals changed nothing.
      expect((await app.inject({ method: 'GET', url, headers: patient.auth })).json().data.minutes).toBeNull();
      expect(
        (await app.inject({ method: 'GET', url: `/api/user-reminders/${patient.userId}`, headers: patient.auth })).json().data,
      ).toEqual({
        minutes: [1440, 120],
      });
    });
  });
});
