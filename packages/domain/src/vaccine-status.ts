/*
 * The status of each vaccine of a schedule for one person (issue 50; spec §4 "Vaccination status"; domain-rules.md
 * §5.5): a pure function of the date of birth, the recorded doses, the schedule and `today` (passed in, a Vietnam day).
 *
 * 1. Valid doses (§5.5 rule 1): in date order, each recorded dose fills the course's next dose if it is given at or
 *    after the dose's minimum age and the minimum interval after the previous valid dose, with the 4-day grace of
 *    §5.0 [V11] (4 days early counts, 5 does not). An early one is listed in `invalid` and fills nothing.
 * 2. Each dose's days (`dueFrom`–`dueUntil`): its age window for the date of birth, moved later when the previous dose
 *    was late (then the window keeps its length from the new start).
 * 3. The status (§5.5 rule 4): full (valid ≥ required), partial (some), none (no valid dose, inside the ages), or
 *    outside the age range (no valid dose, too young or too old to start), with the detail worth showing.
 * 4. Recurring vaccines (rule 5): full while a dose counts for the current season or interval.
 */
import { addAge, addDaysTo, ageWindow, calendarDaysBetween, parseAgeNotation, parseAgeOffset, type AgeWindow } from './vaccine-age.ts';
import {
  vaccineSchedule,
  type VaccineCourse,
  type VaccineDoseRule,
  type VaccineScheduleEntry,
  type VaccineRecurrence,
} from './vaccine-schedules.ts';
import type { AgeBand, VaccinationDetail, VaccinationStatus, VaccineId, VaccineScheduleId } from './vaccines.ts';

export { vaccineSchedule };

/** A dose given this many days before its minimum age or interval still counts; one more and it does not (§5.0 [V11]). */
export const VACCINE_GRACE_DAYS = 4;

export interface VaccineHistoryItem {
  readonly id: string;
  readonly vaccineId: VaccineId;
  readonly givenOn: string /* YYYY-MM-DD */;
}

export interface VaccineStatusInput {
  readonly scheduleId: VaccineScheduleId;
  readonly dateOfBirth: string | null;
  readonly history: readonly VaccineHistoryItem[];
  readonly today: string /* YYYY-MM-DD, Asia/Ho_Chi_Minh */;
}

export interface ScheduledDoseResult {
  /** `<vaccine>.<order>`: the spec's `vaccineDoseId`. */
  readonly id: string;
  readonly order: number;
  readonly ages: string;
  readonly dueFrom: string | null;
  readonly dueUntil: string | null;
  readonly historyId: string | null;
  readonly givenOn: string | null;
}

export type InvalidDoseReason = 'too_young' | 'too_soon';

export interface VaccineStatusResult {
  readonly vaccineId: VaccineId;
  readonly bands: AgeBand[];
  readonly status: VaccinationStatus;
  readonly detail: VaccinationDetail | null;
  readonly validDoses: number;
  readonly requiredDoses: number | null;
  readonly recurring: boolean;
  readonly riskBased: boolean;
  readonly nextDose: ScheduledDoseResult | null;
  readonly doses: ScheduledDoseResult[];
  readonly invalid: { historyId: string; reason: InvalidDoseReason }[];
}

/** The statuses of every vaccine of the schedule, in the schedule's order; none when the date of birth is unknown. */
export function vaccineStatuses(input: VaccineStatusInput): VaccineStatusResult[] {
  const { dateOfBirth } = input;
  if (dateOfBirth === null) return [];
  const schedule = vaccineSchedule(input.scheduleId);
  const byDate = [...input.history].sort((a, b) => (a.givenOn < b.givenOn ? -1 : a.givenOn > b.givenOn ? 1 : a.id < b.id ? -1 : 1));
  return schedule.entries.map((entry) => {
    const own = byDate.filter((item) => item.vaccineId === entry.vaccineId);
    return entry.recurring
      ? recurringStatus(entry, entry.recurring, own, byDate, dateOfBirth, input.today)
      : seriesStatus(entry, own, dateOfBirth, input.today);
  });
}

/* ---------- courses ---------- */

function startWindow(course: VaccineCourse, dateOfBirth: string): AgeWindow {
  if (course.startAges) return ageWindow(course.startAges, dateOfBirth) ?? { from: dateOfBirth, until: null };
  const first = course.doses[0];
  return { from: first ? addAge(dateOfBirth, minAgeOf(course, first)) : dateOfBirth, until: null };
}

/** A value the data guarantees (a schedule's entries have courses, a course has doses). */
function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Vaccine schedule data: no ${what}`);
  return value;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}

function within(day: string, window: AgeWindow): boolean {
  return day >= window.from && (window.until === null || day <= window.until);
}

/** The youngest age a dose counts at: its own, else the start of its window, else (a pregnancy dose) the course's. */
function minAgeOf(course: VaccineCourse, dose: VaccineDoseRule) {
  if (dose.minAge) return parseAgeOffset(dose.minAge);
  const notation = parseAgeNotation(dose.ages);
  if (notation.kind === 'age') return notation.from;
  if (course.startAges) {
    const start = parseAgeNotation(course.startAges);
    if (start.kind === 'age') return start.from;
  }
  return { amount: 0, unit: 'D' as const };
}

/** The course for the age at the first recorded dose, or today's age; undefined between or after the courses. */
function chooseCourse(entry: VaccineScheduleEntry, first: string | undefined, dateOfBirth: string, today: string) {
  const day = first ?? today;
  const found = entry.courses.find((course) => within(day, startWindow(course, dateOfBirth)));
  if (found || first === undefined) return found;
  // A first dose outside every course's ages: the latest course started before it, else the first.
  const before = entry.courses.filter((course) => startWindow(course, dateOfBirth).from <= day);
  return before.at(-1) ?? entry.courses[0];
}

/* ---------- doses ---------- */

interface Filled {
  readonly item: VaccineHistoryItem;
}

/** Step 1: which recorded doses fill which dose of the course, and which are too early. */
function validate(course: VaccineCourse, items: readonly VaccineHistoryItem[], dateOfBirth: string) {
  const filled: Filled[] = [];
  const invalid: { historyId: string; reason: InvalidDoseReason }[] = [];
  for (const item of items) {
    const dose = course.doses[filled.length];
    if (!dose) break; // the series is complete: a further dose neither counts nor is wrong
    const minAgeDay = addAge(dateOfBirth, minAgeOf(course, dose));
    const earliest = earliestFor(dose, minAgeDay, filled);
    if (item.givenOn >= addDaysTo(earliest, -VACCINE_GRACE_DAYS)) filled.push({ item });
    else invalid.push({ historyId: item.id, reason: item.givenOn < addDaysTo(minAgeDay, -VACCINE_GRACE_DAYS) ? 'too_young' : 'too_soon' });
  }
  return { filled, invalid };
}

function earliestFor(dose: VaccineDoseRule, minAgeDay: string, filled: readonly Filled[]): string {
  let earliest = minAgeDay;
  const previous = filled.at(-1);
  const first = filled[0];
  if (previous && dose.minInterval) earliest = maxDay(earliest, addAge(previous.item.givenOn, parseAgeOffset(dose.minInterval)));
  if (first && dose.minIntervalFromFirst)
    earliest = maxDay(earliest, addAge(first.item.givenOn, parseAgeOffset(dose.minIntervalFromFirst)));
  return earliest;
}

/** Step 2: each dose of the course with its days, filled or not. */
function scheduleDoses(entry: VaccineScheduleEntry, course: VaccineCourse, filled: readonly Filled[], dateOfBirth: string) {
  const doses: ScheduledDoseResult[] = [];
  for (const [index, dose] of course.doses.entries()) {
    const window = ageWindow(dose.ages, dateOfBirth);
    const previous = doses.at(-1);
    const previousDay = previous ? (previous.givenOn ?? previous.dueFrom) : null;
    const firstDay = doses[0] ? (doses[0].givenOn ?? doses[0].dueFrom) : null;
    let dueFrom = window?.from ?? null;
    if (previousDay && dose.minInterval) dueFrom = later(dueFrom, addAge(previousDay, parseAgeOffset(dose.minInterval)));
    if (firstDay && dose.minIntervalFromFirst) dueFrom = later(dueFrom, addAge(firstDay, parseAgeOffset(dose.minIntervalFromFirst)));
    let dueUntil = window?.until ?? null;
    if (window && dueFrom && dueUntil !== null && dueUntil < dueFrom)
      dueUntil = addDaysTo(dueFrom, calendarDaysBetween(window.from, dueUntil));
    const given = filled[index]?.item;
    doses.push({
      id: `${entry.vaccineId}.${dose.order}`,
      order: dose.order,
      ages: dose.ages,
      dueFrom,
      dueUntil,
      historyId: given?.id ?? null,
      givenOn: given?.givenOn ?? null,
    });
  }
  return doses;
}

function later(a: string | null, b: string): string {
  return a === null ? b : maxDay(a, b);
}

/** "due now", "overdue" or "on schedule" for a dose not given yet. */
function timing(dose: ScheduledDoseResult, today: string): VaccinationDetail {
  if (dose.dueFrom !== null && today < dose.dueFrom) return 'on_schedule';
  if (dose.dueUntil !== null && today > dose.dueUntil) return 'overdue';
  return 'due_now';
}

/* ---------- a series ---------- */

function seriesStatus(
  entry: VaccineScheduleEntry,
  own: readonly VaccineHistoryItem[],
  dateOfBirth: string,
  today: string,
): VaccineStatusResult {
  const course = chooseCourse(entry, own[0]?.givenOn, dateOfBirth, today);
  if (!course) return outsideCourses(entry, dateOfBirth, today);
  const { filled, invalid } = validate(course, own, dateOfBirth);
  const doses = scheduleDoses(entry, course, filled, dateOfBirth);
  const required = course.doses.length;
  const validDoses = filled.length;
  const nextDose = doses[validDoses];
  const base = {
    vaccineId: entry.vaccineId,
    bands: [...entry.bands],
    validDoses,
    requiredDoses: required,
    recurring: false,
    riskBased: course.riskBased,
    doses,
    invalid,
  };
  if (validDoses >= required) return { ...base, status: 'full', detail: null, nextDose: null };
  const next = present(nextDose, 'next dose');
  if (validDoses === 0) {
    const start = startWindow(course, dateOfBirth);
    if (today < start.from || (next.dueFrom !== null && today < next.dueFrom))
      return { ...base, status: 'outside_age_range', detail: 'not_yet_due', nextDose: next };
    if (start.until !== null && today > start.until)
      return { ...base, status: 'outside_age_range', detail: 'too_old_to_start', nextDose: null };
    if (course.riskBased) return { ...base, status: 'none', detail: 'discuss_with_doctor', nextDose: next };
    return { ...base, status: 'none', detail: timing(next, today) === 'overdue' ? 'overdue' : 'due_now', nextDose: next };
  }
  if (course.completeBy && today >= addAge(dateOfBirth, parseAgeOffset(course.completeBy))) {
    return { ...base, status: 'partial', detail: 'cannot_complete', nextDose: null };
  }
  if (next.dueFrom === null && course.riskBased) return { ...base, status: 'partial', detail: 'discuss_with_doctor', nextDose: next };
  return { ...base, status: 'partial', detail: timing(next, today), nextDose: next };
}

/** No course is started at today's age and nothing is recorded: too young for the next one, or too old for all. */
function outsideCourses(entry: VaccineScheduleEntry, dateOfBirth: string, today: string): VaccineStatusResult {
  const upcoming = [...entry.courses]
    .map((course) => ({ course, start: startWindow(course, dateOfBirth) }))
    .filter(({ start }) => start.from > today)
    .sort((a, b) => (a.start.from < b.start.from ? -1 : 1))[0];
  const course = upcoming?.course ?? present(entry.courses.at(-1), `course of ${entry.vaccineId}`);
  const doses = scheduleDoses(entry, course, [], dateOfBirth);
  return {
    vaccineId: entry.vaccineId,
    bands: [...entry.bands],
    status: 'outside_age_range',
    detail: upcoming ? 'not_yet_due' : 'too_old_to_start',
    validDoses: 0,
    requiredDoses: course.doses.length,
    recurring: false,
    riskBased: course.riskBased,
    nextDose: upcoming ? (doses[0] ?? null) : null,
    doses,
    invalid: [],
  };
}

/* ---------- a recurring vaccine ---------- */

/** The first day of the season `day` falls in. */
function seasonStart(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${String(Math.max(startYear, 0)).padStart(4, '0')}-${String(startMonth).padStart(2, '0')}-01`;
}

function recurringStatus(
  entry: VaccineScheduleEntry,
  recurrence: VaccineRecurrence,
  own: readonly VaccineHistoryItem[],
  all: readonly VaccineHistoryItem[],
  dateOfBirth: string,
  today: string,
): VaccineStatusResult {
  const course = present(entry.courses[0], `course of ${entry.vaccineId}`);
  const dose = present(course.doses[0], `dose of ${entry.vaccineId}`);
  const minAgeDay = addAge(dateOfBirth, minAgeOf(course, dose));
  // Every recorded dose counts for its season or interval if old enough and far enough from the previous one.
  const valid: VaccineHistoryItem[] = [];
  const invalid: { historyId: string; reason: InvalidDoseReason }[] = [];
  for (const item of own) {
    const previous = valid.at(-1);
    let earliest = minAgeDay;
    if (previous && dose.minInterval) earliest = maxDay(earliest, addAge(previous.givenOn, parseAgeOffset(dose.minInterval)));
    if (item.givenOn >= addDaysTo(earliest, -VACCINE_GRACE_DAYS)) valid.push(item);
    else invalid.push({ historyId: item.id, reason: item.givenOn < addDaysTo(minAgeDay, -VACCINE_GRACE_DAYS) ? 'too_young' : 'too_soon' });
  }
  const also = entry.alsoCounts ?? [];
  const counted = [...valid, ...all.filter((item) => also.includes(item.vaccineId) && item.givenOn >= dateOfBirth)].sort((a, b) =>
    a.givenOn < b.givenOn ? -1 : a.givenOn > b.givenOn ? 1 : 0,
  );
  const last = counted.at(-1);
  const window = ageWindow(dose.ages, dateOfBirth);
  const windowFrom = window?.from ?? minAgeDay;

  // The current period's dose: when it is due, until when, and whether a counted dose already fills it.
  let dueFrom: string;
  let dueUntil: string | null;
  let filledBy: VaccineHistoryItem | undefined;
  let following: { dueFrom: string; dueUntil: string | null };
  if (recurrence.kind === 'season') {
    const start = seasonStart(today, recurrence.startMonth);
    const next = addAge(start, { amount: 1, unit: 'Y' });
    dueFrom = maxDay(windowFrom, start);
    // Too young this season: the dose is due in the season the person reaches the age.
    dueUntil = addDaysTo(addAge(seasonStart(dueFrom, recurrence.startMonth), { amount: 1, unit: 'Y' }), -1);
    filledBy = last && last.givenOn >= start ? last : undefined;
    following = { dueFrom: maxDay(windowFrom, next), dueUntil: addDaysTo(addAge(next, { amount: 1, unit: 'Y' }), -1) };
  } else {
    const every = parseAgeOffset(recurrence.every);
    const boosterDay = last ? addAge(last.givenOn, every) : null;
    filledBy = last && boosterDay !== null && boosterDay > today ? last : undefined;
    dueFrom = boosterDay === null ? windowFrom : maxDay(windowFrom, boosterDay);
    dueUntil = boosterDay === null ? (window?.until ?? null) : dueFrom;
    following = { dueFrom, dueUntil };
  }
  const id = `${entry.vaccineId}.${dose.order}`;
  const current: ScheduledDoseResult = {
    id,
    order: dose.order,
    ages: dose.ages,
    dueFrom: filledBy && recurrence.kind === 'interval' ? filledBy.givenOn : dueFrom,
    dueUntil: filledBy && recurrence.kind === 'interval' ? null : dueUntil,
    historyId: filledBy?.id ?? null,
    givenOn: filledBy?.givenOn ?? null,
  };
  const base = {
    vaccineId: entry.vaccineId,
    bands: [...entry.bands],
    validDoses: counted.length,
    requiredDoses: null,
    recurring: true,
    riskBased: course.riskBased,
    doses: [current],
    invalid,
  };
  if (filledBy) {
    return { ...base, status: 'full', detail: null, nextDose: { ...current, ...following, historyId: null, givenOn: null } };
  }
  if (today < windowFrom) return { ...base, status: 'outside_age_range', detail: 'not_yet_due', nextDose: current };
  const detail: VaccinationDetail = course.riskBased ? 'discuss_with_doctor' : timing(current, today);
  return { ...base, status: counted.length === 0 ? 'none' : 'partial', detail, nextDose: current };
}
