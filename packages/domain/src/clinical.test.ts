import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkClinicalWriter,
  checkReExamDate,
  CLINICAL_LIMITS,
  DRUG_UNITS,
  earliestReExamDate,
  isBareDose,
  lineUnitName,
  normalizeLicenceNumber,
  prescriptionLineIssues,
  type PrescriptionLineInput,
} from './clinical.ts';

const line = (overrides: Partial<PrescriptionLineInput> = {}): PrescriptionLineInput => ({
  drugName: 'Paracetamol 500 mg',
  quantity: 10,
  unit: 'tablet',
  dose: '1 viên',
  timesPerDay: 2,
  days: 5,
  mealTiming: 'after',
  ...overrides,
});

describe('prescriptionLineIssues', () => {
  it('accepts a complete line, and half a tablet', () => {
    expect(prescriptionLineIssues(line())).toEqual([]);
    expect(prescriptionLineIssues(line({ quantity: 0.5 }))).toEqual([]);
  });

  it('asks for the name of a unit named Other, and accepts it once given', () => {
    expect(prescriptionLineIssues(line({ unit: 'other' }))).toEqual([{ field: 'unitName', message: 'validation.unit_name_required' }]);
    expect(prescriptionLineIssues(line({ unit: 'other', unitName: '   ' }))).toEqual([
      { field: 'unitName', message: 'validation.unit_name_required' },
    ]);
    expect(prescriptionLineIssues(line({ unit: 'other', unitName: 'miếng dán' }))).toEqual([]);
  });

  it('refuses a missing drug name, a zero or negative quantity, an unknown unit, an empty dose', () => {
    const fields = (input: Partial<PrescriptionLineInput>) => prescriptionLineIssues(line(input)).map((issue) => issue.field);
    expect(fields({ drugName: '  ' })).toEqual(['drugName']);
    expect(fields({ quantity: 0 })).toEqual(['quantity']);
    expect(fields({ quantity: -2 })).toEqual(['quantity']);
    expect(fields({ quantity: 1.005 })).toEqual(['quantity']);
    expect(fields({ unit: 'kg' })).toEqual(['unit']);
    expect(fields({ dose: '' })).toEqual(['dose']);
    expect(fields({ timesPerDay: 0 })).toEqual(['timesPerDay']);
    expect(fields({ days: CLINICAL_LIMITS.daysMax + 1 })).toEqual(['days']);
    expect(fields({ mealTiming: 'midnight' })).toEqual(['mealTiming']);
  });

  it('finds no issue in any well-formed line (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          drugName: fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim().length > 0),
          quantity: fc.integer({ min: 1, max: 1000 }),
          unit: fc.constantFrom(...DRUG_UNITS.filter((unit) => unit !== 'other')),
          dose: fc.constant('1'),
          timesPerDay: fc.integer({ min: 1, max: 12 }),
          days: fc.integer({ min: 1, max: 90 }),
          mealTiming: fc.constantFrom('before', 'after', 'with', 'any'),
        }),
        (input) => prescriptionLineIssues(input).length === 0,
      ),
    );
  });

  it('names the unit of an Other line by its own name', () => {
    expect(lineUnitName({ unit: 'other', unitName: ' miếng ' })).toBe('miếng');
    expect(lineUnitName({ unit: 'tablet' })).toBe('tablet');
  });
});

describe('checkReExamDate', () => {
  it('must come after the examination day', () => {
    expect(checkReExamDate('2026-11-24', '2026-11-24')).toBe('not_after_exam');
    expect(checkReExamDate('2026-11-23', '2026-11-24')).toBe('not_after_exam');
    expect(checkReExamDate('2026-11-25', '2026-11-24')).toBeNull();
    expect(earliestReExamDate('2026-12-31')).toBe('2027-01-01');
  });

  it('is at most two years ahead', () => {
    expect(checkReExamDate('2028-11-23', '2026-11-24')).toBeNull();
    expect(checkReExamDate('2028-11-24', '2026-11-24')).toBe('too_far');
    expect(checkReExamDate('9999-12-31', '2026-11-24')).toBe('too_far');
  });
});

describe('checkClinicalWriter', () => {
  it('refuses an unverified doctor first, then one without a licence number', () => {
    expect(checkClinicalWriter({ verified: false, licenceNumber: '012345/HNO-CCHN' })).toBe('not_verified');
    expect(checkClinicalWriter({ verified: true, licenceNumber: null })).toBe('no_licence');
    expect(checkClinicalWriter({ verified: true, licenceNumber: ' ' })).toBe('no_licence');
    expect(checkClinicalWriter({ verified: true, licenceNumber: '012345/HNO-CCHN' })).toBeNull();
  });

  it('normalizes a typed licence number and refuses anything else', () => {
    expect(normalizeLicenceNumber(' 012345/hno-cchn ')).toBe('012345/HNO-CCHN');
    expect(normalizeLicenceNumber('12')).toBeNull();
    expect(normalizeLicenceNumber('0123 <script>')).toBeNull();
  });
});

describe('isBareDose (issue 54 item 18)', () => {
  it.each(['1', '2', '0.5', '1,5', '1/2', ' 1 '])('"%s" is a number alone: read with the line\'s unit', (dose) => {
    expect(isBareDose(dose)).toBe(true);
  });
  it.each(['1 viên', '5 ml', 'nửa viên', '1-2 viên', ''])('"%s" is read as written', (dose) => {
    expect(isBareDose(dose)).toBe(false);
  });
});
