import { randomBytes, randomUUID } from 'node:crypto';
import type { Order } from '@rhc/contracts';
import { isoWeekday, ORDER_STATUS, vietnamDay, type Recurrence, type WorkMode } from '@rhc/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  doctorHolidays,
  doctorLicences,
  doctorProfiles,
  doctorSpecialties,
  doctorWorkTimes,
  orderDetails,
  orders,
} from '../src/db/schema/index.ts';
import type { TestContext } from './test-app.ts';
import { logIn, signUp, type LoggedIn, type SignedUp } from './accounts-helpers.ts';
import type { Caller } from './http-helpers.ts';

export const DOCTOR_EXTRAS = {
  degree: 'specialist_1',
  specialtyNames: ['Nội tổng quát'],
  bankName: 'Vietcombank',
  bankAccount: '0071000999888',
  workPlace: 'Bệnh viện Chợ Rẫy',
};

export type TestDoctor = SignedUp & LoggedIn;

/** Monday to Friday every week, until the end of 2027: the working week route tests give a doctor. */
export const WEEKDAYS: Recurrence = { type: 'week', interval: 1, weekdays: [1, 2, 3, 4, 5], until: '2027-12-31' };

/** The n-th weekday (Monday–Friday) after `now`'s Vietnam day, as YYYY-MM-DD. */
export function weekdayAfter(now: Date, n: number): string {
  let day = vietnamDay(now);
  let found = 0;
  while (found < n) {
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (isoWeekday(day) <= 5) found += 1;
  }
  return day;
}

/** A doctor signed up through the API, then verified and given specialties (an operator's job) directly in the database. */
export async function createDoctor(
  context: TestContext,
  options: { verified?: boolean; specialtyIds?: number[]; fullName?: string; licensed?: boolean } = {},
): Promise<TestDoctor> {
  const signed = await signUp(context.app, { jobId: 1, fullName: options.fullName ?? 'Lê Văn Minh', doctor: DOCTOR_EXTRAS });
  const db = context.database.db;
  if (options.verified !== false)
    await db.update(doctorProfiles).set({ verifiedAt: context.clock.now() }).where(eq(doctorProfiles.userId, signed.userId));
  // A practising licence number on the profile (issue 17: needed to write clinical data and confirm online bookings).
  if (options.licensed !== false) await db.insert(doctorLicences).values({ userId: signed.userId, licenceNumber: '012345/HCM-CCHN' });
  for (const specialtyId of options.specialtyIds ?? [1])
    await db.insert(doctorSpecialties).values({ doctorId: signed.userId, specialtyId });
  return { ...signed, ...(await logIn(context.app, signed.phone, signed.password)) };
}

/** A patient signed up and logged in. */
export async function createPatient(context: TestContext, overrides: Record<string, unknown> = {}): Promise<SignedUp & LoggedIn> {
  const signed = await signUp(context.app, overrides);
  return { ...signed, ...(await logIn(context.app, signed.phone, signed.password)) };
}

/** `count` patients signed up and logged in, one after another: the owners, watchers and strangers of a route test. */
export async function createPatients<N extends number>(context: TestContext, count: N): Promise<Tuple<SignedUp & LoggedIn, N>> {
  const patients: (SignedUp & LoggedIn)[] = [];
  for (let index = 0; index < count; index += 1) patients.push(await createPatient(context));
  return patients as Tuple<SignedUp & LoggedIn, N>;
}

/** `N` items of `T` (N a small literal), so that destructuring the answer needs no check. */
type Tuple<T, N extends number, Items extends T[] = []> = Items['length'] extends N ? Items : Tuple<T, N, [T, ...Items]>;

function minutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** Stores a working time directly (start/end are Vietnam wall-clock HH:mm), for suites that test what is built on it. */
export async function insertWorkTime(
  db: Db,
  doctorId: string,
  workTime: { day: string; start: string; end: string; mode?: WorkMode; recurrence?: Recurrence; workUnitId?: number },
): Promise<string> {
  const mode = workTime.mode ?? 'direct';
  const recurrence = workTime.recurrence ?? { type: 'none' };
  const [row] = await db
    .insert(doctorWorkTimes)
    .values({
      doctorId,
      mode,
      firstDay: workTime.day,
      startMinute: minutes(workTime.start),
      endMinute: minutes(workTime.end),
      recurrenceType: recurrence.type,
      recurrenceInterval: recurrence.type === 'none' ? 1 : recurrence.interval,
      weekdays: recurrence.type === 'none' ? [] : (recurrence.weekdays ?? []),
      untilDay: recurrence.type === 'none' ? null : recurrence.until,
      workUnitId: mode === 'direct' ? (workTime.workUnitId ?? 2) : null,
    })
    .returning({ id: doctorWorkTimes.id });
  if (!row) throw new Error('work time not stored');
  return row.id;
}

/**
 * The doctor most order route tests book with: specialty 1, working Monday–Friday 08:00–11:30 in person at work unit 2
 * from 2026-11-23 on, and 13:00–17:00 online as well when `online` is set.
 */
export async function createWorkingDoctor(
  context: TestContext,
  options: { online?: boolean; licensed?: boolean; fullName?: string } = {},
): Promise<TestDoctor> {
  const doctor = await createDoctor(context, { specialtyIds: [1], licensed: options.licensed, fullName: options.fullName });
  const db = context.database.db;
  await insertWorkTime(db, doctor.userId, { day: '2026-11-23', start: '08:00', end: '11:30', recurrence: WEEKDAYS, workUnitId: 2 });
  if (options.online)
    await insertWorkTime(db, doctor.userId, { day: '2026-11-23', start: '13:00', end: '17:00', mode: 'online', recurrence: WEEKDAYS });
  return doctor;
}

export async function insertHoliday(db: Db, doctorId: string, startDate: string, endDate = startDate): Promise<void> {
  await db.insert(doctorHolidays).values({ doctorId, startDate, endDate });
}

/** A booking body for an examination of specialty 1 (type 1 in person, 4 online). */
export function examBody(doctorId: string, checkDay: string, checkHour = '09:00', mode: 'direct' | 'online' = 'direct') {
  return {
    mode,
    specialtyId: 1,
    examTypeId: mode === 'online' ? 4 : 1,
    doctorId,
    checkDay,
    checkHour,
    reasonForExamination: 'Đau đầu kéo dài',
  };
}

/** POST /api/order/{userId} as `patient`, with an Idempotency-Key (a fresh one unless given): the raw answer. */
export function bookOrder(app: FastifyInstance, patient: Caller, body: object, key: string = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: `/api/order/${patient.userId}`,
    headers: { ...patient.auth, 'idempotency-key': key },
    payload: body,
  });
}

/** A booking that must be made (201): the order it answers. */
export async function booked(app: FastifyInstance, patient: Caller, body: object, key?: string): Promise<Order> {
  const response = await bookOrder(app, patient, body, key);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Order;
}

/** PATCH /api/order/{action}/{userId}/{orderId} by `person` (verify, cancel, complete). */
export function orderAction(
  app: FastifyInstance,
  person: Caller,
  action: 'verify' | 'cancel' | 'complete',
  orderId: string,
  payload: object = {},
) {
  return app.inject({ method: 'PATCH', url: `/api/order/${action}/${person.userId}/${orderId}`, headers: person.auth, payload });
}

/**
 * An examination order written directly (bookings are another suite's): for `patientId`'s own profile, at 09:00 in
 * Vietnam on `checkDay`, assigned to `doctorId` (none by default), in `status`.
 */
export async function insertOrder(
  ctx: TestContext,
  patientId: string,
  own: { doctorId?: string; status?: number; checkDay?: string; note?: string } = {},
): Promise<string> {
  const { doctorId = null, status = ORDER_STATUS.done, checkDay = '2026-11-10', note = '' } = own;
  const id = randomUUID();
  const startsAt = new Date(`${checkDay}T02:00:00Z`);
  await ctx.database.db.insert(orders).values({
    id,
    code: `RHC-${randomBytes(4).toString('hex').toUpperCase()}`,
    secureCode: randomBytes(32).toString('base64url'),
    userId: patientId,
    kind: 0,
    profileId: patientId,
    category: 'exam',
    mode: 'direct',
    status,
    doctorId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    createdBy: patientId,
    updatedBy: patientId,
  });
  await ctx.database.db.insert(orderDetails).values({
    orderId: id,
    checkDay,
    checkHour: '09:00',
    reason: 'Ho kéo dài',
    note,
    patientName: 'Nguyễn Văn Bình',
    patientPhone: '0912345678',
    patientBirthday: '1990-01-01',
  });
  return id;
}

/** A confirmed (verified) examination order of `patient` assigned to `doctor`, written directly as `insertOrder` does. */
export function insertConfirmedOrder(
  ctx: TestContext,
  patient: Caller,
  doctor: Caller,
  own: { checkDay?: string; note?: string } = {},
): Promise<string> {
  return insertOrder(ctx, patient.userId, { doctorId: doctor.userId, status: ORDER_STATUS.verified, ...own });
}

/**
 * Moves the suite's clock to 10 minutes before `order`'s start — when its doctor may complete it and write its result
 * (issue 54 item 4: from 30 minutes before, on its day) — and logs `people` in again (the move idles their sessions out).
 */
export async function toVisit(
  context: TestContext,
  order: Pick<Order, 'startsAt'>,
  ...people: (Caller & { phone: string; password: string })[]
) {
  context.clock.advance(Date.parse(order.startsAt) - 10 * 60_000 - context.clock.now().getTime());
  for (const person of people) Object.assign(person, await logIn(context.app, person.phone, person.password));
}

/**
 * The order a booking for oneself answered (201, the body shown otherwise), checked to be a new direct booking of
 * `category` (kind 0 for oneself, mode direct, status 0 new) holding `expected`.
 */
export function newDirectOrder(response: LightMyRequestResponse, category: string, expected: Record<string, unknown> = {}) {
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data;
  expect(order).toMatchObject({ kind: 0, category, mode: 'direct', status: 0, ...expected });
  return order;
}
