import { DOCTOR_JOB_ID, doctorStatusOf, type WorkMode } from '@rhc/domain';
import { and, asc, eq, exists, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  doctorProfiles,
  doctorSpecialties,
  doctorWorkTimes,
  examTimeSlots,
  examTypes,
  specialties,
  users,
  workUnits,
} from '../../db/schema/index.ts';

export type SpecialtyRow = typeof specialties.$inferSelect;
export type ExamTypeRow = typeof examTypes.$inferSelect;
export type ExamTimeSlotRow = typeof examTimeSlots.$inferSelect;
export type WorkUnitRow = typeof workUnits.$inferSelect;

export interface VerifiedDoctorRow {
  id: string;
  fullName: string;
  avatarKey: string | null;
  degree: string;
  workPlace: string;
}

/** The only SQL for specialties, exam_types, exam_time_slots, work_units and doctor_specialties, and the verified-doctor list. */
export function createCatalogRepository(db: Db) {
  // Asked before a doctor's days off are shown to someone else: prepared once, planned once per connection.
  const doctorStatusById = db
    .select({ jobId: users.jobId, verifiedAt: doctorProfiles.verifiedAt })
    .from(users)
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('doctor_status_by_id');
  return {
    async listSpecialties(): Promise<SpecialtyRow[]> {
      return db.select().from(specialties).orderBy(asc(specialties.id));
    },
    async listExamTypes(mode?: WorkMode): Promise<ExamTypeRow[]> {
      return db
        .select()
        .from(examTypes)
        .where(mode ? eq(examTypes.mode, mode) : undefined)
        .orderBy(asc(examTypes.id));
    },
    async listWorkUnits(): Promise<WorkUnitRow[]> {
      return db.select().from(workUnits).orderBy(asc(workUnits.id));
    },
    async listExamTimeSlots(kind: 'exam' | 'imaging'): Promise<ExamTimeSlotRow[]> {
      return db.select().from(examTimeSlots).where(eq(examTimeSlots.kind, kind)).orderBy(asc(examTimeSlots.startMinute));
    },
    /**
     * Doctors a patient may book: job doctor, verified by an operator, account not deleted. `specialtyId` keeps those
     * bookable in that specialty; `mode` keeps those with at least one working time of that mode.
     */
    async listVerifiedDoctors(filter: { specialtyId?: number; mode?: WorkMode }): Promise<VerifiedDoctorRow[]> {
      const conditions: SQL[] = [eq(users.jobId, DOCTOR_JOB_ID), isNull(users.deletedAt), isNotNull(doctorProfiles.verifiedAt)];
      if (filter.specialtyId !== undefined)
        conditions.push(
          exists(
            db
              .select({ one: doctorSpecialties.doctorId })
              .from(doctorSpecialties)
              .where(and(eq(doctorSpecialties.doctorId, users.id), eq(doctorSpecialties.specialtyId, filter.specialtyId))),
          ),
        );
      if (filter.mode)
        conditions.push(
          exists(
            db
              .select({ one: doctorWorkTimes.id })
              .from(doctorWorkTimes)
              .where(and(eq(doctorWorkTimes.doctorId, users.id), eq(doctorWorkTimes.mode, filter.mode))),
          ),
        );
      return db
        .select({
          id: users.id,
          fullName: users.fullName,
          avatarKey: users.avatarKey,
          degree: doctorProfiles.degree,
          workPlace: doctorProfiles.workPlace,
        })
        .from(users)
        .innerJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
        .where(and(...conditions))
        .orderBy(asc(users.fullName), asc(users.id));
    },
    /** Whether a person is a doctor, and whether an operator has verified them; undefined for nobody (or deleted). */
    async findDoctorStatus(userId: string): Promise<{ isDoctor: boolean; verified: boolean } | undefined> {
      const [row] = await doctorStatusById.execute({ id: userId });
      return row ? doctorStatusOf(row) : undefined;
    },
    async listDoctorSpecialties(doctorIds: string[]): Promise<{ doctorId: string; specialty: SpecialtyRow }[]> {
      if (doctorIds.length === 0) return [];
      const rows = await db
        .select({ doctorId: doctorSpecialties.doctorId, specialty: specialties })
        .from(doctorSpecialties)
        .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
        .where(inArray(doctorSpecialties.doctorId, doctorIds))
        .orderBy(asc(specialties.id));
      return rows;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
