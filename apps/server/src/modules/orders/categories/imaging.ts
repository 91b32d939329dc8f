import type { ImagingOrderBodySchema, OrderImaging } from '@rhc/contracts';
import {
  addsReview,
  checkImagingAnswers,
  CONTRAST_QUESTIONS,
  IMAGING_PARTS,
  IMAGING_SPECIALTY_ID,
  imagingTimeOf,
  imagingTimes,
  imagingTotalVnd,
  MRI_SCREENING_QUESTIONS,
  vietnamInstant,
  type ImagingPart,
  type ImagingType,
} from '@rhc/domain';
import type { z } from 'zod/mini';
import { AppError } from '../../../platform/http/app-error.ts';
import { translatorFor } from '../../../platform/i18n/request-language.ts';
import type { NoticeKind, OrderCategory } from '../category.ts';
import type { OrderView } from '../orders.repository.ts';
import { capacityBooking, NOBODY } from './capacity.ts';
import { otherPatient } from './patient.ts';
import { allNoticeTexts, noticeTexts, shownWithoutExamType } from './shared.ts';

export type ImagingOrderBody = z.output<typeof ImagingOrderBodySchema>;

/** The notices that read otherwise when the order waits for review: the staff's of a new or moved one (decision 045). */
const REVIEW_NOTICES = ['doctor.booked', 'doctor.moved'] as const satisfies readonly NoticeKind[];

/** The answers of `questions` as sent, each one given (the rest left out): what is stored and shown. */
function answersOf(questions: readonly string[], sent: Partial<Record<string, boolean>> | undefined): Record<string, boolean> {
  const answers: Record<string, boolean> = {};
  for (const question of questions) {
    const answer = sent?.[question];
    if (answer !== undefined) answers[question] = answer;
  }
  return answers;
}

/** The parts of a body in the catalog's order, each once: what is stored is what was chosen, not how it was typed. */
const partsOf = (items: readonly ImagingPart[]): ImagingPart[] => IMAGING_PARTS.filter((part) => items.includes(part));

/** A stored imaging row as its answer shows it: with its review, fasting and the end of its slot. */
function imagingOf(held: NonNullable<OrderView['imaging']>, checkHour: string): OrderImaging {
  const type = held.type as ImagingType;
  return {
    type,
    items: held.items as ImagingPart[],
    contrast: held.contrast,
    render: held.screening,
    contrastAnswers: held.contrastAnswers,
    review: held.review,
    needsReview: held.review.length > 0,
    fasting: held.contrast,
    totalVnd: held.totalVnd,
    endHour: imagingTimes(type).find(({ start }) => start === checkHour)?.end ?? checkHour,
  };
}

/**
 * Diagnostic imaging (issue 51, decisions 044 and 045): an ultrasound, X-ray, CT or MRI of the organs or body parts
 * chosen, with or without contrast, in a slot of the modality's minutes of one of a clinic's machines of that modality.
 * The order holds a counted place of a machine (the booking's statement takes the first free one), not a doctor's time;
 * it is assigned to the clinic's imaging staff (a verified holder of the imaging specialty working there in person), who
 * review it when an answer was "yes", confirm it and mark the scan done (complete). The fourth category on the core
 * (docs/adding-a-domain.md, path B).
 */
export const imaging: OrderCategory<ImagingOrderBody, 'imaging'> = {
  id: 'imaging',

  placeAsk: (body) => ({ kind: 'imaging', workUnitId: body.workUnitId, modality: body.type, specialtyId: IMAGING_SPECIALTY_ID }),

  // The staff member is the booking's doctor; no exam type, in person.
  asks: (_body, place) => ({ doctorId: place?.staffId ?? NOBODY, specialtyId: IMAGING_SPECIALTY_ID, examTypeId: null, mode: 'direct' }),

  /**
   * The safety answers (contrast where the type is not done with it: 422 IMAGING_CONTRAST_NOT_OFFERED; a question left
   * unanswered: 400 on its field), a clinic with a machine of the type and imaging staff, and a slot of the type that
   * has not begun: else 422 SLOT_UNAVAILABLE (SLOT_PAST). Which machine is free is the booking statement's to say (409
   * SLOT_TAKEN when none is).
   */
  prepare(body, facts, ownerId, now, _schedules, place) {
    if (!facts) throw AppError.notFound();
    const checked = checkImagingAnswers({
      type: body.type,
      contrast: body.contrast,
      screening: body.render,
      contrastAnswers: body.contrastAnswers,
    });
    if (!checked.ok) {
      if (checked.reason === 'contrast_not_offered') throw new AppError(422, 'IMAGING_CONTRAST_NOT_OFFERED');
      // Unanswered: the contract (ImagingOrderBodySchema) has already named each field; the rule holds here as well.
      throw new AppError(400, 'VALIDATION_FAILED');
    }
    const time = imagingTimeOf(body.type, body.testDay, body.testTime);
    // The clinic's machines of the type: the statement takes the first with the slot free.
    const booked = capacityBooking(imaging.id, IMAGING_SPECIALTY_ID, body, facts, ownerId, now, place, time, true);
    const items = partsOf(body.items);
    const held = {
      type: body.type,
      items,
      contrast: body.contrast,
      screening: body.type === 'MRI' ? answersOf(MRI_SCREENING_QUESTIONS, body.render) : null,
      contrastAnswers: body.contrast ? answersOf(CONTRAST_QUESTIONS, body.contrastAnswers) : null,
      review: checked.review,
      totalVnd: imagingTotalVnd(body.type, items, body.contrast),
    };
    return { ...booked, shown: { ...booked.shown, lab: null, imaging: held } };
  },

  /**
   * What an edit would change: the time, the clinic (the staff's place) and, for the patient only, the scan itself; a
   * safety answer newly "yes" sends a confirmed order back to the staff's review (decision 045), as at booking.
   */
  check(current, body) {
    const held = current.imaging;
    const sent = checkImagingAnswers({
      type: body.type,
      contrast: body.contrast,
      screening: body.render,
      contrastAnswers: body.contrastAnswers,
    });
    // Question by question: jsonb keeps its keys in an order of its own.
    const sameAnswers = (questions: readonly string[], stored: Record<string, boolean> | null, sent: Record<string, boolean> | null) =>
      (stored === null) === (sent === null) && questions.every((question) => stored?.[question] === sent?.[question]);
    return {
      doctor: current.detail.workUnitId !== body.workUnitId,
      time: vietnamInstant(body.testDay, body.testTime).getTime() !== current.order.startsAt.getTime(),
      mode: false,
      patient: otherPatient(current, body),
      reason:
        held?.type !== body.type ||
        held.contrast !== body.contrast ||
        held.items.join() !== partsOf(body.items).join() ||
        !sameAnswers(
          MRI_SCREENING_QUESTIONS,
          held.screening,
          body.type === 'MRI' ? answersOf(MRI_SCREENING_QUESTIONS, body.render) : null,
        ) ||
        !sameAnswers(CONTRAST_QUESTIONS, held.contrastAnswers, body.contrast ? answersOf(CONTRAST_QUESTIONS, body.contrastAnswers) : null),
      review: sent.ok && addsReview(held?.review ?? [], sent.review),
    };
  },

  present(view, language) {
    const held = view.imaging ? imagingOf(view.imaging, view.detail.checkHour) : undefined;
    const t = translatorFor(language);
    return {
      ...shownWithoutExamType(view, language),
      ...(held ? { imaging: held } : {}),
      // "Chụp MRI: Sọ não, có thuốc cản quang" in the reader's language (the calendar file's title, the tracking page).
      service: held
        ? t(held.contrast ? 'imaging-orders:serviceContrast' : 'imaging-orders:service', {
            type: t(`imaging-orders:types.${held.type}`),
            items: held.items.map((part) => t(`lab-catalog:parts.${part}`)).join(', '),
          })
        : null,
    };
  },

  // An answer "yes" waits for the staff's review before confirmation: their notices and the confirmation mail say so.
  flagged: (view) => (view.imaging?.review.length ?? 0) > 0,
  flaggedAnew: (before, after) => addsReview(before.imaging?.review ?? [], after.imaging?.review ?? []),

  messages: {
    notices: allNoticeTexts('imaging-orders'),
    confirmation: { subject: 'imaging-orders:confirmSubject', body: 'imaging-orders:confirmBody' },
    online: 'imaging-orders:online',
    noticeOnline: 'imaging-orders:noticeOnline',
    flagged: {
      notices: Object.fromEntries(REVIEW_NOTICES.map((kind) => [kind, noticeTexts('imaging-orders', kind, 'review.')])),
      confirmation: { subject: 'imaging-orders:review.confirmSubject', body: 'imaging-orders:review.confirmBody' },
    },
  },
};
