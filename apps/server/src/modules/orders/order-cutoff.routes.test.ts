import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appSettings } from '../../db/schema/index.ts';
import { SETTINGS_MAX_AGE_MS } from '../system/system.service.ts';
import { logIn } from '../../../test/accounts-helpers.ts';
import { booked, createPatient, createWorkingDoctor, orderAction, weekdayAfter } from '../../../test/booking-helpers.ts';
import { send } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, TEST_SUPPORT_CONTACT, type TestContext } from '../../../test/test-app.ts';

/*
 * Decision 020: the patient moves or cancels a booking online only until the clinic's cut-off before its start (4 hours
 * unless the app setting says otherwise); the doctor is not bound by it; completion opens 30 minutes before the start.
 */

type Person = { userId: string; phone: string; password: string; auth: { authorization: string } };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function examBody(doctorId: string, checkDay: string, checkHour = '09:00') {
  return { mode: 'direct', specialtyId: 1, examTypeId: 1, doctorId, checkDay, checkHour, reasonForExamination: 'Đau đầu kéo dài' };
}

async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createWorkingDoctor(ctx);
  const patient = await createPatient(ctx);
  return { ...ctx, doctor, patient, day: weekdayAfter(ctx.clock.now(), 1) };
}

function detail(app: FastifyInstance, person: Person, orderId: string) {
  return app.inject({ method: 'GET', url: `/api/order/detail/${orderId}`, headers: person.auth });
}

/** Moves the clock to `at` and logs everyone in again (sessions end after 30 idle minutes). */
async function moveTo(ctx: TestContext, at: number, people: Person[]) {
  ctx.clock.advance(at - ctx.clock.now().getTime());
  for (const person of people) Object.assign(person, await logIn(ctx.app, person.phone, person.password));
}

/** An operator's change in the database: written, then seen once the instance's copy is `SETTINGS_MAX_AGE_MS` old. */
async function setCutoff(ctx: TestContext, minutes: unknown, { waitForIt = true } = {}) {
  await ctx.database.db
    .insert(appSettings)
    .values({ key: 'booking_change_cutoff_minutes', value: minutes })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
  if (waitForIt) ctx.clock.advance(SETTINGS_MAX_AGE_MS);
}

describeOnEachDatabase((context) => {
  describe('the patient change cut-off (decision 020)', () => {
    it('answers until when the patient may change it: 4 hours before the start by default', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      expect(order.changeableUntil).toBe(new Date(Date.parse(order.startsAt) - 4 * HOUR).toISOString());
      expect(order.actions).toMatchObject({ edit: true, cancel: true });
      const asDoctor = (await detail(app, doctor, order.id)).json().data;
      expect(asDoctor).toMatchObject({ changeableUntil: order.changeableUntil, clinicPhone: TEST_SUPPORT_CONTACT.phone });
    });

    it('lets the patient cancel a minute before the cut-off', async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      await moveTo(ctx, Date.parse(order.changeableUntil ?? '') - MINUTE, [patient]);
      const response = await orderAction(app, patient, 'cancel', order.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.status).toBe(2);
    });

    it('refuses the patient after the cut-off with 409 ORDER_CHANGE_CUTOFF naming the deadline and the clinic phone', async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      await moveTo(ctx, Date.parse(order.changeableUntil ?? '') + MINUTE, [patient, doctor]);

      const shown = (await detail(app, patient, order.id)).json().data;
      expect(shown.actions).toMatchObject({ edit: false, cancel: false });
      expect(shown).toMatchObject({ status: 0, changeableUntil: order.changeableUntil, clinicPhone: TEST_SUPPORT_CONTACT.phone });

      const cancel = await orderAction(app, patient, 'cancel', order.id);
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().code).toBe('ORDER_CHANGE_CUTOFF');
      const [y, m, d] = day.split('-');
      expect(cancel.json().message).toContain(`05:00 ${d}/${m}/${y}`);
      expect(cancel.json().message).toContain(TEST_SUPPORT_CONTACT.phone);
      const move = await send(app, 'PUT', `/api/order/${order.id}`, patient.auth, examBody(doctor.userId, day, '10:00'));
      expect(move.statusCode).toBe(409);
      expect(move.json().code).toBe('ORDER_CHANGE_CUTOFF');
      expect((await detail(app, patient, order.id)).json().data).toMatchObject({ status: 0, checkHour: '09:00' });

      // The doctor is not bound by it: they move it, and may still cancel it with a reason.
      const doctorMove = await send(app, 'PUT', `/api/order/${order.id}`, doctor.auth, examBody(doctor.userId, day, '10:00'));
      expect(doctorMove.statusCode).toBe(200);
      expect(doctorMove.json().data.checkHour).toBe('10:00');
      expect((await orderAction(app, doctor, 'cancel', order.id, { reason: 'Bác sĩ có ca mổ gấp' })).statusCode).toBe(200);
    });

    it("follows the clinic's setting: a 1-hour cut-off lets the patient cancel 2 hours before; a day's refuses", async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      await setCutoff(ctx, 60);
      const early = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const late = await booked(app, patient, examBody(doctor.userId, day, '10:00'));
      expect(early.changeableUntil).toBe(new Date(Date.parse(early.startsAt) - HOUR).toISOString());
      await moveTo(ctx, Date.parse(early.startsAt) - 2 * HOUR, [patient]);
      expect((await orderAction(app, patient, 'cancel', early.id)).statusCode).toBe(200);

      await setCutoff(ctx, 24 * 60);
      const shown = (await detail(app, patient, late.id)).json().data;
      expect(shown.changeableUntil).toBe(new Date(Date.parse(late.startsAt) - 24 * HOUR).toISOString());
      expect(shown.actions).toMatchObject({ edit: false, cancel: false });
      expect((await orderAction(app, patient, 'cancel', late.id)).json().code).toBe('ORDER_CHANGE_CUTOFF');
    });

    it("is read once for a while: a change in the database shows within SETTINGS_MAX_AGE_MS of the instance's clock", async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      await setCutoff(ctx, 4 * 60);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      await setCutoff(ctx, 2 * 60, { waitForIt: false });
      const before = (await detail(app, patient, order.id)).json().data;
      expect(before.changeableUntil).toBe(new Date(Date.parse(order.startsAt) - 4 * HOUR).toISOString());
      ctx.clock.advance(SETTINGS_MAX_AGE_MS);
      const after = (await detail(app, patient, order.id)).json().data;
      expect(after.changeableUntil).toBe(new Date(Date.parse(order.startsAt) - 2 * HOUR).toISOString());
    });

    it('ignores a setting outside 0..10080 minutes and keeps the 4-hour default', async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      await setCutoff(ctx, 99_999);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      expect(order.changeableUntil).toBe(new Date(Date.parse(order.startsAt) - 4 * HOUR).toISOString());
    });
  });

  describe('the completion window', () => {
    it('offers completion to the doctor only from 30 minutes before the start', async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      expect((await detail(app, doctor, order.id)).json().data.actions.complete).toBe(false);
      expect((await orderAction(app, doctor, 'complete', order.id)).json().code).toBe('ORDER_COMPLETE_TOO_EARLY');
      await moveTo(ctx, Date.parse(order.startsAt) - 31 * MINUTE, [doctor]);
      expect((await orderAction(app, doctor, 'complete', order.id)).statusCode).toBe(409);
      await moveTo(ctx, Date.parse(order.startsAt) - 30 * MINUTE, [doctor]);
      expect((await detail(app, doctor, order.id)).json().data.actions.complete).toBe(true);
      const done = await orderAction(app, doctor, 'complete', order.id);
      expect(done.statusCode).toBe(200);
      expect(done.json().data.status).toBe(1);
    });
  });
});
