import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAge, addDaysTo, parseAgeOffset } from './vaccine-age.ts';
import { VACCINE_SCHEDULES } from './vaccine-schedules.ts';
import { vaccineSchedule, vaccineStatuses, type VaccineHistoryItem, type VaccineStatusResult } from './vaccine-status.ts';
import { VACCINATION_DETAILS, VACCINATION_STATUSES, VACCINE_SCHEDULE_IDS, type VaccineId, type VaccineScheduleId } from './vaccines.ts';

let seq = 0;
const dose = (vaccineId: VaccineId, givenOn: string): VaccineHistoryItem => ({ id: `h${++seq}`, vaccineId, givenOn });
const at = (dateOfBirth: string, age: string, days = 0) => addDaysTo(addAge(dateOfBirth, parseAgeOffset(age)), days);

function statusOf(
  scheduleId: VaccineScheduleId,
  vaccineId: VaccineId,
  dateOfBirth: string,
  today: string,
  history: VaccineHistoryItem[] = [],
): VaccineStatusResult {
  const found = vaccineStatuses({ scheduleId, dateOfBirth, today, history }).find((status) => status.vaccineId === vaccineId);
  if (!found) throw new Error(`${vaccineId} is not in ${scheduleId}`);
  return found;
}
const pick = (all: VaccineStatusResult[], vaccineId: VaccineId) => {
  const found = all.find((s) => s.vaccineId === vaccineId);
  if (!found) throw new Error(vaccineId);
  return found;
};
const brief = (s: VaccineStatusResult) => [s.status, s.detail, s.validDoses];

describe('vaccineSchedule', () => {
  it('answers each schedule with its id, day, source and entries', () => {
    for (const id of VACCINE_SCHEDULE_IDS) {
      const schedule = vaccineSchedule(id);
      expect(schedule).toBe(VACCINE_SCHEDULES[id]);
      expect(schedule.entries.length).toBeGreaterThan(5);
    }
  });
});

describe('vaccineStatuses: Vietnam, Circular 10/2024 (§5.4, §5.5)', () => {
  const S = 'VN-TT10-2024';
  const born = '2026-09-06';

  it('is empty without a date of birth', () => {
    expect(vaccineStatuses({ scheduleId: S, dateOfBirth: null, today: '2026-12-06', history: [dose('bcg', '2026-09-06')] })).toEqual([]);
  });

  it('a newborn on the day of birth: hepatitis B and BCG due now, the rest not yet due', () => {
    const all = vaccineStatuses({ scheduleId: S, dateOfBirth: born, today: born, history: [] });
    expect(all.map((s) => s.vaccineId)).toEqual(VACCINE_SCHEDULES[S].entries.map((e) => e.vaccineId));
    expect(brief(pick(all, 'hepatitis_b'))).toEqual(['none', 'due_now', 0]);
    expect(brief(pick(all, 'bcg'))).toEqual(['none', 'due_now', 0]);
    expect(brief(pick(all, 'dtp_hepb_hib'))).toEqual(['outside_age_range', 'not_yet_due', 0]);
    expect(pick(all, 'dtp_hepb_hib').nextDose).toMatchObject({
      id: 'dtp_hepb_hib.1',
      dueFrom: '2026-11-06',
      dueUntil: '2026-12-05',
    });
  });

  it('the hepatitis B birth dose is within 24 hours: overdue two days after birth, full once given', () => {
    expect(brief(statusOf(S, 'hepatitis_b', born, '2026-09-07'))).toEqual(['none', 'due_now', 0]);
    expect(brief(statusOf(S, 'hepatitis_b', born, '2026-09-08'))).toEqual(['none', 'overdue', 0]);
    const given = statusOf(S, 'hepatitis_b', born, '2026-12-06', [dose('hepatitis_b', born)]);
    expect(given).toMatchObject({ status: 'full', detail: null, validDoses: 1, requiredDoses: 1, nextDose: null });
  });

  it('a child of 3 months with the birth doses and the first 5-in-1: the second is due now, oral polio overdue', () => {
    const history = [dose('hepatitis_b', born), dose('bcg', '2026-09-20'), dose('dtp_hepb_hib', '2026-11-06'), dose('opv', '2026-11-06')];
    const today = '2026-12-06';
    const five = statusOf(S, 'dtp_hepb_hib', born, today, history);
    expect(five).toMatchObject({ status: 'partial', detail: 'due_now', validDoses: 1, requiredDoses: 3 });
    expect(five.nextDose).toMatchObject({ id: 'dtp_hepb_hib.2', order: 2, ages: '3M', dueFrom: '2026-12-06', dueUntil: '2027-01-05' });
    expect(five.doses[0]).toMatchObject({ id: 'dtp_hepb_hib.1', historyId: history[2]?.id, givenOn: '2026-11-06' });
    expect(brief(statusOf(S, 'opv', born, today, history))).toEqual(['partial', 'due_now', 1]);
    expect(brief(statusOf(S, 'opv', born, today))).toEqual(['none', 'overdue', 0]);
    expect(brief(statusOf(S, 'polio', born, today, history))).toEqual(['outside_age_range', 'not_yet_due', 0]);
  });

  it('partial: on schedule before the next dose, overdue once its window ended', () => {
    const history = [dose('dtp_hepb_hib', '2026-11-06')];
    expect(brief(statusOf(S, 'dtp_hepb_hib', born, '2026-11-20', history))).toEqual(['partial', 'on_schedule', 1]);
    expect(brief(statusOf(S, 'dtp_hepb_hib', born, '2027-01-06', history))).toEqual(['partial', 'overdue', 1]);
  });

  it('a late dose moves the next one: its window starts a month after it and keeps its length (30 days)', () => {
    const history = [dose('dtp_hepb_hib', '2027-01-20')]; // at 4½ months
    const status = statusOf(S, 'dtp_hepb_hib', born, '2027-02-25', history);
    expect(status.nextDose).toMatchObject({ dueFrom: '2027-02-20', dueUntil: '2027-03-22' });
    expect(status.detail).toBe('due_now');
  });

  it('a dose 4 days before the minimum interval counts, 5 days before does not (§5.0 [V11])', () => {
    const first = dose('dtp_hepb_hib', '2026-11-06');
    const fourEarly = dose('dtp_hepb_hib', '2026-12-02');
    expect(statusOf(S, 'dtp_hepb_hib', born, '2026-12-10', [first, fourEarly])).toMatchObject({ validDoses: 2, invalid: [] });
    const fiveEarly = dose('dtp_hepb_hib', '2026-12-01');
    expect(statusOf(S, 'dtp_hepb_hib', born, '2026-12-10', [first, fiveEarly])).toMatchObject({
      validDoses: 1,
      invalid: [{ historyId: fiveEarly.id, reason: 'too_soon' }],
    });
  });

  it('a dose 4 days before the minimum age counts, 5 days before does not', () => {
    expect(statusOf(S, 'measles', born, '2027-06-10', [dose('measles', '2027-06-02')])).toMatchObject({ status: 'full', validDoses: 1 });
    const early = dose('measles', '2027-06-01');
    expect(statusOf(S, 'measles', born, '2027-06-10', [early])).toMatchObject({
      status: 'none',
      detail: 'due_now',
      validDoses: 0,
      invalid: [{ historyId: early.id, reason: 'too_young' }],
    });
  });

  it('rotavirus ages out: too old to start at 15 weeks, cannot be completed at 8 months', () => {
    expect(brief(statusOf(S, 'rotavirus', born, at(born, '15W', -1)))).toEqual(['none', 'overdue', 0]);
    expect(brief(statusOf(S, 'rotavirus', born, at(born, '15W')))).toEqual(['outside_age_range', 'too_old_to_start', 0]);
    const one = [dose('rotavirus', '2026-11-06')];
    expect(brief(statusOf(S, 'rotavirus', born, at(born, '8M', -1), one))).toEqual(['partial', 'overdue', 1]);
    const aged = statusOf(S, 'rotavirus', born, at(born, '8M'), one);
    expect(brief(aged)).toEqual(['partial', 'cannot_complete', 1]);
    expect(aged.nextDose).toBeNull();
  });

  it('Japanese encephalitis: dose 2 a week after dose 1, dose 3 a year later', () => {
    const history = [dose('japanese_encephalitis', '2027-09-06'), dose('japanese_encephalitis', '2027-09-13')];
    const status = statusOf(S, 'japanese_encephalitis', born, '2028-01-01', history);
    expect(status).toMatchObject({ status: 'partial', detail: 'on_schedule', validDoses: 2 });
    expect(status.nextDose).toMatchObject({ id: 'japanese_encephalitis.3', dueFrom: '2028-09-13' });
    const done = statusOf(S, 'japanese_encephalitis', born, '2028-10-01', [...history, dose('japanese_encephalitis', '2028-09-13')]);
    expect(done).toMatchObject({ status: 'full', validDoses: 3, requiredDoses: 3 });
  });

  it('at the 6/7 band boundary: Td is not yet due the day before 7, due on the birthday, overdue at 8', () => {
    const child = '2019-12-06';
    expect(brief(statusOf(S, 'td', child, '2026-12-05'))).toEqual(['outside_age_range', 'not_yet_due', 0]);
    expect(brief(statusOf(S, 'td', child, '2026-12-06'))).toEqual(['none', 'due_now', 0]);
    expect(brief(statusOf(S, 'td', child, '2027-12-06'))).toEqual(['none', 'overdue', 0]);
    expect(statusOf(S, 'td', child, '2027-12-06').bands).toEqual(['CHILD']);
  });

  it('at the 18/19 boundary: tetanus in pregnancy is a question for a doctor, never "missing"', () => {
    const adult = '2007-12-06';
    expect(statusOf(S, 'tetanus_pregnancy', adult, '2026-12-06')).toMatchObject({
      status: 'none',
      detail: 'discuss_with_doctor',
      riskBased: true,
    });
    expect(statusOf(S, 'tetanus_pregnancy', '2015-01-01', '2026-12-06')).toMatchObject({
      status: 'outside_age_range',
      detail: 'not_yet_due',
    });
    expect(statusOf(S, 'tetanus_pregnancy', '1970-01-01', '2026-12-06')).toMatchObject({
      status: 'outside_age_range',
      detail: 'too_old_to_start',
    });
  });

  it('a two-year-old with the whole EPI on time is fully vaccinated for every vaccine of childhood', () => {
    const history = [
      dose('hepatitis_b', born),
      dose('bcg', '2026-09-10'),
      ...['2026-11-06', '2026-12-06', '2027-01-06'].flatMap((d) => [dose('dtp_hepb_hib', d), dose('opv', d)]),
      dose('rotavirus', '2026-11-06'),
      dose('rotavirus', '2026-12-06'),
      dose('polio', '2027-02-06'),
      dose('measles', '2027-06-06'),
      dose('polio', '2027-06-06'),
      dose('japanese_encephalitis', '2027-09-06'),
      dose('japanese_encephalitis', '2027-09-15'),
      dose('dtap', '2028-03-06'),
      dose('measles_rubella', '2028-03-06'),
      dose('japanese_encephalitis', '2028-09-20'),
    ];
    const all = vaccineStatuses({ scheduleId: S, dateOfBirth: born, today: '2028-10-01', history });
    const notFull = all.filter((s) => s.status !== 'full').map((s) => [s.vaccineId, s.status, s.detail]);
    expect(notFull).toEqual([
      ['td', 'outside_age_range', 'not_yet_due'],
      ['tetanus_pregnancy', 'outside_age_range', 'not_yet_due'],
    ]);
  });
});

describe('vaccineStatuses: CDC 2025 (§5.1, §5.2, §5.5)', () => {
  const S = 'CDC-2025';
  const born = '2026-09-06';

  it('a baby of 3 months with the birth dose of hepatitis B: dose 2 overdue, the 2-month series overdue, RSV antibody due', () => {
    const history = [dose('hepatitis_b', born)];
    expect(brief(statusOf(S, 'hepatitis_b', born, '2026-12-06', history))).toEqual(['partial', 'overdue', 1]);
    expect(brief(statusOf(S, 'dtap', born, '2026-12-06'))).toEqual(['none', 'overdue', 0]);
    expect(brief(statusOf(S, 'rsv', born, '2026-12-06'))).toEqual(['none', 'due_now', 0]);
    expect(brief(statusOf(S, 'mmr', born, '2026-12-06'))).toEqual(['outside_age_range', 'not_yet_due', 0]);
  });

  it('hepatitis B dose 3 needs 24 weeks of age, 8 weeks after dose 2 and 16 weeks after dose 1', () => {
    const history = [dose('hepatitis_b', born), dose('hepatitis_b', '2026-10-06')];
    const status = statusOf(S, 'hepatitis_b', born, '2026-12-06', history);
    expect(status.nextDose).toMatchObject({ id: 'hepatitis_b.3', dueFrom: '2027-03-06' });
    const early = dose('hepatitis_b', '2027-02-10'); // 22 weeks 4 days old: too young
    expect(statusOf(S, 'hepatitis_b', born, '2027-03-01', [...history, early]).invalid).toEqual([
      { historyId: early.id, reason: 'too_young' },
    ]);
    expect(statusOf(S, 'hepatitis_b', born, '2027-03-01', [...history, dose('hepatitis_b', '2027-02-19')])).toMatchObject({
      status: 'full',
    });
  });

  it('the 6W minimum age: DTaP 4 days before 6 weeks counts, 5 days does not', () => {
    expect(statusOf(S, 'dtap', born, '2026-11-01', [dose('dtap', at(born, '6W', -4))])).toMatchObject({ validDoses: 1 });
    expect(statusOf(S, 'dtap', born, '2026-11-01', [dose('dtap', at(born, '6W', -5))])).toMatchObject({
      validDoses: 0,
      invalid: [{ reason: 'too_young' }],
    });
  });

  it('rotavirus ages out at 15 weeks (not started) and 8 months (not finished)', () => {
    expect(brief(statusOf(S, 'rotavirus', born, at(born, '15W')))).toEqual(['outside_age_range', 'too_old_to_start', 0]);
    expect(brief(statusOf(S, 'rotavirus', born, at(born, '8M'), [dose('rotavirus', '2026-11-06')]))).toEqual([
      'partial',
      'cannot_complete',
      1,
    ]);
    expect(
      brief(statusOf(S, 'rotavirus', born, at(born, '8M'), [dose('rotavirus', '2026-11-06'), dose('rotavirus', '2027-01-06')])),
    ).toEqual(['full', null, 2]);
  });

  it('MMR: two doses complete it; dose 2 from 4 weeks after dose 1 counts', () => {
    const history = [dose('mmr', '2027-09-06'), dose('mmr', '2027-10-04')];
    expect(statusOf(S, 'mmr', born, '2028-01-01', history)).toMatchObject({
      status: 'full',
      validDoses: 2,
      requiredDoses: 2,
      nextDose: null,
    });
    expect(brief(statusOf(S, 'mmr', born, '2028-01-01', history.slice(0, 1)))).toEqual(['partial', 'on_schedule', 1]);
  });

  it('at the 6/7 boundary DTaP is overdue, then too old to start (Tdap from then)', () => {
    const child = '2019-12-06';
    expect(brief(statusOf(S, 'dtap', child, '2026-12-05'))).toEqual(['none', 'overdue', 0]);
    expect(brief(statusOf(S, 'dtap', child, '2026-12-06'))).toEqual(['outside_age_range', 'too_old_to_start', 0]);
  });

  it('at the 18/19 boundary: adult pneumococcal for risk groups, mpox from 18, HPV from 9 to 45', () => {
    const person = '2007-12-06';
    expect(brief(statusOf(S, 'pneumococcal', person, '2026-12-05'))).toEqual(['outside_age_range', 'not_yet_due', 0]);
    expect(brief(statusOf(S, 'pneumococcal', person, '2026-12-06'))).toEqual(['none', 'discuss_with_doctor', 0]);
    expect(brief(statusOf(S, 'mpox', person, '2025-12-05'))).toEqual(['outside_age_range', 'not_yet_due', 0]);
    expect(brief(statusOf(S, 'mpox', person, '2025-12-06'))).toEqual(['none', 'discuss_with_doctor', 0]);
    expect(brief(statusOf(S, 'hpv', person, '2026-12-06'))).toEqual(['none', 'due_now', 0]);
    expect(statusOf(S, 'hpv', person, '2026-12-06').requiredDoses).toBe(3);
    expect(brief(statusOf(S, 'hpv', '1990-01-01', '2026-12-06'))).toEqual(['none', 'discuss_with_doctor', 0]);
    expect(brief(statusOf(S, 'hpv', '1970-01-01', '2026-12-06'))).toEqual(['outside_age_range', 'too_old_to_start', 0]);
  });

  it('HPV started at 12 needs two doses 5 months apart; started at 15, three', () => {
    const kid = '2014-01-01';
    const two = [dose('hpv', '2026-02-01'), dose('hpv', '2026-08-01')];
    expect(statusOf(S, 'hpv', kid, '2026-12-06', two)).toMatchObject({ status: 'full', requiredDoses: 2 });
    const tooSoon = [dose('hpv', '2026-02-01'), dose('hpv', '2026-04-01')];
    expect(statusOf(S, 'hpv', kid, '2026-12-06', tooSoon)).toMatchObject({
      status: 'partial',
      detail: 'due_now',
      invalid: [{ reason: 'too_soon' }],
    });
    const teen = '2010-01-01';
    expect(statusOf(S, 'hpv', teen, '2026-12-06', two)).toMatchObject({ status: 'partial', requiredDoses: 3, validDoses: 2 });
  });

  it('an adult with Td 11 years ago is overdue; 9 years ago, or a Tdap 9 years ago, is fully vaccinated', () => {
    const adult = '1980-05-01';
    const eleven = statusOf(S, 'td', adult, '2026-12-06', [dose('td', '2015-10-01')]);
    expect(eleven).toMatchObject({ status: 'partial', detail: 'overdue', recurring: true, requiredDoses: null });
    expect(eleven.nextDose).toMatchObject({ id: 'td.1', dueFrom: '2025-10-01' });
    const nine = statusOf(S, 'td', adult, '2026-12-06', [dose('td', '2017-10-01')]);
    expect(nine).toMatchObject({ status: 'full', detail: null });
    expect(nine.nextDose).toMatchObject({ dueFrom: '2027-10-01', historyId: null });
    expect(statusOf(S, 'td', adult, '2026-12-06', [dose('tdap', '2017-10-01')])).toMatchObject({ status: 'full', validDoses: 1 });
    expect(brief(statusOf(S, 'td', adult, '2026-12-06'))).toEqual(['none', 'due_now', 0]);
  });

  it('influenza this season is full, last season is due now, and a baby under 6 months is not yet due', () => {
    const adult = '1980-05-01';
    expect(statusOf(S, 'influenza', adult, '2026-12-06', [dose('influenza', '2026-10-01')])).toMatchObject({
      status: 'full',
      recurring: true,
    });
    const last = statusOf(S, 'influenza', adult, '2026-12-06', [dose('influenza', '2025-10-01')]);
    expect(last).toMatchObject({ status: 'partial', detail: 'due_now', validDoses: 1 });
    expect(last.nextDose).toMatchObject({ dueFrom: '2026-07-01', dueUntil: '2027-06-30' });
    // The season turns on 1 July: a dose in June is last season's.
    expect(statusOf(S, 'influenza', adult, '2026-07-01', [dose('influenza', '2026-06-30')])).toMatchObject({ status: 'partial' });
    expect(brief(statusOf(S, 'influenza', adult, '2026-12-06'))).toEqual(['none', 'due_now', 0]);
    expect(brief(statusOf(S, 'influenza', born, '2026-12-06'))).toEqual(['outside_age_range', 'not_yet_due', 0]);
  });

  it('risk-based items say "discuss with a doctor", and dengue is too old to start after 16', () => {
    expect(statusOf(S, 'men_b', '2008-01-01', '2026-12-06')).toMatchObject({
      status: 'none',
      detail: 'discuss_with_doctor',
      riskBased: true,
    });
    expect(statusOf(S, 'men_b', '2014-01-01', '2026-12-06')).toMatchObject({ status: 'outside_age_range', detail: 'not_yet_due' });
    expect(brief(statusOf(S, 'dengue', '2000-01-01', '2026-12-06'))).toEqual(['outside_age_range', 'too_old_to_start', 0]);
    expect(brief(statusOf(S, 'zoster', '1970-01-01', '2026-12-06'))).toEqual(['none', 'due_now', 0]);
    expect(brief(statusOf(S, 'rsv', '1950-01-01', '2026-12-06'))).toEqual(['none', 'due_now', 0]);
    expect(brief(statusOf(S, 'rsv', '1966-01-01', '2026-12-06'))).toEqual(['none', 'discuss_with_doctor', 0]);
  });
});

describe('properties', () => {
  const vaccineIds = [...new Set(Object.values(VACCINE_SCHEDULES).flatMap((s) => s.entries.map((e) => e.vaccineId)))];
  const day = (from: number, to: number) => fc.integer({ min: from, max: to }).map((n) => addDaysTo('1940-01-01', n));
  const input = fc.record({
    scheduleId: fc.constantFrom(...VACCINE_SCHEDULE_IDS),
    dateOfBirth: day(0, 30_000),
    ages: fc.array(fc.record({ vaccineId: fc.constantFrom(...vaccineIds), afterBirth: fc.integer({ min: 0, max: 9_000 }) }), {
      maxLength: 25,
    }),
    todayAfterBirth: fc.integer({ min: 0, max: 36_000 }),
  });
  const build = (i: {
    scheduleId: VaccineScheduleId;
    dateOfBirth: string;
    ages: { vaccineId: VaccineId; afterBirth: number }[];
    todayAfterBirth: number;
  }) => {
    const today = addDaysTo(i.dateOfBirth, i.todayAfterBirth);
    const history = i.ages.map((a, n) => ({
      id: `p${n}`,
      vaccineId: a.vaccineId,
      givenOn: addDaysTo(i.dateOfBirth, Math.min(a.afterBirth, i.todayAfterBirth)),
    }));
    return { scheduleId: i.scheduleId, dateOfBirth: i.dateOfBirth, today, history };
  };

  it('every answer is well formed: never full with fewer valid doses than required, a detail unless full', () => {
    fc.assert(
      fc.property(input, (i) => {
        const statuses = vaccineStatuses(build(i));
        expect(statuses).toHaveLength(VACCINE_SCHEDULES[i.scheduleId].entries.length);
        for (const s of statuses) {
          expect(VACCINATION_STATUSES).toContain(s.status);
          if (s.status === 'full') {
            expect(s.detail).toBeNull();
            if (s.requiredDoses !== null) expect(s.validDoses).toBeGreaterThanOrEqual(s.requiredDoses);
          } else expect(VACCINATION_DETAILS).toContain(s.detail);
          if (s.requiredDoses !== null) expect(s.validDoses).toBeLessThanOrEqual(s.requiredDoses);
          if (s.status === 'none' || s.status === 'outside_age_range') expect(s.validDoses).toBe(0);
          if (s.status === 'partial') expect(s.validDoses).toBeGreaterThan(0);
          for (const d of s.doses) {
            expect(d.id).toMatch(/^[a-z0-9_]{2,40}\.[1-9][0-9]?$/);
            if (d.dueFrom !== null && d.dueUntil !== null) expect(d.dueUntil >= d.dueFrom).toBe(true);
          }
          const counted = s.doses.filter((d) => d.historyId !== null).length;
          if (!s.recurring) expect(counted).toBe(s.validDoses);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order the history is listed in', () => {
    fc.assert(
      fc.property(input, (i) => {
        const built = build(i);
        expect(vaccineStatuses({ ...built, history: [...built.history].reverse() })).toEqual(vaccineStatuses(built));
      }),
      { numRuns: 200 },
    );
  });

  it('adding a dose after the recorded ones never lowers the valid doses of any vaccine', () => {
    fc.assert(
      fc.property(input, fc.constantFrom(...vaccineIds), (i, vaccineId) => {
        const built = build(i);
        const before = vaccineStatuses(built);
        const after = vaccineStatuses({ ...built, history: [...built.history, { id: 'zz-added', vaccineId, givenOn: built.today }] });
        for (const [n, s] of after.entries()) expect(s.validDoses).toBeGreaterThanOrEqual(before[n]?.validDoses ?? 0);
      }),
      { numRuns: 300 },
    );
  });
});
