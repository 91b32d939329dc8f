import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_SUPPORT_CONTACT, type TestDatabase } from '../../../test/test-app.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo.ts';
import { seedDemoData, seedReferenceData } from '../../db/seed/index.ts';
import { recordBundle, type FhirBundle } from './fhir.ts';
import { createRecordExportsRepository } from './record-exports.repository.ts';

/** The demo patient's record (db/seed/demo.ts) as the export reads it, mapped to FHIR and checked by the R4 JSON schema. */
describe("the demo patient's FHIR Bundle", () => {
  let test: TestDatabase;
  const now = new Date('2026-11-22T03:00:00Z');

  beforeAll(async () => {
    test = await createTestDatabase('PGlite');
    await seedReferenceData(test.database.db, { supportContact: TEST_SUPPORT_CONTACT });
    await seedDemoData(test.database.db, now);
  });
  afterAll(() => test.dispose());

  it('validates against the FHIR R4 JSON schema and reads back with the record’s counts', async () => {
    const [patient] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_ACCOUNTS.patient.phone));
    if (!patient) throw new Error('no demo patient');
    const snapshot = await createRecordExportsRepository(test.database.db).snapshot(patient.id);
    if (!snapshot) throw new Error('no snapshot');
    const bundle = recordBundle({ ...snapshot, accessLog: [] }, { id: 'demo', now, base: 'https://rhc.example/fhir' });
    expect(new JSONSchemaValidator().validate(bundle)).toEqual([]);

    const read = JSON.parse(JSON.stringify(bundle)) as FhirBundle;
    const count = (type: string) => read.entry.filter((entry) => entry.resource.resourceType === type).length;
    expect(read.entry[0]?.resource).toMatchObject({ resourceType: 'Patient', name: [{ text: DEMO_ACCOUNTS.patient.fullName }] });
    expect(count('Appointment')).toBe(snapshot.bookings.length);
    expect(count('Immunization')).toBe(snapshot.vaccinations.length);
    expect(count('Consent')).toBe(snapshot.shares.length);
    // The demo patient has readings and a share (her husband follows her): the bundle is not trivially valid.
    expect(count('Observation')).toBeGreaterThan(0);
    expect(snapshot.shares.length).toBeGreaterThan(0);
  });

  it('validates for each profile she manages, with her as their RelatedPerson and her son’s vaccinations', async () => {
    const [patient] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_ACCOUNTS.patient.phone));
    const managed = await test.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.managerId, patient?.id ?? ''));
    expect(managed.length).toBeGreaterThan(0);
    let immunizations = 0;
    for (const { id } of managed) {
      const snapshot = await createRecordExportsRepository(test.database.db).snapshot(id);
      if (!snapshot) throw new Error('no snapshot');
      const bundle = recordBundle({ ...snapshot, accessLog: [] }, { id, now, base: 'https://rhc.example/fhir' });
      expect(new JSONSchemaValidator().validate(bundle)).toEqual([]);
      expect(bundle.entry.find((entry) => entry.resource.resourceType === 'RelatedPerson')?.resource.id).toBe(patient?.id);
      immunizations += bundle.entry.filter((entry) => entry.resource.resourceType === 'Immunization').length;
    }
    expect(immunizations).toBeGreaterThan(0);
  });
});
