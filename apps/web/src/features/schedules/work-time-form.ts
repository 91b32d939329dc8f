import { WorkTimeBodySchema, type WorkMode, type WorkTime, type WorkTimeBody } from '@rhc/contracts';
import { isoWeekday, vietnamInstant } from '@rhc/domain';
import { schemaErrors, serverFieldErrors, type FieldErrors } from '../../lib/forms.ts';

export type RepeatType = 'none' | 'day' | 'week' | 'month' | 'year';
export const REPEAT_TYPES: readonly RepeatType[] = ['none', 'day', 'week', 'month', 'year'];
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The work-time form as it holds its inputs (spec §3 "Doctor work time"): Vietnam's day and wall-clock times. */
export type WorkTimeFormValues = {
  mode: WorkMode;
  workUnitId: string | null;
  /** YYYY-MM-DD. */
  day: string | null;
  /** HH:mm in Asia/Ho_Chi_Minh. */
  start: string | null;
  end: string | null;
  repeat: RepeatType;
  interval: number | string;
  /** ISO weekdays "1" (Monday) … "7" (Sunday). */
  weekdays: string[];
  until: string | null;
};

export const emptyWorkTime: WorkTimeFormValues = {
  mode: 'direct',
  workUnitId: null,
  day: null,
  start: null,
  end: null,
  repeat: 'none',
  interval: 1,
  weekdays: [],
  until: null,
};

/**
 * The weekdays of a weekly repetition once its first day is known: none chosen yet → the first day's own weekday
 * (a repetition starting on a Monday repeats on Mondays, issue 54 item 22); a choice the person made stays.
 */
export function weekdaysFor(values: Pick<WorkTimeFormValues, 'repeat' | 'day' | 'weekdays'>): string[] {
  if (values.repeat !== 'week' || values.weekdays.length > 0 || !values.day || !/^\d{4}-\d{2}-\d{2}$/.test(values.day))
    return values.weekdays;
  return [String(isoWeekday(values.day))];
}

/** A registered work time, back in the form's terms, to edit it. */
export function workTimeToForm(workTime: WorkTime): WorkTimeFormValues {
  const recurrence = workTime.recurrence;
  return {
    mode: workTime.mode,
    workUnitId: workTime.workUnit ? String(workTime.workUnit.id) : null,
    day: workTime.day,
    start: workTime.start,
    end: workTime.end,
    repeat: recurrence.type,
    interval: recurrence.type === 'none' ? 1 : recurrence.interval,
    weekdays: recurrence.type === 'week' ? recurrence.weekdays.map(String) : [],
    until: recurrence.type === 'none' ? null : recurrence.until,
  };
}

/**
 * The wire body: the Vietnamese day and times become UTC instants (Vietnam is UTC+7 all year), the recurrence
 * keeps only what its type needs, and an in-person time carries its clinic. Undefined while day or times are missing.
 */
export function workTimeFormToBody(values: WorkTimeFormValues): WorkTimeBody | undefined {
  if (!values.day || !values.start || !values.end) return undefined;
  const recurrence: WorkTimeBody['recurrence'] =
    values.repeat === 'none'
      ? { type: 'none' }
      : {
          type: values.repeat,
          interval: Number(values.interval),
          weekdays: values.repeat === 'week' ? values.weekdays.map(Number).sort((a, b) => a - b) : [],
          until: values.until ?? '',
        };
  return {
    startsAt: vietnamInstant(values.day, values.start).toISOString(),
    endsAt: vietnamInstant(values.day, values.end).toISOString(),
    recurrence,
    ...(values.mode === 'direct' && values.workUnitId ? { workUnitId: Number(values.workUnitId) } : {}),
  };
}

/** Where a problem of the wire body shows in the form. */
const FIELD_OF_PATH: Record<string, keyof WorkTimeFormValues> = {
  startsAt: 'start',
  endsAt: 'end',
  workUnitId: 'workUnitId',
  recurrence: 'repeat',
  'recurrence.type': 'repeat',
  'recurrence.interval': 'interval',
  'recurrence.weekdays': 'weekdays',
  'recurrence.until': 'until',
};

function toFormErrors(errors: FieldErrors): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = FIELD_OF_PATH[path] ?? FIELD_OF_PATH[path.replace(/\.\d+$/, '')] ?? path;
    mapped[field] ??= message;
  }
  return mapped;
}

/**
 * Spec §5 work-time rules, checked with the contract's own schema (the one the server applies) after the
 * inputs the schema cannot see (a missing day, time, clinic or last day) are reported at their fields.
 */
export function validateWorkTimeForm(values: WorkTimeFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.day) errors.day = 'validation.required';
  // Hours and the clinic are chosen from lists: "please choose".
  if (!values.start) errors.start = 'validation.choose';
  if (!values.end) errors.end = 'validation.choose';
  if (values.mode === 'direct' && !values.workUnitId) errors.workUnitId = 'validation.choose';
  if (values.repeat !== 'none' && !values.until) errors.until = 'validation.until_required';
  const body = workTimeFormToBody(values);
  const schemaProblems = body ? toFormErrors(schemaErrors(WorkTimeBodySchema, body)) : {};
  if (values.repeat === 'week' && values.weekdays.length === 0) schemaProblems.weekdays ??= 'validation.weekdays_required';
  if (values.repeat !== 'none' && !(Number(values.interval) >= 1)) schemaProblems.interval ??= 'validation.interval_required';
  return { ...schemaProblems, ...errors };
}

/** The server's per-field problems, at the form's fields. */
export function serverWorkTimeErrors(error: unknown): FieldErrors {
  return toFormErrors(serverFieldErrors(error));
}
