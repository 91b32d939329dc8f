import { avatarUrl, type DoctorCard, type ExamTime, type ExamType, type Specialty, type WorkUnit } from '@rhc/contracts';
import { clockTime, type WorkMode } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import { createCatalogRepository, type ExamTimeSlotRow } from './catalog.repository.ts';

export interface CatalogDeps {
  db: Db;
}

function toExamTime(row: ExamTimeSlotRow): ExamTime {
  return { id: row.id, start: clockTime(row.startMinute), end: clockTime(row.endMinute) };
}

/**
 * A doctor's work place is the text they typed; when it names one of the clinics (in any of its languages, ignoring
 * case and spacing), the reader sees that clinic's name in their own language, as the schedule page shows it.
 */
function clinicNamer(units: readonly { names: Record<Language, string> }[], language: Language): (workPlace: string) => string {
  const fold = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('vi');
  const byName = new Map<string, string>();
  for (const unit of units) for (const name of Object.values(unit.names)) byName.set(fold(name), unit.names[language]);
  return (workPlace) => byName.get(fold(workPlace)) ?? workPlace;
}

/**
 * What a patient chooses from before booking: specialties, kinds of examination, doctors, the hours one may ask for and
 * the clinics. Reference data, named in the reader's language; nothing here is anybody's own, so every signed-in person
 * reads all of it. The smallest module: the shape a new domain copies (docs/adding-a-domain.md).
 */
export function createCatalogService(deps: CatalogDeps) {
  const repository = createCatalogRepository(deps.db);
  return {
    async specialties(language: Language): Promise<Specialty[]> {
      const rows = await repository.listSpecialties();
      return rows.map((row) => ({ id: row.id, code: row.code, name: row.names[language] }));
    },

    async examTypes(mode: WorkMode | undefined, language: Language): Promise<ExamType[]> {
      const rows = await repository.listExamTypes(mode);
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        name: row.names[language],
        mode: row.mode as WorkMode,
        slotMinutes: row.slotMinutes,
      }));
    },

    /** Verified doctors a patient may book, each with the specialties they are bookable in. */
    async doctors(filter: { specialtyId?: number; mode?: WorkMode }, language: Language): Promise<DoctorCard[]> {
      const doctors = await repository.listVerifiedDoctors(filter);
      const [links, units] = await Promise.all([
        repository.listDoctorSpecialties(doctors.map((doctor) => doctor.id)),
        repository.listWorkUnits(),
      ]);
      const workPlaceIn = clinicNamer(units, language);
      return doctors.map((doctor) => ({
        id: doctor.id,
        fullName: doctor.fullName,
        degree: doctor.degree,
        urlImage: avatarUrl(doctor.id, doctor.avatarKey),
        workPlace: workPlaceIn(doctor.workPlace),
        specialties: links
          .filter((link) => link.doctorId === doctor.id)
          .map((link) => ({ id: link.specialty.id, name: link.specialty.names[language] })),
      }));
    },

    /** The hours one may ask for an examination or for imaging. */
    async requestableHours(kind: 'exam' | 'imaging'): Promise<ExamTime[]> {
      return (await repository.listExamTimeSlots(kind)).map(toExamTime);
    },

    async workUnits(language: Language): Promise<WorkUnit[]> {
      const rows = await repository.listWorkUnits();
      return rows.map((row) => ({ id: row.id, name: row.names[language], address: row.address }));
    },

    /** Whether a person is a doctor, and one patients may book; undefined for nobody (or a deleted account). */
    doctorStatus(userId: string): Promise<{ isDoctor: boolean; verified: boolean } | undefined> {
      return repository.findDoctorStatus(userId);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
