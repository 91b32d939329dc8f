import type { Gender } from '@rhc/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { doctorProfiles, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type DoctorRow = typeof doctorProfiles.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type DoctorFields = Omit<typeof doctorProfiles.$inferInsert, 'userId' | 'createdAt' | 'updatedAt' | 'verifiedAt'>;

/** The only SQL for users and doctor_profiles. */
export function createUsersRepository(db: Db) {
  /** The account whose `column` holds `value`. */
  async function findUserBy(
    column: typeof users.id | typeof users.phone | typeof users.email,
    value: string,
  ): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(column, value));
    return row;
  }

  return {
    findById: (id: string) => findUserBy(users.id, id),
    findByPhone: (phone: string) => findUserBy(users.phone, phone),
    findByEmail: (email: string) => findUserBy(users.email, email),
    async findDoctor(userId: string): Promise<DoctorRow | undefined> {
      const [row] = await db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, userId));
      return row;
    },
    /** Inserts the user and any doctor extras; call inside a transaction (unique violations are thrown). */
    async insert(user: NewUser, doctor: DoctorFields | undefined): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('user insert returned nothing');
      if (doctor) await db.insert(doctorProfiles).values({ ...doctor, userId: row.id });
      return row;
    },
    async update(
      id: string,
      fields: { fullName: string; address: string; gender: Gender; dateOfBirth: string; jobNote?: string | null },
      doctor: DoctorFields | undefined,
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...fields, updatedAt: now })
          .where(eq(users.id, id));
        if (doctor)
          await tx
            .update(doctorProfiles)
            .set({ ...doctor, updatedAt: now })
            .where(eq(doctorProfiles.userId, id));
      });
    },
    async setLanguage(id: string, language: string, now: Date): Promise<void> {
      await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, id));
    },
    async setNotifications(
      id: string,
      fields: { notifySms: boolean; notifyEmail: boolean; language: string },
      now: Date,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...fields, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async setPassword(id: string, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    },
    /**
     * Marks the phone verified (decision 048), only while the account still has the phone the SMS code went to;
     * a phone verified earlier keeps its first time.
     */
    async markPhoneVerified(id: string, phone: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
        .where(and(eq(users.id, id), eq(users.phone, phone)));
    },
    /**
     * Points the account at a new avatar key (or none) and answers the key it replaced, in one transaction that locks
     * the row first: of concurrent replacements each sees the key the previous one wrote, so each old file is named once.
     */
    async replaceAvatar(id: string, avatarKey: string | null, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, id)).for('update');
        await tx.update(users).set({ avatarKey, updatedAt: now }).where(eq(users.id, id));
        return current?.avatarKey ?? null;
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
