import { LAB_SPECIALTY_ID } from '@rhc/domain';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDoctor, createPatient, orderAction as act } from '../../../test/booking-helpers.ts';
import { categoryBooking, sharedStaffSetup, TEST_CLINIC } from '../../../test/category-helpers.ts';
import { logIn, type SignedUp } from '../../../test/accounts-helpers.ts';
import { sendForm, type Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { auditEvents, outboxMessages, shares, userNotifications, users } from '../../db/schema/index.ts';
import { multipartBody, tinyPdf } from '../../platform/storage/test-kit.ts';

/*
 * The results of a lab order (issue 51 "Results", decision 046): its staff mark the sample taken, attach result files
 * (type 1) through the order's files and write a conclusion, then complete it; the patient reads them and is told, in
 * their language. Imaging runs the same code with type 2 under the "imaging" section.
 */

/** The clinic's lab staff, one per database (the booking assigns the first one by id). */
const shared = sharedStaffSetup(LAB_SPECIALTY_ID, { fullName: 'Lý Thị Thu' });
const { booked } = categoryBooking((userId) => `/api/diagnostictest/${userId}`);

/** A confirmed-to-be lab order of a new patient at the clinic's sampling room, 07:30 `dayOffset` weekdays ahead. */
async function setup(context: () => TestContext, dayOffset: number) {
  const { ctx, staff, patient, day } = await shared(context, dayOffset);
  const order = await booked(ctx.app, patient, {
    atHome: false,
    workUnitId: TEST_CLINIC,
    requestTestItems: ['hba1c', 'lipid_panel'],
    testDay: day,
    testTime: '07:30',
  });
  // Signed in again: an earlier test moved the clock past the session.
  return { ...ctx, ctx, staff: await again(ctx, staff), patient, order };
}

/** The person signed in again (their session as of the test clock's time). */
async function again<P extends SignedUp>(ctx: TestContext, person: P): Promise<P> {
  return { ...person, ...(await logIn(ctx.app, person.phone, person.password)) };
}

/**
 * Moves the test clock to the order's time (a result step and the completion are offered from shortly before it), and
 * signs the people in again (the move outlasts their sessions).
 */
async function reachTime<P extends SignedUp[]>(ctx: TestContext, startsAt: string, ...people: P): Promise<P> {
  const gap = Date.parse(startsAt) - ctx.clock.now().getTime();
  if (gap > 0) ctx.clock.advance(gap);
  return (await Promise.all(people.map((person) => again(ctx, person)))) as P;
}

const performed = (app: FastifyInstance, person: Caller, orderId: string) =>
  app.inject({ method: 'PUT', url: `/api/order-results/${orderId}/performed`, headers: person.auth, payload: {} });
const conclude = (app: FastifyInstance, person: Caller, orderId: string, conclusion: string) =>
  app.inject({ method: 'PUT', url: `/api/order-results/${orderId}/conclusion`, headers: person.auth, payload: { conclusion } });
const results = (app: FastifyInstance, person: Caller, orderId: string, path = 'diagnostictest') =>
  app.inject({ method: 'GET', url: `/api/${path}/results/${orderId}`, headers: person.auth });

async function uploadResult(app: FastifyInstance, person: Caller, orderId: string, name: string, asStaff = true) {
  const body = multipartBody([
    { name: 'typeExams', value: '1' },
    { name: 'displayNames', value: name },
    { name: 'files', file: { content: tinyPdf(name), filename: `${name}.pdf` } },
  ]);
  const query = asStaff ? `?doctorId=${person.userId}` : '';
  return sendForm(app, 'POST', `/api/document/${orderId}${query}`, person.auth, body);
}

describeOnEachDatabase((context) => {
  describe('lab results', () => {
    it('staff mark the sample taken, upload a result, conclude and complete; the patient reads them and is told in English', async () => {
      const first = await setup(context, 2);
      const { app, ctx, order } = first;
      // Not confirmed yet: nothing is recorded, and no time is given (the screen says "not confirmed").
      const unconfirmed = await results(app, first.staff, order.id);
      expect(unconfirmed.json().data).toMatchObject({ canWrite: false, writableFrom: null });
      expect((await act(app, first.staff, 'verify', order.id)).statusCode).toBe(200);
      // Before the order's time (07:30) nothing is recorded: from 07:00 on its day, as completing it, said the same way
      // by the screen's answer and by the refusal.
      const day = order.startsAt.slice(0, 10);
      const waiting = await results(app, first.staff, order.id);
      expect(waiting.json().data).toMatchObject({ canWrite: false, writableFrom: `${day}T00:00:00.000Z` });
      const early = await performed(app, first.staff, order.id);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'RESULT_TOO_EARLY' });
      expect(early.json().message).toContain(`07:00 ${day.split('-').reverse().join('/')}`);

      const [staff, patient] = await reachTime(ctx, order.startsAt, first.staff, first.patient);
      // The patient reads the app in English (a sign-in keeps the language it was made in): their messages are in English.
      await ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, patient.userId));
      const marked = await performed(app, staff, order.id);
      expect(marked.statusCode, marked.body).toBe(200);
      const performedAt = marked.json().data.performedAt as string;
      expect(marked.json().data).toMatchObject({
        category: 'lab',
        performedBy: { fullName: 'Lý Thị Thu' },
        canWrite: true,
        released: false,
      });
      // A second mark keeps the first time.
      ctx.clock.advance(60_000);
      expect((await performed(app, staff, order.id)).json().data.performedAt).toBe(performedAt);

      // Completing with no result file and no conclusion is refused.
      const bare = await act(app, staff, 'complete', order.id);
      expect(bare.statusCode).toBe(409);
      expect(bare.json()).toMatchObject({ code: 'ORDER_RESULTS_REQUIRED' });

      expect((await uploadResult(app, staff, order.id, 'Kết quả HbA1c')).statusCode).toBe(201);
      // A file the patient adds is theirs, not a result.
      expect((await uploadResult(app, patient, order.id, 'Đơn cũ', false)).statusCode).toBe(201);
      const text = 'HbA1c 6,1 % — tiền đái tháo đường 🩸; LDL-C 3,2 mmol/L. Tái khám nội tiết.';
      const concluded = await conclude(app, staff, order.id, `  ${text}  `);
      expect(concluded.statusCode, concluded.body).toBe(200);
      expect(concluded.json().data).toMatchObject({ conclusion: text, concludedBy: { fullName: 'Lý Thị Thu' } });

      const completed = await act(app, staff, 'complete', order.id);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json().data.status).toBe(1);

      const read = await results(app, patient, order.id);
      expect(read.statusCode, read.body).toBe(200);
      const data = read.json().data;
      expect(data).toMatchObject({ performedAt, conclusion: text, released: true, canWrite: false });
      expect(data.files.map((file: { fileName: string; typeExam: number }) => [file.fileName, file.typeExam])).toEqual([
        ['Kết quả HbA1c', 1],
      ]);
      // The patient downloads the result; cannot delete the staff's file.
      const fileId = data.files[0].id as string;
      expect(data.files[0].canDelete).toBe(false);
      expect((await app.inject({ method: 'GET', url: `/api/document/${fileId}`, headers: patient.auth })).statusCode).toBe(200);
      const removed = await app.inject({ method: 'DELETE', url: `/api/document/${order.id}/${fileId}`, headers: patient.auth });
      expect(removed.statusCode).toBe(404);
      // The examination history shows the completed lab order with its result and conclusion.
      const history = await app.inject({ method: 'GET', url: `/api/history-examination/${order.id}`, headers: patient.auth });
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().data).toMatchObject({ categoryType: 'lab', hasResultTest: true, conclusion: text });
      // After completion the conclusion stays as written.
      expect((await conclude(app, staff, order.id, 'Sửa')).json()).toMatchObject({ code: 'ORDER_STATUS_CONFLICT' });

      // "Results ready", by e-mail and SMS in the patient's language, with the order's own link, and in the bell.
      const told = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `order:${order.id}:patient.completed:%`));
      expect(told.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
      const mail = told.find((row) => row.channel === 'email');
      expect(mail?.subject).toBe(`RHC: Your lab results ${order.code} are ready`);
      expect(mail?.body).toContain(`/all-orders/${order.id}`);
      expect(told.find((row) => row.channel === 'sms')?.body).toContain('Your lab results');
      const bell = await ctx.database.db
        .select()
        .from(userNotifications)
        .where(and(eq(userNotifications.userId, patient.userId), eq(userNotifications.orderId, order.id)));
      expect(bell.map((row) => row.event)).toContain('lab-results:inApp.lab');
      const audited = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'clinical.write'));
      expect(audited.filter((row) => (row.details as { orderId?: string }).orderId === order.id && row.outcome === 'success')).toHaveLength(
        3,
      );
    });

    it('refuses to complete an order whose sample was not marked taken, and a step on an unconfirmed order', async () => {
      const { app, ctx, order, ...first } = await setup(context, 3);
      const [staff] = await reachTime(ctx, order.startsAt, first.staff);
      expect((await performed(app, staff, order.id)).json()).toMatchObject({ code: 'ORDER_STATUS_CONFLICT' });
      expect((await act(app, staff, 'verify', order.id)).statusCode).toBe(200);
      expect((await conclude(app, staff, order.id, 'Bình thường')).statusCode).toBe(200);
      const refused = await act(app, staff, 'complete', order.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ORDER_NOT_PERFORMED' });
      // A conclusion alone is a result.
      expect((await performed(app, staff, order.id)).statusCode).toBe(200);
      expect((await act(app, staff, 'complete', order.id)).statusCode).toBe(200);
    });

    it('answers 404 to another staff member, another patient, a watcher without “test results”, and on the imaging read', async () => {
      const { app, ctx, order, ...first } = await setup(context, 4);
      expect((await act(app, first.staff, 'verify', order.id)).statusCode).toBe(200);
      const [staff, patient] = await reachTime(ctx, order.startsAt, first.staff, first.patient);
      const otherStaff = await createDoctor(ctx, { specialtyIds: [LAB_SPECIALTY_ID], fullName: 'Phạm Văn Long' });
      const stranger = await createPatient(ctx);
      // Its own staff may write now; nobody else.
      expect((await results(app, staff, order.id)).json().data).toMatchObject({ canWrite: true, performedAt: null, files: [] });
      expect((await performed(app, otherStaff, order.id)).statusCode).toBe(404);
      expect((await conclude(app, otherStaff, order.id, 'X')).statusCode).toBe(404);
      expect((await uploadResult(app, otherStaff, order.id, 'X')).statusCode).toBe(404);
      expect((await results(app, otherStaff, order.id)).statusCode).toBe(404);
      expect((await results(app, stranger, order.id)).statusCode).toBe(404);
      // The patient may not write results.
      expect((await performed(app, patient, order.id)).statusCode).toBe(404);
      // A lab order is not read as imaging.
      expect((await results(app, patient, order.id, 'imageanalysation')).statusCode).toBe(404);

      const now = ctx.clock.now();
      const [without, withSection] = [await createPatient(ctx), await createPatient(ctx)];
      const grant = { profileId: patient.userId, grantedBy: patient.userId, grantedAt: now, changedAt: now };
      await ctx.database.db.insert(shares).values({ ...grant, watcherId: without.userId, sections: ['imaging', 'exam_info'] });
      await ctx.database.db.insert(shares).values({ ...grant, watcherId: withSection.userId, sections: ['test_results'] });
      expect((await results(app, without, order.id)).statusCode).toBe(404);
      const watched = await results(app, withSection, order.id);
      expect(watched.statusCode, watched.body).toBe(200);
      expect(watched.json().data.canWrite).toBe(false);
    });

    it('bounds the conclusion and refuses a NUL', async () => {
      const { app, ctx, order, ...first } = await setup(context, 5);
      expect((await act(app, first.staff, 'verify', order.id)).statusCode).toBe(200);
      const [staff] = await reachTime(ctx, order.startsAt, first.staff);
      expect((await conclude(app, staff, order.id, 'a'.repeat(4001))).statusCode).toBe(400);
      expect((await conclude(app, staff, order.id, 'a\u0000b')).statusCode).toBe(400);
      expect((await conclude(app, staff, order.id, '😀'.repeat(2000))).statusCode).toBe(200);
      // An empty conclusion clears it.
      expect((await conclude(app, staff, order.id, '   ')).json().data.conclusion).toBeNull();
    });
  });
});
