import { SupportContactSchema, type SupportContact } from '@rhc/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

const SUPPORT_CONTACT_KEY = 'support_contact';

export function createSystemRepository(db: Db) {
  return {
    async findSupportContact(): Promise<SupportContact | undefined> {
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SUPPORT_CONTACT_KEY));
      return row ? SupportContactSchema.parse(row.value) : undefined;
    },

    /** Seeds the contact once; an operator's later change is never overwritten by a restart. */
    async insertSupportContactIfMissing(contact: SupportContact): Promise<void> {
      await db
        .insert(appSettings)
        .values({ key: SUPPORT_CONTACT_KEY, value: SupportContactSchema.parse(contact) })
        .onConflictDoNothing({ target: appSettings.key });
    },

    async saveSupportContact(contact: SupportContact): Promise<void> {
      const value = SupportContactSchema.parse(contact);
      await db
        .insert(appSettings)
        .values({ key: SUPPORT_CONTACT_KEY, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
