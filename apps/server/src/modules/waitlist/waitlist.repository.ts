import { ACTIVE_ORDER_STATUSES } from '@rhc/domain';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { holidaysJson, workTimesJson, type WorkTimeRule } from '../../db/doctor-calendar.ts';
import { doctorSpecialties, examTypes, orderDetails, orders, slotOffers, waitlistEntries } from '../../db/schema/index.ts';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type SlotOfferRow = typeof slotOffers.$inferSelect;

/** A waiting entry with what deciding whether a freed slot fits it needs. */
export interface Candidate {
  entry: WaitlistEntryRow;
  bookedStartsAt: Date;
  slotMinutes: number;
}

/** Statuses in which an entry still wants an earlier slot. */
const LIVE = ['waiting', 'offered'];

/** The only SQL for waitlist_entries and slot_offers (issue 12, decision 021). */
export function createWaitlistRepository(db: Db) {
  return {
    /** An account's erasure (decision 052): the person's places on the waiting list and the offers made to them. */
    async erasePerson(userId: string): Promise<number> {
      await db.delete(slotOffers).where(eq(slotOffers.userId, userId));
      const gone = await db.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId)).returning({ id: waitlistEntries.id });
      return gone.length;
    },
    /** The booking's current entry: the live one, else the latest (moved or ended), if any. */
    async entryOfOrder(orderId: string): Promise<WaitlistEntryRow | undefined> {
      const [row] = await db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.orderId, orderId))
        .orderBy(sql`${waitlistEntries.status} in ('waiting', 'offered') desc`, sql`${waitlistEntries.createdAt} desc`)
        .limit(1);
      return row;
    },

    async entryById(id: string): Promise<WaitlistEntryRow | undefined> {
      const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
      return row;
    },

    async insertEntry(entry: typeof waitlistEntries.$inferInsert): Promise<void> {
      await db.insert(waitlistEntries).values(entry);
    },

    /** Changes the days and whom the entry waits for (a doctor, or null: any of the specialty), keeping its place. */
    async setEntryRange(id: string, range: { fromDay: string; toDay: string; doctorId: string | null }, now: Date): Promise<void> {
      await db
        .update(waitlistEntries)
        .set({ ...range, updatedAt: now })
        .where(eq(waitlistEntries.id, id));
    },

    /**
     * The entry follows its booking's move (issue 54): whom it waits for, the booking's service, clinic and mode, and
     * its days; its place in the queue (`created_at`) stays.
     */
    async followBooking(
      id: string,
      fields: Pick<WaitlistEntryRow, 'doctorId' | 'specialtyId' | 'examTypeId' | 'workUnitId' | 'mode' | 'fromDay' | 'toDay'>,
      now: Date,
    ): Promise<void> {
      await db
        .update(waitlistEntries)
        .set({ ...fields, updatedAt: now })
        .where(eq(waitlistEntries.id, id));
    },

    async setEntryStatus(id: string, status: WaitlistEntryRow['status'], now: Date): Promise<void> {
      await db.update(waitlistEntries).set({ status, updatedAt: now }).where(eq(waitlistEntries.id, id));
    },

    /** Ends the booking's live entries; answers their ids. */
    async endEntriesOfOrder(orderId: string, now: Date): Promise<string[]> {
      const rows = await db
        .update(waitlistEntries)
        .set({ status: 'ended', updatedAt: now })
        .where(and(eq(waitlistEntries.orderId, orderId), inArray(waitlistEntries.status, LIVE)))
        .returning({ id: waitlistEntries.id });
      return rows.map((row) => row.id);
    },

    /**
     * 1 + the live entries of the same mode queued before this one that a slot it could take would be offered to first:
     * for an entry waiting for a doctor, those waiting for that doctor or for any doctor of its specialty at its clinic;
     * for one waiting for any doctor, those waiting for the specialty at the clinic, for one doctor of it or any.
     */
    async positionOf(entry: WaitlistEntryRow): Promise<number> {
      const sameSpecialty = sql`specialty_id = ${entry.specialtyId}::smallint and work_unit_id is not distinct from ${entry.workUnitId}::smallint`;
      const rivals = entry.doctorId
        ? sql`(doctor_id = ${entry.doctorId}::uuid or (doctor_id is null and ${sameSpecialty}))`
        : sql`(${sameSpecialty})`;
      const result = await db.execute(sql`select count(*)::int as ahead from waitlist_entries
        where ${rivals} and mode = ${entry.mode} and status in ('waiting', 'offered')
          and (created_at, id) < (${entry.createdAt.toISOString()}::timestamptz, ${entry.id}::uuid)`);
      const [row] = rowsOf<{ ahead: number }>(result);
      return (row?.ahead ?? 0) + 1;
    },

    /**
     * The live entries a freed slot of this doctor and mode may go to, in queue order (first joined first): those
     * waiting for this doctor, and those waiting for any doctor of one of this doctor's specialties at the slot's clinic
     * (`clinic`: the work unit of the doctor's work time there, null online). Only entries whose booking is still active
     * and later than the slot, leaving out those already offered a slot starting at `startsAt` (declined or let expire)
     * and those whose own booking moved away from it (a `vacated` row, issue 54).
     */
    async candidates(slot: { doctorId: string; mode: string; startsAt: Date }, clinic: number | null, limit = 200): Promise<Candidate[]> {
      const { doctorId, mode, startsAt } = slot;
      const anyOfSpecialty = sql`(${waitlistEntries.doctorId} is null
        and ${waitlistEntries.workUnitId} is not distinct from ${clinic}::smallint
        and ${waitlistEntries.specialtyId} in (select ${doctorSpecialties.specialtyId} from ${doctorSpecialties}
          where ${doctorSpecialties.doctorId} = ${doctorId}::uuid))`;
      const rows = await db
        .select({ entry: waitlistEntries, bookedStartsAt: orders.startsAt, slotMinutes: examTypes.slotMinutes })
        .from(waitlistEntries)
        .innerJoin(orders, eq(orders.id, waitlistEntries.orderId))
        .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
        .innerJoin(examTypes, eq(examTypes.id, orderDetails.examTypeId))
        .where(
          and(
            or(eq(waitlistEntries.doctorId, doctorId), anyOfSpecialty),
            eq(waitlistEntries.mode, mode),
            eq(waitlistEntries.status, 'waiting'),
            inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
            sql`${orders.startsAt} > ${startsAt.toISOString()}::timestamptz`,
            sql`not exists (select 1 from ${slotOffers} where ${slotOffers.entryId} = ${waitlistEntries.id}
              and ${slotOffers.startsAt} = ${startsAt.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
        .limit(limit);
      return rows;
    },

    /** A doctor's work times of one mode and days off: where a freed slot of theirs is (its clinic). */
    async calendarOf(
      doctorId: string,
      mode: string,
    ): Promise<{ workTimes: WorkTimeRule[]; holidays: { startDate: string; endDate: string }[] }> {
      const result = await db.execute(
        sql`select ${workTimesJson(sql`${doctorId}::uuid`, sql`${mode}`)} as "workTimes", ${holidaysJson(sql`${doctorId}::uuid`)} as holidays`,
      );
      const [row] = rowsOf<{ workTimes: WorkTimeRule[]; holidays: { startDate: string; endDate: string }[] }>(result);
      return row ?? { workTimes: [], holidays: [] };
    },

    /** Whether any booking holding time, or any unexpired open offer, of the doctor overlaps [startsAt, endsAt). */
    async isTaken(doctorId: string, startsAt: Date, endsAt: Date, now: Date): Promise<boolean> {
      const range = sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`;
      const result = await db.execute(sql`select
        exists (select 1 from orders where doctor_id = ${doctorId}::uuid and status in (0, 1, 3)
          and tstzrange(starts_at, ends_at) && ${range})
        or exists (select 1 from slot_offers where doctor_id = ${doctorId}::uuid and status = 'open'
          and expires_at > ${now.toISOString()}::timestamptz and tstzrange(starts_at, ends_at) && ${range}) as taken`);
      const [row] = rowsOf<{ taken: boolean }>(result);
      return row?.taken ?? false;
    },

    async insertOffer(offer: typeof slotOffers.$inferInsert): Promise<SlotOfferRow> {
      const [row] = await db.insert(slotOffers).values(offer).returning();
      if (!row) throw new Error('slot offer not stored');
      return row;
    },

    async findOffer(id: string): Promise<SlotOfferRow | undefined> {
      const [row] = await db.select().from(slotOffers).where(eq(slotOffers.id, id));
      return row;
    },

    /** The offer, row-locked for this transaction (another instance's sweep skips it meanwhile). */
    async lockOffer(id: string): Promise<SlotOfferRow | undefined> {
      const [row] = await db.select().from(slotOffers).where(eq(slotOffers.id, id)).for('update');
      return row;
    },

    /** The open offer, locked, when it has expired by `now`; undefined when another sweep holds it or it is not due. */
    async lockExpiredOffer(id: string, now: Date): Promise<SlotOfferRow | undefined> {
      const [row] = await db
        .select()
        .from(slotOffers)
        .where(and(eq(slotOffers.id, id), eq(slotOffers.status, 'open'), lte(slotOffers.expiresAt, now)))
        .for('update', { skipLocked: true });
      return row;
    },

    async decideOffer(id: string, status: SlotOfferRow['status'], now: Date): Promise<void> {
      await db.update(slotOffers).set({ status, decidedAt: now }).where(eq(slotOffers.id, id));
    },

    /** The open offers of entries, locked (their holds end with the entries). */
    async openOffersOfEntries(entryIds: readonly string[]): Promise<SlotOfferRow[]> {
      if (entryIds.length === 0) return [];
      return db
        .select()
        .from(slotOffers)
        .where(and(inArray(slotOffers.entryId, [...entryIds]), eq(slotOffers.status, 'open')))
        .for('update');
    },

    /** The entry's open offer that still holds at `now`. */
    async openOfferOfEntry(entryId: string, now: Date): Promise<SlotOfferRow | undefined> {
      const [row] = await db
        .select()
        .from(slotOffers)
        .where(
          and(
            eq(slotOffers.entryId, entryId),
            eq(slotOffers.status, 'open'),
            sql`${slotOffers.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(slotOffers.createdAt))
        .limit(1);
      return row;
    },

    /** Ids and doctors of open offers expired by `now`, oldest first (the sweep's batch). */
    async dueOffers(now: Date, limit: number): Promise<{ id: string; doctorId: string }[]> {
      return db
        .select({ id: slotOffers.id, doctorId: slotOffers.doctorId })
        .from(slotOffers)
        .where(and(eq(slotOffers.status, 'open'), lte(slotOffers.expiresAt, now)))
        .orderBy(asc(slotOffers.expiresAt))
        .limit(limit);
    },

    /** Ends waiting entries whose booking has begun or whose last day is over (no offer is open on them). */
    async endStaleEntries(now: Date, today: string): Promise<number> {
      const rows = await db.execute(sql`update waitlist_entries e set status = 'ended', updated_at = ${now.toISOString()}::timestamptz
        from orders o where o.id = e.order_id and e.status = 'waiting'
          and (o.starts_at <= ${now.toISOString()}::timestamptz or e.to_day < ${today}::date or o.status not in (0, 3))
        returning e.id`);
      return rowsOf(rows).length;
    },
  };
}
export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;

/** Bookings that became another account's (a linked profile's, decision 025): their queue places and offers follow. */
export async function takeOverEntries(db: Db, orderIds: readonly string[], accountId: string, now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const entries = await db
    .update(waitlistEntries)
    .set({ userId: accountId, updatedAt: now })
    .where(inArray(waitlistEntries.orderId, [...orderIds]))
    .returning({ id: waitlistEntries.id });
  if (entries.length > 0)
    await db
      .update(slotOffers)
      .set({ userId: accountId })
      .where(
        inArray(
          slotOffers.entryId,
          entries.map((row) => row.id),
        ),
      );
}
