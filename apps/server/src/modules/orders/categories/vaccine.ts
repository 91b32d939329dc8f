import type { OrderVaccine, VaccineOrderBodySchema } from '@rhc/contracts';
import {
  DEFAULT_SLOT_MINUTES,
  ORDER_KIND,
  parseVaccineDoseId,
  scheduleEntry,
  VACCINATION_SPECIALTY_ID,
  vietnamInstant,
  type VaccineId,
  type VaccineScheduleId,
} from '@rhc/domain';
import type { z } from 'zod/mini';
import { AppError } from '../../../platform/http/app-error.ts';
import { translatorFor } from '../../../platform/i18n/request-language.ts';
import type { OrderCategory } from '../category.ts';
import { MINUTE_MS } from '../order-context.ts';
import { otherPatient, patientDetail } from './patient.ts';
import { allNoticeTexts, shownWithoutExamType } from './shared.ts';

export type VaccineOrderBody = z.output<typeof VaccineOrderBodySchema>;

/** Whether the schedule has that dose of that vaccine (its courses' doses; decision 042). */
function inSchedule(scheduleId: VaccineScheduleId, vaccineId: VaccineId, doseId: string): boolean {
  const dose = parseVaccineDoseId(doseId);
  if (!dose || dose.vaccineId !== vaccineId) return false;
  const entry = scheduleEntry(scheduleId, vaccineId);
  return entry?.courses.some((course) => course.doses.some(({ order }) => order === dose.order)) ?? false;
}

/** A vaccine order's facts as its answer and messages carry them. */
function vaccineOf(body: VaccineOrderBody): OrderVaccine {
  return { vaccineId: body.vaccineId, vaccineDoseId: body.vaccineDoseId, scheduleId: body.scheduleId };
}

/**
 * The vaccination (issue 50, decision 043): a dose of a vaccine, given in person by a doctor (or nurse) of the
 * vaccination specialty at a clinic, in one of their free slots; on completion the dose joins the person's vaccination
 * history. The second category on the core (docs/adding-a-domain.md, path B).
 */
export const vaccine: OrderCategory<VaccineOrderBody, 'vaccine'> = {
  id: 'vaccine',

  // No exam type: a vaccination's slot is the default length (the free-time calls without an exam type show those).
  asks: ({ doctorId }) => ({ doctorId, specialtyId: VACCINATION_SPECIALTY_ID, examTypeId: null, mode: 'direct' }),

  /**
   * A verified doctor of the vaccination specialty, a dose of the chosen schedule, and an in-person slot inside the
   * doctor's working time (at the chosen clinic, when one was chosen) that has not begun. The refusals of the booked
   * time or person are 422 SLOT_UNAVAILABLE, as for an examination; a dose the schedule does not give, 422
   * VACCINE_DOSE_NOT_IN_SCHEDULE.
   */
  prepare(body, facts, ownerId, now, schedules) {
    if (!facts) throw AppError.notFound();
    const { doctor, specialty, account } = facts;
    if (!doctor) throw new AppError(422, 'SLOT_UNAVAILABLE');
    if (!doctor.verified) throw new AppError(422, 'DOCTOR_NOT_VERIFIED');
    if (!specialty) throw new AppError(422, 'SLOT_UNAVAILABLE');
    if (!inSchedule(body.scheduleId, body.vaccineId, body.vaccineDoseId)) throw new AppError(422, 'VACCINE_DOSE_NOT_IN_SCHEDULE');
    const startsAt = vietnamInstant(body.checkDay, body.checkHour);
    const endsAt = new Date(startsAt.getTime() + DEFAULT_SLOT_MINUTES * MINUTE_MS);
    if (startsAt.getTime() <= now.getTime()) throw new AppError(422, 'SLOT_PAST');
    const workTime = schedules.findWorkTimeFor(facts.workTimes, facts.holidays, startsAt, endsAt);
    if (!workTime || workTime.workUnitId === null || !workTime.workUnit) throw new AppError(422, 'SLOT_UNAVAILABLE');
    if (body.workUnitId !== undefined && body.workUnitId !== workTime.workUnitId) throw new AppError(422, 'SLOT_UNAVAILABLE');
    const workUnit = { id: workTime.workUnitId, ...workTime.workUnit };

    return {
      order: {
        kind: body.isFamily ? ORDER_KIND.relative : ORDER_KIND.self,
        // The person it is for (issue 14): the owner's own profile, a saved one, or none for details typed in.
        profileId: body.isFamily ? (body.profileId ?? null) : ownerId,
        category: vaccine.id,
        mode: 'direct',
        doctorId: body.doctorId,
        startsAt,
        endsAt,
        updatedAt: now,
      },
      detail: {
        specialtyId: VACCINATION_SPECIALTY_ID,
        examTypeId: null,
        workUnitId: workUnit.id,
        checkDay: body.checkDay,
        checkHour: body.checkHour,
        timeCustom: false,
        reason: '',
        note: body.note,
        ...patientDetail(body, account),
      },
      shown: {
        doctor: { id: body.doctorId, fullName: doctor.fullName, avatarKey: doctor.avatarKey },
        specialty: { id: VACCINATION_SPECIALTY_ID, names: specialty.names },
        examType: null,
        workUnit,
        vaccine: vaccineOf(body),
        lab: null,
        imaging: null,
      },
    };
  },

  /**
   * What an edit changes (the examination's rules, decision 007 "edit"): the vaccine and the dose are what the person
   * asked for, as an examination's reason, so only the patient's side changes them; the doctor moves the time.
   */
  check(current, body) {
    const { order } = current;
    const asked = current.vaccine;
    return {
      doctor: body.doctorId !== order.doctorId,
      time: vietnamInstant(body.checkDay, body.checkHour).getTime() !== order.startsAt.getTime(),
      mode: false,
      patient: otherPatient(current, body),
      reason: asked?.vaccineId !== body.vaccineId || asked.vaccineDoseId !== body.vaccineDoseId || asked.scheduleId !== body.scheduleId,
    };
  },

  present(view, language) {
    const held = view.vaccine ? (view.vaccine as OrderVaccine) : undefined;
    const t = translatorFor(language);
    const dose = held ? parseVaccineDoseId(held.vaccineDoseId) : undefined;
    return {
      ...shownWithoutExamType(view, language),
      ...(held ? { vaccine: held } : {}),
      // "Hepatitis B, dose 2" in the reader's language (the calendar file's title, the tracking page).
      service: held
        ? t('vaccine-orders:service', {
            vaccine: t(`vaccine-facts:${held.vaccineId}.name`),
            order: String(dose?.order ?? ''),
          })
        : null,
    };
  },

  messages: {
    notices: allNoticeTexts('vaccine-orders'),
    confirmation: { subject: 'vaccine-orders:confirmSubject', body: 'vaccine-orders:confirmBody' },
    online: 'vaccine-orders:online',
    noticeOnline: 'vaccine-orders:noticeOnline',
  },

  /**
   * The dose given: into the person's vaccination history on the completion's transaction (decision 043), once per
   * order. A person typed in by hand has no record of their own to write to.
   */
  async completed(tx, view, now, services) {
    const infoId = view.order.profileId;
    if (!infoId || !view.vaccine) return;
    await services.vaccinations.recordFromOrder(
      tx,
      {
        infoId,
        vaccineId: view.vaccine.vaccineId as VaccineId,
        givenOn: view.detail.checkDay,
        orderId: view.order.id,
        place: view.workUnit ? `${view.workUnit.names.vi}, ${view.workUnit.address}` : '',
      },
      now,
    );
  },
};
