import { offerExpiresAt, slotFitsEntry, vietnamDay, type FreedSlot } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { recordInApp } from '../../platform/messaging/in-app.ts';
import type { QueuedMessage } from '../../platform/messaging/messaging.ts';
import { foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import { periodicTask } from '../../platform/jobs/periodic-task.ts';
import {
  bookingLink,
  displayDay,
  displayInstant,
  orderRows,
  vietnamHour,
  type OrderView,
  type Recipient,
} from '../orders/orders.service.ts';
import { createWaitlistRepository, type SlotOfferRow } from './waitlist.repository.ts';
import type { WaitlistDeps } from './waitlist.service.ts';

const MINUTE_MS = 60_000;

/**
 * A freed time offered to the first entry it fits, and passed on when an offer ends (decision 021): in the caller's
 * transaction, under the doctor's calendar lock.
 */
export function createSlotOffers(deps: Pick<WaitlistDeps, 'schedules' | 'publicBaseUrl'>) {
  function detailLink(orderId: string): string {
    return bookingLink(deps.publicBaseUrl, orderId);
  }

  /** The offer's messages to its patient, one per channel they chose, in their language; and the bell's notice. */
  function offerMessages(offer: SlotOfferRow, recipient: Recipient, view: OrderView, doctor: string): QueuedMessage[] {
    const language = recipientLanguage(recipient);
    const t = translatorFor(language);
    const params = {
      name: recipient.fullName,
      code: view.order.code,
      doctor,
      day: displayDay(vietnamDay(offer.startsAt)),
      hour: vietnamHour(offer.startsAt),
      until: displayInstant(offer.expiresAt),
      link: detailLink(view.order.id),
    };
    return messagesByChannel(
      recipient,
      {
        subject: () => t('waitlist:offer.subject', params),
        body: () => t('waitlist:offer.body', params),
        sms: () => foldedSms(language, t('waitlist:offer.sms', params)),
      },
      (channel) => `offer:${offer.id}:${recipient.id}:${channel}`,
    );
  }

  /** The clinic a doctor's time is at: the work unit of the work time it lies in (null online, or outside any). */
  async function clinicAt(tx: Db, slot: FreedSlot): Promise<number | null> {
    if (slot.mode !== 'direct') return null;
    const { workTimes, holidays } = await createWaitlistRepository(tx).calendarOf(slot.doctorId, slot.mode);
    return deps.schedules.findWorkTimeFor(workTimes, holidays, slot.startsAt, slot.endsAt)?.workUnitId ?? null;
  }

  /**
   * Offers a freed time of a doctor to the first entry in the queue it fits (first joined first), whether it waits for
   * this doctor or for any doctor of one of their specialties at the clinic the time is at (`workUnitId`: known to the
   * caller that freed a booking; else looked up in the doctor's work times). In the caller's transaction; the caller
   * holds the doctor's calendar lock (taken again here: it is re-entrant). Answers how many messages were queued.
   */
  async function offerSlot(tx: Db, slot: FreedSlot & { workUnitId?: number | null }, now: Date): Promise<number> {
    const waitlist = createWaitlistRepository(tx);
    const orders = orderRows(tx);
    await orders.holdDoctorCalendar(slot.doctorId);
    const clinic = slot.mode !== 'direct' ? null : slot.workUnitId !== undefined ? slot.workUnitId : await clinicAt(tx, slot);
    const taken = new Map<number, boolean>();
    for (const candidate of await waitlist.candidates(slot, clinic)) {
      const { entry } = candidate;
      const fits = slotFitsEntry(
        slot,
        {
          doctorId: entry.doctorId,
          mode: entry.mode,
          slotMinutes: candidate.slotMinutes,
          fromDay: entry.fromDay,
          toDay: entry.toDay,
          bookedStartsAt: candidate.bookedStartsAt,
        },
        now,
      );
      if (!fits) continue;
      // The offered time is the exam's length from the freed start; it must still be free of bookings and other holds.
      const endsAt = new Date(slot.startsAt.getTime() + candidate.slotMinutes * MINUTE_MS);
      if (!taken.has(candidate.slotMinutes))
        taken.set(candidate.slotMinutes, await waitlist.isTaken(slot.doctorId, slot.startsAt, endsAt, now));
      if (taken.get(candidate.slotMinutes)) continue;
      const offer = await waitlist.insertOffer({
        entryId: entry.id,
        userId: entry.userId,
        doctorId: slot.doctorId,
        startsAt: slot.startsAt,
        endsAt,
        expiresAt: offerExpiresAt(now),
        status: 'open',
        createdAt: now,
      });
      await waitlist.setEntryStatus(entry.id, 'offered', now);
      const [view, people] = await Promise.all([orders.findView(entry.orderId), orders.recipients([entry.userId, slot.doctorId])]);
      const recipient = people.find((person) => person.id === entry.userId);
      if (!view || !recipient) return 0;
      // The doctor of the freed time: another one than the booking's for an entry waiting for any doctor of the specialty.
      const doctor = people.find((person) => person.id === slot.doctorId)?.fullName ?? view.doctor?.fullName ?? '';
      const messages = offerMessages(offer, recipient, view, doctor);
      await orders.queue(messages, now);
      await recordInApp(
        tx,
        [
          {
            userId: entry.userId,
            event: 'waitlist:inApp.offer',
            orderId: entry.orderId,
            params: {
              code: view.order.code,
              doctor,
              day: displayDay(vietnamDay(offer.startsAt)),
              hour: vietnamHour(offer.startsAt),
              until: displayInstant(offer.expiresAt),
            },
            dedupeKey: `offer:${offer.id}:${entry.userId}:app`,
          },
        ],
        now,
      );
      return messages.length;
    }
    return 0;
  }

  /** Ends an offer (declined, expired, void): its entry waits again (unless ended) and the slot goes to the next. */
  async function passOn(tx: Db, offer: SlotOfferRow, status: 'declined' | 'expired' | 'void', now: Date): Promise<number> {
    const waitlist = createWaitlistRepository(tx);
    await waitlist.decideOffer(offer.id, status, now);
    if (status !== 'void') await waitlist.setEntryStatus(offer.entryId, 'waiting', now);
    const entry = await waitlist.entryById(offer.entryId);
    return offerSlot(tx, { doctorId: offer.doctorId, mode: entry?.mode ?? 'direct', startsAt: offer.startsAt, endsAt: offer.endsAt }, now);
  }

  return { offerSlot, passOn };
}

/** Runs the offer sweep every `everyMs` (30 s) off requests; `close` waits for a run under way. */
export function createOfferSweep(deps: {
  sweep: () => Promise<number>;
  log: { warn(object: object, message: string): void };
  everyMs?: number;
}) {
  const { everyMs = 30_000 } = deps;
  return periodicTask({ run: deps.sweep, everyMs, log: deps.log, failure: 'slot offer sweep failed' });
}
