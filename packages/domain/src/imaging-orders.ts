import { IMAGING_MODALITIES, type ImagingType } from './lab-catalog.ts';

/*
 * Imaging orders' safety questions (issue 51; spec §2 imaging booking: "magnetic barrier yes/no, contrast yes/no",
 * §3 the order request's `render` and `contrast`). What the booking asks before an MRI or a scan with contrast, and
 * when the answers send the order to review by the clinic's imaging staff instead of straight to confirmation.
 *
 * Sources: ACR Manual on MR Safety (2024): implanted cardiac devices, other metallic implants, metal fragments (e.g.
 * in the eye after metalwork), cochlear implants and pregnancy are screened before every MRI, and each "yes" is
 * judged by the MR staff (many implants are MR-conditional, not excluded); claustrophobia is asked so that the scan
 * can be planned (open positioning, sedation). ACR Manual on Contrast Media (2024): kidney disease (the risk of
 * contrast-associated kidney injury, and of nephrogenic systemic fibrosis with some gadolinium agents), a previous
 * allergic-like reaction to contrast, and metformin (withheld for 48 hours after iodinated contrast in people with
 * reduced kidney function) are asked before contrast. Fasting: ACR no longer requires it, but Vietnamese hospitals
 * still ask for 4 hours without food before a scan with contrast, so the instruction is shown.
 */

/**
 * The catalog's imaging specialty ("Chẩn đoán hình ảnh"): a clinic's imaging staff hold it, and an imaging order is
 * assigned to one of them, who reviews, confirms and completes it (db/seed/catalog.ts; decision 045).
 */
export const IMAGING_SPECIALTY_ID = 15;
export const IMAGING_SPECIALTY_CODE = 'diagnostic_imaging' as const;

/** An imaging order's note, as a person may write it. */
export const IMAGING_ORDER_NOTE_MAX_LENGTH = 1000;

/** The MRI screening ("magnetic barrier") questions; each text is `lab-catalog:screening.<id>`. */
export const MRI_SCREENING_QUESTIONS = [
  'pacemaker',
  'metal_implant',
  'metal_fragments',
  'cochlear_implant',
  'pregnancy',
  'claustrophobia',
] as const;
export type MriScreeningQuestion = (typeof MRI_SCREENING_QUESTIONS)[number];

/** The contrast questions; each text is `lab-catalog:contrastQuestions.<id>`. */
export const CONTRAST_QUESTIONS = ['kidney_disease', 'contrast_allergy', 'metformin'] as const;
export type ContrastQuestion = (typeof CONTRAST_QUESTIONS)[number];

/** Hours without food before a scan with contrast (the instruction `lab-catalog:preparation.contrast_fasting`). */
export const CONTRAST_FASTING_HOURS = 4;

export interface ImagingAnswers {
  type: ImagingType;
  /** With contrast medium (spec `contrast`). */
  contrast: boolean;
  /** The MRI screening answers, true for "yes" (spec `render`: the magnetic barrier). */
  screening?: Partial<Record<MriScreeningQuestion, boolean>>;
  contrastAnswers?: Partial<Record<ContrastQuestion, boolean>>;
}

export type ImagingCheck =
  /** The modality is not done with contrast here. */
  | { ok: false; reason: 'contrast_not_offered' }
  /** A question that must be answered was not (each listed). */
  | { ok: false; reason: 'unanswered'; questions: string[] }
  /** Bookable; `review` lists the "yes" answers the staff must look at before confirming (none: a plain booking). */
  | { ok: true; review: string[]; fasting: boolean };

/**
 * Checks an imaging booking's safety answers: an MRI needs every screening answer, a scan with contrast every contrast
 * answer; any "yes" sends it to review by staff (it is still booked, and says why). A scan with contrast asks for
 * fasting.
 */
export function checkImagingAnswers(answers: ImagingAnswers): ImagingCheck {
  if (answers.contrast && IMAGING_MODALITIES[answers.type].contrastPriceVnd === null) return { ok: false, reason: 'contrast_not_offered' };
  const asked: string[] = [];
  const yes: string[] = [];
  if (answers.type === 'MRI')
    for (const question of MRI_SCREENING_QUESTIONS) {
      const answer = answers.screening?.[question];
      if (answer === undefined) asked.push(`screening.${question}`);
      else if (answer) yes.push(`screening.${question}`);
    }
  if (answers.contrast)
    for (const question of CONTRAST_QUESTIONS) {
      const answer = answers.contrastAnswers?.[question];
      if (answer === undefined) asked.push(`contrastQuestions.${question}`);
      else if (answer) yes.push(`contrastQuestions.${question}`);
    }
  if (asked.length > 0) return { ok: false, reason: 'unanswered', questions: asked };
  return { ok: true, review: yes, fasting: answers.contrast };
}

/**
 * Whether an imaging order's review list `after` a change holds a "yes" it did not hold `before` (decision 045): the
 * staff must review it again before confirming, as at booking. A "yes" taken back, or the same ones, asks nothing.
 */
export function addsReview(before: readonly string[], after: readonly string[]): boolean {
  return after.some((id) => !before.includes(id));
}
