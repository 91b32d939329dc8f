import { SupportContactSchema, type SupportContact } from '@rhc/contracts';
import { MAX_CHANGE_CUTOFF_MINUTES } from '@rhc/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

const SUPPORT_CONTACT_KEY = 'support_contact';
/** Minutes before the start until which a patient may move or cancel a booking themselves (decision 020). */
export const CHANGE_CUTOFF_KEY = 'booking_change_cutoff_minutes';
/** The setting as stored: whole minutes from none to a week; anything else is ignored for the default. */
const ChangeCutoffSchema = z.int().check(z.gte(0), z.lte(MAX_CHANGE_CUTOFF_MINUTES));

export function createSystemRepository(db: Db) {
  /** Writes a setting's (already checked) value, replacing the one stored. */
  async function saveSetting(key: string, value: unknown): Promise<void> {
    await db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  }

  return {
    async findSupportContact(): Promise<SupportContact | undefined> {
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SUPPORT_CONTACT_KEY));
      return row ? SupportContactSchema.parse(row.value) : undefined;
    },

    /**
     * The settings of the change policy, in one read: the clinic's cut-off in minutes, or undefined when unset (or not a
     * valid value: the default then applies), and the support contact.
     */
    async findChangePolicySettings(): Promise<{ cutoffMinutes: number | undefined; contact: SupportContact | undefined }> {
      const rows = await db
        .select({ key: appSettings.key, value: appSettings.value })
        .from(appSettings)
        .where(inArray(appSettings.key, [CHANGE_CUTOFF_KEY, SUPPORT_CONTACT_KEY]));
      const valueOf = (key: string) => rows.find((row) => row.key === key);
      const cutoff = ChangeCutoffSchema.safeParse(valueOf(CHANGE_CUTOFF_KEY)?.value);
      const contact = valueOf(SUPPORT_CONTACT_KEY);
      return {
        cutoffMinutes: cutoff.success ? cutoff.data : undefined,
        contact: contact ? SupportContactSchema.parse(contact.value) : undefined,
      };
    },

    async saveChangeCutoffMinutes(minutes: number): Promise<void> {
      await saveSetting(CHANGE_CUTOFF_KEY, ChangeCutoffSchema.parse(minutes));
    },

    /** Seeds the contact once; an operator's later change is never overwritten by a restart. */
    async insertSupportContactIfMissing(contact: SupportContact): Promise<void> {
      await db
        .insert(appSettings)
        .values({ key: SUPPORT_CONTACT_KEY, value: SupportContactSchema.parse(contact) })
        .onConflictDoNothing({ target: appSettings.key });
    },

    async saveSupportContact(contact: SupportContact): Promise<void> {
      await saveSetting(SUPPORT_CONTACT_KEY, SupportContactSchema.parse(contact));
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
