import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { describe, expect, it } from 'vitest';
import { observationsOf, recordBundle, VITAL_CODES, type FhirBundle, type FhirResource } from './fhir.ts';
import { sampleSnapshot } from './snapshot-fixture.ts';

const now = new Date('2026-12-07T10:00:00Z');
const base = 'https://rhc.example/fhir';
// The official FHIR R4 JSON schema (fhir.schema.json of the registry package), compiled once.
const validator = new JSONSchemaValidator();

/** Every resource of a bundle read back from its JSON text, by type. */
function readBack(bundle: FhirBundle): Map<string, FhirResource[]> {
  const parsed = JSON.parse(JSON.stringify(bundle)) as FhirBundle;
  const byType = new Map<string, FhirResource[]>();
  for (const { resource } of parsed.entry) byType.set(resource.resourceType, [...(byType.get(resource.resourceType) ?? []), resource]);
  return byType;
}
const codeOf = (resource: FhirResource) => (resource.code as { coding: { code: string }[] }).coding[0]?.code;
/** The item at `index`, which the test expects to be there. */
function at<T>(items: readonly T[] | undefined, index = 0): T {
  const item = items?.[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

describe('the FHIR R4 Bundle of a record', () => {
  it('validates against the FHIR R4 JSON schema, as a whole and resource by resource', () => {
    const bundle = recordBundle(sampleSnapshot(), { id: 'export-1', now, base });
    expect(validator.validate(bundle)).toEqual([]);
    for (const { resource } of bundle.entry)
      expect([resource.resourceType, validator.validate(resource)]).toEqual([resource.resourceType, []]);
  });

  it('is refused by the schema when a resource breaks it (the check can fail)', () => {
    const bundle = recordBundle(sampleSnapshot(), { id: 'export-1', now, base });
    const observation = at(bundle.entry.filter((entry) => entry.resource.resourceType === 'Observation')).resource;
    observation.status = 'not-a-status';
    expect(validator.validate(bundle).length).toBeGreaterThan(0);
  });

  it('reads back with the same counts and values as the record', () => {
    const snapshot = sampleSnapshot();
    const byType = readBack(recordBundle(snapshot, { id: 'export-1', now, base }));
    const count = (type: string) => byType.get(type)?.length ?? 0;
    expect(count('Patient')).toBe(1);
    expect(count('RelatedPerson')).toBe(1);
    expect(count('Appointment')).toBe(snapshot.bookings.length);
    // The examined booking and the concluded imaging have an encounter; the cancelled lab test has none.
    expect(count('Encounter')).toBe(2);
    expect(at([byType.get('Condition') ?? []]).map((c) => (c.code as { text: string }).text)).toEqual(['Tăng huyết áp độ 1']);
    // Blood pressure and heart rate of the first reading; glucose and BMI of the second; then the nutrition assessment.
    expect((byType.get('Observation') ?? []).map(codeOf)).toEqual(['85354-9', '8867-4', '2339-0', '39156-5', 'assessment']);
    expect(count('MedicationRequest')).toBe(3);
    expect(count('DocumentReference')).toBe(1);
    expect(count('Immunization')).toBe(1);
    expect(count('Consent')).toBe(1);
    expect(count('DiagnosticReport')).toBe(1);

    const patient = at(byType.get('Patient'));
    expect(patient).toMatchObject({ name: [{ text: 'Nguyễn Thị Hoà' }], gender: 'female', birthDate: '1980-05-04' });
    const bp = at(byType.get('Observation'));
    expect(bp.component).toEqual([
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 145, code: 'mm[Hg]' }) }),
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 92, code: 'mm[Hg]' }) }),
    ]);
    expect(bp.interpretation).toEqual([expect.objectContaining({ text: 'grade_1' })]);
    const glucose = at(byType.get('Observation'), 2);
    expect(glucose.valueQuantity).toMatchObject({ value: 128, code: 'mg/dL' });
    expect(glucose.interpretation).toEqual([expect.objectContaining({ text: 'diabetes' })]);
    const file = at(byType.get('DocumentReference'));
    expect(file.content).toEqual([{ attachment: expect.objectContaining({ url: encodeURI(at(snapshot.files).archivePath), size: 1234 }) }]);
    const consent = at(byType.get('Consent'));
    expect(consent.status).toBe('active');
    expect((consent.extension as unknown[]).length).toBe(2);
  });

  it('gives a lab or imaging result as a DiagnosticReport of its encounter, and a nutrition assessment with its scores', () => {
    const byType = readBack(recordBundle(sampleSnapshot(), { id: 'x', now, base }));
    const report = at(byType.get('DiagnosticReport'));
    expect(report).toMatchObject({
      status: 'final',
      category: [{ coding: [expect.objectContaining({ code: 'RAD' })] }],
      encounter: { reference: 'Encounter/dddddddd-dddd-4ddd-8ddd-dddddddddddd' },
      issued: '2026-11-25T04:00:00.000Z',
      conclusion: 'Phim X-quang ngực thẳng bình thường',
    });
    expect((byType.get('Encounter') ?? []).map((e) => e.id)).toContain(report.id);
    const nutrition = at(byType.get('Observation'), 4);
    expect(nutrition).toMatchObject({
      effectiveDateTime: '2026-11-15',
      valueCodeableConcept: { coding: [expect.objectContaining({ code: 'malnourished.high' })] },
    });
    expect(nutrition.component).toEqual([
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 158, code: 'cm' }) }),
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 44.5, code: 'kg' }) }),
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 17.8, code: 'kg/m2' }) }),
      expect.objectContaining({ valueInteger: 3 }),
      expect.objectContaining({ valueCodeableConcept: { coding: [expect.objectContaining({ code: 'high' })] } }),
      expect.objectContaining({ valueCodeableConcept: { coding: [expect.objectContaining({ code: 'moderate' })] } }),
    ]);
  });

  it('marks a replaced prescription stopped and points its replacement back at it', () => {
    const snapshot = sampleSnapshot();
    const requests = readBack(recordBundle(snapshot, { id: 'x', now, base })).get('MedicationRequest') ?? [];
    const [old, current, extra] = [at(requests), at(requests, 1), at(requests, 2)];
    expect(old).toMatchObject({ status: 'stopped', medicationCodeableConcept: { text: 'Amlodipin 5 mg' } });
    expect(current).toMatchObject({ status: 'active', priorPrescription: { reference: `MedicationRequest/${old.id}` } });
    expect(current.dosageInstruction).toEqual([
      expect.objectContaining({ timing: expect.objectContaining({ repeat: expect.objectContaining({ frequency: 2 }) }) }),
    ]);
    expect(extra).toMatchObject({ dispenseRequest: { quantity: { value: 10, unit: 'gói' } } });
  });

  it('codes the vital signs with LOINC', () => {
    const observations = observationsOf(at(sampleSnapshot().readings), 'p');
    const [bp, hr] = [at(observations), at(observations, 1)];
    expect(codeOf(bp)).toBe(VITAL_CODES.bloodPressurePanel.code);
    expect((bp.component as { code: { coding: { code: string }[] } }[]).map((c) => at(c.code.coding).code)).toEqual(['8480-6', '8462-4']);
    expect(codeOf(hr)).toBe('8867-4');
  });
});
