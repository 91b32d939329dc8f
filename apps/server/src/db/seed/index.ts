import type { SupportContact } from '@rhc/contracts';
import type { Db } from '../client.ts';
import { capacityResources, drugs, examTimeSlots, examTypes, specialties, workUnits } from '../schema/index.ts';
import { createSystemRepository } from '../../modules/system/system.repository.ts';
import { EXAM_TIME_SLOTS, EXAM_TYPES, SPECIALTIES } from './catalog.ts';
import { WORK_UNITS } from './work-units.ts';
import { DRUGS } from './drugs.ts';
import { CAPACITY_RESOURCES } from './capacity.ts';

export { seedDemoData } from './demo.ts';

export interface SeedOptions {
  supportContact: SupportContact;
}

/**
 * Reference data every installation needs. Idempotent: safe on every start and on several
 * instances at once; values an operator changed later are kept.
 *
 * Every insert gives way on any conflict, not only on the id: specialties are also unique by code, drugs by name
 * and strength. Two instances seeding together insert the same rows; the second waits for the first's and would
 * then meet the code, not the id, first (CI saw `specialties_code_unique` so). An operator may also have renamed a
 * row onto a code this list still seeds under another id.
 */
export async function seedReferenceData(db: Db, options: SeedOptions): Promise<void> {
  await createSystemRepository(db).insertSupportContactIfMissing(options.supportContact);
  await db
    .insert(workUnits)
    .values(WORK_UNITS.map((unit) => ({ ...unit, names: { ...unit.names } })))
    .onConflictDoNothing();
  await db
    .insert(specialties)
    .values(SPECIALTIES.map((specialty) => ({ ...specialty, names: { ...specialty.names } })))
    .onConflictDoNothing();
  await db
    .insert(examTypes)
    .values(EXAM_TYPES.map((examType) => ({ ...examType, names: { ...examType.names } })))
    .onConflictDoNothing();
  await db.insert(examTimeSlots).values(EXAM_TIME_SLOTS).onConflictDoNothing();
  await db
    .insert(drugs)
    .values([...DRUGS])
    .onConflictDoNothing();
  // The lab's counted places (decision 044); a resource is unique by kind, clinic, district, modality and machine.
  await db
    .insert(capacityResources)
    .values(CAPACITY_RESOURCES.map((resource) => ({ ...resource })))
    .onConflictDoNothing();
}
