import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvents, outboxMessages, slotOffers, userNotifications, waitlistEntries } from '../../db/schema/index.ts';
import { createAuditLog } from '../../platform/audit/audit-log.ts';
import { logIn } from '../../../test/accounts-helpers.ts';
import {
  booked,
  bookOrder,
  createDoctor,
  createWorkingDoctor,
  createPatient,
  insertWorkTime,
  weekdayAfter,
  WEEKDAYS,
} from '../../../test/booking-helpers.ts';
import { send } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { createWaitlistService } from './waitlist.service.ts';

type Person = { userId: string; phone: string; password: string; auth: { authorization: string } };
type State = {
  entry: { id: string; status: string; anyDoctor: boolean; position: number | null; fromDay: string; toDay: string } | null;
  offer: { id: string; checkDay: string; checkHour: string; expiresAt: string; startsAt: string; doctor: { id: string } } | null;
};

const MINUTE = 60_000;

function three<T>(list: readonly T[]): [T, T, T] {
  const [a, b, c] = list;
  if (a === undefined || b === undefined || c === undefined) throw new Error('three people wait in every test');
  return [a, b, c];
}

function offerOf(state: State): NonNullable<State['offer']> {
  if (!state.offer) throw new Error('no offer held');
  return state.offer;
}

/** A session as fresh as the moved clock (an access token lives 15 minutes). */
async function relogged<P extends Person>(app: FastifyInstance, person: P): Promise<P> {
  return { ...person, ...(await logIn(app, person.phone, person.password)) };
}

function examBody(doctorId: string, checkDay: string, checkHour: string, specialtyId = 1) {
  return { mode: 'direct', specialtyId, examTypeId: 1, doctorId, checkDay, checkHour, reasonForExamination: 'Đau đầu kéo dài' };
}

function join(app: FastifyInstance, person: Person, orderId: string, fromDay: string, toDay: string, anyDoctor?: boolean) {
  return send(
    app,
    'PUT',
    `/api/order/waitlist/${orderId}`,
    person.auth,
    anyDoctor === undefined ? { fromDay, toDay } : { fromDay, toDay, anyDoctor },
  );
}

async function stateOf(app: FastifyInstance, person: Person, orderId: string): Promise<State> {
  const response = await app.inject({ method: 'GET', url: `/api/order/waitlist/${orderId}`, headers: person.auth });
  expect(response.statusCode).toBe(200);
  return response.json().data as State;
}

function decide(app: FastifyInstance, person: Person, offerId: string, how: 'accept' | 'decline') {
  return app.inject({ method: 'POST', url: `/api/offers/${offerId}/${how}`, headers: person.auth });
}

function cancel(app: FastifyInstance, person: Person, orderId: string, reason?: string) {
  return send(app, 'PATCH', `/api/order/cancel/${person.userId}/${orderId}`, person.auth, reason ? { reason } : {});
}

function detail(app: FastifyInstance, person: Person, orderId: string) {
  return app.inject({ method: 'GET', url: `/api/order/detail/${orderId}`, headers: person.auth });
}

/** The sweep the app runs every 30 s, built on the test's database (it needs no schedules nor order texts). */
function sweepOf(ctx: TestContext) {
  const db = ctx.database.db;
  const waitlist = createWaitlistService({
    db,
    outbox: { wake: () => undefined },
    audit: createAuditLog(db),
    schedules: { findWorkTimeFor: () => null },
    noticeFacts: () => {
      throw new Error('the sweep tells no order change');
    },
    publicBaseUrl: 'http://localhost:3000',
  });
  return () => waitlist.sweep(ctx.clock.now());
}

/**
 * A doctor working weekdays 08:00–11:30; patient `early` holds 08:00 two weekdays ahead; three patients hold later
 * bookings (09:00, 09:30, 10:00 four weekdays ahead) and wait, in that order, for an earlier slot from the first day.
 */
async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createWorkingDoctor(ctx);
  const soon = weekdayAfter(ctx.clock.now(), 2);
  const later = weekdayAfter(ctx.clock.now(), 4);
  const early = await createPatient(ctx);
  const earlyOrder = await booked(ctx.app, early, examBody(doctor.userId, soon, '08:00'));
  const waiting: { person: Person; orderId: string }[] = [];
  for (const hour of ['09:00', '09:30', '10:00']) {
    const person = await createPatient(ctx);
    const order = await booked(ctx.app, person, examBody(doctor.userId, later, hour));
    expect((await join(ctx.app, person, order.id, weekdayAfter(ctx.clock.now(), 1), later)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    waiting.push({ person, orderId: order.id });
  }
  return { ...ctx, doctor, early, earlyOrder, waiting, soon, later };
}

describeOnEachDatabase((context) => {
  describe('earlier slot wanted (issue 12)', () => {
    it('joins and leaves the queue, with a position; another person’s booking is 404 and audited as denied', async () => {
      const { app, database, waiting, later, early } = await setup(context);
      const [first, second] = three(waiting);
      expect((await stateOf(app, first.person, first.orderId)).entry).toMatchObject({ status: 'waiting', position: 1 });
      expect((await stateOf(app, second.person, second.orderId)).entry).toMatchObject({ status: 'waiting', position: 2 });
      // Changing the days keeps the place.
      expect((await join(app, first.person, first.orderId, later, later)).json().data.entry).toMatchObject({
        position: 1,
        fromDay: later,
      });
      // Another person's booking: 404, as if it did not exist, and audited as denied.
      expect((await join(app, early, first.orderId, later, later)).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/order/waitlist/${first.orderId}`, headers: early.auth })).statusCode).toBe(404);
      const denied = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorUserId, early.userId), eq(auditEvents.outcome, 'denied')));
      expect(denied.length).toBe(2);
      // Days after the booking's own day are refused: nothing there would be earlier.
      const tooLate = await join(app, first.person, first.orderId, later, '2030-01-01');
      expect(tooLate.statusCode).toBe(422);
      expect(tooLate.json().code).toBe('WAITLIST_RANGE_AFTER_BOOKING');
      // Leaving: the next moves up.
      const left = await app.inject({ method: 'DELETE', url: `/api/order/waitlist/${first.orderId}`, headers: first.person.auth });
      expect(left.json().data.entry).toMatchObject({ status: 'ended', position: null });
      expect((await stateOf(app, second.person, second.orderId)).entry).toMatchObject({ position: 1 });
    });

    it('offers a cancelled slot to the FIRST waiting, by message and in the app, held for 15 minutes against everyone else', async () => {
      const { app, database, clock, doctor, early, earlyOrder, waiting, soon } = await setup(context);
      const [first, second] = three(waiting);
      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      const offered = await stateOf(app, first.person, first.orderId);
      expect(offered.entry?.status).toBe('offered');
      expect(offered.offer).toMatchObject({ checkDay: soon, checkHour: '08:00' });
      expect(Date.parse(offerOf(offered).expiresAt) - clock.now().getTime()).toBe(15 * MINUTE);
      expect((await stateOf(app, second.person, second.orderId)).offer).toBeNull();
      const messages = await database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `offer:${offerOf(offered).id}:%`));
      expect(messages.length).toBeGreaterThan(0);
      expect(messages[0]?.body).toContain(`/all-orders/${first.orderId}`);
      // The hold's end names its day as well as its hour.
      const end = new Date(offerOf(offered).expiresAt);
      const vn = new Date(end.getTime() + 7 * 60 * MINUTE).toISOString();
      expect(messages[0]?.body).toContain(`${vn.slice(11, 16)} ${vn.slice(8, 10)}/${vn.slice(5, 7)}/${vn.slice(0, 4)}`);
      const bell = await database.db.select().from(userNotifications).where(eq(userNotifications.userId, first.person.userId));
      expect(bell.map((row) => row.event)).toContain('waitlist:inApp.offer');

      // Nobody else can book the held slot, not even the one who freed it…
      const stranger = await createPatient(context());
      const taken = await bookOrder(app, stranger, examBody(doctor.userId, soon, '08:00'));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('SLOT_TAKEN');
      expect((await bookOrder(app, early, examBody(doctor.userId, soon, '08:00'))).statusCode).toBe(409);
      // …nor can the doctor move another booking onto it, nor the second in line move there by themselves.
      const moveByDoctor = await send(app, 'PUT', `/api/order/${second.orderId}`, doctor.auth, examBody(doctor.userId, soon, '08:00'));
      expect(moveByDoctor.statusCode).toBe(409);
      expect((await detail(app, second.person, second.orderId)).json().data.checkDay).not.toBe(soon);

      // Past its 15 minutes the hold ends: the sweep offers it to the next in line…
      clock.advance(15 * MINUTE);
      expect(await sweepOf(context())()).toBe(1);
      first.person = await relogged(app, first.person);
      second.person = await relogged(app, second.person);
      expect((await stateOf(app, first.person, first.orderId)).entry).toMatchObject({ status: 'waiting', position: 1 });
      expect((await stateOf(app, first.person, first.orderId)).offer).toBeNull();
      const next = await stateOf(app, second.person, second.orderId);
      expect(next.offer).toMatchObject({ checkDay: soon, checkHour: '08:00' });
      // …and when every hold has ended, anyone may book it.
      clock.advance(15 * MINUTE);
      expect((await bookOrder(app, await relogged(app, stranger), examBody(doctor.userId, soon, '08:00'))).statusCode).toBe(201);
    });

    it('accepting moves the booking there (for the doctor to confirm, who is told) and offers its old slot on', async () => {
      const { app, database, doctor, early, earlyOrder, waiting, soon, later } = await setup(context);
      const [first, second] = three(waiting);
      // The second in line is told of the 09:00 slot the first leaves behind only if it is earlier than their 09:30.
      const verified = await send(app, 'PATCH', `/api/order/verify/${doctor.userId}/${first.orderId}`, doctor.auth, {});
      expect(verified.statusCode).toBe(200);
      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      const offer = offerOf(await stateOf(app, first.person, first.orderId));
      const accepted = await decide(app, first.person, offer.id, 'accept');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data.entry.status).toBe('moved');
      const moved = (await detail(app, first.person, first.orderId)).json().data;
      expect(moved).toMatchObject({ checkDay: soon, checkHour: '08:00', status: 0 });
      // The doctor is told as of a patient's move.
      const told = await database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `order:${first.orderId}:doctor.moved:%`));
      expect(told.length).toBeGreaterThan(0);
      // The old 09:00 slot is offered to the next waiting (their booking is at 09:30, later).
      const next = await stateOf(app, second.person, second.orderId);
      expect(next.offer).toMatchObject({ checkDay: later, checkHour: '09:00' });
      // The accepted offer cannot be used again.
      const again = await decide(app, first.person, offer.id, 'accept');
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('OFFER_GONE');
    });

    it('declining passes the slot to the next; someone else’s offer is 404', async () => {
      const { app, early, earlyOrder, waiting, soon } = await setup(context);
      const [first, second, third] = three(waiting);
      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      const offer = offerOf(await stateOf(app, first.person, first.orderId));
      expect((await decide(app, second.person, offer.id, 'accept')).statusCode).toBe(404);
      const declined = await decide(app, first.person, offer.id, 'decline');
      expect(declined.statusCode).toBe(200);
      expect(declined.json().data).toMatchObject({ entry: { status: 'waiting' }, offer: null });
      expect((await stateOf(app, second.person, second.orderId)).offer).toMatchObject({ checkDay: soon, checkHour: '08:00' });
      const secondOffer = offerOf(await stateOf(app, second.person, second.orderId));
      expect((await decide(app, second.person, secondOffer.id, 'decline')).statusCode).toBe(200);
      expect((await stateOf(app, third.person, third.orderId)).offer).toMatchObject({ checkHour: '08:00' });
      // Everyone had their turn at this slot: nobody is offered it twice.
      const thirdOffer = offerOf(await stateOf(app, third.person, third.orderId));
      expect((await decide(app, third.person, thirdOffer.id, 'decline')).statusCode).toBe(200);
      for (const { person, orderId } of waiting) expect((await stateOf(app, person, orderId)).offer).toBeNull();
    });

    it('an offer accepted after its expiry is refused and passed on; two accepts at once: one wins', async () => {
      const { app, database, clock, early, earlyOrder, waiting, soon } = await setup(context);
      const [first, second] = three(waiting);
      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      const offer = offerOf(await stateOf(app, first.person, first.orderId));
      clock.advance(15 * MINUTE + 1000);
      first.person = await relogged(app, first.person);
      second.person = await relogged(app, second.person);
      const late = await decide(app, first.person, offer.id, 'accept');
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('OFFER_EXPIRED');
      expect((await detail(app, first.person, first.orderId)).json().data.checkDay).not.toBe(soon);
      const [row] = await database.db.select().from(slotOffers).where(eq(slotOffers.id, offer.id));
      expect(row?.status).toBe('expired');
      const next = offerOf(await stateOf(app, second.person, second.orderId));
      expect(next).toMatchObject({ checkDay: soon, checkHour: '08:00' });
      const both = await Promise.all([decide(app, second.person, next.id, 'accept'), decide(app, second.person, next.id, 'accept')]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect((await detail(app, second.person, second.orderId)).json().data).toMatchObject({ checkDay: soon, checkHour: '08:00' });
    });

    it('a booking cancelled while its offer is open gives the slot to the next in line', async () => {
      const { app, early, earlyOrder, waiting } = await setup(context);
      const [first, second] = three(waiting);
      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      expect((await stateOf(app, first.person, first.orderId)).offer).not.toBeNull();
      expect((await cancel(app, first.person, first.orderId)).statusCode).toBe(200);
      expect((await stateOf(app, first.person, first.orderId)).entry?.status).toBe('ended');
      // The first's own 09:00 slot is free too, but the 08:00 one comes first for the second in line.
      expect((await stateOf(app, second.person, second.orderId)).offer).toMatchObject({ checkHour: '08:00' });
    });
    it('a patient who moves their booking themselves is never offered the time they left; their entry follows the new time (issue 54)', async () => {
      const { app, database, clock, doctor, waiting, later } = await setup(context);
      const [first, second, third] = three(waiting);
      // The first in line moves their 09:00 booking a weekday later by themselves: the 09:00 they left is free.
      const newDay = weekdayAfter(clock.now(), 5);
      const moved = await send(app, 'PUT', `/api/order/${first.orderId}`, first.person.auth, examBody(doctor.userId, newDay, '11:00'));
      expect(moved.statusCode).toBe(200);
      // Not offered to them (their new booking is later, but they chose to leave it): to the next in line instead.
      const mine = await stateOf(app, first.person, first.orderId);
      expect(mine.offer).toBeNull();
      // Their place and wish stay, up to the booking's new day (it was up to the old one).
      expect(mine.entry).toMatchObject({ status: 'waiting', position: 1, toDay: newDay });
      const secondOffer = offerOf(await stateOf(app, second.person, second.orderId));
      expect(secondOffer).toMatchObject({ checkDay: later, checkHour: '09:00' });
      // Passed on by declines, it never comes back to them either.
      expect((await decide(app, second.person, secondOffer.id, 'decline')).statusCode).toBe(200);
      const thirdOffer = offerOf(await stateOf(app, third.person, third.orderId));
      expect(thirdOffer).toMatchObject({ checkDay: later, checkHour: '09:00' });
      expect((await decide(app, third.person, thirdOffer.id, 'decline')).statusCode).toBe(200);
      expect((await stateOf(app, first.person, first.orderId)).offer).toBeNull();
      const offered = await database.db
        .select()
        .from(slotOffers)
        .where(and(eq(slotOffers.userId, first.person.userId), eq(slotOffers.status, 'open')));
      expect(offered).toEqual([]);
      // Another time that frees is offered to them as before.
      const other = await createPatient(context());
      const otherOrder = await booked(app, other, examBody(doctor.userId, later, '08:00'));
      expect((await cancel(app, other, otherOrder.id)).statusCode).toBe(200);
      expect(offerOf(await stateOf(app, first.person, first.orderId))).toMatchObject({ checkDay: later, checkHour: '08:00' });
    });

    it('a booking moved earlier than its entry’s days ends the entry; moved within them, the days end at its new day', async () => {
      const { app, clock, doctor, waiting, soon } = await setup(context);
      const [first, second] = three(waiting);
      // Moved to `soon` (within the days from tomorrow): the entry waits up to `soon`.
      const earlier = await send(app, 'PUT', `/api/order/${first.orderId}`, first.person.auth, examBody(doctor.userId, soon, '10:00'));
      expect(earlier.statusCode).toBe(200);
      expect((await stateOf(app, first.person, first.orderId)).entry).toMatchObject({ status: 'waiting', toDay: soon });
      // The second in line narrows their days to the last one, then moves before them: nothing earlier can be in them.
      const lastDay = weekdayAfter(clock.now(), 4);
      expect((await join(app, second.person, second.orderId, lastDay, lastDay)).statusCode).toBe(200);
      const before = await send(app, 'PUT', `/api/order/${second.orderId}`, second.person.auth, examBody(doctor.userId, soon, '10:30'));
      expect(before.statusCode).toBe(200);
      expect((await stateOf(app, second.person, second.orderId)).entry).toMatchObject({ status: 'ended' });
    });

    it('a doctor deleting the cancelled booking whose time is offered leaves the offer and its hold in place', async () => {
      const { app, database, doctor, earlyOrder, waiting, soon } = await setup(context);
      const [first] = three(waiting);
      const cancelled = await send(app, 'PATCH', `/api/order/cancel/${doctor.userId}/${earlyOrder.id}`, doctor.auth, {
        reason: 'Bác sĩ có ca mổ đột xuất',
      });
      expect(cancelled.statusCode).toBe(200);
      const offer = offerOf(await stateOf(app, first.person, first.orderId));
      const deleted = await send(app, 'DELETE', `/api/order/delete/${doctor.userId}/${earlyOrder.id}`, doctor.auth);
      expect(deleted.statusCode).toBe(200);
      const [row] = await database.db.select().from(slotOffers).where(eq(slotOffers.id, offer.id));
      expect(row?.status).toBe('open');
      expect((await stateOf(app, first.person, first.orderId)).offer).toMatchObject({ id: offer.id, checkDay: soon, checkHour: '08:00' });
      // Still held: nobody else may book it…
      const stranger = await createPatient(context());
      const taken = await bookOrder(app, stranger, examBody(doctor.userId, soon, '08:00'));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('SLOT_TAKEN');
      // …and the one it is held for takes it.
      expect((await decide(app, first.person, offer.id, 'accept')).statusCode).toBe(200);
      expect((await detail(app, first.person, first.orderId)).json().data).toMatchObject({ checkDay: soon, checkHour: '08:00' });
    });
  });

  describe('earlier slot with any doctor of the specialty at the same clinic (issue 12)', () => {
    /**
     * Two doctors of `specialty` (each test its own: nobody else in this file waits for it) at clinic 2: `own` (the waiting patients' doctor, 10:00–11:30) and `other` (08:00–09:30),
     * whose 08:00 two weekdays ahead is held by `early`. `anyone` holds own's 10:30 four weekdays ahead and waits for any
     * doctor of the specialty; `loyal` holds other's 09:00 four weekdays ahead and waits for that doctor only.
     */
    async function twoDoctors(context: () => TestContext, loyalFirst: boolean, specialty: number) {
      const ctx = context();
      const own = await createDoctor(ctx, { specialtyIds: [specialty] });
      const other = await createDoctor(ctx, { specialtyIds: [specialty], fullName: 'Trần Thị Hoa' });
      const hours = { day: '2026-11-23', mode: 'direct', recurrence: WEEKDAYS, workUnitId: 2 } as const;
      await insertWorkTime(ctx.database.db, own.userId, { ...hours, start: '10:00', end: '11:30' });
      await insertWorkTime(ctx.database.db, other.userId, { ...hours, start: '08:00', end: '09:30' });
      const soon = weekdayAfter(ctx.clock.now(), 2);
      const later = weekdayAfter(ctx.clock.now(), 4);
      const from = weekdayAfter(ctx.clock.now(), 1);
      const early = await createPatient(ctx);
      const earlyOrder = await booked(ctx.app, early, examBody(other.userId, soon, '08:00', specialty));
      const anyone = await createPatient(ctx);
      const anyoneOrder = await booked(ctx.app, anyone, examBody(own.userId, later, '10:30', specialty));
      const loyal = await createPatient(ctx);
      const loyalOrder = await booked(ctx.app, loyal, examBody(other.userId, later, '09:00', specialty));
      const queue = loyalFirst
        ? [() => join(ctx.app, loyal, loyalOrder.id, from, later), () => join(ctx.app, anyone, anyoneOrder.id, from, later, true)]
        : [() => join(ctx.app, anyone, anyoneOrder.id, from, later, true), () => join(ctx.app, loyal, loyalOrder.id, from, later)];
      for (const joining of queue) {
        expect((await joining()).statusCode).toBe(200);
        ctx.clock.advance(1000);
      }
      return { ...ctx, own, other, early, earlyOrder, anyone, anyoneOrder, loyal, loyalOrder, soon, later };
    }

    it('a patient waiting for any doctor of the specialty is offered another doctor’s freed slot, and accepting changes the doctor', async () => {
      const { app, database, own, other, early, earlyOrder, anyone, anyoneOrder, loyal, loyalOrder, soon } = await twoDoctors(
        context,
        false,
        2,
      );
      const waitingState = await stateOf(app, anyone, anyoneOrder.id);
      expect(waitingState.entry).toMatchObject({ anyDoctor: true, status: 'waiting', position: 1 });
      const [stored] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.orderId, anyoneOrder.id));
      expect(stored).toMatchObject({ doctorId: null, specialtyId: 2, workUnitId: 2, mode: 'direct' });
      // The one waiting for `other` only is behind: the slot could go to the first in line.
      expect((await stateOf(app, loyal, loyalOrder.id)).entry).toMatchObject({ anyDoctor: false, position: 2 });

      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      const offer = offerOf(await stateOf(app, anyone, anyoneOrder.id));
      expect(offer).toMatchObject({ checkDay: soon, checkHour: '08:00', doctor: { id: other.userId } });
      expect((await stateOf(app, loyal, loyalOrder.id)).offer).toBeNull();
      // The offer's e-mail names the doctor of the freed time (the SMS, folded to ASCII and short, does not: the
      // e-mail row is asked for by its channel, as the rows come back in no set order).
      const [message] = await database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `offer:${offer.id}:%:email`));
      expect(message?.body).toContain('Trần Thị Hoa');

      const accepted = await decide(app, anyone, offer.id, 'accept');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data.entry.status).toBe('moved');
      const moved = (await detail(app, anyone, anyoneOrder.id)).json().data;
      // Moved to the other doctor, at the same clinic, back to awaiting confirmation.
      expect(moved).toMatchObject({ checkDay: soon, checkHour: '08:00', status: 0, doctor: { id: other.userId }, workUnit: { id: 2 } });
      // The new doctor sees it, the old one does not.
      expect((await detail(app, other, anyoneOrder.id)).statusCode).toBe(200);
      expect((await detail(app, own, anyoneOrder.id)).statusCode).toBe(404);
      // Both doctors are told: the new one of a booking to confirm, the old one that it left.
      const told = await database.db.select().from(userNotifications).where(eq(userNotifications.orderId, anyoneOrder.id));
      expect(told).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userId: other.userId, event: 'notifications:inApp.doctor.booked' }),
          expect.objectContaining({ userId: own.userId, event: 'notifications:inApp.doctor.movedAway' }),
        ]),
      );
      const mail = await database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `order:${anyoneOrder.id}:doctor.booked:%`));
      expect(mail.length).toBeGreaterThan(0);
    });

    it('a patient waiting for that very doctor who joined earlier is offered the slot first; declined, it goes to the specialty’s', async () => {
      const { app, other, early, earlyOrder, anyone, anyoneOrder, loyal, loyalOrder } = await twoDoctors(context, true, 3);
      expect((await stateOf(app, anyone, anyoneOrder.id)).entry).toMatchObject({ anyDoctor: true, position: 2 });
      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      const first = offerOf(await stateOf(app, loyal, loyalOrder.id));
      expect(first).toMatchObject({ checkHour: '08:00', doctor: { id: other.userId } });
      // One hold at a time per slot.
      expect((await stateOf(app, anyone, anyoneOrder.id)).offer).toBeNull();
      expect((await decide(app, loyal, first.id, 'decline')).statusCode).toBe(200);
      expect(offerOf(await stateOf(app, anyone, anyoneOrder.id))).toMatchObject({ checkHour: '08:00', doctor: { id: other.userId } });
    });

    it('a doctor of the specialty at another clinic is not offered to those waiting for the specialty at theirs', async () => {
      const ctx = context();
      const { app, database } = ctx;
      const own = await createDoctor(ctx, { specialtyIds: [4] });
      const elsewhere = await createDoctor(ctx, { specialtyIds: [4] });
      const hours = { day: '2026-11-23', start: '08:00', end: '11:30', mode: 'direct', recurrence: WEEKDAYS } as const;
      await insertWorkTime(database.db, own.userId, { ...hours, workUnitId: 2 });
      await insertWorkTime(database.db, elsewhere.userId, { ...hours, workUnitId: 1 });
      const soon = weekdayAfter(ctx.clock.now(), 2);
      const later = weekdayAfter(ctx.clock.now(), 4);
      const early = await createPatient(ctx);
      const earlyOrder = await booked(app, early, examBody(elsewhere.userId, soon, '08:00', 4));
      const anyone = await createPatient(ctx);
      const anyoneOrder = await booked(app, anyone, examBody(own.userId, later, '10:30', 4));
      expect((await join(app, anyone, anyoneOrder.id, weekdayAfter(ctx.clock.now(), 1), later, true)).statusCode).toBe(200);
      expect((await cancel(app, early, earlyOrder.id)).statusCode).toBe(200);
      expect((await stateOf(app, anyone, anyoneOrder.id)).offer).toBeNull();
    });
  });
});
