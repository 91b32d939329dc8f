import { randomUUID } from 'node:crypto';
import {
  avatarUrl,
  type DoctorOrderBodySchema,
  type ExamOrderBodySchema,
  type Order,
  type OrderDaysSchema,
  type OrderPageQuerySchema,
  type OrderTracking,
} from '@rhc/contracts';
import {
  changeableUntil,
  checkOrderEdit,
  checkOrderTransition,
  completableFrom,
  nameInitials,
  ORDER_KIND,
  ORDER_STATUS,
  statusesAllowing,
  vietnamInstant,
  VN_CALLING_CODE,
  VN_COUNTRY_NAME,
  type Gender,
  type OrderAction,
  type OrderCategory,
  type OrderEditChanges,
  type OrderRole,
  type OrderStatus,
  type TransitionRefusal,
  type WorkMode,
  type WriterRefusal,
  WRITER_REFUSAL_CODES,
  isActiveOrder,
} from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { EXCLUSION_VIOLATION, isViolation } from '../../db/errors.ts';
import { auditRow, createAuditLog, type AuditAction, type AuditEntry, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { recordInApp, type InAppNotice } from '../../platform/messaging/in-app.ts';
import type { OutgoingMail, QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { ipKey, type RateLimiter } from '../../platform/security/rate-limit.ts';
import { randomToken } from '../../platform/security/secrets.ts';
import type { SchedulesService } from '../schedules/schedules.service.ts';
import { displayDay, displayInstant } from './display-time.ts';
import { calendarIcs } from './calendar-ics.ts';
import { keysStaleBefore, requestHash, type StoredAnswer } from './idempotency.ts';
import { insertWithFreshCode } from './order-code.ts';
import { trackingLink } from './order-links.ts';
import { inAppNotice } from './order-in-app.ts';
import { noticeMessages, type NoticeFacts, type NotificationEvent, type Recipient } from './order-notifications.ts';
import {
  createOrdersRepository,
  type BookingFacts,
  type OrderDetailInsert,
  type OrderInsert,
  type OrderView,
} from './orders.repository.ts';
import { createWaitlist } from './waitlist.ts';
import type { AccessService } from '../../platform/access/access.service.ts';

type ExamOrderBody = z.output<typeof ExamOrderBodySchema>;
type DoctorOrderBody = z.output<typeof DoctorOrderBodySchema>;
/** What a lifecycle step writes; `shown` are the names of what an edit chose (for the messages telling of it). */
type OrderChange = {
  order?: Partial<OrderInsert>;
  detail?: Partial<OrderDetailInsert>;
  shown?: Partial<Pick<OrderView, 'doctor' | 'specialty' | 'examType' | 'workUnit'>>;
};
/** One person to tell of a change, and what. */
type Notice = { event: NotificationEvent; to: string };
type OrderPageQuery = z.output<typeof OrderPageQuerySchema>;

export interface OrdersDeps {
  db: Db;
  /** The doctors' working time a booking must lie in. */
  schedules: Pick<SchedulesService, 'workTimeChecker' | 'findWorkTimeFor'>;
  /** Delivers the confirmation mails a booking queues. */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  limiter: RateLimiter;
  audit: AuditLog;
  /** Base of generated meeting links for online bookings (VIDEO_BASE_URL). */
  videoBaseUrl: string;
  /** Absolute origin of the web app, for links in e-mails and calendar files (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The clinic's cut-off for the patient's own changes and the phone to call after it (decision 020; system settings). */
  changePolicy: () => Promise<ChangePolicy>;
  /**
   * Why this doctor may not write clinical data (unverified, no licence number), or null (the clinical service's rule,
   * decision 026): a doctor's order for a patient (kind 2, decision 027) is made only by one who may.
   */
  clinicalWriter: (doctorId: string) => Promise<WriterRefusal | null>;
  /** A relative's saved profile, when a booking names one (issue 14): only one the booker manages. */
  access: Pick<AccessService, 'managedPatient'>;
  /** Issue 17: refuses (403) an online booking's confirmation by a doctor not verified or without a licence number. */
  onlineConfirmer: (actor: Actor, orderId: string, meta: OrderRequestMeta) => Promise<void>;
}

/** Until how long before the start a patient may change or cancel online, and whom they call after that. */
export interface ChangePolicy {
  cutoffMinutes: number;
  clinicPhone: string | null;
}

/** Who asks, when, in which language. */
export interface OrderRequestMeta {
  ip: string;
  now: Date;
  language: Language;
}

export interface ReplayableAnswer {
  statusCode: number;
  body: unknown;
}

/** The public tracking page: at most this many looks per IP per minute (it is unauthenticated). */
const TRACKING_PER_MINUTE = 60;
const MINUTE_MS = 60_000;
const ACTIONS: readonly OrderAction[] = ['edit', 'cancel', 'verify', 'complete', 'delete'];
/** The bookings a doctor's order may follow (decision 027): one they confirmed or completed — a patient they have seen. */
const FOLLOWABLE_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.verified, ORDER_STATUS.done];

/** orders_no_overlap refused a double booking. */
function isExclusionViolation(error: unknown): boolean {
  return isViolation(error, EXCLUSION_VIOLATION);
}

function refusal(reason: TransitionRefusal, startsAt: Date, policy: ChangePolicy): AppError {
  switch (reason) {
    case 'not_allowed':
      return new AppError(403, 'ORDER_NOT_ALLOWED');
    case 'started':
      return new AppError(409, 'ORDER_STARTED');
    // The patient past the clinic's cut-off (decision 020): until when it was possible, and whom to call now.
    case 'cutoff':
      return new AppError(409, 'ORDER_CHANGE_CUTOFF', {
        deadline: displayInstant(changeableUntil(startsAt, policy.cutoffMinutes)),
        hours: Math.round((policy.cutoffMinutes / 60) * 10) / 10,
        phone: policy.clinicPhone ?? '',
      });
    case 'too_early':
      return new AppError(409, 'ORDER_COMPLETE_TOO_EARLY', { from: displayInstant(completableFrom(startsAt)) });
    default:
      return new AppError(409, 'ORDER_STATUS_CONFLICT');
  }
}

/** The side the actor is on; anyone else must not learn the order exists. */
function roleOf(view: OrderView, actorId: string): OrderRole | null {
  if (view.order.doctorId === actorId) return 'doctor';
  if (view.order.userId === actorId) return 'patient';
  return null;
}

/** The patient's details as an order detail stores them. */
function patientColumns(detail: OrderView['detail']) {
  const { patientName, patientPhone, callingCode, countryName, patientGender, patientBirthday, patientEmail, patientAddress } = detail;
  return { patientName, patientPhone, callingCode, countryName, patientGender, patientBirthday, patientEmail, patientAddress };
}

/** What an edit's body would change in the order as it stands (decision 007 "edit"; `checkOrderEdit`). */
function editChanges(current: OrderView, body: ExamOrderBody): OrderEditChanges {
  const { order, detail } = current;
  const wasRelative = order.kind === ORDER_KIND.relative;
  const given = body.isFamily ? body.infomation : undefined;
  const otherPatient =
    wasRelative !== body.isFamily ||
    (given !== undefined &&
      (given.fullName !== detail.patientName ||
        given.phone !== detail.patientPhone ||
        given.callingCodes !== detail.callingCode ||
        given.nameCountry !== detail.countryName ||
        given.gender !== detail.patientGender ||
        given.dateOfBirth !== detail.patientBirthday ||
        (given.email || null) !== detail.patientEmail ||
        given.address !== detail.patientAddress));
  return {
    doctor: body.doctorId !== order.doctorId,
    time: vietnamInstant(body.checkDay, body.checkHour).getTime() !== order.startsAt.getTime(),
    mode: body.mode !== order.mode,
    patient: otherPatient,
    reason: body.reasonForExamination !== detail.reason,
  };
}

export function createOrdersService(deps: OrdersDeps) {
  const repository = createOrdersRepository(deps.db);
  // Earlier slot wanted (issue 12): its routes are the orders module's; `transition` hands it every freed time.
  const waitlist = createWaitlist({ ...deps, noticeFacts: (view) => noticeFacts(view) });

  function trackingUrl(secureCode: string): string {
    return trackingLink(deps.publicBaseUrl, secureCode);
  }

  function toOrder(view: OrderView, role: OrderRole, language: Language, now: Date, outsideWorkTime: boolean, policy: ChangePolicy): Order {
    const { order, detail } = view;
    const status = order.status as OrderStatus;
    const { cutoffMinutes } = policy;
    const actions = Object.fromEntries(
      ACTIONS.map((action) => [action, checkOrderTransition({ action, role, status, startsAt: order.startsAt, now, cutoffMinutes }).ok]),
    ) as Order['actions'];
    return {
      id: order.id,
      code: order.code,
      secureCode: order.secureCode,
      kind: order.kind as Order['kind'],
      category: order.category as OrderCategory,
      mode: order.mode as WorkMode,
      status: order.status as OrderStatus,
      userId: order.userId,
      profileId: order.profileId,
      doctor: view.doctor
        ? { id: view.doctor.id, fullName: view.doctor.fullName, urlImage: avatarUrl(view.doctor.id, view.doctor.avatarKey) }
        : null,
      specialty: view.specialty ? { id: view.specialty.id, name: view.specialty.names[language] } : null,
      examType: view.examType ? { id: view.examType.id, name: view.examType.names[language] } : null,
      workUnit: view.workUnit ? { id: view.workUnit.id, name: view.workUnit.names[language], address: view.workUnit.address } : null,
      startsAt: order.startsAt.toISOString(),
      endsAt: order.endsAt.toISOString(),
      checkDay: detail.checkDay,
      checkHour: detail.checkHour,
      timeCustome: detail.timeCustom,
      reasonForExamination: detail.reason,
      note: detail.note,
      meetingLink: detail.meetingLink,
      cancelReason: detail.cancelReason,
      infomation: {
        fullName: detail.patientName,
        phone: detail.patientPhone,
        callingCodes: detail.callingCode,
        nameCountry: detail.countryName,
        gender: detail.patientGender as Gender,
        dateOfBirth: detail.patientBirthday,
        email: detail.patientEmail,
        address: detail.patientAddress,
      },
      outsideWorkTime,
      actions,
      changeableUntil: isActiveOrder(status) ? changeableUntil(order.startsAt, cutoffMinutes).toISOString() : null,
      clinicPhone: policy.clinicPhone,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  }

  /** Presents orders, reading each doctor's working time once for the lot. */
  function presenter(language: Language, now: Date) {
    const stillInWorkTime = deps.schedules.workTimeChecker();
    // Read once for the lot, when the first order is presented.
    let policy: Promise<ChangePolicy> | undefined;
    return async (view: OrderView, role: OrderRole): Promise<Order> => {
      policy ??= deps.changePolicy();
      const { order } = view;
      const active = isActiveOrder(order.status);
      const outside =
        active && order.doctorId
          ? !(await stillInWorkTime({
              doctorId: order.doctorId,
              mode: order.mode as WorkMode,
              startsAt: order.startsAt,
              endsAt: order.endsAt,
            }))
          : false;
      return toOrder(view, role, language, now, outside, await policy);
    };
  }

  /**
   * A refused request for another person's object (or for none): audited as denied (R9), with ids only, then 404 —
   * the asker must not learn whether it exists.
   */
  async function deny(
    action: AuditAction,
    actor: Actor,
    subjectUserId: string | null,
    details: AuditEntry['details'],
    meta: OrderRequestMeta,
  ): Promise<never> {
    await deps.audit.record({ action, outcome: 'denied', actorUserId: actor.userId, subjectUserId, ip: meta.ip, details }, meta.now);
    throw AppError.notFound();
  }

  /** The order and the actor's side of it; another person's order, or none, is 404 (ARCHITECTURE), audited as denied. */
  async function visibleOrder(
    actor: Actor,
    orderId: string,
    action: AuditAction,
    meta: OrderRequestMeta,
    details: AuditEntry['details'] = {},
  ): Promise<{ view: OrderView; role: OrderRole }> {
    const view = await repository.findView(orderId);
    const role = view ? roleOf(view, actor.userId) : null;
    if (!view || !role) return deny(action, actor, view?.order.userId ?? null, { ...details, orderId }, meta);
    return { view, role };
  }

  /** A path's `{userId}` must be the caller's own; another person's is 404, audited as denied. */
  async function ownPath(
    actor: Actor,
    userId: string,
    action: AuditAction,
    meta: OrderRequestMeta,
    details: AuditEntry['details'] = {},
  ): Promise<void> {
    if (userId !== actor.userId) await deny(action, actor, userId, { ...details, userId }, meta);
  }

  /** A successful read of orders (R9): which ones, never what they hold. */
  function auditRead(actor: Actor | null, subjectUserId: string | null, details: AuditEntry['details'], meta: OrderRequestMeta) {
    return deps.audit.record(
      { action: 'order.read', outcome: 'success', actorUserId: actor?.userId ?? null, subjectUserId, ip: meta.ip, details },
      meta.now,
    );
  }

  /** What a booking (or its change) is checked against, in one round trip; `key` is the request's Idempotency-Key. */
  function bookingFacts(body: ExamOrderBody, ownerId: string, key: string | null, now: Date): Promise<BookingFacts | undefined> {
    const { doctorId, examTypeId, specialtyId, mode } = body;
    return repository.findBookingFacts({ ownerId, doctorId, examTypeId, specialtyId, mode, key, keySince: keysStaleBefore(now) });
  }

  /**
   * Everything a booking (or its change) must satisfy before it is written: a verified doctor of that specialty, an
   * exam type of that mode, and a time inside the doctor's working time that has not begun. All refusals of the
   * booked thing itself answer 422 SLOT_UNAVAILABLE: to the person, "this doctor cannot be booked for this" is one fact.
   * Answers the order's and detail's values and the names an answer shows.
   */
  /**
   * The body with the details of the saved profile it names (issue 14), which must be one the booking's owner manages
   * (404 otherwise); a body without one as it is.
   */
  async function withSavedPatient(ownerId: string, body: ExamOrderBody): Promise<ExamOrderBody> {
    if (!body.isFamily || !body.profileId) return { ...body, profileId: undefined };
    const saved = await deps.access.managedPatient(ownerId, body.profileId);
    if (!saved) throw AppError.notFound();
    return { ...body, infomation: saved };
  }

  function prepareBooking(body: ExamOrderBody, facts: BookingFacts | undefined, ownerId: string, now: Date) {
    if (!facts) throw AppError.notFound();
    const { doctor, examType, specialty, account } = facts;
    if (!doctor) throw new AppError(422, 'SLOT_UNAVAILABLE');
    if (!doctor.verified) throw new AppError(422, 'DOCTOR_NOT_VERIFIED');
    if (!examType || examType.mode !== body.mode || !specialty) throw new AppError(422, 'SLOT_UNAVAILABLE');
    const startsAt = vietnamInstant(body.checkDay, body.checkHour);
    const endsAt = new Date(startsAt.getTime() + examType.slotMinutes * MINUTE_MS);
    if (startsAt.getTime() <= now.getTime()) throw new AppError(422, 'SLOT_PAST');
    const workTime = deps.schedules.findWorkTimeFor(facts.workTimes, facts.holidays, startsAt, endsAt);
    if (!workTime) throw new AppError(422, 'SLOT_UNAVAILABLE');
    const workUnit =
      body.mode === 'direct' && workTime.workUnitId !== null && workTime.workUnit
        ? { id: workTime.workUnitId, ...workTime.workUnit }
        : null;

    const patient = body.isFamily ? body.infomation : undefined;
    return {
      order: {
        kind: body.isFamily ? ORDER_KIND.relative : ORDER_KIND.self,
        // The person it is for (issue 14): the owner's own profile, a saved one, or none for details typed in.
        profileId: body.isFamily ? (body.profileId ?? null) : ownerId,
        category: 'exam',
        mode: body.mode,
        doctorId: body.doctorId,
        startsAt,
        endsAt,
        updatedAt: now,
      },
      detail: {
        specialtyId: body.specialtyId,
        examTypeId: body.examTypeId,
        workUnitId: workUnit?.id ?? null,
        checkDay: body.checkDay,
        checkHour: body.checkHour,
        timeCustom: body.timeCustome,
        reason: body.reasonForExamination,
        note: body.note,
        ...(patient
          ? {
              patientName: patient.fullName,
              patientPhone: patient.phone,
              callingCode: patient.callingCodes,
              countryName: patient.nameCountry,
              patientGender: patient.gender,
              patientBirthday: patient.dateOfBirth,
              patientEmail: patient.email || null,
              patientAddress: patient.address,
            }
          : {
              patientName: account.fullName,
              patientPhone: account.phone,
              callingCode: VN_CALLING_CODE,
              countryName: VN_COUNTRY_NAME,
              patientGender: account.gender,
              patientBirthday: account.dateOfBirth,
              patientEmail: account.email,
              patientAddress: account.address,
            }),
      },
      shown: {
        doctor: { id: body.doctorId, fullName: doctor.fullName, avatarKey: doctor.avatarKey },
        specialty: { id: body.specialtyId, names: specialty.names },
        examType: { id: body.examTypeId, names: examType.names },
        workUnit,
      },
    } satisfies {
      order: Partial<OrderInsert>;
      detail: Omit<OrderDetailInsert, 'orderId'>;
      shown: Pick<OrderView, 'doctor' | 'specialty' | 'examType' | 'workUnit'>;
    };
  }

  /** A stored answer for the same key: replayed when the request is the same, refused when it is not. */
  /**
   * A booking's insert under its idempotency key (decision 010), for the patient's booking and the doctor's order: a fresh
   * code per attempt; the slot taken meanwhile answers 409 SLOT_TAKEN, kept under the key like any answer; a key claimed
   * between our read and our write by a request that has committed since answers as that one did; the messages stored
   * with the booking go out after the answer.
   */
  async function bookOnce(
    attempt: (code: string) => Promise<ReplayableAnswer | undefined>,
    refusal: { audit: ReturnType<typeof auditRow>; userId: string; key: string; requestHash: string; staleBefore: Date },
  ): Promise<ReplayableAnswer> {
    let created: ReplayableAnswer | undefined;
    try {
      created = await insertWithFreshCode(attempt);
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
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

  function replay(row: { requestHash: string; statusCode: number | null; response: unknown }, hash: string): ReplayableAnswer {
    if (row.requestHash !== hash) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED');
    if (row.statusCode === null) throw new AppError(409, 'IDEMPOTENCY_IN_FLIGHT');
    const answer = row.response as StoredAnswer;
    if (answer.kind === 'error') throw new AppError(row.statusCode, answer.code);
    return { statusCode: row.statusCode, body: answer.body };
  }

  /** Where the examination takes place: the meeting link (or "online") or the clinic with its address. */
  function placeOf(view: OrderView, language: Language): string {
    if (view.order.mode === 'online') return view.detail.meetingLink ?? translatorFor(language)('messages:order.online');
    return view.workUnit ? `${view.workUnit.names[language]}, ${view.workUnit.address}` : '';
  }

  function calendarFor(view: OrderView, language: Language, now: Date): string {
    const { order } = view;
    const service = view.examType?.names[language] ?? '';
    const place = placeOf(view, language);
    const url = trackingUrl(order.secureCode);
    return calendarIcs({
      uid: `${order.id}@rhc`,
      stamp: now,
      startsAt: order.startsAt,
      endsAt: order.endsAt,
      // The code already reads "RHC-…": the title is the service and the doctor, the code after them.
      summary: `${service}${view.doctor ? ` — ${view.doctor.fullName}` : ''} (${order.code})`,
      location: place,
      description: `${order.code}\n${url}`,
      url,
    });
  }

  /** The confirmation e-mail of a new booking, when the patient gave an address; queued with the booking itself. */
  function confirmationMail(view: OrderView, meta: OrderRequestMeta): OutgoingMail | null {
    const to = view.detail.patientEmail;
    if (!to) return null;
    const t = translatorFor(meta.language);
    const params = {
      code: view.order.code,
      name: view.detail.patientName,
      day: displayDay(view.detail.checkDay),
      hour: view.detail.checkHour,
      doctor: view.doctor?.fullName ?? '',
      // A new booking has no meeting link yet: an online one reads "online".
      place: placeOf(view, meta.language),
      link: trackingUrl(view.order.secureCode),
    };
    return {
      to,
      subject: t('messages:order.confirmSubject', params),
      text: t('messages:order.confirmBody', params),
      attachments: [
        {
          filename: `${view.order.code}.ics`,
          content: calendarFor(view, meta.language, meta.now),
          contentType: 'text/calendar; charset=utf-8',
        },
      ],
    };
  }

  /** What the messages say of an order as it stands after a change. */
  function noticeFacts(view: OrderView): NoticeFacts {
    const { order, detail } = view;
    return {
      orderId: order.id,
      code: order.code,
      checkDay: detail.checkDay,
      checkHour: detail.checkHour,
      doctor: view.doctor?.fullName ?? '',
      place: (language) =>
        order.mode === 'online'
          ? translatorFor(language)('notifications:online')
          : view.workUnit
            ? `${view.workUnit.names[language]}, ${view.workUnit.address}`
            : '',
      link: trackingUrl(order.secureCode),
      ...(detail.meetingLink ? { meeting: detail.meetingLink } : {}),
      ...(detail.cancelReason ? { reason: detail.cancelReason } : {}),
    };
  }

  /**
   * Who is told of a step (issue 12; docs/order-lifecycle.md): the patient of the doctor's verify, change, cancel and
   * complete; the doctor of the patient's change and cancel. A change that moves nothing (a note, the same time sent
   * again) tells nobody; a patient's move to another doctor tells the old doctor it left and the new one it came.
   */
  function noticesOf(action: OrderAction, role: OrderRole, before: OrderView, after: OrderView): Notice[] {
    const patient = before.order.userId;
    const doctor = before.order.doctorId;
    const toPatient = (event: NotificationEvent): Notice[] => [{ event, to: patient }];
    const toDoctor = (event: NotificationEvent, to: string | null = doctor): Notice[] => (to ? [{ event, to }] : []);
    switch (action) {
      case 'verify':
        return toPatient(after.order.mode === 'online' ? 'patient.verifiedOnline' : 'patient.verified');
      case 'complete':
        return toPatient('patient.completed');
      case 'cancel':
        return role === 'doctor' ? toPatient('patient.cancelled') : toDoctor('doctor.cancelled');
      case 'edit': {
        const moved =
          after.order.startsAt.getTime() !== before.order.startsAt.getTime() ||
          after.order.doctorId !== before.order.doctorId ||
          after.order.mode !== before.order.mode ||
          after.detail.examTypeId !== before.detail.examTypeId ||
          after.detail.workUnitId !== before.detail.workUnitId;
        if (!moved) return [];
        if (role === 'doctor') return toPatient('patient.moved');
        if (after.order.doctorId !== doctor) return [...toDoctor('doctor.movedAway'), ...toDoctor('doctor.booked', after.order.doctorId)];
        return toDoctor('doctor.moved');
      }
      default:
        return [];
    }
  }

  /** The messages of `notices`, each in its recipient's language and channels, keyed by the version changed from. */
  function noticeMessagesOf(notices: Notice[], recipients: Recipient[], after: OrderView, version: string): QueuedMessage[] {
    const facts = noticeFacts(after);
    return notices.flatMap((notice) => {
      const recipient = recipients.find((person) => person.id === notice.to);
      return recipient ? noticeMessages(notice.event, recipient, facts, version) : [];
    });
  }

  /** The bell's notices of `notices` (issue 12), one per person told, keyed like the messages. */
  function inAppNoticesOf(notices: Notice[], recipients: Recipient[], after: OrderView, version: string): InAppNotice[] {
    const facts = noticeFacts(after);
    return notices
      .filter((notice) => recipients.some((person) => person.id === notice.to))
      .map((notice) => inAppNotice(notice.event, notice.to, facts, version));
  }

  async function loadFresh(orderId: string): Promise<OrderView> {
    const view = await repository.findView(orderId);
    if (!view) throw AppError.notFound();
    return view;
  }

  async function auditFailure(action: AuditAction, actor: Actor, view: OrderView, reason: string, meta: OrderRequestMeta) {
    await deps.audit.record(
      {
        action,
        outcome: 'failure',
        actorUserId: actor.userId,
        subjectUserId: view.order.userId,
        ip: meta.ip,
        details: { orderId: view.order.id, reason },
      },
      meta.now,
    );
  }

  /**
   * A lifecycle step (verify, cancel, complete, delete; edit and note too): the domain rule gives the 403/409 answers,
   * then ONE conditional write (`WHERE status IN …`) and its audit record commit together. A write that matches
   * nothing lost a race with another change: 409 ORDER_STATUS_CONFLICT.
   */
  async function transition(
    actor: Actor,
    orderId: string,
    action: OrderAction,
    meta: OrderRequestMeta,
    change: (view: OrderView, role: OrderRole) => Promise<OrderChange> | OrderChange,
    auditAction: AuditAction = `order.${action}` as AuditAction,
  ): Promise<OrderView | null> {
    const { view, role } = await visibleOrder(actor, orderId, auditAction, meta);
    const from = view.order.status as OrderStatus;
    const policy = await deps.changePolicy();
    const { cutoffMinutes } = policy;
    const check = checkOrderTransition({ action, role, status: from, startsAt: view.order.startsAt, now: meta.now, cutoffMinutes });
    if (!check.ok) {
      await auditFailure(auditAction, actor, view, check.reason, meta);
      throw refusal(check.reason, view.order.startsAt, policy);
    }
    try {
      // A refusal of the change itself (a doctor's edit of the patient's details, a time that cannot be booked) is audited.
      const changes = await change(view, role);
      // The doctor whose calendar the order will sit in: an edit may move it to another doctor.
      const calendarOf = changes.order?.doctorId ?? view.order.doctorId;
      const status = action === 'edit' || check.to === null ? {} : { status: check.to };
      // The order as it will stand, for the messages telling of the change.
      const after: OrderView = {
        ...view,
        ...changes.shown,
        order: { ...view.order, ...status, ...changes.order },
        detail: { ...view.detail, ...changes.detail },
      };
      const notices = action === 'delete' ? [] : noticesOf(action, role, view, after);
      const queued = await deps.db.transaction(async (tx) => {
        const orders = createOrdersRepository(tx);
        if (calendarOf) await orders.holdDoctorCalendar(calendarOf);
        const done =
          action === 'delete'
            ? (await orders.delete(orderId, statusesAllowing(action)))
              ? view.order.version + 1
              : null
            : await orders.update(
                orderId,
                statusesAllowing(action),
                {
                  ...status,
                  ...changes.order,
                  updatedBy: actor.userId,
                  updatedAt: meta.now,
                },
                changes.detail,
                // A patient's change holds only until the clinic's cut-off before the start, checked again by the UPDATE.
                role === 'patient' ? new Date(meta.now.getTime() + cutoffMinutes * MINUTE_MS) : undefined,
              );
        if (done === null) throw AppError.conflict('ORDER_STATUS_CONFLICT');
        await createAuditLog(tx).record(
          {
            action: auditAction,
            outcome: 'success',
            actorUserId: actor.userId,
            subjectUserId: view.order.userId,
            ip: meta.ip,
            details: { orderId, from, to: action === 'delete' ? 'deleted' : (changes.order?.status ?? check.to ?? from) },
          },
          meta.now,
        );
        // A time this change frees goes to the first person waiting for an earlier one (issue 12, decision 021).
        const offered = await waitlist.afterChange(tx, view, action === 'delete' ? null : after, meta.now);
        // Told in the same transaction as the change (issue 12): the messages exist exactly when the change does. The
        // key names the version this change made: one message per change and person and channel, never two.
        if (notices.length === 0) return offered;
        const recipients = await orders.recipients([...new Set(notices.map((notice) => notice.to))]);
        const messages = noticeMessagesOf(notices, recipients, after, String(done));
        await orders.queue(messages, meta.now);
        // And in the app (the bell), whatever their SMS and e-mail choice, with the same kind of key.
        await recordInApp(tx, inAppNoticesOf(notices, recipients, after, String(done)), meta.now);
        return messages.length + offered;
      });
      if (queued > 0) deps.outbox.wake();
    } catch (error) {
      if (isExclusionViolation(error)) {
        await auditFailure(auditAction, actor, view, 'SLOT_TAKEN', meta);
        throw new AppError(409, 'SLOT_TAKEN', {}, undefined, error);
      }
      if (error instanceof AppError) await auditFailure(auditAction, actor, view, error.code, meta);
      throw error;
    }
    return action === 'delete' ? null : loadFresh(orderId);
  }

  async function present(view: OrderView | null, actor: Actor, meta: OrderRequestMeta): Promise<Order> {
    const role = view ? roleOf(view, actor.userId) : null;
    if (!view || !role) throw AppError.notFound();
    return presenter(meta.language, meta.now)(view, role);
  }

  return {
    /**
     * POST /order/{userId}. With an Idempotency-Key the key is claimed in the same transaction as the order, so a
     * failed attempt leaves no key behind; the 201 answer, and a SLOT_TAKEN refusal, are stored with it for retries.
     */
    async create(actor: Actor, userId: string, body: ExamOrderBody, key: string, meta: OrderRequestMeta): Promise<ReplayableAnswer> {
      await ownPath(actor, userId, 'order.create', meta);
      const hash = requestHash(body);
      const staleBefore = keysStaleBefore(meta.now);
      const facts = await bookingFacts(body, actor.userId, key, meta.now);
      // A used key answers as it did the first time, before anything else is checked (the time may have passed since).
      if (facts?.key) return replay(facts.key, hash);
      const prepared = prepareBooking(await withSavedPatient(actor.userId, body), facts, actor.userId, meta.now);
      const policy = await deps.changePolicy();
      const audit = (outcome: 'success' | 'failure', details: AuditEntry['details']) =>
        auditRow({ action: 'order.create', outcome, actorUserId: actor.userId, ip: meta.ip, details }, meta.now);
      return bookOnce(
        async (code) => {
          const id = randomUUID();
          const view: OrderView = {
            order: {
              ...prepared.order,
              id,
              code,
              secureCode: randomToken(),
              userId: actor.userId,
              status: ORDER_STATUS.booked,
              doctorId: body.doctorId,
              createdBy: actor.userId,
              updatedBy: actor.userId,
              createdAt: meta.now,
              version: 0,
              reminderMinutes: null,
            },
            detail: { ...prepared.detail, orderId: id, meetingLink: null, cancelReason: null },
            ...prepared.shown,
          };
          const answer = { statusCode: 201, body: ok(toOrder(view, 'patient', meta.language, meta.now, false, policy), 201) };
          // The doctor is told of the new booking by the same statement (issue 12); the patient by the confirmation mail.
          const doctorContact = facts?.doctor?.contact;
          const notices = doctorContact
            ? noticeMessages('doctor.booked', doctorContact, noticeFacts(view), String(view.order.version))
            : [];
          const inApp = doctorContact
            ? [inAppNotice('doctor.booked', doctorContact.id, noticeFacts(view), String(view.order.version))]
            : [];
          const stored = await repository.book(
            view,
            audit('success', { orderId: id, to: ORDER_STATUS.booked }),
            { key, requestHash: hash, answer: { kind: 'ok', body: answer.body } satisfies StoredAnswer, staleBefore },
            confirmationMail(view, meta),
            notices,
            inApp,
          );
          return stored ? answer : undefined;
        },
        { audit: audit('failure', { reason: 'SLOT_TAKEN' }), userId: actor.userId, key, requestHash: hash, staleBefore },
      );
    },

    /**
     * POST /order/doctor/{doctorId} (issue 17, decision 027): the doctor's order for a patient (kind 2), e.g. the
     * re-examination. The patient, their details and profile are those of `fromOrderId`, a booking assigned to this
     * doctor that they confirmed or completed (anyone else's or none: 404). Booked through the same checks and the same
     * statement as a patient's booking — the doctor's own free time, the calendar lock, the exclusion constraint, the
     * Idempotency-Key (the doctor's) — and created verified: the doctor made it, the patient is told (their channels and
     * language, and the bell) and may cancel it like any booking.
     */
    async createForPatient(
      actor: Actor,
      doctorId: string,
      body: DoctorOrderBody,
      key: string,
      meta: OrderRequestMeta,
    ): Promise<ReplayableAnswer> {
      const asked = { kind: ORDER_KIND.doctor, fromOrderId: body.fromOrderId };
      await ownPath(actor, doctorId, 'order.create', meta, asked);
      const source = await repository.findView(body.fromOrderId);
      if (!source || source.order.doctorId !== actor.userId || source.order.category !== 'exam')
        return deny('order.create', actor, source?.order.userId ?? null, asked, meta);
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
      const facts = await bookingFacts(booking, actor.userId, key, meta.now);
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
      const prepared = prepareBooking(booking, facts, source.order.userId, meta.now);
      const policy = await deps.changePolicy();
      // The patient who booked the source (the profile's manager), and the profile's own account when it has one.
      const recipients = await repository.recipients([...new Set([source.order.userId, source.order.profileId ?? source.order.userId])]);
      return bookOnce(
        async (code) => {
          const id = randomUUID();
          const view: OrderView = {
            order: {
              ...prepared.order,
              kind: ORDER_KIND.doctor,
              profileId: source.order.profileId,
              id,
              code,
              secureCode: randomToken(),
              userId: source.order.userId,
              status: ORDER_STATUS.verified,
              createdBy: actor.userId,
              updatedBy: actor.userId,
              createdAt: meta.now,
              version: 0,
              reminderMinutes: null,
            },
            detail: {
              ...prepared.detail,
              ...patientColumns(source.detail),
              orderId: id,
              // Verified at once: an online one gets its call link now, as the doctor's confirmation gives it.
              meetingLink: body.mode === 'online' ? `${deps.videoBaseUrl.replace(/\/+$/, '')}/${randomToken()}` : null,
              cancelReason: null,
            },
            ...prepared.shown,
          };
          const answer = { statusCode: 201, body: ok(toOrder(view, 'doctor', meta.language, meta.now, false, policy), 201) };
          const told = noticeFacts(view);
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
          const stored = await repository.book(
            view,
            success,
            { key, requestHash: hash, answer: { kind: 'ok', body: answer.body } satisfies StoredAnswer, staleBefore, userId: actor.userId },
            null,
            // Told by the same statement, in each person's language and channels, and in the bell.
            recipients.flatMap((person) => noticeMessages('patient.doctorOrder', person, told, '0')),
            recipients.map((person) => inAppNotice('patient.doctorOrder', person.id, told, '0')),
          );
          return stored ? answer : undefined;
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

    /** PUT /order/{orderId}: a new time (or doctor, service) for a booked or verified order. */
    async edit(actor: Actor, orderId: string, sent: ExamOrderBody, meta: OrderRequestMeta): Promise<Order> {
      // A saved profile is the booker's own (a doctor's edit never names one: it keeps the stored details).
      const body = await withSavedPatient(actor.userId, sent);
      const view = await transition(actor, orderId, 'edit', meta, async (current, role) => {
        const ownerId = current.order.userId;
        // Who may change what is checked before the new booking is: a doctor's refusal never depends on the other doctor.
        const changes = editChanges(current, body);
        const check = checkOrderEdit({ role, status: current.order.status as OrderStatus, changes });
        if (!check.ok)
          throw new AppError(
            403,
            check.reason === 'doctor_change' ? 'ORDER_DOCTOR_CHANGE_NOT_ALLOWED' : 'ORDER_PATIENT_CHANGE_NOT_ALLOWED',
          );
        const { order, detail, shown } = prepareBooking(body, await bookingFacts(body, ownerId, null, meta.now), ownerId, meta.now);
        // The doctor's edit keeps the patient's details as stored (never re-read from the account) and the kind.
        const kept =
          role === 'doctor'
            ? {
                order: { ...order, kind: current.order.kind, profileId: current.order.profileId },
                detail: { ...detail, ...patientColumns(current.detail) },
              }
            : {
                // The same relative's details without a saved profile named again: still that profile's booking.
                order: body.isFamily && !body.profileId && !changes.patient ? { ...order, profileId: current.order.profileId } : order,
                detail,
              };
        return {
          order: { ...kept.order, status: check.status },
          detail: check.clearMeetingLink ? { ...kept.detail, meetingLink: null } : kept.detail,
          shown,
        };
      });
      return present(view, actor, meta);
    },

    /** PUT /order/{orderId}/note: while the order may still be changed, by either side. */
    async setNote(actor: Actor, orderId: string, note: string, meta: OrderRequestMeta): Promise<Order> {
      const view = await transition(actor, orderId, 'edit', meta, () => ({ detail: { note } }), 'order.note');
      return present(view, actor, meta);
    },

    async verify(actor: Actor, userId: string, orderId: string, meetingLink: string | undefined, meta: OrderRequestMeta): Promise<Order> {
      await ownPath(actor, userId, 'order.verify', meta, { orderId });
      await deps.onlineConfirmer(actor, orderId, meta);
      const view = await transition(actor, orderId, 'verify', meta, (current) => ({
        detail:
          current.order.mode === 'online'
            ? { meetingLink: meetingLink ?? `${deps.videoBaseUrl.replace(/\/+$/, '')}/${randomToken()}` }
            : {},
      }));
      return present(view, actor, meta);
    },

    async cancel(actor: Actor, userId: string, orderId: string, reason: string | undefined, meta: OrderRequestMeta): Promise<Order> {
      await ownPath(actor, userId, 'order.cancel', meta, { orderId });
      const view = await transition(actor, orderId, 'cancel', meta, (_current, role) => {
        // A patient may simply cancel; a doctor cancelling someone's appointment owes them the reason.
        if (role === 'doctor' && !reason) throw new AppError(400, 'CANCEL_REASON_REQUIRED');
        return { detail: { cancelReason: reason || null } };
      });
      return present(view, actor, meta);
    },

    async complete(actor: Actor, userId: string, orderId: string, meta: OrderRequestMeta): Promise<Order> {
      await ownPath(actor, userId, 'order.complete', meta, { orderId });
      const view = await transition(actor, orderId, 'complete', meta, () => ({}));
      return present(view, actor, meta);
    },

    async remove(actor: Actor, userId: string, orderId: string, meta: OrderRequestMeta): Promise<{ id: string }> {
      await ownPath(actor, userId, 'order.delete', meta, { orderId });
      await transition(actor, orderId, 'delete', meta, () => ({}));
      return { id: orderId };
    },

    /**
     * What the records module needs to decide who reaches an order's documents and links (issue 15): who booked it, for
     * which profile, its assigned doctor; undefined for no such order. Not a permission check: the caller decides with
     * access.read / access.hold and the doctor's id.
     */
    async documentFacts(orderId: string) {
      const view = await repository.findView(orderId);
      if (!view) return undefined;
      const { order, detail } = view;
      return {
        id: order.id,
        userId: order.userId,
        profileId: order.profileId,
        doctorId: order.doctorId,
        doctorName: view.doctor?.fullName ?? '',
        status: order.status,
        category: order.category,
        checkDay: detail.checkDay,
        reason: detail.reason,
        note: detail.note,
      };
    },

    /**
     * The order as its patient's page presents it, for a document about it (the exports module, issue 17); undefined for
     * no such order. Not a permission check: the caller has authorised the read (clinical.record) before asking.
     */
    async exportView(orderId: string, meta: OrderRequestMeta): Promise<Order | undefined> {
      const view = await repository.findView(orderId);
      return view ? presenter(meta.language, meta.now)(view, 'patient') : undefined;
    },

    /** GET /order/detail/{orderId} and GET /order/{userId}/{orderId}. */
    async detail(actor: Actor, orderId: string, meta: OrderRequestMeta, userId?: string): Promise<Order> {
      if (userId !== undefined) await ownPath(actor, userId, 'order.read', meta, { view: 'detail', orderId });
      const { view, role } = await visibleOrder(actor, orderId, 'order.read', meta, { view: 'detail' });
      // The audit row is written while the answer is built: no wait added to the read.
      const [order] = await Promise.all([
        presenter(meta.language, meta.now)(view, role),
        auditRead(actor, view.order.userId, { view: 'detail', orderId }, meta),
      ]);
      return order;
    },

    async page(actor: Actor, userId: string, query: OrderPageQuery, meta: OrderRequestMeta) {
      await ownPath(actor, userId, 'order.read', meta, { view: 'page' });
      const { rows, total } = await repository.page({ ...query, userId }, query.page, query.size, meta.now);
      const present = presenter(meta.language, meta.now);
      // Which orders were shown (ids only), written while they are presented.
      const audited = auditRead(
        actor,
        query.as === 'patient' ? actor.userId : null,
        { view: 'page', as: query.as, count: rows.length, orderIds: rows.map((row) => row.order.id).join(',') },
        meta,
      );
      const items: Order[] = [];
      // One at a time: the presenter's per-doctor cache then serves every later order of the same doctor.
      try {
        for (const row of rows) items.push(await present(row, query.as));
      } finally {
        await audited;
      }
      return { items, total, page: query.page, size: query.size };
    },

    async days(
      actor: Actor,
      userId: string,
      query: { month: number; year: number; as: OrderRole },
      meta: OrderRequestMeta,
    ): Promise<z.infer<typeof OrderDaysSchema>> {
      await ownPath(actor, userId, 'order.read', meta, { view: 'days' });
      const first = `${query.year}-${String(query.month).padStart(2, '0')}-01`;
      const next = query.month === 12 ? `${query.year + 1}-01-01` : `${query.year}-${String(query.month + 1).padStart(2, '0')}-01`;
      const days = await repository.countByDay({ as: query.as, userId }, vietnamInstant(first, '00:00'), vietnamInstant(next, '00:00'));
      return { days };
    },

    /** GET /p/order/track-order/{code}: public, so rate limited per IP and initials only. */
    async track(secureCode: string, meta: OrderRequestMeta): Promise<OrderTracking> {
      // Counted and checked in one statement, like every other limit: concurrent looks cannot all slip under it.
      const limit = { bucket: `track:ip:${ipKey(meta.ip)}`, limit: TRACKING_PER_MINUTE, windowMs: MINUTE_MS };
      if (!(await deps.limiter.take([limit], meta.now)).admitted) throw new AppError(429, 'TOO_MANY_REQUESTS');
      const view = await repository.findViewBySecureCode(secureCode);
      if (!view) {
        await deps.audit.record(
          {
            action: 'order.read',
            outcome: 'failure',
            actorUserId: null,
            subjectUserId: null,
            ip: meta.ip,
            details: { view: 'track', reason: 'NOT_FOUND' },
          },
          meta.now,
        );
        throw AppError.notFound();
      }
      const { order, detail } = view;
      await auditRead(null, order.userId, { view: 'track', orderId: order.id }, meta);
      return {
        code: order.code,
        status: order.status as OrderStatus,
        category: order.category as OrderCategory,
        mode: order.mode as WorkMode,
        service: view.examType?.names[meta.language] ?? null,
        specialty: view.specialty?.names[meta.language] ?? null,
        clinic: view.workUnit ? { name: view.workUnit.names[meta.language], address: view.workUnit.address } : null,
        checkDay: detail.checkDay,
        checkHour: detail.checkHour,
        startsAt: order.startsAt.toISOString(),
        patientInitials: nameInitials(detail.patientName),
      };
    },

    /**
     * How many bookings assigned to `doctorId` await their confirmation and have not begun (issue 12: the bell and the
     * doctor's home notice). The caller has checked that `doctorId` is the person asking.
     */
    awaitingConfirmation(doctorId: string, now: Date): Promise<number> {
      return repository.countAwaitingConfirmation(doctorId, now);
    },

    waitlist,

    /** Deletes up to `limit` Idempotency-Key rows stored before `olderThan` (the periodic sweep's batch). */
    pruneIdempotencyKeys(olderThan: Date, limit: number): Promise<number> {
      return repository.deleteKeysCreatedBefore(olderThan, limit);
    },

    /** GET /order/ics/{orderId}: the calendar file of one's own or an assigned order. */
    async calendar(actor: Actor, orderId: string, meta: OrderRequestMeta): Promise<{ filename: string; ics: string }> {
      const { view } = await visibleOrder(actor, orderId, 'order.read', meta, { view: 'ics' });
      await auditRead(actor, view.order.userId, { view: 'ics', orderId }, meta);
      return { filename: `${view.order.code}.ics`, ics: calendarFor(view, meta.language, meta.now) };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
