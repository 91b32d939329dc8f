import { ExaminationBodySchema, type ExaminationBody } from '@rhc/contracts';
import { schemaErrors, type FieldErrors } from '../../lib/forms.ts';

/** One prescription line as the form holds it; `key` keeps React's list stable while lines are removed. */
export interface LineValues {
  key: string;
  drugName: string;
  quantity: number | string;
  unit: string | null;
  unitName: string;
  dose: string;
  timesPerDay: number | string;
  days: number | string;
  mealTiming: string | null;
}

export interface ExamFormValues {
  diagnostic: string;
  medicalHistory: string;
  reExamDate: string | null;
  advice: string;
  lines: LineValues[];
}

let nextKey = 0;

export function emptyLine(): LineValues {
  nextKey += 1;
  return {
    key: `line-${nextKey}`,
    drugName: '',
    quantity: '',
    unit: 'tablet',
    unitName: '',
    dose: '',
    timesPerDay: 2,
    days: 5,
    mealTiming: 'after',
  };
}

const asNumber = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** The request body of the form's values; a prescription only when it has lines, superseding `supersedes` when given. */
export function examBodyOf(values: ExamFormValues, supersedes?: string): ExaminationBody {
  return {
    diagnostic: values.diagnostic,
    medicalHistory: values.medicalHistory,
    reExamDate: values.reExamDate ?? '',
    advice: values.advice,
    ...(values.lines.length > 0
      ? {
          prescription: {
            lines: values.lines.map((line) => ({
              drugName: line.drugName,
              quantity: asNumber(line.quantity),
              unit: line.unit ?? '',
              unitName: line.unit === 'other' ? line.unitName : null,
              dose: line.dose,
              timesPerDay: asNumber(line.timesPerDay),
              days: asNumber(line.days),
              mealTiming: line.mealTiming ?? '',
            })),
            ...(supersedes ? { supersedes } : {}),
          },
        }
      : {}),
  };
}

/** A path of the body ("prescription.lines.0.unitName") as the form's ("lines.0.unitName"). */
export function formErrorsOf(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^prescription\./, ''), message]));
}

/** The contract's own rules (ExaminationBodySchema) on the form's values, at the form's paths. */
export function examErrors(values: ExamFormValues, supersedes?: string): FieldErrors {
  return formErrorsOf(schemaErrors(ExaminationBodySchema, examBodyOf(values, supersedes)));
}
