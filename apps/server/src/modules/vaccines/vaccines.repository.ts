import { and, asc, count, eq, gt, isNull, or, sql, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profileDateOfBirth } from '../../db/date-of-birth.ts';
import { recipientColumns } from '../../db/recipient-columns.ts';
import { profiles, users, vaccinationHistory, vaccineReminderSettings, vaccineRemindersSent } from '../../db/schema/index.ts';

export type VaccineHistoryRow = typeof vaccinationHistory.$inferSelect;
export type VaccineHistoryWrite = Pick<VaccineHistoryRow, 'vaccineId' | 'givenOn' | 'place' | 'note'>;

/** The only SQL on the vaccination tables (issue 50). */
export function createVaccinesRepository(db: Db) {
  const ofPerson = (infoId: string, id: string) => and(eq(vaccinationHistory.infoId, infoId), eq(vaccinationHistory.id, id));

  return {
    /**
     * An account's erasure (decision 052): the doses these profiles recorded themselves, their reminder settings and
     * reminders sent; a dose given through a booking (order_id set) is part of the kept clinical record. Answers how many doses.
     */
    async eraseProfiles(profileIds: readonly string[]): Promise<number> {
      if (profileIds.length === 0) return 0;
      const ids = [...profileIds];
      await db.delete(vaccineRemindersSent).where(inArray(vaccineRemindersSent.infoId, ids));
      await db.delete(vaccineReminderSettings).where(inArray(vaccineReminderSettings.infoId, ids));
      const gone = await db
        .delete(vaccinationHistory)
        .where(and(inArray(vaccinationHistory.infoId, ids), isNull(vaccinationHistory.orderId)))
        .returning({ id: vaccinationHistory.id });
      return gone.length;
    },
    dateOfBirth: (infoId: string) => profileDateOfBirth(db, infoId),

    /** Oldest dose first, as the schedule counts them. */
    history(infoId: string): Promise<VaccineHistoryRow[]> {
      return db
        .select()
        .from(vaccinationHistory)
        .where(eq(vaccinationHistory.infoId, infoId))
        .orderBy(asc(vaccinationHistory.givenOn), asc(vaccinationHistory.createdAt));
    },

    /** Locks the person's profile row: adds for one person are counted and written one at a time (the cap holds). */
    async lockPerson(infoId: string): Promise<boolean> {
      const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, infoId)).for('update');
      return rows.length > 0;
    },

    async countOf(infoId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(vaccinationHistory).where(eq(vaccinationHistory.infoId, infoId));
      return row?.n ?? 0;
    },

    async insert(
      infoId: string,
      by: string | null,
      fields: VaccineHistoryWrite & { orderId?: string | null },
      now: Date,
    ): Promise<VaccineHistoryRow> {
      const [row] = await db
        .insert(vaccinationHistory)
        .values({ infoId, ...fields, createdBy: by, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('vaccination not stored');
      return row;
    },

    async findByOrder(orderId: string): Promise<VaccineHistoryRow | undefined> {
      const [row] = await db.select().from(vaccinationHistory).where(eq(vaccinationHistory.orderId, orderId)).limit(1);
      return row;
    },

    async update(infoId: string, id: string, fields: VaccineHistoryWrite, now: Date): Promise<VaccineHistoryRow | undefined> {
      const [row] = await db
        .update(vaccinationHistory)
        .set({ ...fields, updatedAt: now })
        .where(ofPerson(infoId, id))
        .returning();
      return row;
    },

    async remove(infoId: string, id: string): Promise<boolean> {
      const rows = await db.delete(vaccinationHistory).where(ofPerson(infoId, id)).returning({ id: vaccinationHistory.id });
      return rows.length > 0;
    },

    /** Whether the person is told of due doses: yes unless turned off. */
    async remindersEnabled(infoId: string): Promise<boolean> {
      const [row] = await db
        .select({ enabled: vaccineReminderSettings.enabled })
        .from(vaccineReminderSettings)
        .where(eq(vaccineReminderSettings.infoId, infoId))
        .limit(1);
      return row?.enabled ?? true;
    },

    async setReminders(infoId: string, enabled: boolean, by: string, now: Date): Promise<void> {
      await db
        .insert(vaccineReminderSettings)
        .values({ infoId, enabled, updatedBy: by, updatedAt: now })
        .onConflictDoUpdate({ target: vaccineReminderSettings.infoId, set: { enabled, updatedBy: by, updatedAt: now } });
    },

    /**
     * People the reminder sweep looks at, by id after `afterId`: not archived, born on or after `bornFrom` (the ages the
     * schedule's reminders concern), reminders not turned off; with the account that is told (the person, or the
     * profile's manager).
     */
    async reminderCandidates(bornFrom: string, afterId: string, limit: number) {
      const birth = sql<
        string | null
      >`coalesce(${profiles.dateOfBirth}, (select ${users.dateOfBirth} from ${users} where ${users.id} = ${profiles.accountId}))`;
      return db
        .select({ infoId: profiles.id, dateOfBirth: birth, personName: profiles.fullName, recipient: recipientColumns })
        .from(profiles)
        .innerJoin(users, eq(users.id, sql`coalesce(${profiles.accountId}, ${profiles.managerId})`))
        .leftJoin(vaccineReminderSettings, eq(vaccineReminderSettings.infoId, profiles.id))
        .where(
          and(
            gt(profiles.id, afterId),
            isNull(profiles.archivedAt),
            or(isNull(vaccineReminderSettings.enabled), eq(vaccineReminderSettings.enabled, true)),
            sql`${birth} >= ${bornFrom}`,
          ),
        )
        .orderBy(asc(profiles.id))
        .limit(limit);
    },

    async historyOf(infoIds: string[]) {
      if (infoIds.length === 0) return [];
      return db
        .select({
          id: vaccinationHistory.id,
          infoId: vaccinationHistory.infoId,
          vaccineId: vaccinationHistory.vaccineId,
          givenOn: vaccinationHistory.givenOn,
        })
        .from(vaccinationHistory)
        .where(sql`${vaccinationHistory.infoId} in ${infoIds}`);
    },

    /** Claims reminders: the ones this call inserted are ours to send; one another instance claimed first is not. */
    async claim(claims: { infoId: string; doseId: string; kind: 'due' | 'overdue' }[], now: Date) {
      if (claims.length === 0) return [];
      return db
        .insert(vaccineRemindersSent)
        .values(claims.map((claim) => ({ ...claim, sentAt: now })))
        .onConflictDoNothing()
        .returning({ infoId: vaccineRemindersSent.infoId, doseId: vaccineRemindersSent.doseId, kind: vaccineRemindersSent.kind });
    },
  };
}
export type VaccinesRepository = ReturnType<typeof createVaccinesRepository>;
