import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.ts';
import { linesOfPrescriptions, type LineRow } from '../../db/prescription-lines.ts';
import { recipientColumns } from '../../db/recipient-columns.ts';
import {
  doctorLicences,
  doctorProfiles,
  drugs,
  examinations,
  orderDetails,
  orders,
  prescriptionLines,
  prescriptions,
  users,
} from '../../db/schema/index.ts';
import { createAuditLog, type auditRow } from '../../platform/audit/audit-log.ts';
import { recordInApp, type InAppNotice } from '../../platform/messaging/in-app.ts';
import { queueMessages, type QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { MessageRecipient } from '../../platform/messaging/person-messages.ts';

type AuditRow = ReturnType<typeof auditRow>;

/** What the clinical rules need of an order: whose it is, whose hands it is in, its day and status. */
export interface ClinicalOrderFacts {
  id: string;
  code: string;
  userId: string;
  profileId: string | null;
  doctorId: string | null;
  status: number;
  mode: string;
  startsAt: Date;
  /** The examination's Vietnam calendar day (YYYY-MM-DD). */
  checkDay: string;
  checkHour: string;
  doctorName: string | null;
}

/** The writer as their profile says: a doctor, verified or not, with or without a licence number. */
export interface WriterFacts {
  isDoctor: boolean;
  verified: boolean;
  licenceNumber: string | null;
}

export interface ExaminationWrite {
  orderId: string;
  doctorId: string;
  diagnostic: string;
  medicalHistory: string;
  reExamDate: string;
  advice: string;
}

export interface PrescriptionWrite {
  id: string;
  orderId: string;
  doctorId: string;
  licenceNumber: string;
  lines: Omit<LineRow, 'position'>[];
  /** The current prescription this one replaces. */
  supersedes?: string;
}

/** What a save commits with the clinical rows, in the same transaction. */
export interface SaveSideEffects {
  audit: AuditRow[];
  messages: QueuedMessage[];
  inApp: InAppNotice[];
}

export type Recipient = MessageRecipient & { id: string; fullName: string };

const supersededBy = alias(users, 'superseded_by_user');
const writers = alias(users, 'writer');

/** `%`, `_` and `\` typed by a person are letters, not patterns. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The only SQL of the clinical tables (examinations, prescriptions, their lines, drugs, licences). */
export function createClinicalRepository(db: Db) {
  return {
    /** Whether the order has a written result: an examination or a prescription (issue 54: such an order stays). */
    async hasRecord(orderId: string): Promise<boolean> {
      const result = await db.execute(
        sql`select (exists (select 1 from ${examinations} where ${examinations.orderId} = ${orderId})
          or exists (select 1 from ${prescriptions} where ${prescriptions.orderId} = ${orderId})) as found`,
      );
      return rowsOf<{ found: boolean }>(result)[0]?.found === true;
    },

    async orderFacts(orderId: string): Promise<ClinicalOrderFacts | undefined> {
      const [row] = await db
        .select({
          id: orders.id,
          code: orders.code,
          userId: orders.userId,
          profileId: orders.profileId,
          doctorId: orders.doctorId,
          status: orders.status,
          mode: orders.mode,
          startsAt: orders.startsAt,
          checkDay: orderDetails.checkDay,
          checkHour: orderDetails.checkHour,
          doctorName: writers.fullName,
        })
        .from(orders)
        .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
        .leftJoin(writers, eq(writers.id, orders.doctorId))
        .where(eq(orders.id, orderId))
        .limit(1);
      return row;
    },

    async writer(userId: string): Promise<WriterFacts> {
      const [row] = await db
        .select({ verifiedAt: doctorProfiles.verifiedAt, licenceNumber: doctorLicences.licenceNumber })
        .from(doctorProfiles)
        .leftJoin(doctorLicences, eq(doctorLicences.userId, doctorProfiles.userId))
        .where(eq(doctorProfiles.userId, userId))
        .limit(1);
      if (!row) return { isDoctor: false, verified: false, licenceNumber: null };
      return { isDoctor: true, verified: row.verifiedAt !== null, licenceNumber: row.licenceNumber ?? null };
    },

    async setLicence(userId: string, licenceNumber: string, now: Date, audit: AuditRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(doctorLicences)
          .values({ userId, licenceNumber, updatedAt: now })
          .onConflictDoUpdate({ target: doctorLicences.userId, set: { licenceNumber, updatedAt: now } });
        await createAuditLog(tx).recordRows([audit]);
      });
    },

    /** The examination of an order with its doctor's name, or undefined before it is written. */
    async examination(orderId: string) {
      const [row] = await db
        .select({
          diagnostic: examinations.diagnostic,
          medicalHistory: examinations.medicalHistory,
          reExamDate: sql<string>`${examinations.reExamDate}::text`,
          advice: examinations.advice,
          doctorId: examinations.doctorId,
          doctorName: users.fullName,
          createdAt: examinations.createdAt,
          updatedAt: examinations.updatedAt,
        })
        .from(examinations)
        .innerJoin(users, eq(users.id, examinations.doctorId))
        .where(eq(examinations.orderId, orderId))
        .limit(1);
      return row;
    },

    /** The prescriptions of an order, newest first, each with its lines and, when superseded, who did it. */
    async prescriptions(orderId: string) {
      const heads = await db
        .select({
          id: prescriptions.id,
          createdAt: prescriptions.createdAt,
          doctorId: prescriptions.doctorId,
          doctorName: users.fullName,
          licenceNumber: prescriptions.licenceNumber,
          supersededAt: prescriptions.supersededAt,
          supersededById: prescriptions.supersededBy,
          supersededByName: supersededBy.fullName,
          replacedBy: prescriptions.replacedBy,
        })
        .from(prescriptions)
        .innerJoin(users, eq(users.id, prescriptions.doctorId))
        .leftJoin(supersededBy, eq(supersededBy.id, prescriptions.supersededBy))
        .where(eq(prescriptions.orderId, orderId))
        .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id));
      const lines = await linesOfPrescriptions(
        db,
        heads.map((head) => head.id),
      );
      return heads.map((head) => ({ ...head, lines: lines.get(head.id) ?? [] }));
    },

    /**
     * Saves the examination (insert or update) and, when given, creates a prescription, superseding `supersedes` —
     * with the audit rows, messages and notices, in one transaction. Answers whether the examination was new, or
     * 'stale' when the prescription to supersede is not the order's current one.
     */
    async save(
      examination: ExaminationWrite,
      prescription: PrescriptionWrite | null,
      now: Date,
      effects: (created: boolean) => SaveSideEffects,
    ): Promise<{ created: boolean } | 'stale'> {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ orderId: examinations.orderId })
          .from(examinations)
          .where(eq(examinations.orderId, examination.orderId))
          .for('update');
        await tx
          .insert(examinations)
          .values({ ...examination, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: examinations.orderId,
            set: {
              doctorId: examination.doctorId,
              diagnostic: examination.diagnostic,
              medicalHistory: examination.medicalHistory,
              reExamDate: examination.reExamDate,
              advice: examination.advice,
              updatedAt: now,
            },
          });
        if (prescription) {
          if (prescription.supersedes) {
            const replaced = await tx
              .update(prescriptions)
              .set({ supersededAt: now, supersededBy: prescription.doctorId, replacedBy: prescription.id })
              .where(
                and(
                  eq(prescriptions.id, prescription.supersedes),
                  eq(prescriptions.orderId, prescription.orderId),
                  isNull(prescriptions.supersededAt),
                ),
              )
              .returning({ id: prescriptions.id });
            if (replaced.length === 0) return 'stale';
          }
          await tx.insert(prescriptions).values({
            id: prescription.id,
            orderId: prescription.orderId,
            doctorId: prescription.doctorId,
            licenceNumber: prescription.licenceNumber,
            createdAt: now,
          });
          await tx
            .insert(prescriptionLines)
            .values(prescription.lines.map((line, index) => ({ ...line, prescriptionId: prescription.id, position: index + 1 })));
        }
        const created = !previous;
        const { audit, messages, inApp } = effects(created);
        await createAuditLog(tx).recordRows(audit);
        if (messages.length > 0) await tx.execute(queueMessages(messages, now));
        await recordInApp(tx, inApp, now);
        return { created };
      });
    },

    async recipient(userId: string): Promise<Recipient | undefined> {
      const [row] = await db
        .select(recipientColumns)
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    /** Drugs whose name contains `text` (case and accents as typed), those starting with it first. */
    async searchDrugs(text: string, size: number) {
      const pattern = `%${likeLiteral(text)}%`;
      const prefix = `${likeLiteral(text)}%`;
      return db
        .select({ id: drugs.id, name: drugs.name, strength: drugs.strength, form: drugs.form })
        .from(drugs)
        .where(sql`${drugs.name} ilike ${pattern} or (${drugs.name} || ' ' || ${drugs.strength}) ilike ${pattern}`)
        .orderBy(sql`(${drugs.name} ilike ${prefix}) desc`, asc(drugs.name), asc(drugs.id))
        .limit(size);
    },
  };
}
export type ClinicalRepository = ReturnType<typeof createClinicalRepository>;
