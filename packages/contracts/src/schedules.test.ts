import { describe, expect, it } from 'vitest';
import {
  DoctorsQuerySchema,
  FreeTimeBodySchema,
  FreeTimeSchema,
  HolidayBodySchema,
  MonthQuerySchema,
  WorkTimeBodySchema,
} from './schedules.ts';

/** The path and message of each issue of a parse. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const daily = (until: string) => ({ type: 'day', interval: 1, until });
// 08:00–09:00 in Vietnam on 1 December 2026.
const body = { startsAt: '2026-12-01T01:00:00Z', endsAt: '2026-12-01T02:00:00Z', recurrence: daily('2026-12-31') };

describe('WorkTimeBodySchema', () => {
  it('explains a start or end that is not a date, with a recurrence, instead of throwing', () => {
    expect(issues(WorkTimeBodySchema.safeParse({ ...body, startsAt: 'not-a-date' }))).toEqual([
      { path: 'startsAt', message: 'validation.time_invalid' },
    ]);
    expect(issues(WorkTimeBodySchema.safeParse({ ...body, endsAt: 'tomorrow' }))).toEqual([
      { path: 'endsAt', message: 'validation.time_invalid' },
    ]);
  });

  it('bounds a recurrence to 2 years after its first day', () => {
    expect(WorkTimeBodySchema.safeParse({ ...body, recurrence: daily('2028-12-01') }).success).toBe(true);
    for (const until of ['2028-12-02', '9999-12-31'])
      expect(issues(WorkTimeBodySchema.safeParse({ ...body, recurrence: daily(until) }))).toContainEqual({
        path: 'recurrence.until',
        message: until.startsWith('9999') ? 'validation.date_out_of_range' : 'validation.until_too_far',
      });
  });

  it('refuses a first day outside 2000–2100', () => {
    for (const startsAt of ['0000-01-01T01:00:00Z', '9999-12-31T20:00:00Z', '1999-12-31T16:59:00Z'])
      expect(issues(WorkTimeBodySchema.safeParse({ ...body, startsAt, recurrence: { type: 'none' } }))).toContainEqual({
        path: 'startsAt',
        message: 'validation.date_out_of_range',
      });
    // 2000-01-01 00:00 in Vietnam.
    expect(WorkTimeBodySchema.safeParse({ ...body, startsAt: '1999-12-31T17:00:00Z', recurrence: { type: 'none' } }).success).toBe(true);
  });
});

describe('HolidayBodySchema and MonthQuerySchema', () => {
  it('refuse days and years outside 2000–2100 with a message that says so', () => {
    expect(issues(HolidayBodySchema.safeParse({ startDate: '0000-01-01', endDate: '2026-12-24' }))).toEqual([
      { path: 'startDate', message: 'validation.date_out_of_range' },
    ]);
    expect(issues(HolidayBodySchema.safeParse({ startDate: '2026-12-24', endDate: '9999-12-31' }))).toEqual([
      { path: 'endDate', message: 'validation.date_out_of_range' },
    ]);
    expect(issues(HolidayBodySchema.safeParse({ startDate: '2026-02-30', endDate: '2026-12-24' }))).toEqual([
      { path: 'startDate', message: 'validation.date_invalid' },
    ]);
    for (const year of [0, 1999, 2101, 9999])
      expect(issues(MonthQuerySchema.safeParse({ month: 12, year }))).toEqual([{ path: 'year', message: 'validation.year_out_of_range' }]);
    expect(MonthQuerySchema.safeParse({ month: 12, year: 2100 }).success).toBe(true);
  });
});

describe('the far ends of time', () => {
  it('refuses a start at the last instant JavaScript can hold, instead of throwing', () => {
    const result = WorkTimeBodySchema.safeParse({
      startsAt: '+275760-09-13T00:00:00Z',
      endsAt: '2026-12-04T12:00:00.000Z',
      recurrence: { type: 'none' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('validation.date_out_of_range');
  });

  it('refuses reference-data ids beyond PostgreSQL smallint, which the database cannot compare', () => {
    expect(FreeTimeBodySchema.safeParse({ month: 1, year: 2026, examTypeId: 934536914 }).success).toBe(false);
    expect(DoctorsQuerySchema.safeParse({ specialtyId: '2147483648' }).success).toBe(false);
    expect(DoctorsQuerySchema.safeParse({ specialtyId: '3' }).data).toEqual({ specialtyId: 3 });
  });
});

describe('a month of free slots', () => {
  const clinic = { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh' };
  it('lists its clinics once, and each slot names its own by id (null online)', () => {
    const month = { days: [{ day: '2026-12-01', slots: [{ hour: '08:00', clinicId: 2 }] }], holidays: [], clinics: [clinic] };
    expect(FreeTimeSchema.safeParse(month).success).toBe(true);
    const online = { days: [{ day: '2026-12-01', slots: [{ hour: '19:00', clinicId: null }] }], holidays: [], clinics: [] };
    expect(FreeTimeSchema.safeParse(online).success).toBe(true);
  });

  it('no longer carries the clinic in each slot', () => {
    const old = { days: [{ day: '2026-12-01', slots: [{ hour: '08:00', clinic }] }], holidays: [] };
    expect(FreeTimeSchema.safeParse(old).success).toBe(false);
  });
});
