/**
 * The doctor's clinical work on an order (issue 17; spec §3 "Prescription line", §4 "a created prescription cannot be
 * changed", §5 required fields, §6 "Doctor is not verified"). Pure rules; `today` is always a parameter.
 */

/**
 * Units a prescription line is counted in (spec §3, §8 "drug units"): the dosage forms a Vietnamese prescription
 * names (Thông tư 26/2025/TT-BYT lists the quantity "theo đơn vị tính" of the drug: viên, gói, chai, ống, lọ, tuýp…).
 * `other` asks for the unit's own name.
 */
export const DRUG_UNITS = [
  'tablet',
  'capsule',
  'sachet',
  'bottle',
  'tube',
  'ampoule',
  'vial',
  'ml',
  'drop',
  'spray',
  'patch',
  'suppository',
  'box',
  'blister',
  'other',
] as const;
export type DrugUnit = (typeof DRUG_UNITS)[number];
export const OTHER_DRUG_UNIT: DrugUnit = 'other';

/** When a dose is taken with respect to meals. */
export const MEAL_TIMINGS = ['before', 'after', 'with', 'any'] as const;
export type MealTiming = (typeof MEAL_TIMINGS)[number];

/** Lengths and bounds of a prescription (what one A4 page holds, and what a dispensing pharmacist can read). */
export const CLINICAL_LIMITS = {
  drugNameMax: 200,
  unitNameMax: 40,
  doseMax: 60,
  noteMax: 200,
  /** A prescription of more lines than this is not written at a visit (Thông tư 26: one form per treatment). */
  linesMax: 30,
  quantityMax: 10_000,
  timesPerDayMax: 12,
  /** A chronic-disease prescription covers at most 90 days (Thông tư 26/2025/TT-BYT, art. 7). */
  daysMax: 90,
  diagnosticMax: 2000,
  medicalHistoryMax: 4000,
  adviceMax: 4000,
  /** A re-examination is booked at most two years ahead. */
  reExamMaxDaysAhead: 730,
  licenceNumberMax: 40,
} as const;

/** What a person writes in one prescription line. */
export interface PrescriptionLineInput {
  drugName: string;
  quantity: number;
  unit: string;
  /** The unit's name when `unit` is `other`. */
  unitName?: string | null;
  /** One dose, e.g. "1 viên", "5 ml". */
  dose: string;
  timesPerDay: number;
  days: number;
  mealTiming: string;
  note?: string | null;
}

/** A refused field of a line, with the `errors` namespace key that says why. */
export interface LineIssue {
  field: keyof PrescriptionLineInput;
  message: string;
}

function isDrugUnit(value: string): value is DrugUnit {
  return (DRUG_UNITS as readonly string[]).includes(value);
}

/**
 * Spec §5: drug name, quantity, unit and usage are required; a unit named Other needs a name. Quantity is a positive
 * number with at most two decimals (half a tablet, 2.5 ml); times a day and days are whole numbers.
 */
export function prescriptionLineIssues(line: PrescriptionLineInput): LineIssue[] {
  const issues: LineIssue[] = [];
  const name = line.drugName.trim();
  if (!name) issues.push({ field: 'drugName', message: 'validation.required' });
  else if (name.length > CLINICAL_LIMITS.drugNameMax) issues.push({ field: 'drugName', message: 'validation.too_long' });
  if (!Number.isFinite(line.quantity) || line.quantity <= 0 || line.quantity > CLINICAL_LIMITS.quantityMax)
    issues.push({ field: 'quantity', message: 'validation.quantity_positive' });
  else if (Math.round(line.quantity * 100) !== line.quantity * 100) issues.push({ field: 'quantity', message: 'validation.invalid' });
  if (!isDrugUnit(line.unit)) issues.push({ field: 'unit', message: 'validation.choose' });
  else if (line.unit === OTHER_DRUG_UNIT && !(line.unitName ?? '').trim())
    issues.push({ field: 'unitName', message: 'validation.unit_name_required' });
  if ((line.unitName ?? '').trim().length > CLINICAL_LIMITS.unitNameMax) issues.push({ field: 'unitName', message: 'validation.too_long' });
  if (!line.dose.trim()) issues.push({ field: 'dose', message: 'validation.required' });
  else if (line.dose.trim().length > CLINICAL_LIMITS.doseMax) issues.push({ field: 'dose', message: 'validation.too_long' });
  if (!Number.isInteger(line.timesPerDay) || line.timesPerDay < 1 || line.timesPerDay > CLINICAL_LIMITS.timesPerDayMax)
    issues.push({ field: 'timesPerDay', message: 'validation.invalid' });
  if (!Number.isInteger(line.days) || line.days < 1 || line.days > CLINICAL_LIMITS.daysMax)
    issues.push({ field: 'days', message: 'validation.invalid' });
  if (!(MEAL_TIMINGS as readonly string[]).includes(line.mealTiming)) issues.push({ field: 'mealTiming', message: 'validation.choose' });
  if ((line.note ?? '').length > CLINICAL_LIMITS.noteMax) issues.push({ field: 'note', message: 'validation.too_long' });
  return issues;
}

/** The unit as a person reads it: the unit's name for Other, else the unit code (the caller translates it). */
export function lineUnitName(line: Pick<PrescriptionLineInput, 'unit' | 'unitName'>): string {
  return line.unit === OTHER_DRUG_UNIT ? (line.unitName ?? '').trim() : line.unit;
}

/**
 * A dose written as a number alone ("1", "0.5", "1,5", "1/2"): it is read with the line's unit ("1 viên/lần", issue 54
 * item 18); one the doctor wrote with its own unit ("5 ml", "nửa viên") is read as written.
 */
export function isBareDose(dose: string): boolean {
  return /^\d+(?:[.,]\d+)?(?:\/\d+)?$/.test(dose.trim());
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export type ReExamRefusal = 'not_after_exam' | 'too_far';

/**
 * A re-examination date is a Vietnam calendar day strictly after the examination day (spec §3, issue 17), and not more
 * than `CLINICAL_LIMITS.reExamMaxDaysAhead` after it. Days are YYYY-MM-DD strings, compared as such.
 */
export function checkReExamDate(reExamDate: string, examDay: string): ReExamRefusal | null {
  if (reExamDate <= examDay) return 'not_after_exam';
  if (reExamDate > addDays(examDay, CLINICAL_LIMITS.reExamMaxDaysAhead)) return 'too_far';
  return null;
}

/** The first day a re-examination may be set to: the day after the examination. */
export function earliestReExamDate(examDay: string): string {
  return addDays(examDay, 1);
}

/** The last day a re-examination may be set to. */
export function latestReExamDate(examDay: string): string {
  return addDays(examDay, CLINICAL_LIMITS.reExamMaxDaysAhead);
}

/** Who the writer is, as their profile says. */
export interface ClinicalWriter {
  /** The doctor's account was verified by the clinic. */
  verified: boolean;
  /** The practising licence number (chứng chỉ hành nghề) on their profile; null when none. */
  licenceNumber: string | null;
}

export type WriterRefusal = 'not_verified' | 'no_licence';
/** The error code (403) each refusal answers, wherever a doctor's clinical act is refused. */
export const WRITER_REFUSAL_CODES = {
  not_verified: 'DOCTOR_NOT_VERIFIED',
  no_licence: 'DOCTOR_LICENCE_REQUIRED',
} as const satisfies Record<WriterRefusal, string>;

/**
 * Only a verified doctor with a practising licence number may write clinical data (Luật Khám bệnh, chữa bệnh
 * 15/2023/QH15, art. 19: a practitioner needs a licence to prescribe). Spec §6: an unverified one is told
 * "Doctor is not verified".
 */
export function checkClinicalWriter(writer: ClinicalWriter): WriterRefusal | null {
  if (!writer.verified) return 'not_verified';
  if (!writer.licenceNumber?.trim()) return 'no_licence';
  return null;
}

/**
 * A practising licence number as printed on a Vietnamese certificate, e.g. "012345/HNO-CCHN" or "000123/BYT-GPHN":
 * digits, then the issuer's letters after a slash; letters, digits, "/", "-" and "." only.
 */
export const LICENCE_NUMBER_PATTERN = /^[0-9A-Z][0-9A-Z./-]{3,39}$/;

/** Upper-cases and trims a typed licence number; answers null when it is not one. */
export function normalizeLicenceNumber(value: string): string | null {
  const cleaned = value.trim().toUpperCase().replace(/\s+/g, '');
  return LICENCE_NUMBER_PATTERN.test(cleaned) ? cleaned : null;
}

/** Total doses a line prescribes: dose count times a day times days (for a tablet line, what the pharmacy hands out). */
export function plannedDoses(line: Pick<PrescriptionLineInput, 'timesPerDay' | 'days'>): number {
  return line.timesPerDay * line.days;
}
