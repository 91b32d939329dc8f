import { describe, expect, it } from 'vitest';
import { VaccineOrderBodySchema } from './vaccine-orders.ts';

const body = {
  vaccineId: 'hepatitis_b',
  vaccineDoseId: 'hepatitis_b.2',
  doctorId: '2b9a3d1e-5f41-4c3b-9e53-0d7f1c2a8b6e',
  checkDay: '2026-12-14',
  checkHour: '08:30',
};

function messages(input: unknown): string[] {
  const parsed = VaccineOrderBodySchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('VaccineOrderBodySchema', () => {
  it('takes a dose of the vaccine, for oneself, in the default schedule', () => {
    expect(VaccineOrderBodySchema.parse(body)).toMatchObject({ scheduleId: 'VN-TT10-2024', isFamily: false, note: '' });
  });

  it('asks for the vaccine and the dose (spec §5)', () => {
    expect(messages({ ...body, vaccineId: undefined })).toContain('vaccineId:validation.vaccine_required');
    expect(messages({ ...body, vaccineDoseId: undefined })).toContain('vaccineDoseId:validation.dose_required');
  });

  it('refuses a dose of another vaccine', () => {
    expect(messages({ ...body, vaccineDoseId: 'dtap.2' })).toEqual(['vaccineDoseId:validation.dose_required']);
  });

  it('needs the person when booking for someone else', () => {
    expect(messages({ ...body, isFamily: true })).toEqual(['infomation:validation.required']);
    expect(messages({ ...body, isFamily: true, profileId: '8c1f7e0a-3b2d-4e6f-9a1b-2c3d4e5f6a7b' })).toEqual([]);
  });
});
