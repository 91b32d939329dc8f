import type { WaitlistState } from '@rhc/contracts';
import {
  CALENDAR_CATEGORIES,
  checkWaitlistRange,
  ORDER_STATUS,
  vietnamDay,
  type FreedSlot,
  ACTIVE_ORDER_STATUSES,
  isActiveOrder,
} from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { createAuditLog, type AuditAction, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { recordInApp } from '../../platform/messaging/in-app.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import type { SchedulesService } from '../schedules/schedules.service.ts';
import {
  inAppNotice,
  noticeMessages,
  orderRows,
  vietnamHour,
  type NoticeFacts,
  type NotificationEvent,
  type OrderView,
} from '../orders/orders.service.ts';
import { createSlotOffers } from './slot-offers.ts';
import { createWaitlistRepository } from './waitlist.repository.ts';

/*
 * Earlier slot wanted (issue 12, decision 021). A booking's patient asks to be told when an earlier time of the same
 * doctor (or of any doctor of the booking's specialty at its clinic) opens between two days; when a booked time frees (a cancel, a move away, an offer declined or expired) it is
 * offered, in the transaction that freed it and under the doctor's calendar lock, to the first entry in the queue it
 * fits, and held for them 15 minutes (the orders_offer_hold trigger refuses anyone else's booking there meanwhile).
 */

export interface WaitlistDeps {
  db: Db;
  outbox: Pick<OutboxDispatcher, 'wake'>;
  audit: AuditLog;
  schedules: Pick<SchedulesService, 'findWorkTimeFor'>;
  /** What the order messages say of a booking (the orders service's). */
  noticeFacts: (view: OrderView) => NoticeFacts;
  publicBaseUrl: string;
}

/** What the waiting list needs of a request's meta (`metaOf`). */
export type WaitlistMeta = Pick<RequestMeta, 'ip' | 'now'>;

/** Offers expired per sweep run at most (the next run takes the rest). */
const SWEEP_BATCH = 100;

export function createWaitlistService(deps: WaitlistDeps) {
  const repository = createWaitlistRepository(deps.db);
  const ordersRepository = orderRows(deps.db);

  const { offerSlot, passOn } = createSlotOffers(deps);

  /**
   * The booking. That it is the caller's own (as its patient) is declared on the endpoints and checked by the access
   * gate before the service runs (issue 48); one gone since is 404.
   */
  async function bookingOf(orderId: string): Promise<OrderView> {
    const view = await ordersRepository.findView(orderId);
    if (!view) throw AppError.notFound();
    return view;
  }

  async function stateOf(orderId: string, now: Date): Promise<WaitlistState> {
    const entry = await repository.entryOfOrder(orderId);
    if (!entry) return { entry: null, offer: null };
    const [position, offer] = await Promise.all([
      entry.status === 'waiting' ? repository.positionOf(entry) : Promise.resolve(null),
      entry.status === 'offered' ? repository.openOfferOfEntry(entry.id, now) : Promise.resolve(undefined),
    ]);
    const [doctor] = offer ? await ordersRepository.recipients([offer.doctorId]) : [];
    return {
      entry: {
        id: entry.id,
        anyDoctor: entry.doctorId === null,
        fromDay: entry.fromDay,
        toDay: entry.toDay,
        status: entry.status as NonNullable<WaitlistState['entry']>['status'],
        position,
        createdAt: entry.createdAt.toISOString(),
      },
      offer: offer
        ? {
            id: offer.id,
            orderId,
            startsAt: offer.startsAt.toISOString(),
            endsAt: offer.endsAt.toISOString(),
            checkDay: vietnamDay(offer.startsAt),
            checkHour: vietnamHour(offer.startsAt),
            doctor: { id: offer.doctorId, fullName: doctor?.fullName ?? '' },
            expiresAt: offer.expiresAt.toISOString(),
            status: 'open',
          }
        : null,
    };
  }

  function record(action: AuditAction, actor: Actor, subject: string, details: Record<string, string>, meta: WaitlistMeta) {
    return deps.audit.record(
      { action, outcome: 'success', actorUserId: actor.userId, subjectUserId: subject, ip: meta.ip, details },
      meta.now,
    );
  }

  /** An offer the caller may decide (theirs, declared on the endpoints), with its entry; one gone since is 404. */
  async function offerOf(offerId: string) {
    const offer = await repository.findOffer(offerId);
    const entry = offer ? await repository.entryById(offer.entryId) : undefined;
    if (!offer || !entry) throw AppError.notFound();
    return { offer, entry };
  }

  /** Runs `work` in a transaction; wakes the outbox after a commit that queued messages; then throws `refusal`, if any. */
  async function committed(work: (tx: Db) => Promise<{ queued: number; refusal?: AppError }>): Promise<void> {
    const { queued, refusal } = await deps.db.transaction(work);
    if (queued > 0) deps.outbox.wake();
    if (refusal) throw refusal;
  }

  /**
   * A booking moved (by its patient or its doctor), still active (issue 54): its live entry, if any, follows it — whom
   * it waits for (the new doctor, unless any doctor of the specialty), the service, clinic and mode, and its days: up to
   * the new day when they ran up to the old booking's day (the form's default: "anything earlier than my booking"),
   * else no later than the new day; the entry ends when no day is left. The time the booking left is recorded as
   * `vacated` for the entry, so that neither this change nor any later passing-on offers it back to them. An open offer
   * that no longer fits the moved booking (not earlier, another doctor's for a doctor's entry, another mode, outside
   * the days) is voided and passed on. Answers how many messages were queued.
   */
  async function follow(tx: Db, before: OrderView, after: OrderView, now: Date): Promise<number> {
    const waitlist = createWaitlistRepository(tx);
    const entry = await waitlist.entryOfOrder(before.order.id);
    if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return 0;
    const left = before.order;
    if (left.doctorId)
      await waitlist.insertOffer({
        entryId: entry.id,
        userId: entry.userId,
        doctorId: left.doctorId,
        startsAt: left.startsAt,
        endsAt: left.endsAt,
        expiresAt: now,
        status: 'vacated',
        createdAt: now,
        decidedAt: now,
      });
    const oldDay = vietnamDay(left.startsAt);
    const newDay = vietnamDay(after.order.startsAt);
    const toDay = entry.toDay >= oldDay || newDay < entry.toDay ? newDay : entry.toDay;
    const doctorId = entry.doctorId === null ? null : after.order.doctorId;
    let queued = 0;
    if (entry.fromDay > toDay || (entry.doctorId !== null && doctorId === null)) {
      const entryIds = await waitlist.endEntriesOfOrder(before.order.id, now);
      for (const offer of await waitlist.openOffersOfEntries(entryIds)) queued += await passOn(tx, offer, 'void', now);
      return queued;
    }
    await waitlist.followBooking(
      entry.id,
      {
        doctorId,
        specialtyId: after.detail.specialtyId,
        examTypeId: after.detail.examTypeId,
        workUnitId: after.detail.workUnitId,
        mode: after.order.mode,
        fromDay: entry.fromDay,
        toDay,
      },
      now,
    );
    for (const offer of await waitlist.openOffersOfEntries([entry.id])) {
      const day = vietnamDay(offer.startsAt);
      const fits =
        offer.startsAt.getTime() < after.order.startsAt.getTime() &&
        (doctorId === null || offer.doctorId === doctorId) &&
        after.order.mode === entry.mode &&
        day >= entry.fromDay &&
        day <= toDay;
      if (fits) continue;
      queued += await passOn(tx, offer, 'void', now);
      await waitlist.setEntryStatus(entry.id, 'waiting', now);
    }
    return queued;
  }

  return {
    /** An account's erasure (decision 052): its waiting-list entries and offers, in its transaction. */
    erasePerson(tx: Db, userId: string): Promise<number> {
      return createWaitlistRepository(tx).erasePerson(userId);
    },
    /**
     * Called by every lifecycle step in its transaction, after the change (orders/lifecycle.ts `transition`, which
     * createServices hands it as `afterChange`): a booking that stops holding its time (cancelled, deleted, moved) frees
     * it for the first person waiting; a booking that ends (cancelled, completed, deleted) leaves the queue, and a slot
     * held for it goes to the next. Answers how many messages were queued.
     */
    async afterChange(tx: Db, before: OrderView, after: OrderView | null, now: Date): Promise<number> {
      const freed: (FreedSlot & { workUnitId: number | null })[] = [];
      const { order } = before;
      const moved =
        after !== null &&
        (after.order.startsAt.getTime() !== order.startsAt.getTime() ||
          after.order.endsAt.getTime() !== order.endsAt.getTime() ||
          after.order.doctorId !== order.doctorId);
      const ended = after === null || after.order.status === ORDER_STATUS.cancelled || after.order.status === ORDER_STATUS.done;
      // Only an order holding its doctor's time frees any (a lab order holds a counted place, decision 044).
      if (
        isActiveOrder(before.order.status) &&
        order.doctorId &&
        (CALENDAR_CATEGORIES as readonly string[]).includes(order.category) &&
        (moved || after === null || after.order.status === ORDER_STATUS.cancelled)
      )
        freed.push({
          doctorId: order.doctorId,
          mode: order.mode,
          startsAt: order.startsAt,
          endsAt: order.endsAt,
          workUnitId: before.detail.workUnitId,
        });
      let queued = 0;
      // A booking that moves keeps its place in the queue; its entry follows it, and the time it left is never offered back.
      if (moved && !ended && isActiveOrder(after.order.status)) queued += await follow(tx, before, after, now);
      if (ended) {
        const waitlist = createWaitlistRepository(tx);
        const entryIds = await waitlist.endEntriesOfOrder(order.id, now);
        for (const offer of await waitlist.openOffersOfEntries(entryIds)) queued += await passOn(tx, offer, 'void', now);
      }
      for (const slot of freed) queued += await offerSlot(tx, slot, now);
      return queued;
    },

    /** GET /order/waitlist/{id}. */
    async state(actor: Actor, orderId: string, meta: WaitlistMeta): Promise<WaitlistState> {
      await bookingOf(orderId);
      return stateOf(orderId, meta.now);
    },

    /**
     * PUT /order/waitlist/{id}: joins the queue for the booking's doctor, or (`anyDoctor`) for any doctor of its specialty
     * at its clinic in its mode; or changes the days and that choice, keeping the place.
     */
    async join(
      actor: Actor,
      orderId: string,
      body: { fromDay: string; toDay: string; anyDoctor?: boolean | undefined },
      meta: WaitlistMeta,
    ): Promise<WaitlistState> {
      const view = await bookingOf(orderId);
      const { order } = view;
      const range = { fromDay: body.fromDay, toDay: body.toDay };
      if (!isActiveOrder(view.order.status) || !order.doctorId || order.startsAt.getTime() <= meta.now.getTime())
        throw new AppError(409, 'WAITLIST_NOT_ACTIVE');
      // Any doctor "of the specialty at the clinic": a booking without either (an online one has no clinic) cannot say.
      const anyDoctor = body.anyDoctor === true;
      if (anyDoctor && (view.detail.specialtyId === null || (order.mode === 'direct' && view.detail.workUnitId === null)))
        throw new AppError(422, 'VALIDATION_FAILED');
      const doctorId = anyDoctor ? null : order.doctorId;
      const refused = checkWaitlistRange(range, order.startsAt, meta.now);
      if (refused === 'range_order') throw new AppError(422, 'VALIDATION_FAILED');
      if (refused === 'range_past') throw new AppError(422, 'WAITLIST_RANGE_PAST');
      if (refused === 'range_after_booking') throw new AppError(422, 'WAITLIST_RANGE_AFTER_BOOKING');
      const current = await repository.entryOfOrder(orderId);
      if (current && (current.status === 'waiting' || current.status === 'offered'))
        await repository.setEntryRange(current.id, { ...range, doctorId }, meta.now);
      else
        await repository.insertEntry({
          orderId,
          userId: actor.userId,
          doctorId,
          specialtyId: view.detail.specialtyId,
          examTypeId: view.detail.examTypeId,
          workUnitId: view.detail.workUnitId,
          mode: order.mode,
          fromDay: range.fromDay,
          toDay: range.toDay,
          status: 'waiting',
          createdAt: meta.now,
          updatedAt: meta.now,
        });
      await record('order.edit', actor, actor.userId, { orderId, view: 'waitlist.join' }, meta);
      return stateOf(orderId, meta.now);
    },

    /** DELETE /order/waitlist/{id}: stops waiting; a slot held for the booking goes to the next. */
    async leave(actor: Actor, orderId: string, meta: WaitlistMeta): Promise<WaitlistState> {
      const view = await bookingOf(orderId);
      await committed(async (tx) => {
        if (view.order.doctorId) await orderRows(tx).holdDoctorCalendar(view.order.doctorId);
        const waitlist = createWaitlistRepository(tx);
        const entryIds = await waitlist.endEntriesOfOrder(orderId, meta.now);
        let queued = 0;
        for (const offer of await waitlist.openOffersOfEntries(entryIds)) queued += await passOn(tx, offer, 'void', meta.now);
        await createAuditLog(tx).record(
          {
            action: 'order.edit',
            outcome: 'success',
            actorUserId: actor.userId,
            ip: meta.ip,
            details: { orderId, view: 'waitlist.leave' },
          },
          meta.now,
        );
        return { queued };
      });
      return stateOf(orderId, meta.now);
    },

    /**
     * POST /offers/{offerId}/accept: in one transaction under the doctor's calendar lock, the booking moves to the held
     * time (back to booked, for the doctor to confirm, who is told as of a patient's move), the offer is accepted and
     * the entry done; the booking's old time, now free, is offered to the next in line. An offer of another doctor (the
     * entry waited for any doctor of the specialty) moves the booking to that doctor: the new one is told of a booking
     * to confirm, the old one that it left, as of a patient's change of doctor.
     */
    async accept(actor: Actor, offerId: string, meta: WaitlistMeta): Promise<WaitlistState> {
      const { offer, entry } = await offerOf(offerId);
      const view = await ordersRepository.findView(entry.orderId);
      if (!view) throw AppError.notFound();
      // The clinic the doctor works at then (a booked time lay in a work time; the doctor may have changed it since).
      const facts = await ordersRepository.findBookingFacts({
        ownerId: view.order.userId,
        doctorId: offer.doctorId,
        examTypeId: view.detail.examTypeId ?? 0,
        specialtyId: view.detail.specialtyId ?? 0,
        mode: view.order.mode,
        key: null,
        keySince: meta.now,
      });
      const otherDoctor = offer.doctorId !== view.order.doctorId;
      // Another doctor must see patients of the booking's specialty, be verified, and work at the booking's clinic then.
      const eligible = !otherDoctor || (facts?.doctor?.verified === true && facts.specialty !== null);
      const found =
        facts && eligible ? deps.schedules.findWorkTimeFor(facts.workTimes, facts.holidays, offer.startsAt, offer.endsAt) : null;
      const workTime = found && otherDoctor && view.order.mode === 'direct' && found.workUnitId !== view.detail.workUnitId ? null : found;
      await committed(async (tx) => {
        const orders = orderRows(tx);
        const waitlist = createWaitlistRepository(tx);
        await orders.holdDoctorCalendar(offer.doctorId);
        const locked = await waitlist.lockOffer(offerId);
        if (!locked || locked.status !== 'open') return { queued: 0, refusal: new AppError(409, 'OFFER_GONE') };
        if (locked.expiresAt.getTime() <= meta.now.getTime())
          return { queued: await passOn(tx, locked, 'expired', meta.now), refusal: new AppError(409, 'OFFER_EXPIRED') };
        // The booking moved earlier since (or ended): the offer is no use to it any more, and goes to the next.
        if (!isActiveOrder(view.order.status) || locked.startsAt.getTime() >= view.order.startsAt.getTime()) {
          const queued = await passOn(tx, locked, 'void', meta.now);
          if (isActiveOrder(view.order.status)) await waitlist.setEntryStatus(entry.id, 'waiting', meta.now);
          return { queued, refusal: new AppError(409, 'OFFER_GONE') };
        }
        if (!workTime) throw new AppError(422, 'SLOT_UNAVAILABLE');
        const checkDay = vietnamDay(locked.startsAt);
        const checkHour = vietnamHour(locked.startsAt);
        const workUnitId = view.order.mode === 'direct' ? workTime.workUnitId : null;
        const version = await orders.update(
          view.order.id,
          ACTIVE_ORDER_STATUSES,
          {
            doctorId: offer.doctorId,
            startsAt: locked.startsAt,
            endsAt: locked.endsAt,
            status: ORDER_STATUS.booked,
            updatedBy: actor.userId,
            updatedAt: meta.now,
          },
          { checkDay, checkHour, workUnitId, meetingLink: null },
          meta.now,
        );
        if (version === null) throw AppError.conflict('ORDER_STATUS_CONFLICT');
        await waitlist.decideOffer(locked.id, 'accepted', meta.now);
        await waitlist.setEntryStatus(entry.id, 'moved', meta.now);
        await createAuditLog(tx).record(
          {
            action: 'order.edit',
            outcome: 'success',
            actorUserId: actor.userId,
            ip: meta.ip,
            details: { orderId: view.order.id, offerId, view: 'offer.accept' },
          },
          meta.now,
        );
        // The doctor is told as of any patient's move: to confirm again; a change of doctor tells both.
        const after = await orders.findView(view.order.id);
        let queued = 0;
        if (after && view.order.doctorId) {
          const notices: { event: NotificationEvent; to: string }[] = otherDoctor
            ? [
                { event: 'doctor.movedAway', to: view.order.doctorId },
                { event: 'doctor.booked', to: offer.doctorId },
              ]
            : [{ event: 'doctor.moved', to: view.order.doctorId }];
          const doctors = await orders.recipients(notices.map((notice) => notice.to));
          const facts = deps.noticeFacts(after);
          for (const notice of notices) {
            const doctor = doctors.find((person) => person.id === notice.to);
            if (!doctor) continue;
            const messages = noticeMessages(notice.event, doctor, facts, String(version));
            await orders.queue(messages, meta.now);
            await recordInApp(tx, [inAppNotice(notice.event, doctor.id, facts, String(version))], meta.now);
            queued += messages.length;
          }
        }
        // The booking's old time is free now: the next in line is offered it.
        if (view.order.doctorId && isActiveOrder(view.order.status))
          queued += await offerSlot(
            tx,
            {
              doctorId: view.order.doctorId,
              mode: view.order.mode,
              startsAt: view.order.startsAt,
              endsAt: view.order.endsAt,
              workUnitId: view.detail.workUnitId,
            },
            meta.now,
          );
        return { queued };
      });
      return stateOf(view.order.id, meta.now);
    },

    /** POST /offers/{offerId}/decline: the slot goes to the next in line; the caller keeps waiting for another. */
    async decline(actor: Actor, offerId: string, meta: WaitlistMeta): Promise<WaitlistState> {
      const { offer, entry } = await offerOf(offerId);
      await committed(async (tx) => {
        await orderRows(tx).holdDoctorCalendar(offer.doctorId);
        const locked = await createWaitlistRepository(tx).lockOffer(offerId);
        if (!locked || locked.status !== 'open') return { queued: 0, refusal: new AppError(409, 'OFFER_GONE') };
        const expired = locked.expiresAt.getTime() <= meta.now.getTime();
        const queued = await passOn(tx, locked, expired ? 'expired' : 'declined', meta.now);
        await createAuditLog(tx).record(
          {
            action: 'order.edit',
            outcome: 'success',
            actorUserId: actor.userId,
            ip: meta.ip,
            details: { orderId: entry.orderId, offerId, view: expired ? 'offer.expired' : 'offer.decline' },
          },
          meta.now,
        );
        return { queued };
      });
      return stateOf(entry.orderId, meta.now);
    },

    /**
     * Expires open offers past their hold and passes each slot on, one transaction per offer under its doctor's
     * calendar lock; an offer another instance is handling is skipped (FOR UPDATE SKIP LOCKED). Then ends entries whose
     * booking has begun or whose days are over. Answers how many offers expired.
     */
    async sweep(now: Date): Promise<number> {
      let expired = 0;
      for (const due of await repository.dueOffers(now, SWEEP_BATCH)) {
        await committed(async (tx) => {
          await orderRows(tx).holdDoctorCalendar(due.doctorId);
          const locked = await createWaitlistRepository(tx).lockExpiredOffer(due.id, now);
          if (!locked) return { queued: 0 };
          expired += 1;
          return { queued: await passOn(tx, locked, 'expired', now) };
        });
      }
      await repository.endStaleEntries(now, vietnamDay(now));
      return expired;
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
export { createOfferSweep } from './slot-offers.ts';
