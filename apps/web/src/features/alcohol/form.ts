import {
  ABV_LIMITS,
  type AlcoholInput,
  type AlcoholSex,
  DRINK_COUNT_MAX,
  DRINK_PRESETS,
  DRINKING_SPAN_MAX_HOURS,
  type DrinkKind,
  VOLUME_LIMITS_ML,
  vietnamInstant,
  WEIGHT_LIMITS_KG,
} from '@rhc/domain';
import type { NumberFieldValue } from '../../components/ui/number-field.tsx';
import { formatInstant } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/forms.ts';

/** A serving from the drink's presets ("can", "cup"…), or the person's own volume. */
export const CUSTOM_SERVING = 'custom';

export interface DrinkValues {
  /** A stable React key for the row. */
  key: string;
  kind: DrinkKind;
  serving: string;
  abv: NumberFieldValue;
  volumeMl: NumberFieldValue;
  count: NumberFieldValue;
}

export interface SessionValues {
  key: string;
  day: string | null;
  time: string;
  drinks: DrinkValues[];
}

export interface AlcoholFormValues {
  sessions: SessionValues[];
  endDay: string | null;
  endTime: string;
  sex: AlcoholSex;
  weightKg: NumberFieldValue;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const HOUR_MS = 3_600_000;
let keys = 0;
const nextKey = () => `k${(keys += 1)}`;

/** A drink of `kind` with its default strength and first serving (an empty strength for "other"). */
export function drinkOf(kind: DrinkKind): DrinkValues {
  const preset = DRINK_PRESETS[kind];
  const serving = preset.servings[0];
  return {
    key: nextKey(),
    kind,
    serving: serving?.kind ?? CUSTOM_SERVING,
    abv: preset.abv ?? '',
    volumeMl: serving?.ml ?? '',
    count: 1,
  };
}

/** A session starting at `at` with one can of beer. */
export function sessionAt(at: Date): SessionValues {
  return {
    key: nextKey(),
    day: formatInstant(at, 'YYYY-MM-DD'),
    time: formatInstant(at, 'HH:mm'),
    drinks: [{ ...drinkOf('beer'), count: 2 }],
  };
}

/** The form as it opens: one session two hours ago, drinking ended now (to the minute), a man of no weight yet. */
export function initialValues(now: Date): AlcoholFormValues {
  return {
    sessions: [sessionAt(new Date(now.getTime() - 2 * HOUR_MS))],
    endDay: formatInstant(now, 'YYYY-MM-DD'),
    endTime: formatInstant(now, 'HH:mm'),
    sex: 'male',
    weightKg: '',
  };
}

const instantOf = (day: string | null, time: string) => (day && TIME.test(time) ? vietnamInstant(day, time).getTime() : null);
const inRange = (value: NumberFieldValue, min: number, max: number, above = false) =>
  typeof value === 'number' && (above ? value > min : value >= min) && value <= max;

/** Spec §5's limits and the times' order, as `alcohol:` and `errors:` keys per field path. */
export function alcoholErrors(values: AlcoholFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const starts = values.sessions.map((session) => instantOf(session.day, session.time));
  values.sessions.forEach((session, s) => {
    if (!session.day) errors[`sessions.${s}.day`] = 'validation.required';
    if (!TIME.test(session.time)) errors[`sessions.${s}.time`] = 'validation.time_invalid';
    else if (starts[s] !== null && starts.indexOf(starts[s] ?? null) !== s) errors[`sessions.${s}.time`] = 'alcohol:errors.sameStart';
    session.drinks.forEach((drink, d) => {
      const path = `sessions.${s}.drinks.${d}`;
      if (!inRange(drink.abv, ABV_LIMITS.min, ABV_LIMITS.max, true)) errors[`${path}.abv`] = 'alcohol:errors.abv';
      if (!inRange(drink.volumeMl, VOLUME_LIMITS_ML.min, VOLUME_LIMITS_ML.max)) errors[`${path}.volumeMl`] = 'alcohol:errors.volume';
      if (!inRange(drink.count, 1, DRINK_COUNT_MAX) || !Number.isInteger(drink.count)) errors[`${path}.count`] = 'alcohol:errors.count';
    });
  });
  if (!values.endDay) errors.endDay = 'validation.required';
  if (!TIME.test(values.endTime)) errors.endTime = 'validation.time_invalid';
  const end = instantOf(values.endDay, values.endTime);
  const known = starts.filter((start): start is number => start !== null);
  if (end !== null && known.length > 0) {
    if (end < Math.max(...known)) errors.endTime = 'alcohol:errors.endBeforeStart';
    else if (end - Math.min(...known) > DRINKING_SPAN_MAX_HOURS * HOUR_MS) errors.endTime = 'alcohol:errors.spanTooLong';
  }
  if (!inRange(values.weightKg, WEIGHT_LIMITS_KG.min, WEIGHT_LIMITS_KG.max)) errors.weightKg = 'alcohol:errors.weight';
  return errors;
}

/** The domain's input of a form without errors. */
export function inputOf(values: AlcoholFormValues): AlcoholInput {
  return {
    sessions: values.sessions.map((session) => ({
      start: instantOf(session.day, session.time) ?? 0,
      drinks: session.drinks.map((drink) => ({ abv: Number(drink.abv), volumeMl: Number(drink.volumeMl), count: Number(drink.count) })),
    })),
    end: instantOf(values.endDay, values.endTime) ?? 0,
    sex: values.sex,
    weightKg: Number(values.weightKg),
  };
}
