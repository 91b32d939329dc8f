import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { nameWithExtension } from '@rhc/domain';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  consentEvents,
  documents,
  examinations,
  healthMeasurements,
  healthRecords,
  nutritionAssessments,
  orderDetails,
  orderResults,
  orders,
  prescriptions,
  profiles,
  recordExports,
  shares,
  users,
  vaccinationHistory,
} from '../../db/schema/index.ts';
import { linesOfPrescriptions } from '../../db/prescription-lines.ts';
import { recipientColumns, type RecipientRow } from '../../db/recipient-columns.ts';
import { archivePathOf, type RecordSnapshot } from './record-snapshot.ts';

export type RecordExportRow = typeof recordExports.$inferSelect;

/** The only SQL of `record_exports`, and the reads of a person's record the export copies (reading is free). */
export function createRecordExportsRepository(db: Db) {
  return {
    async insert(profileId: string, requestedBy: string, language: string, now: Date): Promise<RecordExportRow> {
      const [row] = await db.insert(recordExports).values({ profileId, requestedBy, language, createdAt: now }).returning();
      if (!row) throw new Error('record export not inserted');
      return row;
    },

    async list(profileId: string, limit: number): Promise<RecordExportRow[]> {
      return db
        .select()
        .from(recordExports)
        .where(eq(recordExports.profileId, profileId))
        .orderBy(desc(recordExports.createdAt), desc(recordExports.id))
        .limit(limit);
    },

    /** An export of the path's profile (the gate let the caller manage that profile). */
    async find(profileId: string, id: string): Promise<RecordExportRow | undefined> {
      const [row] = await db
        .select()
        .from(recordExports)
        .where(and(eq(recordExports.id, id), eq(recordExports.profileId, profileId)));
      return row;
    },

    /** Whose export it is, and whether `actorId` is that person or their manager (for the access gate). */
    async holderOf(id: string): Promise<{ profileId: string; accountId: string | null; managerId: string | null } | undefined> {
      const [row] = await db
        .select({ profileId: profiles.id, accountId: profiles.accountId, managerId: profiles.managerId })
        .from(recordExports)
        .innerJoin(profiles, eq(profiles.id, recordExports.profileId))
        .where(eq(recordExports.id, id));
      return row;
    },

    /**
     * Takes one export to build: a `preparing` one nobody took, or whose builder stopped taking it before `staleBefore`
     * (a restart); `FOR UPDATE SKIP LOCKED` so two instances never take the same one.
     */
    async claim(now: Date, staleBefore: Date): Promise<RecordExportRow | undefined> {
      const result = await db.execute(sql`
        update record_exports set started_at = ${now.toISOString()}::timestamptz, progress = 0
        where id = (
          select id from record_exports
          where status = 'preparing' and (started_at is null or started_at < ${staleBefore.toISOString()}::timestamptz)
          order by created_at limit 1 for update skip locked
        )
        returning id`);
      const id = rowsOf<{ id: string }>(result)[0]?.id;
      if (!id) return undefined;
      const [row] = await db.select().from(recordExports).where(eq(recordExports.id, id));
      return row;
    },

    async progress(id: string, progress: number, now: Date): Promise<void> {
      await db
        .update(recordExports)
        .set({ progress, startedAt: now })
        .where(and(eq(recordExports.id, id), eq(recordExports.status, 'preparing')));
    },

    async ready(id: string, storageKey: string, bytes: number, now: Date, expiresAt: Date): Promise<boolean> {
      const done = await db
        .update(recordExports)
        .set({ status: 'ready', progress: 100, storageKey, bytes, readyAt: now, expiresAt })
        .where(and(eq(recordExports.id, id), eq(recordExports.status, 'preparing')))
        .returning({ id: recordExports.id });
      return done.length > 0;
    },

    async failed(id: string): Promise<void> {
      await db
        .update(recordExports)
        .set({ status: 'failed' })
        .where(and(eq(recordExports.id, id), eq(recordExports.status, 'preparing')));
    },

    /** Ready exports past their time, oldest first: their archives are deleted, then the rows say `expired`. */
    async dueToExpire(now: Date, limit: number): Promise<{ id: string; storageKey: string | null }[]> {
      return db
        .select({ id: recordExports.id, storageKey: recordExports.storageKey })
        .from(recordExports)
        .where(and(eq(recordExports.status, 'ready'), lte(recordExports.expiresAt, now)))
        .orderBy(asc(recordExports.expiresAt))
        .limit(limit);
    },

    /** Every export of these profiles, gone (an account's erasure, decision 052): answers the archives left to delete. */
    async eraseProfiles(profileIds: readonly string[]): Promise<string[]> {
      if (profileIds.length === 0) return [];
      const gone = await db
        .delete(recordExports)
        .where(inArray(recordExports.profileId, [...profileIds]))
        .returning({ storageKey: recordExports.storageKey });
      return gone.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
    },

    async expired(id: string): Promise<void> {
      await db.update(recordExports).set({ status: 'expired', storageKey: null }).where(eq(recordExports.id, id));
    },

    /** The person's name, for the archive's name. */
    async personName(profileId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: sql<string>`coalesce(${users.fullName}, ${profiles.fullName}, '')` })
        .from(profiles)
        .leftJoin(users, eq(users.id, profiles.accountId))
        .where(eq(profiles.id, profileId));
      return row?.name;
    },

    /** The account told when an export is ready: its requester, with how to reach them. */
    async requester(userId: string): Promise<RecipientRow | undefined> {
      const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, userId));
      return row;
    },

    /** Everything of the person the export copies, except the access log (the relatives service's). */
    async snapshot(profileId: string): Promise<Omit<RecordSnapshot, 'accessLog'> | undefined> {
      const account = alias(users, 'account');
      const manager = alias(users, 'manager');
      const [person] = await db
        .select({
          id: profiles.id,
          fullName: sql<string>`coalesce(${account.fullName}, ${profiles.fullName}, '')`,
          gender: sql<string | null>`coalesce(${account.gender}, ${profiles.gender})`,
          dateOfBirth: sql<string | null>`coalesce(${account.dateOfBirth}, ${profiles.dateOfBirth})::text`,
          phone: sql<string | null>`coalesce(${account.phone}, ${profiles.phone})`,
          email: sql<string | null>`coalesce(${account.email}, ${profiles.email})`,
          address: sql<string | null>`coalesce(${account.address}, ${profiles.address})`,
          managerId: manager.id,
          managerName: manager.fullName,
        })
        .from(profiles)
        .leftJoin(account, eq(account.id, profiles.accountId))
        .leftJoin(manager, eq(manager.id, profiles.managerId))
        .where(eq(profiles.id, profileId));
      if (!person) return undefined;

      const doctor = alias(users, 'doctor');
      const bookingRows = await db
        .select({
          id: orders.id,
          code: orders.code,
          category: orders.category,
          status: orders.status,
          mode: orders.mode,
          startsAt: orders.startsAt,
          endsAt: orders.endsAt,
          reason: orderDetails.reason,
          doctorName: doctor.fullName,
          diagnostic: examinations.diagnostic,
          medicalHistory: examinations.medicalHistory,
          reExamDate: examinations.reExamDate,
          advice: examinations.advice,
          writtenAt: examinations.updatedAt,
          conclusion: orderResults.conclusion,
          concludedAt: orderResults.concludedAt,
        })
        .from(orders)
        .leftJoin(orderDetails, eq(orderDetails.orderId, orders.id))
        .leftJoin(doctor, eq(doctor.id, orders.doctorId))
        .leftJoin(examinations, eq(examinations.orderId, orders.id))
        .leftJoin(orderResults, eq(orderResults.orderId, orders.id))
        .where(eq(orders.profileId, profileId))
        .orderBy(asc(orders.startsAt));

      const writer = alias(users, 'writer');
      const prescriptionRows = await db
        .select({
          id: prescriptions.id,
          orderId: prescriptions.orderId,
          doctorName: writer.fullName,
          licenceNumber: prescriptions.licenceNumber,
          createdAt: prescriptions.createdAt,
          supersededAt: prescriptions.supersededAt,
          replacedBy: prescriptions.replacedBy,
        })
        .from(prescriptions)
        .innerJoin(orders, eq(orders.id, prescriptions.orderId))
        .innerJoin(writer, eq(writer.id, prescriptions.doctorId))
        .where(eq(orders.profileId, profileId))
        .orderBy(asc(prescriptions.createdAt));
      const lines = await linesOfPrescriptions(
        db,
        prescriptionRows.map((p) => p.id),
      );

      const readings = await db
        .select({
          id: healthMeasurements.id,
          measuredAt: healthMeasurements.measuredAt,
          category: healthMeasurements.category,
          systolic: healthMeasurements.systolic,
          diastolic: healthMeasurements.diastolic,
          heartRate: healthMeasurements.heartRate,
          bloodSugar: healthMeasurements.bloodSugar,
          height: healthMeasurements.height,
          weight: healthMeasurements.weight,
          bmi: healthMeasurements.bmi,
        })
        .from(healthMeasurements)
        .where(eq(healthMeasurements.profileId, profileId))
        .orderBy(asc(healthMeasurements.measuredAt));

      const records = await db
        .select({
          id: healthRecords.id,
          testDay: healthRecords.testDay,
          doctorName: healthRecords.doctorName,
          reason: healthRecords.reason,
        })
        .from(healthRecords)
        .where(eq(healthRecords.profileId, profileId))
        .orderBy(asc(healthRecords.testDay));

      const fileRows = await db
        .select({
          id: documents.id,
          recordId: documents.recordId,
          orderId: documents.orderId,
          typeExam: documents.typeExam,
          displayName: documents.displayName,
          originalName: documents.originalName,
          mediaType: documents.mediaType,
          sizeBytes: documents.sizeBytes,
          storageKey: documents.storageKey,
          createdAt: documents.createdAt,
        })
        .from(documents)
        .where(and(eq(documents.profileId, profileId), eq(documents.state, 'committed')))
        .orderBy(asc(documents.seq));

      const vaccinations = await db
        .select({
          id: vaccinationHistory.id,
          vaccineId: vaccinationHistory.vaccineId,
          givenOn: vaccinationHistory.givenOn,
          place: vaccinationHistory.place,
          note: vaccinationHistory.note,
        })
        .from(vaccinationHistory)
        .where(eq(vaccinationHistory.infoId, profileId))
        .orderBy(asc(vaccinationHistory.givenOn));

      const nutritionRows = await db
        .select({
          id: nutritionAssessments.id,
          examinedOn: nutritionAssessments.examinedOn,
          heightCm: nutritionAssessments.heightCm,
          weightKg: nutritionAssessments.weightKg,
          assessment: nutritionAssessments.assessment,
        })
        .from(nutritionAssessments)
        .where(eq(nutritionAssessments.profileId, profileId))
        .orderBy(asc(nutritionAssessments.examinedOn), asc(nutritionAssessments.createdAt));

      const watcher = alias(users, 'watcher');
      const shareRows = await db
        .select({
          id: shares.id,
          watcherId: shares.watcherId,
          watcherName: watcher.fullName,
          sections: shares.sections,
          grantedAt: shares.grantedAt,
          endedAt: shares.endedAt,
        })
        .from(shares)
        .innerJoin(watcher, eq(watcher.id, shares.watcherId))
        .where(eq(shares.profileId, profileId))
        .orderBy(asc(shares.grantedAt));
      const events = shareRows.length
        ? await db
            .select({
              shareId: consentEvents.shareId,
              action: consentEvents.action,
              sections: consentEvents.sections,
              occurredAt: consentEvents.occurredAt,
            })
            .from(consentEvents)
            .where(eq(consentEvents.profileId, profileId))
            .orderBy(asc(consentEvents.occurredAt), asc(consentEvents.id))
        : [];

      return {
        person: {
          id: person.id,
          fullName: person.fullName,
          gender: person.gender,
          dateOfBirth: person.dateOfBirth,
          phone: person.phone,
          email: person.email,
          address: person.address,
          manager: person.managerId ? { id: person.managerId, fullName: person.managerName ?? '' } : null,
        },
        bookings: bookingRows.map((row) => ({
          id: row.id,
          code: row.code,
          category: row.category,
          status: row.status,
          mode: row.mode,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          reason: row.reason ?? '',
          doctorName: row.doctorName,
          examination:
            row.diagnostic !== null && row.writtenAt
              ? {
                  diagnostic: row.diagnostic,
                  medicalHistory: row.medicalHistory ?? '',
                  reExamDate: row.reExamDate ?? '',
                  advice: row.advice ?? '',
                  writtenAt: row.writtenAt,
                }
              : null,
          conclusion: row.conclusion,
          concludedAt: row.conclusion === null ? null : row.concludedAt,
        })),
        prescriptions: prescriptionRows.map((row) => ({
          ...row,
          lines: lines.get(row.id) ?? [],
        })),
        readings,
        records,
        files: fileRows.map((row) => {
          const name = nameWithExtension(row.displayName || row.originalName, row.mediaType);
          return {
            id: row.id,
            recordId: row.recordId,
            orderId: row.orderId,
            typeExam: row.typeExam,
            name,
            mediaType: row.mediaType,
            sizeBytes: row.sizeBytes,
            storageKey: row.storageKey,
            createdAt: row.createdAt,
            archivePath: archivePathOf(row.id, name),
          };
        }),
        vaccinations,
        nutrition: nutritionRows.map(({ assessment, ...row }) => ({
          ...row,
          bmi: assessment.bmi,
          riskScore: assessment.nrs.total,
          riskLevel: assessment.nrs.level,
          glimSeverity: assessment.glim.severity,
          conclusion: assessment.conclusion,
        })),
        shares: shareRows.map((row) => ({
          id: row.id,
          watcher: { id: row.watcherId, fullName: row.watcherName },
          sections: row.sections,
          grantedAt: row.grantedAt,
          endedAt: row.endedAt,
          history: events.filter((event) => event.shareId === row.id).map(({ shareId: _, ...event }) => event),
        })),
      };
    },
  };
}
