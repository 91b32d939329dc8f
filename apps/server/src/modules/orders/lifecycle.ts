import type { Order } from '@rhc/contracts';
import {
  changeableUntil,
  checkOrderEdit,
  checkOrderTransition,
  completableFrom,
  statusesAllowing,
  type OrderAction,
  type OrderRole,
  type OrderStatus,
  type TransitionRefusal,
} from '@rhc/domain';
import { createAuditLog, type AuditAction } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordInApp } from '../../platform/messaging/in-app.ts';
import { randomToken } from '../../platform/security/secrets.ts';
import type { OrderCategory, PersonBody, PlaceHold } from './category.ts';
import { categoryOf } from './categories/index.ts';
import { displayInstant } from './display-time.ts';
import type { OrderAccess } from './order-access.ts';
import { isPlaceTaken, MINUTE_MS, type ChangePolicy, type OrderRequestMeta, type OrdersDeps } from './order-context.ts';
import { isViolation, RECORD_KEPT } from '../../db/errors.ts';
import { noticesOf, type OrderMessagesMaker } from './order-messages.ts';
import {
  createOrdersRepository,
  type OrderDetailInsert,
  type OrderInsert,
  type OrdersRepository,
  type OrderView,
} from './orders.repository.ts';
import type { Presenter } from './presenter.ts';
import type { BookingReads } from './booking.ts';
import type { OrderResultsPart } from './results.ts';

/** What a lifecycle step writes; `shown` are the names of what an edit chose (for the messages telling of it). */
type OrderChange = {
  /** The counted place an edited order holds now (decision 044): its old one is freed and this one taken. */
  place?: PlaceHold | undefined;
  order?: Partial<OrderInsert>;
  detail?: Partial<OrderDetailInsert>;
  shown?: Partial<Pick<OrderView, 'doctor' | 'specialty' | 'examType' | 'workUnit' | 'vaccine' | 'lab' | 'imaging'>>;
};

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

/** The patient's details as an order detail stores them. */
export function patientColumns(detail: OrderView['detail']) {
  const { patientName, patientPhone, callingCode, countryName, patientGender, patientBirthday, patientEmail, patientAddress } = detail;
  return { patientName, patientPhone, callingCode, countryName, patientGender, patientBirthday, patientEmail, patientAddress };
}

/** A generated call link for an online order (VIDEO_BASE_URL/<token>). */
export function meetingLinkOf(videoBaseUrl: string): string {
  return `${videoBaseUrl.replace(/\/+$/, '')}/${randomToken()}`;
}

/** The steps of an order's life after its booking (docs/order-lifecycle.md): edit, note, verify, cancel, complete, delete. */
export function createLifecycle(parts: {
  deps: OrdersDeps;
  repository: Pick<OrdersRepository, 'findView'>;
  access: Pick<OrderAccess, 'orderAndRole'>;
  presenter: Pick<Presenter, 'present'>;
  messages: Pick<OrderMessagesMaker, 'noticeMessagesOf' | 'inAppNoticesOf'>;
  booking: BookingReads;
  results: Pick<OrderResultsPart, 'completionRefusal'>;
}) {
  const { deps, repository, access, presenter, messages, booking, results } = parts;

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
    const { view, role } = await access.orderAndRole(actor, orderId);
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
        // A lab or imaging order is completed with its results only (decision 046): performed, with a file or a conclusion.
        if (action === 'complete') {
          const missing = await results.completionRefusal(tx, view);
          if (missing) throw new AppError(409, missing);
        }
        // A cancelled or deleted order frees the counted place it holds (decision 044), with the change or not at all.
        if (action === 'cancel' || action === 'delete') await orders.releasePlace(orderId);
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
        // A vaccine order's new vaccine or dose (decision 043), with the change.
        if (action === 'edit' && changes.shown?.vaccine) await orders.setVaccine(orderId, changes.shown.vaccine);
        // A lab order's new tests and place (decision 044): the old place freed, the new one taken (past its last one,
        // capacity_taken's CHECK fails the change: 409 SLOT_TAKEN), with the change or not at all.
        if (action === 'edit' && changes.shown?.lab) await orders.setLab(orderId, changes.shown.lab);
        // An imaging order's new type, parts, answers and review (decision 045), with the change.
        if (action === 'edit' && changes.shown?.imaging) await orders.setImaging(orderId, changes.shown.imaging);
        if (action === 'edit' && changes.place) {
          await orders.releasePlace(orderId);
          await orders.takePlace(orderId, changes.place);
        }
        // What the category does on completion commits with it (a vaccination's dose in the history, decision 043).
        if (action === 'complete') await categoryOf(view.order.category).completed?.(tx, after, meta.now, deps);
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
        const offered = await deps.afterChange(tx, view, action === 'delete' ? null : after, meta.now);
        // Told in the same transaction as the change (issue 12): the messages exist exactly when the change does. The
        // key names the version this change made: one message per change and person and channel, never two.
        if (notices.length === 0) return offered;
        const recipients = await orders.recipients([...new Set(notices.map((notice) => notice.to))]);
        const queuedMessages = messages.noticeMessagesOf(notices, recipients, after, String(done));
        await orders.queue(queuedMessages, meta.now);
        // And in the app (the bell), whatever their SMS and e-mail choice, with the same kind of key.
        await recordInApp(tx, messages.inAppNoticesOf(notices, recipients, after, String(done)), meta.now);
        return queuedMessages.length + offered;
      });
      if (queued > 0) deps.outbox.wake();
    } catch (error) {
      // A diagnosis or prescription written after the check above: the database keeps it, and the order with it.
      if (isViolation(error, RECORD_KEPT)) {
        await auditFailure(auditAction, actor, view, 'ORDER_HAS_RESULT', meta);
        throw new AppError(409, 'ORDER_HAS_RESULT', {}, undefined, error);
      }
      if (isPlaceTaken(error)) {
        await auditFailure(auditAction, actor, view, 'SLOT_TAKEN', meta);
        throw new AppError(409, 'SLOT_TAKEN', {}, undefined, error);
      }
      if (error instanceof AppError) await auditFailure(auditAction, actor, view, error.code, meta);
      throw error;
    }
    return action === 'delete' ? null : loadFresh(orderId);
  }

  const { present } = presenter;

  /**
   * An order with a diagnosis or a prescription was an examination that happened (issue 54): it is completed, never
   * cancelled or deleted, and a prescription is corrected by a superseding one. 409 ORDER_HAS_RESULT.
   */
  async function refuseIfResult(orderId: string): Promise<void> {
    if (await deps.hasClinicalRecord(orderId)) throw new AppError(409, 'ORDER_HAS_RESULT');
  }

  return {
    /** PUT /order/{orderId}: a new time (or doctor, service) for a booked or verified order of `category`. */
    async edit<Body extends PersonBody>(
      category: OrderCategory<Body>,
      actor: Actor,
      orderId: string,
      sent: Body,
      meta: OrderRequestMeta,
    ): Promise<Order> {
      // A saved profile is the booker's own (a doctor's edit never names one: it keeps the stored details).
      const body = await booking.withSavedPatient(actor.userId, sent);
      const view = await transition(actor, orderId, 'edit', meta, async (current, role) => {
        const ownerId = current.order.userId;
        // An order holding a counted place (decision 044) is changed by its own category's call only, and none becomes one.
        if (current.order.category !== category.id && (categoryOf(current.order.category).placeAsk || category.placeAsk))
          throw new AppError(403, 'ORDER_NOT_ALLOWED');
        // Who may change what is checked before the new booking is: a doctor's refusal never depends on the other doctor.
        const changes = category.check(current, body);
        const check = checkOrderEdit({ role, status: current.order.status as OrderStatus, changes });
        if (!check.ok)
          throw new AppError(
            403,
            check.reason === 'doctor_change' ? 'ORDER_DOCTOR_CHANGE_NOT_ALLOWED' : 'ORDER_PATIENT_CHANGE_NOT_ALLOWED',
          );
        const place = await booking.placeFacts(category, body);
        const facts = await booking.bookingFacts(category, body, ownerId, null, meta.now, place);
        const { order, detail, shown, place: held } = category.prepare(body, facts, ownerId, meta.now, deps.schedules, place);
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
          place: held,
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
      await deps.onlineConfirmer(actor, orderId, meta);
      const view = await transition(actor, orderId, 'verify', meta, (current) => ({
        detail: current.order.mode === 'online' ? { meetingLink: meetingLink ?? meetingLinkOf(deps.videoBaseUrl) } : {},
      }));
      return present(view, actor, meta);
    },

    async cancel(actor: Actor, userId: string, orderId: string, reason: string | undefined, meta: OrderRequestMeta): Promise<Order> {
      const view = await transition(actor, orderId, 'cancel', meta, async (_current, role) => {
        // A patient may simply cancel; a doctor cancelling someone's appointment owes them the reason.
        if (role === 'doctor' && !reason) throw new AppError(400, 'CANCEL_REASON_REQUIRED');
        await refuseIfResult(orderId);
        return { detail: { cancelReason: reason || null } };
      });
      return present(view, actor, meta);
    },

    async complete(actor: Actor, userId: string, orderId: string, meta: OrderRequestMeta): Promise<Order> {
      const view = await transition(actor, orderId, 'complete', meta, () => ({}));
      return present(view, actor, meta);
    },

    async remove(actor: Actor, userId: string, orderId: string, meta: OrderRequestMeta): Promise<{ id: string }> {
      await transition(actor, orderId, 'delete', meta, async () => {
        await refuseIfResult(orderId);
        return {};
      });
      return { id: orderId };
    },
  };
}
