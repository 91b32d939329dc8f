import type { OtpUse } from '@rhc/contracts';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpVerifications } from '../../db/schema/index.ts';

export type VerificationRow = typeof otpVerifications.$inferSelect;
export type NewVerification = typeof otpVerifications.$inferInsert;

/** The only SQL for otp_verifications. */
export function createOtpRepository(db: Db) {
  return {
    async insert(verification: NewVerification): Promise<void> {
      await db.insert(otpVerifications).values(verification);
    },
    async delete(id: string): Promise<void> {
      await db.delete(otpVerifications).where(eq(otpVerifications.id, id));
    },
    async findById(id: string): Promise<VerificationRow | undefined> {
      const [row] = await db.select().from(otpVerifications).where(eq(otpVerifications.id, id));
      return row;
    },
    /**
     * Marks the verification verified, in one conditional update: only while it is not verified yet and fewer than
     * `maxAttempts` tries are used, so of parallel calls at most one wins. The tries used, or undefined when refused.
     */
    async markVerified(id: string, maxAttempts: number, now: Date): Promise<number | undefined> {
      const [verified] = await db
        .update(otpVerifications)
        .set({ verifiedAt: now })
        .where(and(eq(otpVerifications.id, id), isNull(otpVerifications.verifiedAt), lt(otpVerifications.attempts, maxAttempts)))
        .returning({ attempts: otpVerifications.attempts });
      return verified?.attempts;
    },
    /**
     * Uses up one try, in one conditional update: only while it is not verified and fewer than `maxAttempts` tries are
     * used, so parallel guesses cannot go past the limit. The tries used afterwards, or undefined when refused.
     */
    async countFailedAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
      const [counted] = await db
        .update(otpVerifications)
        .set({ attempts: sql`${otpVerifications.attempts} + 1` })
        .where(and(eq(otpVerifications.id, id), isNull(otpVerifications.verifiedAt), lt(otpVerifications.attempts, maxAttempts)))
        .returning({ attempts: otpVerifications.attempts });
      return counted?.attempts;
    },
    /** The newest verification of this session and purpose that is neither verified, consumed nor expired. */
    async findNewestPending(sessionId: string, purpose: OtpUse, now: Date): Promise<VerificationRow | undefined> {
      const pending = [isNull(otpVerifications.verifiedAt), isNull(otpVerifications.consumedAt), gt(otpVerifications.expiresAt, now)];
      const ofSession = [eq(otpVerifications.sessionId, sessionId), eq(otpVerifications.purpose, purpose)];
      const newest = desc(otpVerifications.createdAt);
      const [row] = await db
        .select()
        .from(otpVerifications)
        .where(and(...ofSession, ...pending))
        .orderBy(newest)
        .limit(1);
      return row;
    },
    /** The verification if it has this purpose, was verified after `verifiedAfter` and is not consumed yet. */
    async findVerifiedUnconsumed(id: string, purpose: OtpUse, verifiedAfter: Date): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(otpVerifications)
        .where(
          and(
            eq(otpVerifications.id, id),
            eq(otpVerifications.purpose, purpose),
            isNotNull(otpVerifications.verifiedAt),
            isNull(otpVerifications.consumedAt),
            gt(otpVerifications.verifiedAt, verifiedAfter),
          ),
        );
      return row;
    },
    /** Marks it consumed, in one conditional update (only if not consumed yet): true for the one caller that did. */
    async markConsumed(id: string, now: Date): Promise<boolean> {
      const [consumed] = await db
        .update(otpVerifications)
        .set({ consumedAt: now })
        .where(and(eq(otpVerifications.id, id), isNull(otpVerifications.consumedAt)))
        .returning({ id: otpVerifications.id });
      return consumed !== undefined;
    },
  };
}
export type OtpRepository = ReturnType<typeof createOtpRepository>;
