import { randomUUID } from 'node:crypto';
import { allEndpoints, type Endpoint } from '@rhc/contracts';
import { IMAGING_SPECIALTY_ID, LAB_SPECIALTY_ID, VACCINATION_SPECIALTY_ID } from '@rhc/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  doctorHolidays,
  doctorLicences,
  followGroupMembers,
  followGroups,
  healthMeasurements,
  invitations,
  nutritionAssessments,
  vaccinationHistory,
  profiles,
  recordExports,
  shares,
  slotOffers,
  userNotifications,
} from '../src/db/schema/index.ts';
import {
  booked,
  createDoctor,
  createPatient,
  insertWorkTime,
  orderAction,
  WEEKDAYS,
  weekdayAfter,
  type TestDoctor,
} from './booking-helpers.ts';
import { latestCode, logIn, proveSession } from './accounts-helpers.ts';
import { describeOnEachDatabase, type TestContext } from './test-app.ts';
import { multipartBody, recordBody, tinyPdf, tinyPng } from '../src/platform/storage/test-kit.ts';
import { send } from './http-helpers.ts';

/** The one row an insert returned (or a select found). */
function only<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('expected a row');
  return row;
}

/*
 * The authorisation matrix (issue 14, R5): every endpoint that takes the id of a person, profile, order, document,
 * reading or another object someone owns, called by each kind of actor, with the status each must get. It is generated
 * from the endpoint table: an entry with an id in its path and no row here (nor an `open` access declaration with its reason) fails the first
 * test, so a new endpoint cannot arrive without its row. Bodies are valid, so a refusal is the object check's, not
 * validation's. Each call of a changing endpoint gets objects of its own, made for it, so the cells are independent.
 */

const ACTORS = [
  'anonymous',
  'stranger',
  'watcherRevoked',
  'watcherWithout',
  'doctorWithout',
  'doctorWithOrder',
  'watcherWith',
  'owner',
] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = Record<ActorName, number>;

/**
 * Entries with an id in their path that the matrix leaves out: those whose declared access is `open`, with its reason
 * (a refresh token that authenticates itself, a doctor's free times every patient books from, a tracking code).
 */
function openReason(entry: Endpoint): string | undefined {
  return entry.access && 'open' in entry.access ? entry.access.open : undefined;
}

interface Call {
  method: Endpoint['method'];
  url: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
}

interface World {
  context: TestContext;
  owner: Awaited<ReturnType<typeof createPatient>>;
  actors: Record<Exclude<ActorName, 'anonymous'>, { userId: string; auth: { authorization: string } }>;
  doctor: TestDoctor;
  /** A booking of the owner's own with `doctor`, that nobody's cell changes. */
  orderId: string;
  /** A profile the owner manages, shared like the owner's own. */
  managedId: string;
  workTimeId: string;
  offerId: string;
}

/** The usual cell values: only the owner, anonymous 401, everyone else 404. */
function ownerOnly(ok = 200, overrides: Partial<Expected> = {}): Expected {
  return {
    anonymous: 401,
    stranger: 404,
    watcherRevoked: 404,
    watcherWithout: 404,
    doctorWithout: 404,
    doctorWithOrder: 404,
    watcherWith: 404,
    owner: ok,
    ...overrides,
  };
}

/** A person's data shared by section: the owner, and a watcher whose grant covers the section. */
function shared(ok = 200): Expected {
  return ownerOnly(ok, { watcherWith: ok });
}

/** A booking: its patient and the doctor it is assigned to. */
function booking(ok = 200, doctor = ok): Expected {
  return ownerOnly(ok, { doctorWithOrder: doctor });
}

/** The doctor's own object (a work time, a holiday): `doctorWithOrder` is its owner here; the patient is a stranger to it. */
function doctors(ok = 200): Expected {
  return ownerOnly(404, { doctorWithOrder: ok });
}

interface Row {
  expect: Expected;
  call(world: World, actor: ActorName): Promise<Call> | Call;
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf00000301010018dd8db40000000049454e44ae426082',
  'hex',
);
const BOUNDARY = '----rhc-matrix-boundary';
function avatarUpload(): Pick<Call, 'payload' | 'headers'> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, PNG, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const PERSON = {
  fullName: 'Nguyễn Thị Bé',
  phone: '0912000111',
  gender: 'female',
  dateOfBirth: '2018-05-04',
  address: '3 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
};
const CONSENT = 'Tôi đồng ý chia sẻ các mục đã chọn.';

/**
 * A free hour of the world's doctor, a new one each call, after every day the fixed bookings use. Counted per database
 * (test context): one count over both would run the second database's bookings past the booking horizon
 * (CAPACITY_BOOKING_DAYS_AHEAD).
 */
function slotCounter() {
  const counts = new WeakMap<TestContext, number>();
  return (context: TestContext) => {
    const index = counts.get(context) ?? 0;
    counts.set(context, index + 1);
    return {
      day: weekdayAfter(context.clock.now(), 10 + Math.floor(index / 6)),
      hour: ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30'][index % 6] as string,
    };
  };
}
const nextSlot = slotCounter();

/** A new booking at the next free slot: POST `url` with a fresh Idempotency-Key and the body `payload` gives for it. */
function newBooking(w: World, url: string, payload: (day: string, hour: string) => object): Call {
  const { day, hour } = nextSlot(w.context);
  return { method: 'POST', url, headers: { 'idempotency-key': randomUUID() }, payload: payload(day, hour) };
}

/** A change of a booking to the next free slot: PUT `url` with the body `payload` gives for it. */
function movedBooking(w: World, url: string, payload: (day: string, hour: string) => object): Call {
  const { day, hour } = nextSlot(w.context);
  return { method: 'PUT', url, payload: payload(day, hour) };
}

function examBody(doctorId: string, checkDay: string, checkHour: string) {
  return { mode: 'direct', specialtyId: 1, examTypeId: 1, doctorId, checkDay, checkHour, reasonForExamination: 'Khám định kỳ' };
}

/** A new booking of the owner's with the world's doctor. */
async function freshOrder(world: World): Promise<string> {
  const { day, hour } = nextSlot(world.context);
  return (await booked(world.context.app, world.owner, examBody(world.doctor.userId, day, hour))).id;
}

/** A new grant from the owner to `watcher`, of a profile the owner manages made for it (the world's grants stay). */
async function freshShare(world: World, watcherId: string, sections: string[] = ['all']): Promise<string> {
  const now = world.context.clock.now();
  const row = only(
    await world.context.database.db
      .insert(shares)
      .values({ profileId: await freshManaged(world), watcherId, grantedBy: world.owner.userId, sections, grantedAt: now, changedAt: now })
      .returning({ id: shares.id }),
  );
  return row.id;
}

async function freshManaged(world: World): Promise<string> {
  const row = only(
    await world.context.database.db
      .insert(profiles)
      .values({ managerId: world.owner.userId, ...PERSON, callingCode: '+84', countryName: 'Việt Nam' })
      .returning({ id: profiles.id }),
  );
  return row.id;
}

/**
 * Room for the owner's cell that creates a managed profile: the profiles made for earlier cells (whose calls have
 * answered) are archived, the world's own kept, so the owner is under the cap of managed profiles (MAX_MANAGED_PROFILES,
 * issue 54) whatever ran before.
 */
async function roomForAProfile(world: World, actor: ActorName): Promise<void> {
  if (actor !== 'owner') return;
  await world.context.database.db
    .update(profiles)
    .set({ archivedAt: world.context.clock.now() })
    .where(and(eq(profiles.managerId, world.owner.userId), ne(profiles.id, world.managedId), isNull(profiles.archivedAt)));
}

/** A profile the world's doctor keeps with the owner's phone (an adult's: the owner may claim it). */
async function keptForOwner(world: World): Promise<string> {
  const row = only(
    await world.context.database.db
      .insert(profiles)
      .values({
        managerId: world.doctor.userId,
        ...PERSON,
        fullName: 'Nguyễn Văn Tư',
        phone: world.owner.phone,
        dateOfBirth: '1980-01-01',
        callingCode: '+84',
        countryName: 'Việt Nam',
      })
      .returning({ id: profiles.id }),
  );
  return row.id;
}

async function freshGroup(world: World, withMember = false): Promise<string> {
  const db = world.context.database.db;
  const row = only(
    await db
      .insert(followGroups)
      .values({ ownerId: world.owner.userId, name: 'Gia đình', type: 'family' })
      .returning({ id: followGroups.id }),
  );
  if (withMember) await db.insert(followGroupMembers).values({ groupId: row.id, profileId: world.managedId });
  return row.id;
}

/** A pending invitation: sent by `senderId` to `addresseeId`, about the sender's own profile. */
async function freshInvitation(world: World, senderId: string, addresseeId: string): Promise<string> {
  const row = only(
    await world.context.database.db
      .insert(invitations)
      .values({
        kind: 'invite',
        senderId,
        profileId: senderId,
        addresseeId,
        addresseeCallingCode: '+84',
        addresseePhone: `09${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
        sections: ['health_info'],
        consentText: CONSENT,
        language: 'vi',
        createdAt: world.context.clock.now(),
      })
      .returning({ id: invitations.id }),
  );
  return row.id;
}

const READING = { measuredAt: '2026-11-21T01:00:00.000Z', systolic: 128, diastolic: 82, heartRate: 74 };

const ASSESSMENT = { examinedOn: '2026-11-20', heightCm: 160, weightKg: 52 };

/**
 * A nutrition assessment of the owner's own, made for one cell: the first through the API, the others as copies of it
 * (the API takes NUTRITION_PER_DAY a day, fewer than the cells).
 */
async function freshAssessment(world: World): Promise<string> {
  const db = world.context.database.db;
  const [first] = await db.select().from(nutritionAssessments).where(eq(nutritionAssessments.profileId, world.owner.userId)).limit(1);
  if (!first) {
    const response = await world.context.app.inject({
      method: 'POST',
      url: `/api/nutrition/${world.owner.userId}`,
      headers: world.owner.auth,
      payload: ASSESSMENT,
    });
    return (response.json() as { data: { id: string } }).data.id;
  }
  const { id: _id, ...copy } = first;
  return only(await db.insert(nutritionAssessments).values(copy).returning({ id: nutritionAssessments.id })).id;
}

const VACCINE_DOSE = { vaccineId: 'influenza', givenOn: '2026-10-01', place: 'Trạm y tế phường', note: '' };

/** A vaccination (decision 043) with the world's doctor, who also gives vaccines. */
function vaccineOrderBody(doctorId: string, checkDay: string, checkHour: string) {
  return { vaccineId: 'hepatitis_b', vaccineDoseId: 'hepatitis_b.1', doctorId, checkDay, checkHour };
}

/** A new vaccine order of the owner's with the world's doctor, made for one cell. */
async function freshVaccineOrder(world: World): Promise<string> {
  const { day, hour } = nextSlot(world.context);
  const headers = { ...world.owner.auth, 'idempotency-key': randomUUID() };
  const response = await send(
    world.context.app,
    'POST',
    `/api/vaccine-order/${world.owner.userId}`,
    headers,
    vaccineOrderBody(world.doctor.userId, day, hour),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A lab order (decision 044) of the owner's at the world's clinic, whose lab staff the world's doctor is. */
function labOrderBody(testDay: string, testTime: string) {
  return { atHome: false, workUnitId: 2, requestTestItems: ['cbc'], testDay, testTime };
}

/** A new lab order of the owner's, made for one cell. */
async function freshLabOrder(world: World): Promise<string> {
  const { day, hour } = nextSlot(world.context);
  const headers = { ...world.owner.auth, 'idempotency-key': randomUUID() };
  const response = await send(world.context.app, 'POST', `/api/diagnostictest/${world.owner.userId}`, headers, labOrderBody(day, hour));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** An X-ray (decision 045) of the owner's at the world's clinic, whose imaging staff the world's doctor is. */
function imagingOrderBody(testDay: string, testTime: string) {
  return { type: 'XRAY', items: ['chest'], workUnitId: 2, testDay, testTime };
}

/** A new imaging order of the owner's, made for one cell. */
async function freshImagingOrder(world: World): Promise<string> {
  const { day, hour } = nextSlot(world.context);
  const headers = { ...world.owner.auth, 'idempotency-key': randomUUID() };
  const response = await send(
    world.context.app,
    'POST',
    `/api/imageanalysation/${world.owner.userId}`,
    headers,
    imagingOrderBody(day, hour),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A dose of the owner's own vaccination history, made for one cell. */
async function freshDose(world: World): Promise<string> {
  const now = world.context.clock.now();
  const row = await world.context.database.db
    .insert(vaccinationHistory)
    .values({ infoId: world.owner.userId, ...VACCINE_DOSE, createdAt: now, updatedAt: now })
    .returning({ id: vaccinationHistory.id });
  return only(row).id;
}

/** A reading of the owner's own, made for one cell. */
async function freshReading(world: World): Promise<string> {
  const row = only(
    await world.context.database.db
      .insert(healthMeasurements)
      .values({
        profileId: world.owner.userId,
        createdBy: world.owner.userId,
        measuredAt: new Date(READING.measuredAt),
        systolic: 128,
        diastolic: 82,
        heartRate: 74,
      })
      .returning({ id: healthMeasurements.id }),
  );
  return row.id;
}

/** A health record of the owner's with a prescription image and a test result, made for one cell (issue 15). */
async function freshRecord(world: World): Promise<{ id: string; fileId: string }> {
  const body = recordBody({ testDayTime: '2026-11-20', doctorName: 'BS. Hoa', reasonForExamination: 'Khám định kỳ' }, [
    { content: tinyPng(), filename: 'toa.png', typeExam: 4 },
    { content: tinyPdf(), filename: 'kq.pdf', typeExam: 1 },
  ]);
  const response = await send(
    world.context.app,
    'POST',
    `/api/order-record-data/${world.owner.userId}`,
    { ...body.headers, ...world.owner.auth },
    body.payload,
  );
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data as { id: string; listResponseDocumentDTO: { documents: { id: string }[] } };
  return { id: data.id, fileId: (data.listResponseDocumentDTO.documents[0] as { id: string }).id };
}

/** A link on the world's booking, made for one cell. */
async function freshLink(world: World): Promise<string> {
  const response = await send(world.context.app, 'POST', `/api/documentLink/${world.orderId}`, world.owner.auth, {
    link: 'https://pacs.benhvien.vn/study/1',
    displayName: 'Phim',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** The id a cell's path names as "me" (the caller's own id; the owner's when anonymous). */
function me(world: World, actor: ActorName): string {
  return actor === 'anonymous' ? world.owner.userId : world.actors[actor].userId;
}

const ROWS: Record<string, Row> = {
  /* accounts: a person's own account; nobody else's, shared or not */
  'accounts.profile': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/user/${w.owner.userId}` }) },
  'accounts.updateProfile': {
    expect: ownerOnly(),
    call: (w) => ({
      method: 'PUT',
      url: `/api/user/${w.owner.userId}`,
      payload: { fullName: 'Phạm Thu Hà', address: '5 Hai Bà Trưng, Hà Nội', gender: 'female', dateOfBirth: '1990-02-03' },
    }),
  },
  'accounts.information': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/user-information/${w.owner.userId}` }) },
  'accounts.changePassword': {
    // The owner's current password is wrong on purpose: the cell shows the object check let them through to it.
    expect: ownerOnly(400),
    call: (w) => ({
      method: 'PUT',
      url: `/api/user-password/${w.owner.userId}`,
      payload: { currentPassword: 'khongphaimatkhau1', newPassword: 'matkhaumoi123', rePassword: 'matkhaumoi123' },
    }),
  },
  // The owner's phone is verified already (409) and the code names no verification of theirs (400): the object check let them through.
  'accounts.sendPhoneCode': { expect: ownerOnly(409), call: (w) => ({ method: 'POST', url: `/api/user-phone-code/${w.owner.userId}` }) },
  'accounts.verifyPhone': {
    expect: ownerOnly(400),
    call: (w) => ({
      method: 'PUT',
      url: `/api/user-phone-verified/${w.owner.userId}`,
      payload: { verificationId: randomUUID(), code: '123456' },
    }),
  },
  'accounts.dashboard': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/dashboard/${w.owner.userId}` }) },
  'accounts.notificationPreferences': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'GET', url: `/api/user-notifications/${w.owner.userId}` }),
  },
  'accounts.updateNotificationPreferences': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'PUT', url: `/api/user-notifications/${w.owner.userId}`, payload: { sms: true, email: true, language: 'vi' } }),
  },
  'accounts.updateLanguage': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'PUT', url: `/api/user-language/${w.owner.userId}`, payload: { language: 'vi' } }),
  },
  'accounts.uploadAvatar': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'POST', url: `/api/user-avatar/${w.owner.userId}`, ...avatarUpload() }),
  },
  'accounts.avatar': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/user-avatar/${w.owner.userId}` }) },
  'accounts.deleteAvatar': { expect: ownerOnly(), call: (w) => ({ method: 'PUT', url: `/api/user-delete-avatar/${w.owner.userId}` }) },

  /* account deletion (issue 53, decision 052): the person's own; a request is cancelled again so the owner stays */
  'accountDeletion.state': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/account-deletion/${w.owner.userId}` }) },
  'accountDeletion.request': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'POST', url: `/api/account-deletion/${w.owner.userId}`, payload: {} }),
  },
  'accountDeletion.cancel': { expect: ownerOnly(), call: (w) => ({ method: 'DELETE', url: `/api/account-deletion/${w.owner.userId}` }) },

  /*
   * two-step login (decision 054): the person's own. Switched on, given new codes, then off again, in this order, so the
   * owner still logs in with the password alone afterwards.
   */
  'twoStep.state': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/two-step/${w.owner.userId}` }) },
  'twoStep.enable': { expect: ownerOnly(), call: (w) => ({ method: 'POST', url: `/api/two-step/${w.owner.userId}` }) },
  'twoStep.newRecoveryCodes': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'POST', url: `/api/two-step/${w.owner.userId}/recovery-codes` }),
  },
  'twoStep.disable': { expect: ownerOnly(), call: (w) => ({ method: 'DELETE', url: `/api/two-step/${w.owner.userId}` }) },

  /* schedules: a doctor's own working times and days off */
  'schedules.updateWorkTime': {
    expect: doctors(),
    call: (w) => ({
      method: 'PUT',
      url: `/api/user-time-doctor/${w.workTimeId}`,
      payload: {
        startsAt: '2027-05-03T11:00:00.000Z',
        endsAt: '2027-05-03T12:30:00.000Z',
        recurrence: { type: 'none' },
        workUnitId: 2,
      },
    }),
  },
  'schedules.deleteWorkTime': {
    expect: doctors(),
    call: async (w) => ({
      method: 'DELETE',
      url: `/api/user-time-doctor/${await insertWorkTime(w.context.database.db, w.doctor.userId, { day: '2027-06-01', start: '18:00', end: '19:00' })}`,
    }),
  },
  'schedules.deleteHoliday': {
    expect: doctors(),
    call: async (w) => {
      const row = only(
        await w.context.database.db
          .insert(doctorHolidays)
          .values({ doctorId: w.doctor.userId, startDate: '2027-07-01', endDate: '2027-07-01' })
          .returning({ id: doctorHolidays.id }),
      );
      return { method: 'DELETE', url: `/api/doctor-holidays/${row.id}` };
    },
  },
  'schedules.month': {
    expect: doctors(),
    call: (w) => ({ method: 'GET', url: `/api/doctor-schedule/${w.doctor.userId}?month=12&year=2026` }),
  },
  'schedules.day': {
    expect: doctors(),
    call: (w) => ({ method: 'GET', url: `/api/doctor-schedule/page/${w.doctor.userId}?month=12&year=2026&day=1` }),
  },

  /* orders: the patient's, and the assigned doctor's */
  'orders.page': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/order/page/${w.owner.userId}` }) },
  'orders.days': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'GET', url: `/api/order/${w.owner.userId}/date-tests?month=12&year=2026` }),
  },
  'orders.detail': { expect: booking(), call: (w) => ({ method: 'GET', url: `/api/order/detail/${w.orderId}` }) },
  'orders.userDetail': { expect: booking(), call: (w, a) => ({ method: 'GET', url: `/api/order/${me(w, a)}/${w.orderId}` }) },
  'orders.calendar': { expect: booking(), call: (w) => ({ method: 'GET', url: `/api/order/ics/${w.orderId}` }) },
  'orders.create': {
    expect: ownerOnly(201),
    call: (w) => newBooking(w, `/api/order/${w.owner.userId}`, (day, hour) => examBody(w.doctor.userId, day, hour)),
  },
  'orders.edit': {
    expect: booking(),
    call: async (w) => movedBooking(w, `/api/order/${await freshOrder(w)}`, (day, hour) => examBody(w.doctor.userId, day, hour)),
  },
  'orders.setNote': {
    expect: booking(),
    call: async (w) => ({
      method: 'PUT',
      url: `/api/order/${await freshOrder(w)}/note`,
      payload: 'Mang theo kết quả xét nghiệm cũ',
      headers: { 'content-type': 'text/plain' },
    }),
  },
  // A party to a booking asking for an action that is the other side's is told so (403 ORDER_NOT_ALLOWED): they know the
  // booking. Anyone else gets 404.
  'orders.verify': {
    expect: booking(403, 200),
    call: async (w, a) => ({ method: 'PATCH', url: `/api/order/verify/${me(w, a)}/${await freshOrder(w)}`, payload: {} }),
  },
  'orders.cancel': {
    expect: booking(),
    call: async (w, a) => ({
      method: 'PATCH',
      url: `/api/order/cancel/${me(w, a)}/${await freshOrder(w)}`,
      payload: { reason: 'Bận việc' },
    }),
  },
  'orders.complete': {
    // The booking is days ahead: the doctor is let through to the rule (409, too early).
    expect: booking(403, 409),
    call: async (w, a) => ({ method: 'PATCH', url: `/api/order/complete/${me(w, a)}/${await freshOrder(w)}` }),
  },
  'orders.remove': {
    // Only the doctor deletes, and only a cancelled booking (decision 020).
    expect: booking(403, 200),
    call: async (w, a) => {
      const id = await freshOrder(w);
      await orderAction(w.context.app, w.owner, 'cancel', id, { reason: 'Đổi ý' });
      return { method: 'DELETE', url: `/api/order/delete/${me(w, a)}/${id}` };
    },
  },

  // The doctor's order for a patient (issue 17, decision 027): only the doctor of the source booking, on their own path.
  'orders.doctorOrder': {
    expect: doctors(201),
    call: async (w, a) => {
      const fromOrderId = await freshOrder(w);
      await orderAction(w.context.app, w.doctor, 'verify', fromOrderId);
      const { day, hour } = nextSlot(w.context);
      return {
        method: 'POST',
        url: `/api/order/doctor/${me(w, a)}`,
        headers: { 'idempotency-key': randomUUID() },
        payload: { fromOrderId, mode: 'direct', checkDay: day, checkHour: hour, reasonForExamination: 'Tái khám' },
      };
    },
  },

  /* reminders */
  'reminders.defaults': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/user-reminders/${w.owner.userId}` }) },
  'reminders.updateDefaults': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'PUT', url: `/api/user-reminders/${w.owner.userId}`, payload: { minutes: [1440] } }),
  },
  'reminders.order': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/order/reminders/${w.orderId}` }) },
  'reminders.updateOrder': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'PUT', url: `/api/order/reminders/${await freshOrder(w)}`, payload: { minutes: [120] } }),
  },

  /* the bell */
  'notifications.list': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/notifications/${w.owner.userId}` }) },
  'notifications.markRead': {
    expect: ownerOnly(),
    call: async (w, a) => {
      const row = only(
        await w.context.database.db
          .insert(userNotifications)
          .values({ userId: w.owner.userId, event: 'notifications:inApp.patient.verified', dedupeKey: randomUUID() })
          .returning({ id: userNotifications.id }),
      );
      return { method: 'PATCH', url: `/api/notifications/${me(w, a)}/${row.id}/read` };
    },
  },
  'notifications.markAllRead': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'PATCH', url: `/api/notifications/${w.owner.userId}/read-all` }),
  },

  /* earlier slot */
  'waitlist.get': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/order/waitlist/${w.orderId}` }) },
  'waitlist.join': {
    expect: ownerOnly(),
    call: async (w) => {
      const id = await freshOrder(w);
      const today = weekdayAfter(w.context.clock.now(), 1);
      return { method: 'PUT', url: `/api/order/waitlist/${id}`, payload: { fromDay: today, toDay: today } };
    },
  },
  'waitlist.leave': { expect: ownerOnly(), call: async (w) => ({ method: 'DELETE', url: `/api/order/waitlist/${await freshOrder(w)}` }) },
  'waitlist.accept': { expect: ownerOnly(), call: (w) => ({ method: 'POST', url: `/api/offers/${w.offerId}/accept` }) },
  'waitlist.decline': {
    // The owner's offer was accepted by the accept row (rows run in table order): a decided offer is a conflict.
    expect: ownerOnly(409),
    call: (w) => ({ method: 'POST', url: `/api/offers/${w.offerId}/decline` }),
  },

  /* relatives, follows, groups */
  'relatives.profiles': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/relatives/${w.owner.userId}` }) },
  'relatives.createProfile': {
    expect: ownerOnly(201),
    call: async (w, actor) => {
      await roomForAProfile(w, actor);
      return { method: 'POST', url: `/api/relative/${w.owner.userId}`, payload: PERSON };
    },
  },
  // A follower whose grant leaves out "health info" gets the person's name and `info: null` (the no-access notice).
  'relatives.person': {
    expect: ownerOnly(200, { watcherWith: 200, watcherWithout: 200 }),
    call: (w) => ({ method: 'GET', url: `/api/relative/${w.owner.userId}` }),
  },
  'relatives.updateProfile': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'PUT', url: `/api/relative/${await freshManaged(w)}`, payload: PERSON }),
  },
  'relatives.deleteProfile': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'DELETE', url: `/api/relative/${await freshManaged(w)}` }),
  },
  'relatives.follows': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/follows/${w.owner.userId}` }) },
  'relatives.changeShare': {
    // The holder changes what a follower sees; the follower cannot widen their own grant.
    expect: ownerOnly(),
    call: async (w) => ({
      method: 'PUT',
      url: `/api/follows/share/${await freshShare(w, w.actors.watcherWith.userId)}`,
      // The fresh profile is a child's (aged 8): the child's agreement is recorded with the change.
      payload: { sections: ['health_info', 'vaccines'], consentText: CONSENT, childAssent: true },
    }),
  },
  'relatives.endShare': {
    // The holder revokes, the follower stops following: both end the grant.
    expect: shared(),
    call: async (w) => ({ method: 'DELETE', url: `/api/follows/share/${await freshShare(w, w.actors.watcherWith.userId)}` }),
  },
  'relatives.invitations': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/invitations/${w.owner.userId}` }) },
  'relatives.invite': {
    expect: ownerOnly(201),
    call: (w) => ({
      method: 'POST',
      url: `/api/invitations/${w.owner.userId}`,
      payload: {
        kind: 'invite',
        phone: `09${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
        sections: ['health_info'],
        consentText: CONSENT,
      },
    }),
  },
  'relatives.answerInvitation': {
    // Addressed to the owner by the stranger: its sender may not answer it.
    expect: ownerOnly(),
    call: async (w) => ({
      method: 'POST',
      url: `/api/invitations/${await freshInvitation(w, w.actors.stranger.userId, w.owner.userId)}/answer`,
      payload: { accept: false, note: 'Cảm ơn, không cần.' },
    }),
  },
  'relatives.cancelInvitation': {
    // Sent by the owner to the stranger: its addressee may not withdraw it.
    expect: ownerOnly(),
    call: async (w) => ({
      method: 'DELETE',
      url: `/api/invitations/${await freshInvitation(w, w.owner.userId, w.actors.stranger.userId)}`,
    }),
  },
  'relatives.groups': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/groups/${w.owner.userId}` }) },
  'relatives.createGroup': {
    expect: ownerOnly(201),
    call: (w) => ({ method: 'POST', url: `/api/groups/${w.owner.userId}`, payload: { name: 'Gia đình', type: 'family' } }),
  },
  'relatives.updateGroup': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'PUT', url: `/api/group/${await freshGroup(w)}`, payload: { name: 'Ông bà', type: 'family' } }),
  },
  'relatives.deleteGroup': { expect: ownerOnly(), call: async (w) => ({ method: 'DELETE', url: `/api/group/${await freshGroup(w)}` }) },
  'relatives.addGroupMember': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'PUT', url: `/api/group/${await freshGroup(w)}/members/${w.managedId}` }),
  },
  'relatives.removeGroupMember': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'DELETE', url: `/api/group/${await freshGroup(w, true)}/members/${w.managedId}` }),
  },
  'relatives.privileges': {
    // Asked by each actor about themself: the owner is the person, a watcher with any grant sees its sections; the
    // doctor of the owner's booking is no watcher.
    expect: ownerOnly(200, { watcherWith: 200, watcherWithout: 200 }),
    call: (w, a) => ({ method: 'GET', url: `/api/privilege-relative/privileges/${w.owner.userId}/${me(w, a)}` }),
  },
  'relatives.accessLog': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/access-log/${w.owner.userId}` }) },
  // A booking's typed-in patient kept as a profile: only its holder (the doctor of that booking is not).
  'relatives.keepPatient': {
    expect: ownerOnly(201),
    call: async (w, actor) => {
      await roomForAProfile(w, actor);
      const { day, hour } = nextSlot(w.context);
      const body = { ...examBody(w.doctor.userId, day, hour), isFamily: true, infomation: { ...PERSON, email: '' } };
      return { method: 'POST', url: `/api/patients/${(await booked(w.context.app, w.owner, body)).id}` };
    },
  },
  /* a profile someone (here the world's doctor) keeps with the owner's phone: only the owner sees, asks a code, claims */
  'relatives.claimableProfiles': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/profile-claims/${w.owner.userId}` }) },
  'relatives.sendClaimCode': {
    expect: ownerOnly(201),
    call: async (w) => ({ method: 'POST', url: `/api/profile-claims/${await keptForOwner(w)}/code` }),
  },
  'relatives.claimProfile': {
    expect: ownerOnly(),
    call: async (w, a) => {
      const id = await keptForOwner(w);
      // The owner's cell claims with a real code; the others name a code of their own, refused before it is looked at.
      if (a !== 'owner')
        return { method: 'POST', url: `/api/profile-claims/${id}/claim`, payload: { verificationId: randomUUID(), code: '123456' } };
      const sent = await w.context.app.inject({ method: 'POST', url: `/api/profile-claims/${id}/code`, headers: w.actors.owner.auth });
      const verificationId = sent.json().data.verificationId as string;
      const code = await latestCode(w.context.app, w.owner.phone);
      return { method: 'POST', url: `/api/profile-claims/${id}/claim`, payload: { verificationId, code } };
    },
  },

  /* clinical work (issue 17): only the assigned doctor writes; the patient, the doctor and a watcher with prescriptions read */
  'clinical.doctorEdit': {
    expect: doctors(),
    call: (w) => ({ method: 'GET', url: `/api/order/get-detail-of-order-for-doctor-edit/${w.orderId}` }),
  },
  'clinical.save': {
    // The booking is days ahead: its doctor is let through to the rule (409 CLINICAL_TOO_EARLY, issue 54 item 4).
    expect: doctors(409),
    call: async (w, a) => {
      await w.context.database.db
        .insert(doctorLicences)
        .values({ userId: w.doctor.userId, licenceNumber: '012345/HCM-CCHN' })
        .onConflictDoNothing();
      return {
        method: 'POST',
        url: `/api/order/${me(w, a)}/${await freshOrder(w)}`,
        payload: { diagnostic: 'Viêm họng cấp', medicalHistory: 'Không', reExamDate: '2027-06-30', advice: 'Uống nhiều nước' },
      };
    },
  },
  'clinical.record': {
    expect: ownerOnly(200, { watcherWith: 200, doctorWithOrder: 200 }),
    call: (w) => ({ method: 'GET', url: `/api/order-clinical/${w.orderId}` }),
  },
  'clinical.licence': { expect: doctors(), call: (w) => ({ method: 'GET', url: `/api/doctor-licence/${w.doctor.userId}` }) },
  'clinical.setLicence': {
    expect: doctors(),
    call: (w) => ({ method: 'PUT', url: `/api/doctor-licence/${w.doctor.userId}`, payload: { licenceNumber: '012345/HCM-CCHN' } }),
  },
  /* the order as a file (issue 17): whoever reads its clinical record — the patient, its doctor, a watcher with prescriptions */
  'orderExport.file': {
    // The world's booking has no result yet: whoever may read it is let through to the rule (409 EXPORT_NO_RESULT, issue 54 item 21).
    expect: ownerOnly(409, { watcherWith: 409, doctorWithOrder: 409 }),
    call: (w) => ({ method: 'GET', url: `/api/order-export/${w.orderId}?format=docx` }),
  },
  /* the export of a person's whole record (issue 53): the person (or the manager) only; a watcher, even granted everything, 404 */
  'recordExports.create': { expect: ownerOnly(201), call: (w) => ({ method: 'POST', url: `/api/record-exports/${w.owner.userId}` }) },
  'recordExports.list': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/record-exports/${w.owner.userId}` }) },
  'recordExports.file': {
    // A failed export: whoever may manage the profile is let through to the rule (409 RECORD_EXPORT_NOT_READY).
    expect: ownerOnly(409),
    call: async (w) => {
      const row = only(
        await w.context.database.db
          .insert(recordExports)
          .values({
            profileId: w.owner.userId,
            requestedBy: w.owner.userId,
            language: 'vi',
            status: 'failed',
            createdAt: w.context.clock.now(),
          })
          .returning({ id: recordExports.id }),
      );
      return { method: 'GET', url: `/api/record-exports/${w.owner.userId}/${row.id}/file` };
    },
  },

  /* health records and documents (issue 15): the person and a watcher with the section read; the person (and an order's doctor) write */
  'records.records': { expect: shared(), call: (w) => ({ method: 'GET', url: `/api/order-record-data/${w.owner.userId}` }) },
  'records.record': {
    expect: shared(),
    call: async (w) => ({ method: 'GET', url: `/api/order-record-data/${w.owner.userId}/${(await freshRecord(w)).id}` }),
  },
  'records.createRecord': {
    expect: ownerOnly(201),
    call: (w) => ({
      method: 'POST',
      url: `/api/order-record-data/${w.owner.userId}`,
      ...recordBody({ testDayTime: '2026-11-20', doctorName: 'BS. Hoa', reasonForExamination: 'Khám' }, [
        { content: tinyPng(), filename: 'a.png', typeExam: 4 },
      ]),
    }),
  },
  'records.updateRecord': {
    expect: ownerOnly(),
    call: async (w) => ({
      method: 'PUT',
      url: `/api/order-record-data/${w.owner.userId}/${(await freshRecord(w)).id}`,
      ...recordBody({ testDayTime: '2026-11-21', doctorName: 'BS. Minh', reasonForExamination: 'Tái khám' }, []),
    }),
  },
  'records.deleteRecord': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'DELETE', url: `/api/order-record-data/${w.owner.userId}/${(await freshRecord(w)).id}` }),
  },
  'records.document': {
    expect: shared(),
    call: async (w) => ({ method: 'GET', url: `/api/document/${(await freshRecord(w)).fileId}` }),
  },
  'records.deleteDocument': {
    expect: ownerOnly(),
    call: async (w) => {
      const record = await freshRecord(w);
      return { method: 'DELETE', url: `/api/document/${record.id}/${record.fileId}` };
    },
  },
  'records.storageUsage': { expect: ownerOnly(), call: (w) => ({ method: 'GET', url: `/api/storage-usage/${w.owner.userId}` }) },
  'records.orderDocuments': {
    expect: ownerOnly(200, { watcherWith: 200, doctorWithOrder: 200 }),
    call: (w) => ({ method: 'GET', url: `/api/documents/${w.orderId}` }),
  },
  'records.uploadOrderDocuments': {
    expect: booking(201),
    call: (w) => ({
      method: 'POST',
      url: `/api/document/${w.orderId}`,
      ...multipartBody([
        { name: 'typeExams', value: '1' },
        { name: 'files', file: { content: tinyPdf(), filename: 'kq.pdf' } },
      ]),
    }),
  },
  'records.createDocumentLink': {
    expect: booking(201),
    call: (w) => ({
      method: 'POST',
      url: `/api/documentLink/${w.orderId}`,
      payload: { link: 'https://x.benhvien.vn/a', displayName: 'A' },
    }),
  },
  'records.deleteDocumentLink': {
    // The owner's link: theirs to remove, not the booking's doctor's (issue 54).
    expect: ownerOnly(),
    call: async (w) => ({ method: 'DELETE', url: `/api/documentLink/${await freshLink(w)}` }),
  },
  'records.history': {
    expect: shared(),
    call: (w) => ({ method: 'GET', url: `/api/history-examination-information_new/${w.owner.userId}` }),
  },
  'records.historyDetail': {
    expect: shared(),
    call: async (w) => ({ method: 'GET', url: `/api/history-examination/${(await freshRecord(w)).id}` }),
  },
  'records.examInfoPrescription': {
    expect: shared(),
    call: async (w) => ({ method: 'GET', url: `/api/exam-info-prescription/${(await freshRecord(w)).id}` }),
  },
  'records.diseaseInfo': {
    expect: shared(),
    call: async (w) => ({ method: 'GET', url: `/api/disease-info/${(await freshRecord(w)).id}` }),
  },
  'records.resultsInRange': {
    expect: shared(),
    call: (w) => ({ method: 'GET', url: `/api/examination-result-in-time-range/${w.owner.userId}?from=2026-11-01&to=2026-11-22` }),
  },

  /* health monitoring (issue 16): the person and a watcher with "health info" read; only the person writes */
  'monitoring.list': { expect: shared(), call: (w) => ({ method: 'GET', url: `/api/health-measurement/${w.owner.userId}` }) },
  'monitoring.analysis': {
    expect: shared(),
    call: (w) => ({ method: 'GET', url: `/api/health-measurement/${w.owner.userId}/analysis?from=2026-11-01&to=2026-11-22` }),
  },
  'monitoring.create': {
    expect: ownerOnly(201),
    call: (w) => ({ method: 'POST', url: `/api/health-measurement/${w.owner.userId}`, payload: READING }),
  },
  'monitoring.update': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'PUT', url: `/api/health-measurement/${w.owner.userId}/${await freshReading(w)}`, payload: READING }),
  },
  'monitoring.remove': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'DELETE', url: `/api/health-measurement/${w.owner.userId}/${await freshReading(w)}` }),
  },

  /* nutrition history (issue 52): as monitoring — the person and a watcher with "health info" read; only the person writes */
  'nutrition.list': { expect: shared(), call: (w) => ({ method: 'GET', url: `/api/nutrition/${w.owner.userId}` }) },
  'nutrition.get': {
    expect: shared(),
    call: async (w) => ({ method: 'GET', url: `/api/nutrition/${w.owner.userId}/${await freshAssessment(w)}` }),
  },
  'nutrition.create': {
    expect: ownerOnly(201),
    call: (w) => ({ method: 'POST', url: `/api/nutrition/${w.owner.userId}`, payload: ASSESSMENT }),
  },
  'nutrition.update': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'PUT', url: `/api/nutrition/${w.owner.userId}/${await freshAssessment(w)}`, payload: ASSESSMENT }),
  },
  'nutrition.remove': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'DELETE', url: `/api/nutrition/${w.owner.userId}/${await freshAssessment(w)}` }),
  },

  /* vaccinations (issue 50): the person and a watcher with "vaccines" read; only the person (or manager) writes */
  'vaccineOrders.create': {
    expect: ownerOnly(201),
    call: (w) => newBooking(w, `/api/vaccine-order/${w.owner.userId}`, (day, hour) => vaccineOrderBody(w.doctor.userId, day, hour)),
  },
  /* lab tests (issue 51, decision 044): booked by the person (or manager) only, at the world's clinic */
  'labOrders.create': {
    expect: ownerOnly(201),
    call: (w) => newBooking(w, `/api/diagnostictest/${w.owner.userId}`, labOrderBody),
  },
  'labOrders.edit': {
    expect: booking(),
    call: async (w) => movedBooking(w, `/api/diagnostictestedit/${await freshLabOrder(w)}`, labOrderBody),
  },
  /* imaging (issue 51, decision 045): booked by the person (or manager) only, at the world's clinic */
  'imagingOrders.create': {
    expect: ownerOnly(201),
    call: (w) => newBooking(w, `/api/imageanalysation/${w.owner.userId}`, imagingOrderBody),
  },
  'imagingOrders.edit': {
    expect: booking(),
    call: async (w) => movedBooking(w, `/api/imageanalysationedit/${await freshImagingOrder(w)}`, imagingOrderBody),
  },
  /* lab and imaging results (decision 046): its staff write; its patient, its staff and a watcher with the section read */
  'orderResults.labResults': {
    expect: ownerOnly(200, { watcherWith: 200, doctorWithOrder: 200 }),
    call: async (w) => ({ method: 'GET', url: `/api/diagnostictest/results/${await freshLabOrder(w)}` }),
  },
  // A lab order is no imaging order: read as one it is none, whoever asks (the watcher with "imaging" passes the gate).
  'orderResults.imagingResults': {
    expect: ownerOnly(404),
    call: async (w) => ({ method: 'GET', url: `/api/imageanalysation/results/${await freshLabOrder(w)}` }),
  },
  // Only its staff reach the step; a booked order in days is not yet theirs to mark (409), which shows the gate let them in.
  'orderResults.performed': {
    expect: doctors(409),
    call: async (w) => ({ method: 'PUT', url: `/api/order-results/${await freshLabOrder(w)}/performed`, payload: {} }),
  },
  'orderResults.conclusion': {
    expect: doctors(409),
    call: async (w) => ({
      method: 'PUT',
      url: `/api/order-results/${await freshLabOrder(w)}/conclusion`,
      payload: { conclusion: 'HbA1c 5,4 %: bình thường' },
    }),
  },
  'vaccineOrders.edit': {
    expect: booking(),
    call: async (w) =>
      movedBooking(w, `/api/vaccine-order/${await freshVaccineOrder(w)}`, (day, hour) => vaccineOrderBody(w.doctor.userId, day, hour)),
  },
  'vaccines.record': { expect: shared(), call: (w) => ({ method: 'GET', url: `/api/vaccines/${w.owner.userId}` }) },
  'vaccines.addDose': {
    expect: ownerOnly(201),
    call: (w) => ({ method: 'POST', url: `/api/vaccine-history/${w.owner.userId}`, payload: VACCINE_DOSE }),
  },
  'vaccines.updateDose': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'PUT', url: `/api/vaccine-history/${w.owner.userId}/${await freshDose(w)}`, payload: VACCINE_DOSE }),
  },
  'vaccines.removeDose': {
    expect: ownerOnly(),
    call: async (w) => ({ method: 'DELETE', url: `/api/vaccine-history/${w.owner.userId}/${await freshDose(w)}` }),
  },
  'vaccines.reminders': {
    expect: ownerOnly(),
    call: (w) => ({ method: 'PUT', url: `/api/vaccine-reminders/${w.owner.userId}`, payload: { enabled: true } }),
  },
};

/** Entries whose path names something (a person, profile, order, offer, grant, group, work time, file…). */
function objectEndpoints(): Endpoint[] {
  return allEndpoints().filter((entry) => /:\w/.test(entry.path));
}

async function buildWorld(context: TestContext): Promise<World> {
  const db = context.database.db;
  // The world's doctor also gives vaccines (a vaccine order's cells book with them, decision 043) and is the lab staff
  // and imaging staff of their clinic (a lab or imaging order's cells are assigned to them, decisions 044 and 045).
  const doctor = await createDoctor(context, { specialtyIds: [1, VACCINATION_SPECIALTY_ID, LAB_SPECIALTY_ID, IMAGING_SPECIALTY_ID] });
  await insertWorkTime(db, doctor.userId, { day: '2026-11-23', start: '08:00', end: '11:30', recurrence: WEEKDAYS, workUnitId: 2 });
  const doctorWithout = await createDoctor(context, { specialtyIds: [1], fullName: 'Trần Thị Hoa' });
  const owner = await createPatient(context);
  // The owner's session is proved (decision 051): the owner's cells of a step-up entry reach the handler.
  await proveSession(context.app, owner, owner.phone);
  const [watcherWith, watcherWithout, watcherRevoked, stranger, filler] = [
    await createPatient(context),
    await createPatient(context),
    await createPatient(context),
    await createPatient(context),
    await createPatient(context),
  ];
  const now = context.clock.now();
  const world: World = {
    context,
    owner,
    actors: { owner, watcherWith, watcherWithout, watcherRevoked, stranger, doctorWithOrder: doctor, doctorWithout },
    doctor,
    orderId: '',
    managedId: '',
    workTimeId: await insertWorkTime(db, doctor.userId, { day: '2027-05-03', start: '18:00', end: '19:00' }),
    offerId: '',
  };

  // The owner's booking in three weekdays, waiting for anything earlier; a filler's earlier booking, then cancelled,
  // frees a time that is offered to the owner.
  const day1 = weekdayAfter(now, 1);
  const day3 = weekdayAfter(now, 3);
  const early = await booked(context.app, filler, examBody(doctor.userId, day1, '08:00'));
  world.orderId = (await booked(context.app, owner, examBody(doctor.userId, day3, '08:00'))).id;
  const join = await send(context.app, 'PUT', `/api/order/waitlist/${world.orderId}`, owner.auth, { fromDay: day1, toDay: day3 });
  expect(join.statusCode, join.body).toBe(200);
  expect((await orderAction(context.app, filler, 'cancel', early.id, { reason: 'Bận' })).statusCode).toBe(200);
  const offer = only(await db.select({ id: slotOffers.id }).from(slotOffers).where(eq(slotOffers.userId, owner.userId)));
  world.offerId = offer.id;

  world.managedId = await freshManaged(world);
  for (const profileId of [owner.userId, world.managedId]) {
    const grant = { profileId, grantedBy: owner.userId, grantedAt: now, changedAt: now };
    await db.insert(shares).values({ ...grant, watcherId: watcherWith.userId, sections: ['all'] });
    await db.insert(shares).values({ ...grant, watcherId: watcherWithout.userId, sections: ['imaging'] });
    await db.insert(shares).values({ ...grant, watcherId: watcherRevoked.userId, sections: ['all'], endedAt: now, endedBy: owner.userId });
  }
  return world;
}

describe('the authorisation matrix covers the endpoint table', () => {
  it('has a row for every endpoint whose path names an object, unless its declared access is open (with a reason)', () => {
    const missing = objectEndpoints()
      .filter((entry) => !(`${entry.domain}.${entry.name}` in ROWS) && !openReason(entry))
      .map((entry) => `${entry.domain}.${entry.name}`);
    expect(missing, 'endpoints without a row in the authorisation matrix').toEqual([]);
  });

  it('has no row for an entry that is not in the table, nor for one whose declared access is open', () => {
    const known = new Map(allEndpoints().map((entry) => [`${entry.domain}.${entry.name}`, entry]));
    expect(Object.keys(ROWS).filter((key) => !known.has(key) || openReason(known.get(key) as Endpoint))).toEqual([]);
  });
});

describeOnEachDatabase((context) => {
  it(
    `answers each actor as the matrix says (${Object.keys(ROWS).length} endpoints × ${ACTORS.length} actors)`,
    { timeout: 240_000 },
    async () => {
      const world = await buildWorld(context());
      const { app } = context();
      const wrong: string[] = [];
      for (const [key, row] of Object.entries(ROWS)) {
        for (const actor of ACTORS) {
          const call = await row.call(world, actor);
          const auth = actor === 'anonymous' ? {} : world.actors[actor].auth;
          const response = await app.inject({
            method: call.method,
            url: call.url,
            headers: { ...auth, ...call.headers },
            ...(call.payload === undefined ? {} : { payload: call.payload }),
          });
          if (response.statusCode !== row.expect[actor])
            wrong.push(`${key} ${actor}: ${response.statusCode} (expected ${row.expect[actor]})`);
        }
      }
      // An entry marked `stepUp` (decision 051) refuses the owner's session that verified no code: 403 where the matrix
      // lets the owner through (every other cell above answered before the step-up check, without a proof).
      const endpointsByKey = new Map(allEndpoints().map((entry) => [`${entry.domain}.${entry.name}`, entry]));
      const unproved = await logIn(app, world.owner.phone, world.owner.password);
      for (const [key, row] of Object.entries(ROWS)) {
        if (!endpointsByKey.get(key)?.stepUp) continue;
        const call = await row.call(world, 'owner');
        const response = await app.inject({
          method: call.method,
          url: call.url,
          headers: { ...unproved.auth, ...call.headers },
          ...(call.payload === undefined ? {} : { payload: call.payload }),
        });
        if (response.statusCode !== 403 || response.json().code !== 'STEP_UP_REQUIRED')
          wrong.push(`${key} owner without a step-up proof: ${response.statusCode} (expected 403 STEP_UP_REQUIRED)`);
      }
      expect(wrong).toEqual([]);
    },
  );
});
