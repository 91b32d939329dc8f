import { addDaysTo, VACCINE_SCHEDULE_IDS, VACCINE_SCHEDULES, vaccineStatuses, type VaccineId, type VaccineStatusResult } from '@rhc/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VaccineStatusSchema, type VaccineStatusView } from './vaccines.ts';

// The domain's result is the wire's status, field for field (a compile-time check both ways).
const toWire = (status: VaccineStatusResult): VaccineStatusView => status;
const fromWire = (status: VaccineStatusView): VaccineStatusResult => status;

describe('VaccineStatusSchema and vaccineStatuses (issue 50)', () => {
  it('has exactly the fields the domain computes', () => {
    const [status] = vaccineStatuses({ scheduleId: 'VN-TT10-2024', dateOfBirth: '2026-09-06', today: '2026-12-06', history: [] });
    if (!status) throw new Error('no status');
    expect(Object.keys(VaccineStatusSchema.shape).sort()).toEqual(Object.keys(status).sort());
    expect(fromWire(toWire(status))).toBe(status);
  });

  it('accepts every status the domain computes, for any person and history', () => {
    const vaccineIds = [...new Set(Object.values(VACCINE_SCHEDULES).flatMap((s) => s.entries.map((e) => e.vaccineId)))];
    fc.assert(
      fc.property(
        fc.constantFrom(...VACCINE_SCHEDULE_IDS),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 36_000 }),
        fc.array(fc.tuple(fc.uuid(), fc.constantFrom(...vaccineIds), fc.integer({ min: 0, max: 36_000 })), { maxLength: 20 }),
        (scheduleId, born, age, doses) => {
          const dateOfBirth = addDaysTo('1940-01-01', born);
          const history = doses.map(([id, vaccineId, after]) => ({
            id,
            vaccineId: vaccineId as VaccineId,
            givenOn: addDaysTo(dateOfBirth, Math.min(after, age)),
          }));
          for (const status of vaccineStatuses({ scheduleId, dateOfBirth, today: addDaysTo(dateOfBirth, age), history })) {
            const parsed = VaccineStatusSchema.safeParse(status);
            expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
