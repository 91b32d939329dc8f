import { ImagingOrderBodySchema, type ImagingOrderBody, type Order } from '@rhc/contracts';
import {
  CONTRAST_QUESTIONS,
  IMAGING_MODALITIES,
  MRI_SCREENING_QUESTIONS,
  type ContrastQuestion,
  type ImagingPart,
  type ImagingType,
  type MriScreeningQuestion,
} from '@rhc/domain';
import {
  addPatientErrorsUnlessProfile,
  patientBody,
  patientChoiceOfOrder,
  patientChoiceOfDraft,
  selfPatientChoice,
  type PatientChoiceValues,
} from '../../components/booking/patient-values.ts';
import { schemaErrors, type FieldErrors } from '../../lib/forms.ts';
import type { ImagingDraft } from '../../stores/booking-store.ts';
import type { ImagingPlace } from './api.ts';

export type ScreeningAnswers = Partial<Record<MriScreeningQuestion, boolean>>;
export type ContrastAnswers = Partial<Record<ContrastQuestion, boolean>>;

/** The booking form (spec §2 "/imageanalysation/"): field names follow the request body, so the contract's errors land on them. */
export type ImagingFormValues = PatientChoiceValues & {
  /** The image type (null: none chosen yet). */
  type: ImagingType | null;
  items: ImagingPart[];
  /** The clinic chosen ('' none yet). */
  workUnitId: string;
  testDay: string | null;
  testTime: string | null;
  /** The MRI screening ("magnetic barrier") answers, true for "yes". */
  render: ScreeningAnswers;
  contrast: boolean;
  contrastAnswers: ContrastAnswers;
  note: string;
};

export function emptyImagingValues(): ImagingFormValues {
  return {
    ...selfPatientChoice,
    type: null,
    items: [],
    workUnitId: '',
    testDay: null,
    testTime: null,
    render: {},
    contrast: false,
    contrastAnswers: {},
    note: '',
  };
}

/** Whether the type is done with contrast medium here (CT and MRI). */
export function offersContrast(type: ImagingType | null | undefined): boolean {
  return type ? IMAGING_MODALITIES[type].contrastPriceVnd !== null : false;
}

/** The clinic and type whose free slots are read, once both are chosen. */
export function placeOf(values: Pick<ImagingFormValues, 'type' | 'workUnitId'>): ImagingPlace | null {
  const workUnitId = Number(values.workUnitId);
  return values.type && Number.isInteger(workUnitId) && workUnitId > 0 ? { workUnitId, type: values.type } : null;
}

/** Only the answers to `questions`, in their order. */
function answersTo<Q extends string>(questions: readonly Q[], answers: Partial<Record<Q, boolean>>): Partial<Record<Q, boolean>> {
  return Object.fromEntries(
    questions.flatMap((question) => (answers[question] === undefined ? [] : [[question, answers[question]]])),
  ) as Partial<Record<Q, boolean>>;
}

/**
 * The request body for these values: the screening only for an MRI, contrast only where the type offers it and its
 * answers only with it; unchosen values stay empty.
 */
export function toImagingOrderBody(values: ImagingFormValues): ImagingOrderBody {
  const contrast = values.contrast && offersContrast(values.type);
  return {
    type: values.type ?? ('' as ImagingType),
    items: values.items,
    workUnitId: Number(values.workUnitId) || 0,
    testDay: values.testDay ?? '',
    testTime: values.testTime ?? '',
    ...(values.type === 'MRI' ? { render: answersTo(MRI_SCREENING_QUESTIONS, values.render) } : {}),
    contrast,
    ...(contrast ? { contrastAnswers: answersTo(CONTRAST_QUESTIONS, values.contrastAnswers) } : {}),
    note: values.note,
    ...patientBody(values),
  };
}

/** The "yes" answers the clinic's staff review before confirming (`lab-catalog` keys, as the order's `imaging.review`). */
export function reviewOf(body: Pick<ImagingOrderBody, 'type' | 'render' | 'contrast' | 'contrastAnswers'>): string[] {
  return [
    ...(body.type === 'MRI' ? MRI_SCREENING_QUESTIONS.filter((q) => body.render?.[q]).map((q) => `screening.${q}`) : []),
    ...(body.contrast ? CONTRAST_QUESTIONS.filter((q) => body.contrastAnswers?.[q]).map((q) => `contrastQuestions.${q}`) : []),
  ];
}

/**
 * Every problem of the form, by field, from the contract's own schema (spec §5: an image type, at least one organ of
 * it; every screening question of an MRI and every contrast question answered), said at once, the choices made in
 * lists and calendars said as "please choose", and another person's details as every booking checks them.
 */
export function imagingErrors(values: ImagingFormValues, today: string): FieldErrors {
  const errors = schemaErrors(ImagingOrderBodySchema, toImagingOrderBody(values));
  if (!values.type) errors.type = 'validation.choose';
  if (values.items.length === 0) errors.items = 'validation.imaging_item_required';
  if (!values.workUnitId) errors.workUnitId = 'validation.choose';
  if (!values.testDay) errors.testDay = 'validation.choose';
  if (!values.testTime) errors.testTime = 'validation.choose';
  return addPatientErrorsUnlessProfile(errors, values, today);
}

/** The form's values from the draft kept in the store (a step back from the confirm page, or a reload). */
export function valuesOfDraft(draft: ImagingDraft): ImagingFormValues {
  return {
    ...patientChoiceOfDraft(draft, draft.bookingFor),
    type: draft.type ?? null,
    items: [...(draft.items ?? [])],
    workUnitId: draft.workUnitId ? String(draft.workUnitId) : '',
    testDay: draft.testDay || null,
    testTime: draft.testTime || null,
    // The draft holds what these values gave it: booleans.
    render: { ...(draft.render as ScreeningAnswers | undefined) },
    contrast: draft.contrast ?? false,
    contrastAnswers: { ...(draft.contrastAnswers as ContrastAnswers | undefined) },
    note: draft.note ?? '',
  };
}

/** The form's values of an existing imaging order (the edit page). */
export function valuesOfOrder(order: Order): ImagingFormValues {
  const imaging = order.imaging;
  return {
    ...patientChoiceOfOrder(order),
    type: imaging?.type ?? null,
    items: [...(imaging?.items ?? [])],
    workUnitId: order.workUnit ? String(order.workUnit.id) : '',
    testDay: order.checkDay,
    testTime: order.checkHour,
    render: { ...imaging?.render },
    contrast: imaging?.contrast ?? false,
    contrastAnswers: { ...imaging?.contrastAnswers },
    note: order.note,
  };
}
