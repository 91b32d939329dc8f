import { randomUUID } from 'node:crypto';
import { CONCLUSION_MAX_LENGTH, IMAGING_SPECIALTY_ID, LAB_SPECIALTY_ID, MRI_SCREENING_QUESTIONS } from '@rhc/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logIn, type SignedUp } from '../../../test/accounts-helpers.ts';
import { createDoctor, createPatient, orderAction, weekdayAfter, type TestDoctor } from '../../../test/booking-helpers.ts';
import { categoryBooking, createClinicStaff, TEST_CLINIC } from '../../../test/category-helpers.ts';
import { sendForm, type Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { multipartBody, tinyPdf } from '../../platform/storage/test-kit.ts';

/*
 * Hostile input on the lab, imaging and results calls (issue 51): texts of 10,000 characters, with NUL or emoji, days
 * in year 0000 and 9999, and another person's order ids on every call. Each is refused or taken as a person would
 * expect (400, 404, 409, 422, or stored intact), never with a 5xx.
 */

const lab = categoryBooking((userId) => `/api/diagnostictest/${userId}`);
const imaging = categoryBooking((userId) => `/api/imageanalysation/${userId}`);

const ALL_NO = Object.fromEntries(MRI_SCREENING_QUESTIONS.map((question) => [question, false]));
const LONG = 'x'.repeat(10_000);
const EMOJI = 'Bình thường 👍🏽 — không có tổn thương 🧠';

function labBody(testDay: string, overrides: Record<string, unknown> = {}) {
  return { atHome: false, workUnitId: TEST_CLINIC, requestTestItems: ['hba1c'], testDay, testTime: '07:30', ...overrides };
}

function mriBody(testDay: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'MRI',
    items: ['head'],
    workUnitId: TEST_CLINIC,
    testDay,
    testTime: '07:00',
    render: ALL_NO,
    contrast: false,
    ...overrides,
  };
}

/** No answer is a server error. */
function expectNo5xx(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
}

async function again<P extends SignedUp>(ctx: TestContext, person: P): Promise<P> {
  return { ...person, ...(await logIn(ctx.app, person.phone, person.password)) };
}

/** The clinic's lab and imaging staff (one per database), a patient with a confirmed lab and imaging order, a stranger. */
const staffOf = new WeakMap<object, Promise<{ labStaff: TestDoctor; imagingStaff: TestDoctor }>>();
async function setup(context: () => TestContext, dayOffset: number) {
  const ctx = context();
  let made = staffOf.get(ctx.database);
  if (!made) {
    made = (async () => ({
      labStaff: await createClinicStaff(ctx, LAB_SPECIALTY_ID, { fullName: 'Lý Thị Thu' }),
      imagingStaff: await createClinicStaff(ctx, IMAGING_SPECIALTY_ID, { fullName: 'Phan Minh Khoa' }),
    }))();
    staffOf.set(ctx.database, made);
  }
  const staff = await made;
  const [labStaff, imagingStaff] = [await again(ctx, staff.labStaff), await again(ctx, staff.imagingStaff)];
  const patient = await createPatient(ctx);
  const stranger = await createPatient(ctx);
  const day = weekdayAfter(ctx.clock.now(), dayOffset);
  const labOrder = await lab.booked(ctx.app, patient, labBody(day));
  const imagingOrder = await imaging.booked(ctx.app, patient, mriBody(day));
  expect((await orderAction(ctx.app, labStaff, 'verify', labOrder.id)).statusCode).toBe(200);
  expect((await orderAction(ctx.app, imagingStaff, 'verify', imagingOrder.id)).statusCode).toBe(200);
  return { ...ctx, ctx, labStaff, imagingStaff, patient, stranger, day, labOrder, imagingOrder };
}

/** Moves the test clock to `startsAt` (result steps open shortly before it) and signs `people` in again. */
async function reachTime<P extends SignedUp[]>(ctx: TestContext, startsAt: string, ...people: P): Promise<P> {
  const gap = Date.parse(startsAt) - ctx.clock.now().getTime();
  if (gap > 0) ctx.clock.advance(gap);
  return (await Promise.all(people.map((person) => again(ctx, person)))) as P;
}

const conclude = (app: FastifyInstance, person: Caller, orderId: string, conclusion: string) =>
  app.inject({ method: 'PUT', url: `/api/order-results/${orderId}/conclusion`, headers: person.auth, payload: { conclusion } });

/** PUT /order/{id}/note: the note as text/plain. */
const putNote = (app: FastifyInstance, person: Caller, orderId: string, note: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/order/${orderId}/note`,
    headers: { ...person.auth, 'content-type': 'text/plain; charset=utf-8' },
    payload: note,
  });

describeOnEachDatabase((context) => {
  describe('hostile input on lab, imaging and results calls', () => {
    it('refuses a conclusion of 10,000 characters or with NUL (400), and keeps one with emoji as written', async () => {
      const first = await setup(context, 2);
      const [staff, patient] = await reachTime(first.ctx, first.labOrder.startsAt, first.labStaff, first.patient);
      const { app, labOrder } = first;

      const long = await conclude(app, staff, labOrder.id, LONG);
      expect(long.statusCode).toBe(400);
      expect(long.json().details).toEqual([expect.objectContaining({ field: 'body.conclusion' })]);
      // Emoji count as the characters they are: one past the limit is refused.
      expect((await conclude(app, staff, labOrder.id, '🧠'.repeat(CONCLUSION_MAX_LENGTH + 1))).statusCode).toBe(400);
      expect((await conclude(app, staff, labOrder.id, `HbA1c 6,1 %\u0000`)).statusCode).toBe(400);
      const kept = await conclude(app, staff, labOrder.id, EMOJI);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data.conclusion).toBe(EMOJI);
      const read = await app.inject({ method: 'GET', url: `/api/diagnostictest/results/${labOrder.id}`, headers: patient.auth });
      expect(read.json().data.conclusion).toBe(EMOJI);
    });

    it('refuses imaging and lab notes of 10,000 characters or with NUL (400), and keeps emoji in a note', async () => {
      const { app, patient, day, imagingOrder } = await setup(context, 3);
      for (const [what, call] of [
        ['imaging booking', (note: string) => imaging.book(app, patient, mriBody(day, { testTime: '07:45', note }))],
        ['lab booking', (note: string) => lab.book(app, patient, labBody(day, { testTime: '07:45', note }))],
        [
          'imaging edit',
          (note: string) =>
            app.inject({
              method: 'PUT',
              url: `/api/imageanalysationedit/${imagingOrder.id}`,
              headers: patient.auth,
              payload: mriBody(day, { note }),
            }),
        ],
        ['order note', (note: string) => putNote(app, patient, imagingOrder.id, note)],
      ] as const) {
        const long = await call(LONG);
        expect(long.statusCode, `${what}: ${long.body}`).toBe(400);
        const nul = await call('Mang theo phim cũ\u0000');
        expect(nul.statusCode, `${what}: ${nul.body}`).toBe(400);
      }
      const emoji = await imaging.book(app, patient, mriBody(day, { testTime: '08:30', note: EMOJI }));
      expect(emoji.statusCode, emoji.body).toBe(201);
      expect(emoji.json().data.note).toBe(EMOJI);
    });

    it('answers days of year 0000 and 9999 on bookings and free times without a server error, refusing both', async () => {
      const { app, patient } = await setup(context, 4);
      for (const day of ['0000-01-01', '0000-02-29', '9999-12-31']) {
        const answers = await Promise.all([
          lab.book(app, patient, labBody(day)),
          lab.book(app, patient, { ...labBody(day), atHome: true, district: 'hcm-q5', workUnitId: undefined, testTime: '06:00' }),
          imaging.book(app, patient, mriBody(day)),
          app.inject({ method: 'GET', url: `/api/diagnostictest/free-times?workUnitId=${TEST_CLINIC}&day=${day}`, headers: patient.auth }),
          app.inject({
            method: 'GET',
            url: `/api/diagnostictest/free-times?atHome=true&district=hcm-q5&day=${day}`,
            headers: patient.auth,
          }),
          app.inject({
            method: 'GET',
            url: `/api/imageanalysation/free-times?workUnitId=${TEST_CLINIC}&type=MRI&day=${day}`,
            headers: patient.auth,
          }),
        ]);
        for (const [index, answer] of answers.entries()) expectNo5xx(answer, `${day} #${index}`);
        // A day of year 0000 is past (or not a day at all): no booking is made on it.
        if (day.startsWith('0000')) for (const booking of answers.slice(0, 3)) expect([400, 422]).toContain(booking.statusCode);
        // Year 9999 is past the booking horizon (CAPACITY_BOOKING_DAYS_AHEAD): refused, and offered nothing.
        if (day.startsWith('9999')) {
          // (The home booking above lacks its address: refused by the contract before its day is looked at.)
          for (const booking of [answers[0], answers[2]].filter((answer) => answer !== undefined))
            expect([booking.statusCode, booking.json().code]).toEqual([422, 'SLOT_TOO_FAR']);
          for (const read of answers.slice(3)) {
            const times = (read.json().data as { times: { free: number }[] }).times;
            expect(times.length).toBeGreaterThan(0);
            expect(times.every((time) => time.free === 0)).toBe(true);
          }
        }
      }
    });

    it('answers 404 to another person, and to another staff member, on every lab, imaging and results call', async () => {
      const { app, ctx, stranger, day, labOrder, imagingOrder } = await setup(context, 5);
      const [otherStaff] = [await createDoctor(ctx, { specialtyIds: [LAB_SPECIALTY_ID, IMAGING_SPECIALTY_ID], fullName: 'Phạm Văn Long' })];
      const calls = (person: Caller, orderId: string) => [
        app.inject({ method: 'GET', url: `/api/order/detail/${orderId}`, headers: person.auth }),
        app.inject({ method: 'GET', url: `/api/diagnostictest/results/${orderId}`, headers: person.auth }),
        app.inject({ method: 'GET', url: `/api/imageanalysation/results/${orderId}`, headers: person.auth }),
        app.inject({ method: 'PUT', url: `/api/order-results/${orderId}/performed`, headers: person.auth, payload: {} }),
        conclude(app, person, orderId, 'Bình thường.'),
        app.inject({ method: 'PUT', url: `/api/diagnostictestedit/${orderId}`, headers: person.auth, payload: labBody(day) }),
        app.inject({ method: 'PUT', url: `/api/imageanalysationedit/${orderId}`, headers: person.auth, payload: mriBody(day) }),
        putNote(app, person, orderId, 'Mang theo phim cũ'),
        orderAction(app, person, 'verify', orderId),
        orderAction(app, person, 'cancel', orderId, { reason: 'Không rõ' }),
        orderAction(app, person, 'complete', orderId),
        sendForm(
          app,
          'POST',
          `/api/document/${orderId}?doctorId=${person.userId}`,
          person.auth,
          multipartBody([
            { name: 'typeExams', value: '1' },
            { name: 'displayNames', value: 'Kết quả' },
            { name: 'files', file: { content: tinyPdf('Kết quả'), filename: 'ket-qua.pdf' } },
          ]),
        ),
      ];
      for (const [who, person] of [
        ['another patient', stranger],
        ['another staff member', otherStaff],
      ] as const)
        for (const orderId of [labOrder.id, imagingOrder.id, randomUUID()]) {
          const answers = await Promise.all(calls(person, orderId));
          for (const [index, answer] of answers.entries())
            expect(answer.statusCode, `${who} on ${orderId} call #${index}: ${answer.body.slice(0, 200)}`).toBe(404);
        }
    });
  });
});
