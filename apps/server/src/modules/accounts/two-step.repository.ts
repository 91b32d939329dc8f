import { and, count, eq, gt, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { twoStepDevices, twoStepLogins, twoStepRecoveryCodes, twoStepTickets } from '../../db/schema/index.ts';

export type TwoStepTicketRow = typeof twoStepTickets.$inferSelect;

/** The only SQL for two_step_logins, two_step_recovery_codes, two_step_devices and two_step_tickets (decision 054). */
export function createTwoStepRepository(db: Db) {
  return {
    async isEnabled(userId: string): Promise<boolean> {
      const [row] = await db.select({ userId: twoStepLogins.userId }).from(twoStepLogins).where(eq(twoStepLogins.userId, userId));
      return row !== undefined;
    },

    /** Switches it on; false when it was on already (nothing changed). */
    async enable(userId: string, now: Date): Promise<boolean> {
      const [row] = await db.insert(twoStepLogins).values({ userId, enabledAt: now }).onConflictDoNothing().returning();
      return row !== undefined;
    },

    /** Recovery codes still unused and trusted devices not expired. */
    async counts(userId: string, now: Date): Promise<{ recoveryCodesLeft: number; trustedDevices: number }> {
      const [codes] = await db
        .select({ n: count() })
        .from(twoStepRecoveryCodes)
        .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
      const [devices] = await db
        .select({ n: count() })
        .from(twoStepDevices)
        .where(and(eq(twoStepDevices.userId, userId), gt(twoStepDevices.expiresAt, now)));
      return { recoveryCodesLeft: codes?.n ?? 0, trustedDevices: devices?.n ?? 0 };
    },

    /** Replaces every recovery code of the account with these hashes. */
    async replaceRecoveryCodes(userId: string, hashes: readonly string[], now: Date): Promise<void> {
      await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
      await db.insert(twoStepRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    },

    /** The account's unused recovery codes (their ids and hashes), for a comparison in constant time. */
    async unusedRecoveryCodes(userId: string): Promise<{ id: string; codeHash: string }[]> {
      return db
        .select({ id: twoStepRecoveryCodes.id, codeHash: twoStepRecoveryCodes.codeHash })
        .from(twoStepRecoveryCodes)
        .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
    },

    /** Uses the code up, in one conditional update: true for the one caller that did. */
    async useRecoveryCode(id: string, now: Date): Promise<boolean> {
      const [row] = await db
        .update(twoStepRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(twoStepRecoveryCodes.id, id), isNull(twoStepRecoveryCodes.usedAt)))
        .returning({ id: twoStepRecoveryCodes.id });
      return row !== undefined;
    },

    /** Whether this device token (its hash) is trusted for the account at `now`. */
    async isTrusted(userId: string, tokenHash: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: twoStepDevices.id })
        .from(twoStepDevices)
        .where(and(eq(twoStepDevices.userId, userId), eq(twoStepDevices.tokenHash, tokenHash), gt(twoStepDevices.expiresAt, now)));
      return row !== undefined;
    },

    /** Trusts one more device, keeping at most `max` per account (the oldest go, and the expired). */
    async trust(userId: string, tokenHash: string, now: Date, expiresAt: Date, max: number): Promise<void> {
      await db.insert(twoStepDevices).values({ userId, tokenHash, createdAt: now, expiresAt });
      await db.delete(twoStepDevices).where(and(eq(twoStepDevices.userId, userId), lt(twoStepDevices.expiresAt, now)));
      const kept = db
        .select({ id: twoStepDevices.id })
        .from(twoStepDevices)
        .where(eq(twoStepDevices.userId, userId))
        .orderBy(sql`${twoStepDevices.createdAt} desc`, sql`${twoStepDevices.id} desc`)
        .limit(max);
      await db.delete(twoStepDevices).where(and(eq(twoStepDevices.userId, userId), notInArray(twoStepDevices.id, kept)));
    },

    async openTicket(row: { userId: string; ticketHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await db.insert(twoStepTickets).values(row);
    },

    /** The ticket if it is still open at `now` (not used, not expired). */
    async openTicketByHash(ticketHash: string, now: Date): Promise<TwoStepTicketRow | undefined> {
      const [row] = await db
        .select()
        .from(twoStepTickets)
        .where(and(eq(twoStepTickets.ticketHash, ticketHash), isNull(twoStepTickets.usedAt), gt(twoStepTickets.expiresAt, now)));
      return row;
    },

    async setTicketCode(id: string, verificationId: string): Promise<void> {
      await db.update(twoStepTickets).set({ verificationId }).where(eq(twoStepTickets.id, id));
    },

    /** Counts a wrong recovery code while fewer than `max` are counted; the tries used, or undefined when refused. */
    async countTicketFailure(id: string, max: number): Promise<number | undefined> {
      const [row] = await db
        .update(twoStepTickets)
        .set({ attempts: sql`${twoStepTickets.attempts} + 1` })
        .where(and(eq(twoStepTickets.id, id), lt(twoStepTickets.attempts, max)))
        .returning({ attempts: twoStepTickets.attempts });
      return row?.attempts;
    },

    /** Uses the ticket up, once: true for the one caller that did. Tickets of the account past their life go too. */
    async useTicket(ticket: TwoStepTicketRow, now: Date): Promise<boolean> {
      const [row] = await db
        .update(twoStepTickets)
        .set({ usedAt: now })
        .where(and(eq(twoStepTickets.id, ticket.id), isNull(twoStepTickets.usedAt)))
        .returning({ id: twoStepTickets.id });
      await db.delete(twoStepTickets).where(and(eq(twoStepTickets.userId, ticket.userId), lt(twoStepTickets.expiresAt, now)));
      return row !== undefined;
    },

    /** Switching off, or the account's erasure: the row, its recovery codes, its devices and its tickets. */
    async forgetAll(userId: string): Promise<void> {
      await db.delete(twoStepLogins).where(eq(twoStepLogins.userId, userId));
      await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
      await db.delete(twoStepDevices).where(eq(twoStepDevices.userId, userId));
      await db.delete(twoStepTickets).where(eq(twoStepTickets.userId, userId));
    },
  };
}
export type TwoStepRepository = ReturnType<typeof createTwoStepRepository>;
