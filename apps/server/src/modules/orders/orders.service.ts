import type { DoctorOrderBodySchema, Order, OrderDaysSchema, OrderPageQuerySchema } from '@rhc/contracts';
import { ORDER_STATUS, statusesAllowing, vietnamInstant, type OrderRole } from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { createBooking, createBookingReads, type BookingAnswer } from './booking.ts';
import { exam, type ExamOrderBody } from './categories/exam.ts';
import { vaccine, type VaccineOrderBody } from './categories/vaccine.ts';
import { lab, type LabOrderBody } from './categories/lab.ts';
import { imaging, type ImagingOrderBody } from './categories/imaging.ts';
import { createImagingPlaces } from './imaging-places.ts';
import { createLabPlaces } from './lab-places.ts';
import { createLifecycle } from './lifecycle.ts';
import { createOrderAccess } from './order-access.ts';
import type { OrderRequestMeta, OrdersDeps } from './order-context.ts';
import { createOrderMessages, noticesOf } from './order-messages.ts';
import { createOrdersRepository, type OrderView } from './orders.repository.ts';
import { recordInApp } from '../../platform/messaging/in-app.ts';
import { createPresenter } from './presenter.ts';
import { createTracking } from './tracking.ts';
import { createOrderResults } from './results.ts';

export type { BookingAnswer } from './booking.ts';
export type { ChangePolicy, OrderRequestMeta, OrdersDeps } from './order-context.ts';
// What the modules working on orders (the waiting list, the reminders) share with them: how a day and an instant read,
// the web app's links, the notices' wording and who is told.
export { displayDay, displayInstant, vietnamHour } from './display-time.ts';
export { bookingLink, trackingLink } from './order-links.ts';
export { noticeMessages, type NoticeFacts, type NotificationEvent, type Recipient } from './order-notifications.ts';
export { inAppNotice } from './order-in-app.ts';
export type { OrderView } from './orders.repository.ts';

/**
 * The orders' rows as the waiting list reads and writes them, in its own transactions and inside the lifecycle's
 * (decision 021: an offer is made in the transaction that frees the time, an accepted one moves the booking).
 */
export function orderRows(db: Db) {
  const repository = createOrdersRepository(db);
  return {
    findView: repository.findView,
    findBookingFacts: repository.findBookingFacts,
    recipients: repository.recipients,
    queue: repository.queue,
    holdDoctorCalendar: repository.holdDoctorCalendar,
    update: repository.update,
  };
}

type DoctorOrderBody = z.output<typeof DoctorOrderBodySchema>;
type OrderPageQuery = z.output<typeof OrderPageQuerySchema>;

/**
 * The orders module's use cases, composed from the order core's parts (issue 48): booking (booking.ts), the lifecycle
 * (lifecycle.ts), the presenter (presenter.ts), the messages (order-messages.ts) and the public tracking (tracking.ts),
 * each order category one file in categories/. Answers data, never HTTP envelopes: the routes make those.
 */
export function createOrdersService(deps: OrdersDeps) {
  const repository = createOrdersRepository(deps.db);
  const access = createOrderAccess({ audit: deps.audit, repository, deny: deps.deny });
  const { presenter, present } = createPresenter(deps);
  const messages = createOrderMessages(deps);
  const reads = createBookingReads(deps, repository);
  const booking = createBooking({ deps, repository, access, messages, reads });
  const labPlaces = createLabPlaces(repository);
  const imagingPlaces = createImagingPlaces(repository);
  const results = createOrderResults({ deps, repository, access });
  const lifecycle = createLifecycle({ deps, repository, access, presenter: { present }, messages, booking: reads, results });
  const { track } = createTracking(deps, repository, access);

  return {
    /** POST /order/{userId}: a patient's booking (an examination), once per Idempotency-Key. */
    create(actor: Actor, userId: string, body: ExamOrderBody, key: string, meta: OrderRequestMeta): Promise<BookingAnswer> {
      return booking.create(exam, actor, userId, body, key, meta);
    },

    /** POST /order/doctor/{doctorId} (issue 17, decision 027): the doctor's order for a patient (kind 2). */
    createForPatient(actor: Actor, doctorId: string, body: DoctorOrderBody, key: string, meta: OrderRequestMeta): Promise<BookingAnswer> {
      return booking.createForPatient(exam, actor, doctorId, body, key, meta);
    },

    /** PUT /order/{orderId}: a new time (or doctor, service) for a booked or verified order. */
    edit(actor: Actor, orderId: string, body: ExamOrderBody, meta: OrderRequestMeta): Promise<Order> {
      return lifecycle.edit(exam, actor, orderId, body, meta);
    },

    /** POST /vaccine-order/{userId} (decision 043): a vaccination, once per Idempotency-Key. */
    createVaccine(actor: Actor, userId: string, body: VaccineOrderBody, key: string, meta: OrderRequestMeta): Promise<BookingAnswer> {
      return booking.create(vaccine, actor, userId, body, key, meta);
    },

    /** PUT /vaccine-order/{orderId}: a new time, doctor, dose or note for a booked or verified vaccine order. */
    editVaccine(actor: Actor, orderId: string, body: VaccineOrderBody, meta: OrderRequestMeta): Promise<Order> {
      return lifecycle.edit(vaccine, actor, orderId, body, meta);
    },

    /** POST /diagnostictest/{userId} (decision 044): lab tests at home or at a clinic, once per Idempotency-Key. */
    createLab(actor: Actor, userId: string, body: LabOrderBody, key: string, meta: OrderRequestMeta): Promise<BookingAnswer> {
      return booking.create(lab, actor, userId, body, key, meta);
    },

    /** PUT /diagnostictestedit/{orderId}: new tests, place, time or note for a booked or verified lab order. */
    editLab(actor: Actor, orderId: string, body: LabOrderBody, meta: OrderRequestMeta): Promise<Order> {
      return lifecycle.edit(lab, actor, orderId, body, meta);
    },

    /** GET /diagnostictest/free-times: the free places of a day. */
    labFreeTimes: labPlaces.freeTimes,

    /** POST /imageanalysation/{userId} (decision 045): a scan in a machine's slot at a clinic, once per Idempotency-Key. */
    createImaging(actor: Actor, userId: string, body: ImagingOrderBody, key: string, meta: OrderRequestMeta): Promise<BookingAnswer> {
      return booking.create(imaging, actor, userId, body, key, meta);
    },

    /** PUT /imageanalysationedit/{orderId}: a new scan, clinic, time, answers or note for a booked or verified imaging order. */
    editImaging(actor: Actor, orderId: string, body: ImagingOrderBody, meta: OrderRequestMeta): Promise<Order> {
      return lifecycle.edit(imaging, actor, orderId, body, meta);
    },

    /** GET /imageanalysation/free-times: the free machines of a clinic for an image type, slot by slot. */
    imagingFreeTimes: imagingPlaces.freeTimes,

    setNote: lifecycle.setNote,
    verify: lifecycle.verify,
    cancel: lifecycle.cancel,
    complete: lifecycle.complete,
    remove: lifecycle.remove,
    track,

    /** A lab or imaging order's results (decision 046): read under the category's section, marked and concluded by its staff. */
    results: results.read,
    markPerformed: results.performed,
    conclude: results.conclude,

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
    async detail(actor: Actor, orderId: string, meta: OrderRequestMeta): Promise<Order> {
      const { view, role } = await access.orderAndRole(actor, orderId);
      // The audit row is written while the answer is built: no wait added to the read.
      const [order] = await Promise.all([
        presenter(meta.language, meta.now)(view, role),
        access.auditRead(actor, view.order.userId, { view: 'detail', orderId }, meta),
      ]);
      return order;
    },

    async page(actor: Actor, userId: string, query: OrderPageQuery, meta: OrderRequestMeta) {
      const { rows, total } = await repository.page({ ...query, userId }, query.page, query.size, meta.now);
      const presentOne = presenter(meta.language, meta.now);
      // Which orders were shown (ids only), written while they are presented.
      const audited = access.auditRead(
        actor,
        query.as === 'patient' ? actor.userId : null,
        { view: 'page', as: query.as, count: rows.length, orderIds: rows.map((row) => row.order.id).join(',') },
        meta,
      );
      const items: Order[] = [];
      // One at a time: the presenter's per-doctor cache then serves every later order of the same doctor.
      try {
        for (const row of rows) items.push(await presentOne(row, query.as));
      } finally {
        await audited;
      }
      return { items, total, page: query.page, size: query.size };
    },

    async days(userId: string, query: { month: number; year: number; as: OrderRole }): Promise<z.infer<typeof OrderDaysSchema>> {
      const first = `${query.year}-${String(query.month).padStart(2, '0')}-01`;
      const next = query.month === 12 ? `${query.year + 1}-01-01` : `${query.year}-${String(query.month + 1).padStart(2, '0')}-01`;
      const days = await repository.countByDay({ as: query.as, userId }, vietnamInstant(first, '00:00'), vietnamInstant(next, '00:00'));
      return { days };
    },

    /**
     * How many bookings assigned to `doctorId` await their confirmation and have not begun (issue 12: the bell and the
     * doctor's home notice). The caller has checked that `doctorId` is the person asking.
     */
    awaitingConfirmation(doctorId: string, now: Date): Promise<number> {
      return repository.countAwaitingConfirmation(doctorId, now);
    },

    /** Deletes up to `limit` Idempotency-Key rows stored before `olderThan` (the periodic sweep's batch). */
    pruneIdempotencyKeys(olderThan: Date, limit: number): Promise<number> {
      return repository.deleteKeysCreatedBefore(olderThan, limit);
    },

    /** GET /order/ics/{orderId}: the calendar file of one's own or an assigned order. */
    async calendar(actor: Actor, orderId: string, meta: OrderRequestMeta): Promise<{ filename: string; ics: string }> {
      const { view } = await access.orderAndRole(actor, orderId);
      await access.auditRead(actor, view.order.userId, { view: 'ics', orderId }, meta);
      return { filename: `${view.order.code}.ics`, ics: messages.calendarFor(view, meta.language, meta.now) };
    },

    /** What the messages say of an order as it stands (the waiting list's messages of a patient's move, decision 021). */
    noticeFacts: messages.noticeFacts,

    /**
     * An account's erasure (decision 052), in its transaction: the bookings still to come that it is a party to are
     * cancelled (the other side told as of any cancellation: a patient's tells the doctor, a doctor's tells the patient;
     * the time freed goes to the waiting list); then every booking it made or that is for one of its profiles keeps only
     * what the clinical record needs (no name, phone, e-mail or address). Answers the counts; the caller wakes the outbox
     * after its commit.
     */
    async erasePerson(
      tx: Db,
      userId: string,
      profileIds: readonly string[],
      anonymous: string,
      now: Date,
    ): Promise<{ cancelled: number; stripped: number; queued: number }> {
      const rows = createOrdersRepository(tx);
      // Stripped first, so the cancellations below tell the other side of the booking, not of the person.
      const stripped = await rows.stripContacts(userId, profileIds, anonymous);
      const from = statusesAllowing('cancel');
      const upcoming = await rows.upcomingOf(userId, profileIds, from, now);
      let queued = 0;
      for (const id of upcoming) {
        const view = await rows.findView(id);
        if (!view) continue;
        const role: OrderRole = view.order.doctorId === userId ? 'doctor' : 'patient';
        if (view.order.doctorId) await rows.holdDoctorCalendar(view.order.doctorId);
        await rows.releasePlace(id);
        const version = await rows.update(
          id,
          from,
          { status: ORDER_STATUS.cancelled, updatedBy: userId, updatedAt: now },
          { cancelReason: null },
        );
        if (version === null) continue;
        const after: OrderView = { ...view, order: { ...view.order, status: ORDER_STATUS.cancelled } };
        await deps.afterChange(tx, view, after, now);
        // Only the other side is told: the person leaving is not written to.
        const notices = noticesOf('cancel', role, view, after).filter((notice) => notice.to !== userId);
        if (notices.length === 0) continue;
        const recipients = await rows.recipients([...new Set(notices.map((notice) => notice.to))]);
        const queuedMessages = messages.noticeMessagesOf(notices, recipients, after, String(version));
        await rows.queue(queuedMessages, now);
        await recordInApp(tx, messages.inAppNoticesOf(notices, recipients, after, String(version)), now);
        queued += queuedMessages.length;
      }
      return { cancelled: upcoming.length, stripped, queued };
    },

    /**
     * Tells each booking's patient (the account that booked it: the person, or who manages their profile) that a confirmed
     * change of its doctor's working time or days off left it outside working time (decision 047): by their channels in
     * their language, and in the bell, in the change's transaction `tx`. The booking itself is not changed. The keys name
     * the order's version and the change (`changeId`): the same change written again queues nothing more.
     */
    async tellOutsideWorkTime(tx: Db, orderIds: readonly string[], changeId: string, now: Date): Promise<number> {
      const rows = createOrdersRepository(tx);
      const views: OrderView[] = [];
      for (const id of orderIds) {
        const view = await rows.findView(id);
        if (view) views.push(view);
      }
      const recipients = await rows.recipients([...new Set(views.map((view) => view.order.userId))]);
      const queued = views.flatMap((view) => {
        const notices = [{ event: 'patient.doctorUnavailable' as const, to: view.order.userId }];
        const key = `${view.order.version}:${changeId}`;
        return [{ view, notices, key, messages: messages.noticeMessagesOf(notices, recipients, view, key) }];
      });
      await rows.queue(
        queued.flatMap((entry) => entry.messages),
        now,
      );
      await recordInApp(
        tx,
        queued.flatMap((entry) => messages.inAppNoticesOf(entry.notices, recipients, entry.view, entry.key)),
        now,
      );
      return queued.reduce((total, entry) => total + entry.messages.length, 0);
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
