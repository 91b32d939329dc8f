import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recipientColumns, type RecipientRow } from '../../db/recipient-columns.ts';
import { orders, profiles, users } from '../../db/schema/index.ts';
import { auditInsert, type auditRow } from '../../platform/audit/audit-log.ts';
import { recordInApp, type InAppNotice } from '../../platform/messaging/in-app.ts';
import { queueMailFor, queueMessages, type OutgoingMail, type QueuedMessage } from '../../platform/messaging/messaging.ts';

type AuditRow = ReturnType<typeof auditRow>;

/** The account that decides about an order's person (issue 54): told when its result is e-mailed elsewhere. */
export interface OrderHolder extends RecipientRow {
  /** The person the order is for: its profile, or the booker's own for a relative typed in by hand. */
  personId: string;
}

/** The exports module has no tables of its own: it queues a mail with its audit row, and what the patient is told. */
export function createExportsRepository(db: Db) {
  return {
    /**
     * The holder of the order's person: the person's own account (the one a kept profile was linked to, decision 025),
     * or the manager of a managed profile; the booker when the order names no profile.
     */
    async holderOf(orderId: string): Promise<OrderHolder | undefined> {
      const holder = sql`coalesce(${profiles.linkedAccountId}, ${profiles.accountId}, ${profiles.managerId}, ${orders.userId})`;
      const [row] = await db
        .select({ personId: sql<string>`coalesce(${orders.profileId}, ${orders.userId})`, ...recipientColumns })
        .from(orders)
        .leftJoin(profiles, eq(profiles.id, orders.profileId))
        .innerJoin(users, eq(users.id, holder))
        .where(eq(orders.id, orderId))
        .limit(1);
      return row;
    },

    /** Accounts' names (the sender's, in what the patient is told). */
    async names(ids: readonly string[]): Promise<{ id: string; fullName: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /**
     * The e-mail (due at `at`) with the audit row that tells it was sent, and what the holder is told of it (their
     * messages and the bell's notice): in one transaction, all or nothing.
     */
    async queueMail(
      mail: OutgoingMail,
      audit: AuditRow,
      at: Date,
      told: { messages: readonly QueuedMessage[]; notices: readonly InAppNotice[] } = { messages: [], notices: [] },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`with audited as (${auditInsert(audit)} returning 1)
          ${queueMailFor(sql`audited`, mail, at)}`);
        if (told.messages.length > 0) await tx.execute(queueMessages(told.messages, at));
        await recordInApp(tx, told.notices, at);
      });
    },
  };
}
