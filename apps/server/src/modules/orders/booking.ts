import { randomUUID } from 'node:crypto';
import type { DoctorOrderBodySchema, OkEnvelope, Order } from '@rhc/contracts';
import { ORDER_KIND, ORDER_STATUS, WRITER_REFUSAL_CODES, type OrderStatus } from '@rhc/domain';
import type { z } from 'zod/mini';
import { auditRow, type AuditEntry } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { randomToken } from '../../platform/security/secrets.ts';
import type { ExamOrderBody } from './categories/exam.ts';
import type { OrderCategory, PersonBody, PlaceFacts, PreparedBooking } from './category.ts';
import { keysStaleBefore, requestHash, type StoredAnswer } from './idempotency.ts';
import { meetingLinkOf, patientColumns } from './lifecycle.ts';
import type { OrderAccess } from './order-access.ts';
import { insertWithFreshCode } from './order-code.ts';
import { isPlaceTaken, type OrderRequestMeta, type OrdersDeps } from './order-context.ts';
import { inAppNotice } from './order-in-app.ts';
import type { OrderMessagesMaker } from './order-messages.ts';
import { noticeMessages } from './order-notifications.ts';
import type { BookingFacts, OrdersRepository, OrderView } from './orders.repository.ts';
import { toOrder } from './presenter.ts';

type DoctorOrderBody = z.output<typeof DoctorOrderBodySchema>;

/** A booking's answer: its status (201, or the stored one of a replay) and the order; the route makes the envelope. */
export interface BookingAnswer {
  status: number;
  data: Order;
}

/** The bookings a doctor's order may follow (decision 027): one they confirmed or completed — a patient they have seen. */
const FOLLOWABLE_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.verified, ORDER_STATUS.done];

/**
 * A stored answer for the same key: replayed when the request is the same, refused when it is not. The row keeps the
 * success envelope it has always kept (`{ kind: 'ok', body: { status, message, data } }`): its order is answered again.
 */
export function replay(row: { requestHash: string; statusCode: number | null; response: unknown }, hash: string): BookingAnswer {
  if (row.requestHash !== hash) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED');
  if (row.statusCode === null) throw new AppError(409, 'IDEMPOTENCY_IN_FLIGHT');
  const answer = row.response as StoredAnswer;
  if (answer.kind === 'error') throw new AppError(row.statusCode, answer.code);
  return { status: row.statusCode, data: (answer.body as OkEnvelope<Order>).data };
}

/**
 * The order a booking writes: what its category prepared (with `own` over it), under a fresh id, code and secure code,
 * at version 0, without a call link unless `own` gives one.
 */
function newOrderView(
  prepared: PreparedBooking,
  code: string,
  made: { userId: string; by: string; at: Date; status: OrderStatus },
  own: {
    order?: Pick<OrderView['order'], 'kind' | 'profileId'>;
    detail?: ReturnType<typeof patientColumns> & Pick<OrderView['detail'], 'meetingLink'>;
  } = {},
): OrderView {
  const id = randomUUID();
  return {
    order: {
      ...prepared.order,
      ...own.order,
      id,
      code,
      secureCode: randomToken(),
      userId: made.userId,
      status: made.status,
      createdBy: made.by,
      updatedBy: made.by,
      createdAt: made.at,
      version: 0,
      reminderMinutes: null,
    },
    detail: { ...prepared.detail, meetingLink: null, ...own.detail, orderId: id, cancelReason: null },
    ...prepared.shown,
  };
}

/**
 * Runs a booking's statement again when it lost a place to a concurrent booking while another resource it names was
 * still free (a clinic's machines of one modality, decision 045): the statement takes the first it sees free, and a
 * machine another booking took meanwhile fails it (capacity_taken's CHECK); the next attempt, a new statement, sees it
 * taken. `tries` is one more than the other resources: past that, every one was seen taken.
 */
async function withPlaceRetries<T>(run: () => Promise<T>, tries: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries || !isPlaceTaken(error)) throw error;
    }
  }
}

/** What a booking stores under its key: the envelope its first answer had. */
function stored(answer: BookingAnswer): StoredAnswer {
  return { kind: 'ok', body: ok(answer.data, answer.status) };
}

/** What a booking, and an edit of one, reads before it is checked. */
export function createBookingReads(deps: Pick<OrdersDeps, 'access'>, repository: Pick<OrdersRepository, 'findBookingFacts' | 'findPlace'>) {
  return {
    /** A capacity category's place (its resource and staff, decision 044), read before the facts; none for the others. */
    async placeFacts<Body>(category: OrderCategory<Body>, body: Body): Promise<PlaceFacts | undefined> {
      const ask = category.placeAsk?.(body);
      return ask ? repository.findPlace(ask, ask.specialtyId) : undefined;
    },

    /**
     * What a booking (or its change) of `category` is checked against, in one round trip; `key` is the request's
     * Idempotency-Key.
     */
    bookingFacts<Body>(
      category: OrderCategory<Body>,
      body: Body,
      ownerId: string,
      key: string | null,
      now: Date,
      place?: PlaceFacts,
    ): Promise<BookingFacts | undefined> {
      const { doctorId, examTypeId, specialtyId, mode } = category.asks(body, place);
      return repository.findBookingFacts({ ownerId, doctorId, examTypeId, specialtyId, mode, key, keySince: keysStaleBefore(now) });
    },

    /**
     * The body with the details of the saved profile it names (issue 14), which must be one the booking's owner manages
     * (404 otherwise); a body without one as it is.
     */
    async withSavedPatient<Body extends PersonBody>(ownerId: string, body: Body): Promise<Body> {
      if (!body.isFamily || !body.profileId) return { ...body, profileId: undefined };
      const saved = await deps.access.managedPatient(ownerId, body.profileId);
      if (!saved) throw AppError.notFound();
      return { ...body, infomation: saved };
    },
  };
}
export type BookingReads = ReturnType<typeof createBookingReads>;

/** A patient's booking and a doctor's order for a patient (kind 2), each once per Idempotency-Key (decision 010). */
export function createBooking(parts: {
  deps: OrdersDeps;
  repository: OrdersRepository;
  access: Pick<OrderAccess, 'deny'>;
  messages: Pick<OrderMessagesMaker, 'confirmationMail' | 'noticeFacts'>;
  reads: BookingReads;
}) {
  const { deps, repository, access, messages, reads } = parts;

  /**
   * A booking's insert under its idempotency key (decision 010), for the patient's booking and the doctor's order: a fresh
   * code per attempt; the slot (or the last counted place, decision 044) taken meanwhile answers 409 SLOT_TAKEN, kept under the key like any answer; a key claimed
   * between our read and our write by a request that has committed since answers as that one did; the messages stored
   * with the booking go out after the answer.
   */
  async function bookOnce(
    attempt: (code: string) => Promise<BookingAnswer | undefined>,
    refusal: { audit: ReturnType<typeof auditRow>; userId: string; key: string; requestHash: string; staleBefore: Date },
    place?: PreparedBooking['place'],
  ): Promise<BookingAnswer> {
    let created: BookingAnswer | undefined;
    try {
      created = await withPlaceRetries(() => insertWithFreshCode(attempt), 1 + (place?.others?.length ?? 0));
    } catch (error) {
      if (!isPlaceTaken(error)) throw error;
      await repository.recordRefusal(refusal.audit, { ...refusal, answer: { kind: 'error', code: 'SLOT_TAKEN' } satisfies StoredAnswer });
      throw new AppError(409, 'SLOT_TAKEN', {}, undefined, error);
    }
    if (!created) {
      const row = await repository.findKey(refusal.userId, refusal.key, refusal.staleBefore);
      if (!row) throw new AppError(409, 'IDEMPOTENCY_IN_FLIGHT');
      return replay(row, refusal.requestHash);
    }
    deps.outbox.wake();
    return created;
  }

  return {
    /**
     * POST /order/{userId}: a patient's booking of `category`. With an Idempotency-Key the key is claimed in the same
     * transaction as the order, so a failed attempt leaves no key behind; the 201 answer, and a SLOT_TAKEN refusal, are
     * stored with it for retries.
     */
    async create<Body extends PersonBody>(
      category: OrderCategory<Body>,
      actor: Actor,
      userId: string,
      body: Body,
      key: string,
      meta: OrderRequestMeta,
    ): Promise<BookingAnswer> {
      const hash = requestHash(body);
      const staleBefore = keysStaleBefore(meta.now);
      const place = await reads.placeFacts(category, body);
      const facts = await reads.bookingFacts(category, body, actor.userId, key, meta.now, place);
      // A used key answers as it did the first time, before anything else is checked (the time may have passed since).
      if (facts?.key) return replay(facts.key, hash);
      const prepared = category.prepare(
        await reads.withSavedPatient(actor.userId, body),
        facts,
        actor.userId,
        meta.now,
        deps.schedules,
        place,
      );
      const policy = await deps.changePolicy();
      const audit = (outcome: 'success' | 'failure', details: AuditEntry['details']) =>
        auditRow({ action: 'order.create', outcome, actorUserId: actor.userId, ip: meta.ip, details }, meta.now);
      return bookOnce(
        async (code) => {
          const view = newOrderView(prepared, code, { userId: actor.userId, by: actor.userId, at: meta.now, status: ORDER_STATUS.booked });
          const id = view.order.id;
          const answer = { status: 201, data: toOrder(view, 'patient', meta.language, meta.now, false, policy) };
          // The doctor is told of the new booking by the same statement (issue 12); the patient by the confirmation mail.
          const doctorContact = facts?.doctor?.contact;
          const told = messages.noticeFacts(view);
          const version = String(view.order.version);
          const notices = doctorContact ? noticeMessages('doctor.booked', doctorContact, told, version) : [];
          const inApp = doctorContact ? [inAppNotice('doctor.booked', doctorContact.id, told, version)] : [];
          const wrote = await repository.book(
            { ...view, place: prepared.place },
            audit('success', { orderId: id, to: ORDER_STATUS.booked }),
            { key, requestHash: hash, answer: stored(answer), staleBefore },
            messages.confirmationMail(view, meta),
            notices,
            inApp,
          );
          return wrote ? answer : undefined;
        },
        { audit: audit('failure', { reason: 'SLOT_TAKEN' }), userId: actor.userId, key, requestHash: hash, staleBefore },
        prepared.place,
      );
    },

    /**
     * POST /order/doctor/{doctorId} (issue 17, decision 027): the doctor's order for a patient (kind 2), e.g. the
     * re-examination, of `category`. The patient, their details and profile are those of `fromOrderId`, a booking of the
     * same category assigned to this doctor that they confirmed or completed (anyone else's or none: 404). Booked through
     * the same checks and the same statement as a patient's booking — the doctor's own free time, the calendar lock, the
     * exclusion constraint, the Idempotency-Key (the doctor's) — and created verified: the doctor made it, the patient is
     * told (their channels and language, and the bell) and may cancel it like any booking.
     */
    async createForPatient(
      category: OrderCategory<ExamOrderBody>,
      actor: Actor,
      doctorId: string,
      body: DoctorOrderBody,
      key: string,
      meta: OrderRequestMeta,
    ): Promise<BookingAnswer> {
      const asked = { kind: ORDER_KIND.doctor, fromOrderId: body.fromOrderId };
      const source = await repository.findView(body.fromOrderId);
      if (!source || source.order.doctorId !== actor.userId || source.order.category !== category.id)
        return access.deny({ audit: 'order.create' }, actor, source?.order.userId ?? null, asked, meta);
      const hash = requestHash(body);
      const staleBefore = keysStaleBefore(meta.now);
      const examTypeId = body.examTypeId ?? source.detail.examTypeId;
      const specialtyId = source.detail.specialtyId;
      if (examTypeId === null || specialtyId === null) throw new AppError(422, 'SLOT_UNAVAILABLE');
      const booking: ExamOrderBody = {
        mode: body.mode,
        isFamily: false,
        specialtyId,
        examTypeId,
        doctorId: actor.userId,
        checkDay: body.checkDay,
        checkHour: body.checkHour,
        timeCustome: false,
        reasonForExamination: body.reasonForExamination,
        note: body.note,
      };
      // The key is the doctor's: the facts are read with the doctor as the owner (their account's details are not used).
      const facts = await reads.bookingFacts(category, booking, actor.userId, key, meta.now);
      if (facts?.key) return replay(facts.key, hash);
      const failure = (reason: string): AuditEntry => ({
        action: 'order.create',
        outcome: 'failure',
        actorUserId: actor.userId,
        subjectUserId: source.order.userId,
        ip: meta.ip,
        details: { ...asked, reason },
      });
      const writer = await deps.clinicalWriter(actor.userId);
      if (writer) {
        await deps.audit.record(failure(writer), meta.now);
        throw new AppError(403, WRITER_REFUSAL_CODES[writer]);
      }
      if (!FOLLOWABLE_STATUSES.includes(source.order.status as OrderStatus)) {
        await deps.audit.record(failure('source_status'), meta.now);
        throw new AppError(409, 'ORDER_NOT_ALLOWED');
      }
      const prepared = category.prepare(booking, facts, source.order.userId, meta.now, deps.schedules);
      const policy = await deps.changePolicy();
      // The patient who booked the source (the profile's manager), and the profile's own account when it has one.
      const recipients = await repository.recipients([...new Set([source.order.userId, source.order.profileId ?? source.order.userId])]);
      return bookOnce(
        async (code) => {
          const view = newOrderView(
            prepared,
            code,
            { userId: source.order.userId, by: actor.userId, at: meta.now, status: ORDER_STATUS.verified },
            {
              order: { kind: ORDER_KIND.doctor, profileId: source.order.profileId },
              // Verified at once: an online one gets its call link now, as the doctor's confirmation gives it.
              detail: { ...patientColumns(source.detail), meetingLink: body.mode === 'online' ? meetingLinkOf(deps.videoBaseUrl) : null },
            },
          );
          const id = view.order.id;
          const answer = { status: 201, data: toOrder(view, 'doctor', meta.language, meta.now, false, policy) };
          const told = messages.noticeFacts(view);
          const success = auditRow(
            {
              action: 'order.create',
              outcome: 'success',
              actorUserId: actor.userId,
              subjectUserId: source.order.userId,
              ip: meta.ip,
              details: { ...asked, orderId: id, to: ORDER_STATUS.verified },
            },
            meta.now,
          );
          const wrote = await repository.book(
            view,
            success,
            { key, requestHash: hash, answer: stored(answer), staleBefore, userId: actor.userId },
            null,
            // Told by the same statement, in each person's language and channels, and in the bell.
            recipients.flatMap((person) => noticeMessages('patient.doctorOrder', person, told, '0')),
            recipients.map((person) => inAppNotice('patient.doctorOrder', person.id, told, '0')),
          );
          return wrote ? answer : undefined;
        },
        {
          audit: auditRow(failure('SLOT_TAKEN'), meta.now),
          userId: actor.userId,
          key,
          requestHash: hash,
          staleBefore,
        },
      );
    },
  };
}
