import type { ExamOrderBodySchema } from '@rhc/contracts';
import { ORDER_KIND, vietnamInstant } from '@rhc/domain';
import type { z } from 'zod/mini';
import { AppError } from '../../../platform/http/app-error.ts';
import type { OrderCategory } from '../category.ts';
import { MINUTE_MS } from '../order-context.ts';
import { otherPatient, patientDetail } from './patient.ts';
import { allNoticeTexts, shownSpecialty, shownWorkUnit } from './shared.ts';

export type ExamOrderBody = z.output<typeof ExamOrderBodySchema>;

/**
 * The examination (a visit to a doctor, at the clinic or online): the first category, and the model of the others
 * (docs/adding-a-domain.md, path B).
 */
export const exam: OrderCategory<ExamOrderBody, 'exam'> = {
  id: 'exam',

  asks: ({ doctorId, specialtyId, examTypeId, mode }) => ({ doctorId, specialtyId, examTypeId, mode }),

  /**
   * Everything a booking (or its change) must satisfy before it is written: a verified doctor of that specialty, an
   * exam type of that mode, and a time inside the doctor's working time that has not begun. All refusals of the
   * booked thing itself answer 422 SLOT_UNAVAILABLE: to the person, "this doctor cannot be booked for this" is one fact.
   */
  prepare(body, facts, ownerId, now, schedules) {
    if (!facts) throw AppError.notFound();
    const { doctor, examType, specialty, account } = facts;
    if (!doctor) throw new AppError(422, 'SLOT_UNAVAILABLE');
    if (!doctor.verified) throw new AppError(422, 'DOCTOR_NOT_VERIFIED');
    if (!examType || examType.mode !== body.mode || !specialty) throw new AppError(422, 'SLOT_UNAVAILABLE');
    const startsAt = vietnamInstant(body.checkDay, body.checkHour);
    const endsAt = new Date(startsAt.getTime() + examType.slotMinutes * MINUTE_MS);
    if (startsAt.getTime() <= now.getTime()) throw new AppError(422, 'SLOT_PAST');
    const workTime = schedules.findWorkTimeFor(facts.workTimes, facts.holidays, startsAt, endsAt);
    if (!workTime) throw new AppError(422, 'SLOT_UNAVAILABLE');
    const workUnit =
      body.mode === 'direct' && workTime.workUnitId !== null && workTime.workUnit
        ? { id: workTime.workUnitId, ...workTime.workUnit }
        : null;

    return {
      order: {
        kind: body.isFamily ? ORDER_KIND.relative : ORDER_KIND.self,
        // The person it is for (issue 14): the owner's own profile, a saved one, or none for details typed in.
        profileId: body.isFamily ? (body.profileId ?? null) : ownerId,
        category: exam.id,
        mode: body.mode,
        doctorId: body.doctorId,
        startsAt,
        endsAt,
        updatedAt: now,
      },
      detail: {
        specialtyId: body.specialtyId,
        examTypeId: body.examTypeId,
        workUnitId: workUnit?.id ?? null,
        checkDay: body.checkDay,
        checkHour: body.checkHour,
        timeCustom: body.timeCustome,
        reason: body.reasonForExamination,
        note: body.note,
        ...patientDetail(body, account),
      },
      shown: {
        doctor: { id: body.doctorId, fullName: doctor.fullName, avatarKey: doctor.avatarKey },
        specialty: { id: body.specialtyId, names: specialty.names },
        examType: { id: body.examTypeId, names: examType.names },
        workUnit,
        vaccine: null,
        lab: null,
        imaging: null,
      },
    };
  },

  /** What an edit's body would change in the order as it stands (decision 007 "edit"). */
  check(current, body) {
    const { order, detail } = current;
    return {
      doctor: body.doctorId !== order.doctorId,
      time: vietnamInstant(body.checkDay, body.checkHour).getTime() !== order.startsAt.getTime(),
      mode: body.mode !== order.mode,
      patient: otherPatient(current, body),
      reason: body.reasonForExamination !== detail.reason,
    };
  },

  present(view, language) {
    return {
      specialty: shownSpecialty(view, language),
      examType: view.examType ? { id: view.examType.id, name: view.examType.names[language] } : null,
      workUnit: shownWorkUnit(view, language),
      reasonForExamination: view.detail.reason,
      service: view.examType?.names[language] ?? null,
    };
  },

  messages: {
    notices: allNoticeTexts('notifications'),
    confirmation: { subject: 'messages:order.confirmSubject', body: 'messages:order.confirmBody' },
    online: 'messages:order.online',
    noticeOnline: 'notifications:online',
  },
};
