import type { SupportContact } from '@rhc/contracts';
import type { Db } from '../client.ts';
import { drugs, examTimeSlots, examTypes, specialties, workUnits } from '../schema/index.ts';
import { createSystemRepository } from '../../modules/system/system.repository.ts';
import { EXAM_TIME_SLOTS, EXAM_TYPES, SPECIALTIES } from './catalog.ts';
import { WORK_UNITS } from './work-units.ts';
import { DRUGS } from './drugs.ts';

export { seedDemoData } from './demo.ts';

export interface SeedOptions {
  supportContact: SupportContact;
}

/**
 * Reference data every installation needs. Idempotent: safe on every start and on several
 * instances at once; values an operator changed later are kept.
 */
export async function seedReferenceData(db: Db, options: SeedOptions): Promise<void> {
  await createSystemRepository(db).insertSupportContactIfMissing(options.supportContact);
  await db
    .insert(workUnits)
    .values(WORK_UNITS.map((unit) => ({ ...unit, names: { ...unit.names } })))
    .onConflictDoNothing({ target: workUnits.id });
  await db
    .insert(specialties)
    .values(SPECIALTIES.map((specialty) => ({ ...specialty, names: { ...specialty.names } })))
    .onConflictDoNothing({ target: specialties.id });
  await db
    .insert(examTypes)
    .values(EXAM_TYPES.map((examType) => ({ ...examType, names: { ...examType.names } })))
    .onConflictDoNothing({ target: examTypes.id });
  await db.insert(examTimeSlots).values(EXAM_TIME_SLOTS).onConflictDoNothing({ target: examTimeSlots.id });
  // Any conflict, not only on the id: drugs are also unique by name and strength. Two instances starting
  // together insert the same rows, and the second waits on the first, then meets the name first; an operator
  // may also have renamed a drug onto a name this list still seeds under another id.
  await db
    .insert(drugs)
    .values([...DRUGS])
    .onConflictDoNothing();
}
