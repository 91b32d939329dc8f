import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { allEndpoints, ApiErrorSchema, IDEMPOTENCY_HEADER, okEnvelopeSchema, type Endpoint } from '@rhc/contracts';
import { IMAGING_SPECIALTY_ID, LAB_SPECIALTY_ID, VACCINATION_SPECIALTY_ID } from '@rhc/domain';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { doctorProfiles, doctorSpecialties } from '../../src/db/schema/index.ts';
import { createSessionService } from '../../src/modules/accounts/sessions.service.ts';
import { logIn, proveSession, sendSmsCode, signUp, uniquePerson } from '../accounts-helpers.ts';
import { dayAfter, mutatedArbitrary, toJsonSchema, validArbitrary, type Hints, type JsonSchema } from './zod-arbitrary.ts';

/*
 * The fuzz run of the endpoint table (R11): for every entry, requests built from its zod schemas (valid, or broken in
 * one place), sent through `app.inject()` with a real patient's or verified doctor's session (some without), and every
 * answer checked against the wire contract: never a 5xx, every error in the `{ status, code, message, details? }`
 * envelope with a documented code, every success valid against the entry's response schema. Used by the suite
 * (test/fuzz/endpoints.fuzz.test.ts) and by the longer bench run (bench/endpoint-fuzz.ts). No vitest here.
 */

export const DEFAULT_FUZZ_SEED = 20261122;

/** Codes that have a message of their own in errors.json (the error handler falls back to INTERNAL_ERROR's text). */
export function documentedErrorCodes(): Set<string> {
  const file = new URL('../../../../packages/i18n/locales/en/errors.json', import.meta.url);
  const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  return new Set(
    Object.entries(messages)
      .filter(([, message]) => typeof message === 'string')
      .map(([code]) => code),
  );
}

type Role = 'patient' | 'doctor' | 'none';

/** What the run needs of an app built like `describeOnEachDatabase` builds it. */
export interface FuzzContext {
  app: FastifyInstance;
  database: Database;
  clock: { now(): Date };
}

const DOCTOR_EXTRAS = {
  degree: 'specialist_1',
  specialtyNames: ['Nội tổng quát'],
  bankName: 'Vietcombank',
  bankAccount: '0071000999888',
  workPlace: 'Bệnh viện Chợ Rẫy',
};

interface Session {
  userId: string;
  phone: string;
  password: string;
  authorization: string;
}

export interface FuzzWorld {
  context: FuzzContext;
  sessions: Record<Exclude<Role, 'none'>, Session>;
  ids: {
    users: string[];
    doctors: string[];
    orders: string[];
    workTimes: string[];
    holidays: string[];
    verifications: string[];
    secureCodes: string[];
  };
  phones: string[];
  emails: string[];
}

async function json(response: LightMyRequestResponse, what: string, status: number) {
  if (response.statusCode !== status) throw new Error(`fuzz setup: ${what} answered ${response.statusCode}: ${response.body}`);
  return response.json().data as Record<string, unknown>;
}

/**
 * The people and things the requests name: a patient and a verified doctor (the sessions), another patient and another
 * doctor (other people's ids), an account to aim logins at (so the sessions never get locked out), working times,
 * days off, bookings both ways and verification ids.
 */
export async function createWorld(context: FuzzContext): Promise<FuzzWorld> {
  const { app } = context;
  const today = context.clock.now();
  const person = async (overrides: Record<string, unknown> = {}) => {
    const signed = await signUp(app, overrides);
    return { ...signed, ...(await logIn(app, signed.phone, signed.password)) };
  };
  // A doctor signs up through the API; verifying and giving a specialty is an operator's job, done in the database
  // (as test/booking-helpers.ts does, which the bench cannot import: it reaches vitest's types).
  const verifiedDoctor = async (fullName: string) => {
    const signed = await signUp(app, { jobId: 1, fullName, doctor: DOCTOR_EXTRAS });
    await context.database.db.update(doctorProfiles).set({ verifiedAt: today }).where(eq(doctorProfiles.userId, signed.userId));
    // Internal medicine, vaccinations (decision 043), the lab (decision 044) and imaging (decision 045): a fuzzed
    // vaccine, lab or imaging order can then be booked (the lab's and imaging's with the first of them at the clinic).
    await context.database.db.insert(doctorSpecialties).values([
      { doctorId: signed.userId, specialtyId: 1 },
      { doctorId: signed.userId, specialtyId: VACCINATION_SPECIALTY_ID },
      { doctorId: signed.userId, specialtyId: LAB_SPECIALTY_ID },
      { doctorId: signed.userId, specialtyId: IMAGING_SPECIALTY_ID },
    ]);
    return { ...signed, ...(await logIn(app, signed.phone, signed.password)) };
  };
  const patient = await person();
  const otherPatient = await person();
  const doctor = await verifiedDoctor('Lê Văn Minh');
  // Both sessions proved (decision 051), so the fuzzed requests of a step-up entry reach its handler.
  await proveSession(app, patient, patient.phone);
  await proveSession(app, doctor, doctor.phone);
  const otherDoctor = await verifiedDoctor('Trần Thị Lan');
  const loginTarget = await signUp(app);

  const workTimes: string[] = [];
  for (const who of [doctor, otherDoctor])
    for (const [url, hours, extra] of [
      ['/api/user-time-doctor', [1, 5], { workUnitId: 1 }],
      ['/api/user-time-doctor-online', [6, 10], {}],
    ] as const) {
      // 08:00–12:00 and 13:00–17:00 in Vietnam (UTC+7), every day for two months from tomorrow.
      const at = (hour: number) => `${dayAfter(today, 1)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
      const payload = {
        startsAt: at(hours[0]),
        endsAt: at(hours[1]),
        recurrence: { type: 'day', interval: 1, until: dayAfter(today, 60) },
        ...extra,
      };
      const response = await app.inject({ method: 'POST', url, headers: who.auth, payload });
      workTimes.push((await json(response, 'a working time', 201)).id as string);
    }
  const holidays: string[] = [];
  for (const who of [doctor, otherDoctor]) {
    const start = dayAfter(today, 40);
    const response = await app.inject({
      method: 'POST',
      url: '/api/doctor-holidays',
      headers: who.auth,
      payload: { startDate: start, endDate: start },
    });
    holidays.push((await json(response, 'a day off', 201)).id as string);
  }
  const examTypes = (await json(
    await app.inject({ method: 'GET', url: '/api/exam-types?mode=direct', headers: patient.auth }),
    'exam types',
    200,
  )) as unknown as {
    id: number;
  }[];
  const orders: string[] = [];
  const secureCodes: string[] = [];
  let hour = 8;
  for (const [who, withDoctor] of [
    [patient, doctor],
    [otherPatient, doctor],
    [patient, otherDoctor],
    [otherPatient, otherDoctor],
  ] as const) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/order/${who.userId}`,
      headers: { ...who.auth, [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: {
        mode: 'direct',
        specialtyId: 1,
        examTypeId: examTypes[0]?.id ?? 1,
        doctorId: withDoctor.userId,
        checkDay: dayAfter(today, 2),
        checkHour: `${String(hour).padStart(2, '0')}:00`,
        reasonForExamination: 'Đau đầu kéo dài',
      },
    });
    hour += 1;
    const order = await json(response, 'a booking', 201);
    orders.push(order.id as string);
    secureCodes.push(order.secureCode as string);
  }
  const verifications: string[] = [];
  for (let i = 0; i < 3; i += 1) verifications.push((await sendSmsCode(app, uniquePerson().phone)).verificationId);

  const session = (who: Awaited<ReturnType<typeof person>>): Session => ({
    userId: who.userId,
    phone: who.phone,
    password: who.password,
    authorization: who.auth.authorization,
  });
  return {
    context,
    sessions: { patient: session(patient), doctor: session(doctor) },
    ids: {
      users: [patient.userId, otherPatient.userId, doctor.userId, otherDoctor.userId, loginTarget.userId],
      doctors: [doctor.userId, otherDoctor.userId, patient.userId],
      orders,
      workTimes,
      holidays,
      verifications,
      secureCodes,
    },
    // Logins and codes aim at these; never at the sessions' own phones, which a lockout would end.
    phones: [loginTarget.phone, otherPatient.phone, uniquePerson().phone],
    emails: [loginTarget.email, patient.email, otherPatient.email, doctor.email],
  };
}

/* ---------- requests ---------- */

export interface FuzzRequest {
  role: Role;
  method: Endpoint['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, or "valid". */
  mutation: string;
  remoteAddress: string;
}

function idsForPath(world: FuzzWorld, path: string): string[] {
  if (path.startsWith('/user-time-doctor')) return world.ids.workTimes;
  if (path.startsWith('/doctor-holidays')) return world.ids.holidays;
  if (path.startsWith('/order')) return world.ids.orders;
  if (path.startsWith('/doctor-schedule')) return world.ids.doctors;
  return world.ids.users;
}

function hintsFor(world: FuzzWorld, endpoint: Endpoint, role: Role): Hints {
  const today = world.context.clock.now();
  const self = role === 'none' ? world.sessions.patient : world.sessions[role];
  const own = (pool: string[]) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(self.userId) },
      { weight: 2, arbitrary: fc.constantFrom(...pool) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  const pick = (pool: string[]) => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.uuid() });
  const day = (from: number, to: number) => fc.integer({ min: from, max: to }).map((n) => dayAfter(today, n));
  const instant = fc
    .tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30))
    .map(([days, hours, minutes]) =>
      new Date(Date.parse(`${dayAfter(today, days)}T00:00:00Z`) + (hours * 60 + minutes) * 60_000).toISOString(),
    );
  const idPool = idsForPath(world, endpoint.path);
  const phone = fc.oneof(
    fc.constantFrom(...world.phones),
    fc.stringMatching(/^0[35789]\d{8}$/),
    fc.stringMatching(/^\+84[35789]\d{8}$/),
    fc.stringMatching(/^84 9\d \d{3} \d{4}$/),
  );
  return {
    userId: idPool === world.ids.users ? own(world.ids.users) : pick(idPool),
    id: idPool === world.ids.users ? own(world.ids.users) : pick(idPool),
    orderId: pick(world.ids.orders),
    doctorId: pick(world.ids.doctors),
    verificationId: pick(world.ids.verifications),
    code: endpoint.path.includes('track') ? pick(world.ids.secureCodes) : fc.stringMatching(/^\d{6}$/),
    phone,
    momoPhone: phone,
    email: fc.oneof(fc.constantFrom(...world.emails), fc.emailAddress()),
    to: fc.constantFrom(...world.phones, ...world.emails),
    password: fc.constantFrom('matkhau123', 'sai-mat-khau-1'),
    currentPassword: fc.constantFrom(self.password, 'sai-mat-khau-1'),
    newPassword: fc.constantFrom('matkhau123', 'matkhau456'),
    rePassword: fc.constantFrom('matkhau123', 'matkhau456'),
    fullName: fc.constantFrom('Nguyễn Văn An', 'Trần Thị Bích', "O'Neil Đỗ"),
    address: fc.constantFrom('12 Nguyễn Huệ, Quận 1', 'Hà Nội'),
    dateOfBirth: day(-30_000, -1),
    checkDay: day(1, 10),
    checkHour: fc.constantFrom('08:00', '08:30', '09:00', '10:00', '11:30', '13:00', '14:00', '16:30'),
    startsAt: instant,
    endsAt: instant,
    until: day(0, 90),
    startDate: day(0, 30),
    endDate: day(0, 40),
    month: fc.constantFrom(11, 12, 1),
    year: fc.constantFrom(2026, 2027),
    day: fc.integer({ min: 20, max: 31 }),
    specialtyId: fc.integer({ min: 1, max: 4 }),
    examTypeId: fc.integer({ min: 1, max: 6 }),
    workUnitId: fc.integer({ min: 1, max: 4 }),
    reasonForExamination: fc.constantFrom('Đau đầu', 'Khám định kỳ'),
    // Vaccine orders (decision 043): doses of the vaccine and of another one, in and out of each schedule.
    vaccineId: fc.constantFrom('hepatitis_b', 'dtp_hepb_hib', 'influenza'),
    vaccineDoseId: fc.constantFrom('hepatitis_b.1', 'hepatitis_b.2', 'dtp_hepb_hib.2', 'influenza.1'),
    // Lab and imaging orders (decisions 044, 045): days and times in and out of the windows and slots (07:00 starts a
    // slot of every imaging modality, 08:00 of all but the MRI, 07:30 only an X-ray's), areas visited and not.
    testDay: day(-1, 10),
    testTime: fc.constantFrom('06:00', '07:00', '07:30', '08:00', '11:00', '13:45', '14:00'),
    district: fc.constantFrom('hcm-q5', 'hn-dong-da', 'hcm-q9', 'Q5'),
    orderAdress: fc.constantFrom('12 Trần Hưng Đạo, Quận 5', ''),
    orderPhone: phone,
    meetingLink: fc.constantFrom('https://meet.example.vn/abc-def', 'http://video.test/x'),
  };
}

function toPathSegment(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // A lone surrogate cannot be percent-encoded: it goes as U+FFFD, as a browser would send it.
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

function fillPath(path: string, params: unknown): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return `/api${path.replace(/:(\w+)/g, (_, name: string) => toPathSegment(values[name]))}`;
}

function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (!query || typeof query !== 'object' || Array.isArray(query)) return `?${encodeURIComponent(JSON.stringify(query))}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      search.append(key, typeof item === 'string' ? item : typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The avatar upload, fuzzed lightly: small files of several kinds, wrong field names, no boundary, no body, JSON. */
function multipartArbitrary(): fc.Arbitrary<{ headers: Record<string, string>; payload?: Buffer; mutation: string }> {
  const part = (boundary: string, field: string, filename: string, type: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n`),
    ]);
  const file = fc.oneof(
    fc.constant({ name: 'a.png', type: 'image/png', content: PNG_1X1, what: 'a PNG' }),
    fc
      .uint8Array({ maxLength: 256 })
      .map((bytes) => ({ name: 'a.png', type: 'image/png', content: Buffer.from(bytes), what: 'random bytes named PNG' })),
    fc.constant({ name: 'a.jpg', type: 'image/jpeg', content: Buffer.from('ffd8ffe000104a464946', 'hex'), what: 'a truncated JPEG' }),
    fc.constant({ name: 'a.txt', type: 'text/plain', content: Buffer.from('hello'), what: 'a text file' }),
    fc.constant({ name: '../../x\u0000.png', type: 'image/png', content: PNG_1X1, what: 'a PNG with a nasty file name' }),
  );
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  return fc.oneof(
    fc.tuple(file, fc.constantFrom('file', 'avatar', '')).map(([f, field]) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([part(boundary, field, f.name, f.type, f.content), Buffer.from(`--${boundary}--\r\n`)]),
      mutation: `multipart: ${f.what} in field ${JSON.stringify(field)}`,
    })),
    fc.tuple(file, file).map(([a, b]) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        part(boundary, 'file', a.name, a.type, a.content),
        part(boundary, 'file', b.name, b.type, b.content),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
      mutation: `multipart: two files (${a.what}, ${b.what})`,
    })),
    file.map((f) => ({
      headers: { 'content-type': 'multipart/form-data' },
      payload: Buffer.concat([part(boundary, 'file', f.name, f.type, f.content), Buffer.from(`--${boundary}--\r\n`)]),
      mutation: 'multipart: no boundary',
    })),
    file.map((f) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: part(boundary, 'file', f.name, f.type, f.content),
      mutation: 'multipart: no closing boundary',
    })),
    fc.constant({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.alloc(0),
      mutation: 'multipart: empty body',
    }),
    fc.constant({
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from('{"file":"x"}'),
      mutation: 'multipart: JSON instead',
    }),
    fc.constant({ headers: {}, payload: undefined, mutation: 'multipart: no body at all' }),
  );
}

const GARBAGE_BODIES = ['{"a":', '', 'null', '[]', '"text"', '42', '{"__proto__":{"polluted":true}}', '\u0000', '{'.repeat(2000)];

type Part = 'params' | 'query' | 'body';
type BodyShape =
  | null
  | string
  | { headers: Record<string, string>; payload?: Buffer; mutation: string }
  | { body?: { value: unknown; mutation: string }; raw?: string; contentType?: string };

const schemaCache = new WeakMap<object, JsonSchema>();
function jsonSchemaOf(schema: NonNullable<Endpoint['body']>): JsonSchema {
  let cached = schemaCache.get(schema);
  if (!cached) {
    cached = toJsonSchema(schema);
    schemaCache.set(schema, cached);
  }
  return cached;
}

function requestForRole(world: FuzzWorld, endpoint: Endpoint, role: Role): fc.Arbitrary<FuzzRequest> {
  const hints = hintsFor(world, endpoint, role);
  const otherIds = [...world.ids.users, ...world.ids.orders, ...world.ids.workTimes, ...world.ids.holidays];
  const parts = (['params', 'query', 'body'] as const).filter(
    (part) => endpoint[part] && !(part === 'body' && endpoint.consumes === 'multipart/form-data'),
  );
  const schemaOf = (part: Part) => {
    const schema = endpoint[part];
    if (!schema) throw new Error(`${endpoint.name} has no ${part}`);
    return jsonSchemaOf(schema);
  };
  // Built once per entry and role (patterns are compiled here), then drawn from.
  const valid = Object.fromEntries(
    parts.map((part) => [part, validArbitrary(schemaOf(part), hints).map((value) => ({ value, mutation: '' }))]),
  ) as Partial<Record<Part, fc.Arbitrary<{ value: unknown; mutation: string }>>>;
  const broken = Object.fromEntries(
    parts.map((part) => [
      part,
      mutatedArbitrary(schemaOf(part), hints, otherIds).map(({ value, mutation }) => ({ value, mutation: `${part}: ${mutation}` })),
    ]),
  ) as Partial<Record<Part, fc.Arbitrary<{ value: unknown; mutation: string }>>>;
  const mutatedPart = parts.length
    ? fc.oneof({ weight: 1, arbitrary: fc.constant<Part | null>(null) }, { weight: 2, arbitrary: fc.constantFrom<Part | null>(...parts) })
    : fc.constant(null);
  const nothing = fc.constant({ value: undefined as unknown, mutation: '' });

  return mutatedPart.chain((target) => {
    const generated = (part: Part) => (part === target ? broken[part] : valid[part]) ?? nothing;
    const bodyShape: fc.Arbitrary<BodyShape> =
      endpoint.consumes === 'multipart/form-data'
        ? multipartArbitrary()
        : endpoint.body
          ? fc.oneof(
              { weight: 12, arbitrary: generated('body').map((body): BodyShape => ({ body })) },
              { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_BODIES).map((raw): BodyShape => ({ raw })) },
              {
                weight: 1,
                arbitrary: fc

                  .tuple(
                    generated('body'),
                    fc.constantFrom<string | undefined>(
                      'text/plain',
                      'application/json',
                      'application/x-www-form-urlencoded',
                      'application/xml',
                    ),
                  )
                  .map(([body, contentType]): BodyShape => ({ body, contentType })),
              },
            )
          : fc.oneof(
              { weight: 8, arbitrary: fc.constant(null) },
              { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_BODIES.slice(5), '{"unexpected":1}') },
            );
    return fc
      .record({
        params: generated('params'),
        query: generated('query'),
        body: bodyShape,
        language: fc.constantFrom(undefined, 'vi', 'en', 'zh', 'xx;q=nan'),
        // A booking is retried safely with its key (R2): a fresh one mostly, sometimes none or a broken one.
        remoteAddress: fc.integer({ min: 1, max: 254 }).map((n) => `198.51.100.${n}`),
        idempotencyKey: fc.oneof(
          { weight: 6, arbitrary: fc.uuid() },
          { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'x'.repeat(300), 'a\u0000b') },
        ),
      })
      .map(({ params, query, body, language, idempotencyKey, remoteAddress }): FuzzRequest => {
        const headers: Record<string, string> = {};
        if (language) headers['accept-language'] = language;
        if (endpoint.method === 'POST' && endpoint.domain === 'orders' && idempotencyKey !== undefined)
          headers[IDEMPOTENCY_HEADER] = idempotencyKey;
        let payload: string | Buffer | undefined;
        const mutations = [params.mutation, query.mutation];
        if (body && typeof body === 'object' && 'headers' in body) {
          Object.assign(headers, body.headers);
          payload = body.payload;
          mutations.push(body.mutation);
        } else if (typeof body === 'string') {
          headers['content-type'] = 'application/json';
          payload = body;
          mutations.push(`unexpected body ${JSON.stringify(body).slice(0, 40)}`);
        } else if (body) {
          const textBody = endpoint.consumes === 'text/plain';
          if (body.raw !== undefined) {
            headers['content-type'] = textBody ? 'text/plain' : 'application/json';
            payload = body.raw;
            mutations.push(`raw body ${JSON.stringify(body.raw).slice(0, 40)}`);
          } else if (body.body && body.body.value !== undefined) {
            const value = body.body.value;
            headers['content-type'] = body.contentType ?? (textBody ? 'text/plain' : 'application/json');
            payload = textBody && typeof value === 'string' && !body.contentType ? value : JSON.stringify(value);
            mutations.push(body.body.mutation);
            if (body.contentType) mutations.push(`content-type ${body.contentType}`);
          } else mutations.push(body.body?.mutation || 'no body');
        }
        return {
          role,
          method: endpoint.method,
          url: `${fillPath(endpoint.path, params.value)}${queryString(query.value)}`,
          headers,
          payload,
          mutation: mutations.filter(Boolean).join('; ') || 'valid',
          remoteAddress,
        };
      });
  });
}

/** Requests for one entry: mostly with a session when it needs one (the doctor's for schedules), some without. */
export function requestArbitrary(world: FuzzWorld, endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const roles: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = endpoint.auth
    ? [
        { weight: 4, arbitrary: requestForRole(world, endpoint, 'patient') },
        { weight: 4, arbitrary: requestForRole(world, endpoint, 'doctor') },
        { weight: 1, arbitrary: requestForRole(world, endpoint, 'none') },
      ]
    : [
        { weight: 5, arbitrary: requestForRole(world, endpoint, 'none') },
        { weight: 1, arbitrary: requestForRole(world, endpoint, 'patient') },
      ];
  return fc.oneof(...roles);
}

/* ---------- answers ---------- */

export type FailureKind = '5xx' | 'error envelope' | 'undocumented code' | 'response schema' | 'content-type' | 'unexpected status';

export interface Failure {
  endpoint: string;
  kind: FailureKind;
  status: number;
  code: string;
  detail: string;
  request: FuzzRequest;
}

function describeEndpoint(endpoint: Endpoint): string {
  return `${endpoint.method} /api${endpoint.path} (${endpoint.domain}.${endpoint.name})`;
}

/** What is wrong with one answer, by the wire contract; nothing when it keeps it. */
export function checkAnswer(endpoint: Endpoint, request: FuzzRequest, response: LightMyRequestResponse, codes: Set<string>): Failure[] {
  const status = response.statusCode;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  const code = body && typeof body === 'object' && 'code' in body ? String((body as { code: unknown }).code) : '';
  const failure = (kind: FailureKind, detail: string): Failure => ({
    endpoint: describeEndpoint(endpoint),
    kind,
    status,
    code,
    detail,
    request,
  });
  const failures: Failure[] = [];
  if (status >= 500) failures.push(failure('5xx', response.body.slice(0, 300)));
  if (status >= 400) {
    const parsed = ApiErrorSchema.safeParse(body);
    if (!parsed.success)
      failures.push(failure('error envelope', `not { status, code, message, details? }: ${response.body.slice(0, 300)}`));
    else {
      if (parsed.data.status !== status) failures.push(failure('error envelope', `body status ${parsed.data.status} ≠ HTTP ${status}`));
      if (!codes.has(parsed.data.code))
        failures.push(failure('undocumented code', `code ${parsed.data.code} has no message in errors.json`));
    }
    return failures;
  }
  const expected = endpoint.status ?? 200;
  if (status !== expected) return [failure('unexpected status', `expected ${expected}: ${response.body.slice(0, 300)}`)];
  if (endpoint.produces) {
    const type = String(response.headers['content-type'] ?? '');
    const wanted = endpoint.produces.endsWith('/*') ? endpoint.produces.slice(0, -1) : endpoint.produces;
    if (!type.startsWith(wanted)) failures.push(failure('content-type', `content-type ${type}, expected ${endpoint.produces}`));
    return failures;
  }
  const parsed = okEnvelopeSchema(endpoint.response).safeParse(body);
  if (!parsed.success) failures.push(failure('response schema', parsed.error.message.slice(0, 500)));
  else if (parsed.data.status !== status) failures.push(failure('response schema', `body status ${parsed.data.status} ≠ HTTP ${status}`));
  return failures;
}

/* ---------- the run ---------- */

export interface EndpointTotals {
  requests: number;
  byStatus: Map<number, number>;
}

/** Every request and failure of a run, and the report of the distinct failures. */
export class FuzzCollector {
  requests = 0;
  readonly byStatus = new Map<number, number>();
  readonly byEndpoint = new Map<string, EndpointTotals>();
  readonly failures: Failure[] = [];
  readonly counts = { '5xx': 0, envelope: 0, schema: 0 };

  constructor(readonly seed: number) {}

  readonly millis = new Map<string, number>();

  record(endpoint: Endpoint, status: number, failures: Failure[]): void {
    this.requests += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const key = describeEndpoint(endpoint);
    const totals = this.byEndpoint.get(key) ?? { requests: 0, byStatus: new Map<number, number>() };
    totals.requests += 1;
    totals.byStatus.set(status, (totals.byStatus.get(status) ?? 0) + 1);
    this.byEndpoint.set(key, totals);
    for (const failure of failures) {
      if (failure.kind === '5xx') this.counts['5xx'] += 1;
      else if (failure.kind === 'error envelope' || failure.kind === 'undocumented code') this.counts.envelope += 1;
      else this.counts.schema += 1;
      this.failures.push(failure);
    }
  }

  /** One failure per endpoint, kind, status and code: the one with the smallest request. */
  distinct(): (Failure & { occurrences: number })[] {
    const groups = new Map<string, Failure & { occurrences: number }>();
    const size = (failure: Failure) => failure.request.url.length + (failure.request.payload?.length ?? 0);
    for (const failure of this.failures) {
      const key = `${failure.endpoint} ${failure.kind} ${failure.status} ${failure.code}`;
      const known = groups.get(key);
      if (!known) groups.set(key, { ...failure, occurrences: 1 });
      else {
        known.occurrences += 1;
        if (size(failure) < size(known)) groups.set(key, { ...failure, occurrences: known.occurrences });
      }
    }
    return [...groups.values()];
  }

  summary(): string {
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n}×${status}`)
      .join(', ');
    return (
      `endpoint fuzz (seed ${this.seed}): ${this.requests} requests over ${this.byEndpoint.size} endpoints — ${statuses}\n` +
      `5xx: ${this.counts['5xx']}, envelope violations: ${this.counts.envelope}, schema violations: ${this.counts.schema}, distinct failures: ${this.distinct().length}`
    );
  }

  report(): string {
    const lines = [this.summary(), `Reproduce with FUZZ_SEED=${this.seed}.`];
    for (const failure of this.distinct()) lines.push('', describeFailure(failure));
    return lines.join('\n');
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : `\n    body: ${truncate(Buffer.isBuffer(request.payload) ? JSON.stringify(request.payload.toString('latin1')) : JSON.stringify(request.payload), 400)}`;
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
  return `    ${request.method} ${truncate(request.url, 300)}  [from ${request.remoteAddress}; session: ${request.role}${headers ? `; ${headers}` : ''}]${payload}\n    (${request.mutation})`;
}

function describeFailure(failure: Failure & { occurrences: number }): string {
  return `✗ ${failure.endpoint}: ${failure.kind}, HTTP ${failure.status}${failure.code ? ` ${failure.code}` : ''} (${failure.occurrences}×)\n    ${truncate(failure.detail, 300)}\n${describeRequest(failure.request)}`;
}

/** Sends one request with its session, keeps the sessions alive (a logout or a password change ends them). */
async function send(world: FuzzWorld, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers = { ...request.headers };
  if (request.role !== 'none') headers.authorization = world.sessions[request.role].authorization;
  // From an address of its own (documentation range), so the per-address limits the fuzz trips (wrong logins) never
  // lock out the sessions, which log in again from the default address.
  return world.context.app.inject({
    method: request.method,
    url: request.url,
    headers,
    payload: request.payload,
    remoteAddress: request.remoteAddress,
  });
}

/**
 * A new session for a role whose session a request ended (a logout, a password change), issued (and proved) by the
 * sessions service as a login and a step-up code would: a login over HTTP would hash the password (scrypt, tens of ms) for every one of the hundreds of
 * logouts, and logins are fuzzed on their own entry.
 */
async function renewSession(world: FuzzWorld, role: Exclude<Role, 'none'>): Promise<void> {
  const session = world.sessions[role];
  const sessions = createSessionService(world.context.database.db);
  const issued = await sessions.create(session.userId, world.context.clock.now());
  // Proved as the world's first sessions were (a step-up code over HTTP for every renewal would run into the send limits).
  await sessions.prove(issued.sessionId, world.context.clock.now());
  session.authorization = `Bearer ${issued.accessToken}`;
}

/** Runs `numRuns` requests at one entry, fast-check drawing them from `seed`; every answer is checked and recorded. */
export async function fuzzEndpoint(
  world: FuzzWorld,
  endpoint: Endpoint,
  options: { seed: number; numRuns: number },
  collector: FuzzCollector,
  codes: Set<string>,
) {
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(requestArbitrary(world, endpoint), async (request) => {
      const response = await send(world, request);
      collector.record(endpoint, response.statusCode, checkAnswer(endpoint, request, response, codes));
      if (request.role === 'none') return true;
      const session = world.sessions[request.role];
      if (
        endpoint.domain === 'accounts' &&
        endpoint.name === 'changePassword' &&
        response.statusCode === 200 &&
        typeof request.payload === 'string'
      )
        session.password = (JSON.parse(request.payload) as { newPassword: string }).newPassword;
      if (
        (endpoint.auth && response.statusCode === 401) ||
        (endpoint.domain === 'accounts' && ['logout', 'changePassword'].includes(endpoint.name) && response.statusCode === 200)
      )
        await renewSession(world, request.role);
      return true;
    }),
    // Every answer is recorded and none fails the property, so there is nothing to shrink: the report keeps the
    // smallest request of each distinct failure instead.
    { seed: options.seed, numRuns: options.numRuns, endOnFailure: true },
  );
  collector.millis.set(describeEndpoint(endpoint), performance.now() - started);
}

/** The entries in the order they are fuzzed: what removes or ends things (and so thins out the world) last. */
export function endpointsInFuzzOrder(): Endpoint[] {
  const destructive = (endpoint: Endpoint) =>
    endpoint.method === 'DELETE' || ['cancel', 'complete', 'logout', 'changePassword', 'deleteAvatar'].includes(endpoint.name);
  const all = allEndpoints();
  return [...all.filter((endpoint) => !destructive(endpoint)), ...all.filter(destructive)];
}
