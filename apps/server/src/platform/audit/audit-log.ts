import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';

/** Every action the trail knows; a declared endpoint names one of these for its refusals (issue 48). */
export const AUDIT_ACTIONS = [
  'signup',
  'login',
  'logout',
  'session.refresh',
  'password.change',
  'password.reset',
  /** A code sent to the account's own phone, or checked to mark it verified (decision 048). */
  'phone.verify',
  /** A step-up code sent for this session, or checked to prove it (decision 051); `details.step` says which. */
  'step-up',
  /**
   * Two-step login (decision 054): switched on or off, new recovery codes, a login's second step asked, its code sent,
   * passed or failed; `details.step` says which. Never a code, a ticket or a device token.
   */
  'two-step',
  'avatar.change',
  'avatar.delete',
  'profile.update',
  'notifications.update',
  /** The bell's list (issue 12): only refusals are kept (it is polled); `details.view` says which call. */
  'notification.read',
  'notification.markRead',
  'otp.send',
  'otp.verify',
  'order.create',
  /** A read of orders (detail, page, calendar file, public tracking); `details.view` says which. */
  'order.read',
  'order.edit',
  'order.note',
  'order.verify',
  'order.cancel',
  'order.complete',
  'order.delete',
  /**
   * A read of a person's data by someone else (issue 14), `details.section` naming the section: success rows are the
   * holder's "who saw my record"; denied ones show probing. The subject is the profile id.
   */
  'record.read',
  'relative.create',
  'relative.update',
  'relative.delete',
  'relative.archive',
  /** A managed profile linked to the person's own account (decision 025): `details.profileId`, what moved. */
  'relative.link',
  'invitation.send',
  'invitation.answer',
  'invitation.cancel',
  /** A consent change (grant, sections changed, revoked, stopped); the history itself is in consent_events. */
  'share.change',
  'share.end',
  'group.change',
  /** The doctor's edit screen or an order's clinical record (issue 17); only refusals are kept beside order.read. */
  'clinical.read',
  /** A diagnosis or prescription written (issue 17), `details.section` exam_info or prescriptions: in the patient's access log. */
  'clinical.write',
  'licence.change',
  /** The order as a PDF or Word file (issue 17), `details.format` and `details.language`; ids only. */
  'order.export',
  /** The order's PDF sent by e-mail (issue 17): `details.to` own or other address, never the address itself. */
  'order.mail',
  /** Health records and documents (issue 15): ids and counts only, never names or contents. */
  'record.write',
  'record.delete',
  'document.write',
  'document.delete',
  /** A read of one's own account refused: another person's id in the path (issue 48: denied rows only). */
  'account.read',
  /** A read of one's relatives, follows, invitations or groups refused (denied rows only); `details.view` says which. */
  'relative.read',
  /** A doctor's own calendar read, or a working time or day off changed, for someone else's (denied rows only). */
  'schedule.read',
  'schedule.change',
  /** A health measurement written on a profile the actor does not hold (denied rows only). */
  'measurement.write',
  /** A nutrition assessment written or deleted (issue 52): ids only, never its figures or texts. */
  'nutrition.write',
  'vaccine.write',
  'nutrition.delete',
  /**
   * Deleting one's account (issue 53, decision 052): `details.step` requested, cancelled (`details.by` login or request)
   * or erased (counts of what went and what was kept); refusals of another person's id are denied rows.
   */
  'account.delete',
  /** An export of a person's whole record asked for, or downloaded (issue 53): ids and sizes only. */
  'record.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * success: done; failure: refused for a reason the actor may learn (a wrong status, a taken slot); denied: a request for
 * another person's object (answered 404), kept so that probing shows in the trail.
 */
export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  action: AuditAction;
  outcome: AuditOutcome;
  actorUserId?: string | null;
  subjectUserId?: string | null;
  ip?: string | null;
  /** Non-secret context only: a reason code, a channel. Never passwords, codes, tokens or health values. */
  details?: Record<string, string | number | boolean>;
}

/** The stored row of an entry: the subject is the actor unless said otherwise (null: nobody's, or not known). */
export function auditRow(entry: AuditEntry, now: Date): typeof auditEvents.$inferInsert & { occurredAt: Date } {
  return {
    occurredAt: now,
    action: entry.action,
    outcome: entry.outcome,
    actorUserId: entry.actorUserId ?? null,
    subjectUserId: entry.subjectUserId === undefined ? (entry.actorUserId ?? null) : entry.subjectUserId,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  };
}

export type AuditRow = ReturnType<typeof auditRow>;

/**
 * A statement that writes `row`, for a caller composing it into its own (a CTE): once for each row of `source` (e.g. a
 * new booking, so the row exists exactly when what it tells of does), or once without one.
 */
export function auditInsert(row: AuditRow, source?: SQL): SQL {
  const into = sql`insert into audit_events (occurred_at, actor_user_id, action, outcome, subject_user_id, ip, details)`;
  const values = sql`${row.occurredAt.toISOString()}::timestamptz, ${row.actorUserId ?? null}::uuid, ${row.action}, ${row.outcome},
    ${row.subjectUserId ?? null}::uuid, ${row.ip ?? null}::inet, ${JSON.stringify(row.details ?? {})}::jsonb`;
  return source ? sql`${into} select ${values} from ${source}` : sql`${into} values (${values})`;
}

export function createAuditLog(db: Db) {
  return {
    async record(entry: AuditEntry, now: Date): Promise<void> {
      await db.insert(auditEvents).values(auditRow(entry, now));
    },

    /** Rows already made by `auditRow`, in one statement (none: nothing is written). */
    async recordRows(rows: readonly AuditRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(auditEvents).values([...rows]);
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
