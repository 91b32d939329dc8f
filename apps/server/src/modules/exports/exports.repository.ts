import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditInsert, type auditRow } from '../../platform/audit/audit-log.ts';
import { queueMailFor, type OutgoingMail } from '../../platform/messaging/messaging.ts';

type AuditRow = ReturnType<typeof auditRow>;

/** The exports module has no tables of its own: its one statement queues a mail with its audit row. */
export function createExportsRepository(db: Db) {
  return {
    /** The e-mail (due at `at`) and the audit row that tells it was sent: one statement, both or neither. */
    async queueMail(mail: OutgoingMail, audit: AuditRow, at: Date): Promise<void> {
      await db.execute(sql`with audited as (${auditInsert(audit)} returning 1)
        ${queueMailFor(sql`audited`, mail, at)}`);
    },
  };
}
