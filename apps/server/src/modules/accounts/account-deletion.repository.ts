import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { recipientColumns } from '../../db/recipient-columns.ts';
import { accountDeletions, doctorProfiles, otpVerifications, users } from '../../db/schema/index.ts';

export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

/** A request still open: neither cancelled nor carried out. */
const open = and(isNull(accountDeletions.cancelledAt), isNull(accountDeletions.erasedAt));

/** The only SQL for account_deletions, and the account's own part of an erasure (users, doctor_profiles, otp_verifications). */
export function createAccountDeletionRepository(db: Db) {
  return {
    /** The account's open request, if any. */
    async openOf(userId: string): Promise<AccountDeletionRow | undefined> {
      const [row] = await db
        .select()
        .from(accountDeletions)
        .where(and(eq(accountDeletions.userId, userId), open));
      return row;
    },

    /** Opens a request; one already open is kept as it is (the unique index), and answered either way. */
    async request(row: {
      userId: string;
      requestedAt: Date;
      eraseAfter: Date;
      language: string;
    }): Promise<{ row: AccountDeletionRow; created: boolean }> {
      const [created] = await db.insert(accountDeletions).values(row).onConflictDoNothing().returning();
      if (created) return { row: created, created: true };
      const existing = await this.openOf(row.userId);
      if (!existing) throw new Error('an open deletion request vanished');
      return { row: existing, created: false };
    },

    /** Cancels the open request; answers it, or undefined when none was open. */
    async cancel(userId: string, now: Date): Promise<AccountDeletionRow | undefined> {
      const [row] = await db
        .update(accountDeletions)
        .set({ cancelledAt: now })
        .where(and(eq(accountDeletions.userId, userId), open))
        .returning();
      return row;
    },

    /** The next request due at `now`, locked for its erasure (another instance skips it). */
    async nextDue(now: Date): Promise<AccountDeletionRow | undefined> {
      const [row] = await db
        .select()
        .from(accountDeletions)
        .where(and(open, lte(accountDeletions.eraseAfter, now)))
        .orderBy(accountDeletions.eraseAfter)
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },

    async markErased(id: string, now: Date): Promise<void> {
      await db.update(accountDeletions).set({ erasedAt: now }).where(eq(accountDeletions.id, id));
    },

    /** Who the messages about a request go to, as every message reads an account. */
    async recipient(userId: string) {
      const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, userId));
      return row;
    },

    /** Whether the doctor wrote a diagnosis or a prescription: then their name stays on what they issued. */
    async issuedClinicalRecords(doctorId: string): Promise<boolean> {
      const result = await db.execute(
        sql`select exists (select 1 from examinations where doctor_id = ${doctorId})
          or exists (select 1 from prescriptions where doctor_id = ${doctorId}) as issued`,
      );
      return rowsOf<{ issued: boolean }>(result)[0]?.issued === true;
    },

    /**
     * The account's own part of the erasure: the codes sent to its phone or e-mail, the doctor's bank and payment
     * details, and the account row itself kept (bookings and prescriptions reference it) but anonymised: a phone and an
     * e-mail that are no one's, no password, address, avatar or job note, reminders off; the name replaced unless
     * `keepName` (a doctor's name on what they issued). Date of birth and gender stay for the kept clinical record.
     */
    async anonymise(user: { id: string; phone: string; email: string }, anonymous: string, keepName: boolean, now: Date): Promise<void> {
      await db
        .delete(otpVerifications)
        .where(
          or(
            eq(otpVerifications.userId, user.id),
            eq(otpVerifications.destination, user.phone),
            eq(otpVerifications.destination, user.email),
            eq(otpVerifications.phone, user.phone),
          ),
        );
      await db
        .update(doctorProfiles)
        .set({ momoPhone: null, bankName: '', bankAccount: '', updatedAt: now })
        .where(eq(doctorProfiles.userId, user.id));
      await db
        .update(users)
        .set({
          phone: `deleted:${user.id}`,
          email: `deleted:${user.id}`,
          passwordHash: '',
          ...(keepName ? {} : { fullName: anonymous }),
          address: '',
          jobNote: null,
          avatarKey: null,
          reminderMinutes: [],
          phoneVerifiedAt: null,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
    },
  };
}
