import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema/index.ts';
import { createDoctor, createPatient, insertWorkTime, WEEKDAYS, weekdayAfter, type TestDoctor } from './booking-helpers.ts';
import type { Caller } from './http-helpers.ts';
import type { TestContext } from './test-app.ts';

/*
 * What the route tests of the order categories on the core share (lab, imaging, vaccination and the results of the
 * first two): the clinic's staff of a category, the file's shared setup, and booking through the category's own call.
 */

export type TestPatient = Awaited<ReturnType<typeof createPatient>>;

/** The clinic of the category tests: Chợ Rẫy (seed/work-units.ts), with its sampling room, home teams and machines. */
export const TEST_CLINIC = 2;

/**
 * A verified holder of `specialtyId` working in person at the clinic on weekdays from 2026-11-23, `start`–`end`
 * (07:00–16:30 unless told): a category's staff, whom a booking assigns. Told in `language` when given.
 */
export async function createClinicStaff(
  ctx: TestContext,
  specialtyId: number,
  options: { fullName: string; start?: string; end?: string; language?: 'vi' | 'en' | 'zh' },
): Promise<TestDoctor> {
  const staff = await createDoctor(ctx, { specialtyIds: [specialtyId], fullName: options.fullName });
  if (options.language) await ctx.database.db.update(users).set({ language: options.language }).where(eq(users.id, staff.userId));
  await insertWorkTime(ctx.database.db, staff.userId, {
    day: '2026-11-23',
    start: options.start ?? '07:00',
    end: options.end ?? '16:30',
    recurrence: WEEKDAYS,
    workUnitId: TEST_CLINIC,
  });
  return staff;
}

/**
 * The setup of a file whose tests share their database and its clinic's staff (made once per database by
 * `createClinicStaff` with `specialtyId` and `staff`, the first the bookings assign): each test gets a new patient and
 * books on a weekday of its own, `dayOffset` weekdays ahead.
 */
export function sharedStaffSetup(specialtyId: number, staff: Parameters<typeof createClinicStaff>[2]) {
  const staffOf = new WeakMap<object, Promise<TestDoctor>>();
  return async (context: () => TestContext, dayOffset: number) => {
    const ctx = context();
    let made = staffOf.get(ctx.database);
    if (!made) {
      made = createClinicStaff(ctx, specialtyId, staff);
      staffOf.set(ctx.database, made);
    }
    const patient = await createPatient(ctx);
    return { ...ctx, ctx, staff: await made, patient, day: weekdayAfter(ctx.clock.now(), dayOffset) };
  };
}

/** A change of an order through `url` (PUT), as `person`. */
export function putOrder(app: FastifyInstance, person: Caller, url: string, body: unknown) {
  return app.inject({ method: 'PUT', url, headers: person.auth, payload: body as object });
}

/**
 * Booking through a category's own call (`path` of the booker, e.g. `/api/diagnostictest/{userId}`), with an
 * Idempotency-Key (a fresh one unless given), in English: `book` answers the raw response, `booked` the order of a
 * booking that must be made (201). `bookInTheNameOf` books as `person` in another's name (`userId`), without a language;
 * `edit` changes an order through the category's own `editPath`.
 */
export function categoryBooking(path: (userId: string) => string, editPath?: (orderId: string) => string) {
  const book = (app: FastifyInstance, person: Caller, body: unknown, key: string = randomUUID()) =>
    app.inject({
      method: 'POST',
      url: path(person.userId),
      headers: { ...person.auth, 'idempotency-key': key, 'accept-language': 'en' },
      payload: body as object,
    });
  const booked = async (app: FastifyInstance, person: Caller, body: unknown) => {
    const response = await book(app, person, body);
    if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
    return response.json().data as { id: string; code: string; secureCode: string; startsAt: string };
  };
  const bookInTheNameOf = (app: FastifyInstance, person: Caller, userId: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: path(userId),
      headers: { ...person.auth, 'idempotency-key': randomUUID() },
      payload: body as object,
    });
  const edit = (app: FastifyInstance, person: Caller, orderId: string, body: unknown) => {
    if (!editPath) throw new Error('this category booking has no edit path');
    return putOrder(app, person, editPath(orderId), body);
  };
  return { book, booked, bookInTheNameOf, edit };
}

/** A refusal's field messages, by field (`body.vaccineId`: "Please choose the vaccine."). */
export function fieldMessages(response: { json(): { details?: { field: string; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((response.json().details ?? []).map((detail) => [detail.field, detail.message]));
}
