import type { LabOrderBodySchema, OrderLab } from '@rhc/contracts';
import {
  LAB_SPECIALTY_ID,
  labNeedsFasting,
  labPreparation,
  labTimeOf,
  labTimes,
  labTotalVnd,
  testsOf,
  vietnamInstant,
  type LabPackageId,
  type LabSelection,
  type LabTestId,
} from '@rhc/domain';
import type { z } from 'zod/mini';
import { AppError } from '../../../platform/http/app-error.ts';
import { translatorFor } from '../../../platform/i18n/request-language.ts';
import type { OrderCategory } from '../category.ts';
import type { OrderView } from '../orders.repository.ts';
import { capacityBooking, NOBODY } from './capacity.ts';
import { otherPatient } from './patient.ts';
import { allNoticeTexts, shownWithoutExamType } from './shared.ts';

export type LabOrderBody = z.output<typeof LabOrderBodySchema>;

const selectionOf = (body: Pick<LabOrderBody, 'packageTestItems' | 'requestTestItems'>): LabSelection => ({
  packages: body.packageTestItems,
  tests: body.requestTestItems,
});

/** A stored lab row as its answer shows it: with the fasting, the preparation and the end of its window or slot. */
function labOf(held: NonNullable<OrderView['lab']>, checkHour: string): OrderLab {
  const selection = { packages: held.packageIds as LabPackageId[], tests: held.testIds as LabTestId[] };
  return {
    atHome: held.atHome,
    district: held.district,
    orderAdress: held.address,
    orderPhone: held.phone,
    packageTestItems: selection.packages,
    requestTestItems: selection.tests,
    totalVnd: held.totalVnd,
    fasting: labNeedsFasting(selection),
    preparation: labPreparation(selection),
    endHour: labTimes(held.atHome).find(({ start }) => start === checkHour)?.end ?? checkHour,
  };
}

/**
 * Lab tests (issue 51, decision 044): single tests and packages of the catalog, their sample taken at home (a clinic's
 * team visits the area in a two-hour window) or at a clinic's sampling room (a 15-minute slot). The order holds a
 * counted place of that resource, not a doctor's time; it is assigned to the clinic's lab staff (a verified holder of
 * the lab specialty working there in person), who confirm it and mark the sample taken (complete). The third category
 * on the core (docs/adding-a-domain.md, path B).
 */
export const lab: OrderCategory<LabOrderBody, 'lab'> = {
  id: 'lab',

  placeAsk: (body) =>
    body.atHome
      ? { kind: 'lab_home', district: body.district, specialtyId: LAB_SPECIALTY_ID }
      : { kind: 'lab_clinic', workUnitId: body.workUnitId, specialtyId: LAB_SPECIALTY_ID },

  // The staff member is the booking's doctor; no exam type, in person.
  asks: (_body, place) => ({ doctorId: place?.staffId ?? NOBODY, specialtyId: LAB_SPECIALTY_ID, examTypeId: null, mode: 'direct' }),

  /**
   * A resource offering the service (the area visited, the clinic's sampling room) with lab staff, and a window or slot
   * of the day that has not begun: else 422 SLOT_UNAVAILABLE (SLOT_PAST). Whether a place is left is the booking
   * statement's to say (409 SLOT_TAKEN).
   */
  prepare(body, facts, ownerId, now, _schedules, place) {
    if (!facts) throw AppError.notFound();
    const booked = capacityBooking(
      lab.id,
      LAB_SPECIALTY_ID,
      body,
      facts,
      ownerId,
      now,
      place,
      labTimeOf(body.atHome, body.testDay, body.testTime),
    );
    const selection = selectionOf(body);
    const held = {
      atHome: body.atHome,
      district: body.atHome ? (body.district ?? null) : null,
      address: body.atHome ? (body.orderAdress ?? null) : null,
      phone: body.atHome ? (body.orderPhone ?? null) : null,
      // Each once, in the catalog's order: what is stored is what was chosen, not how it was typed.
      packageIds: [...new Set(selection.packages)],
      testIds: testsOf({ packages: [], tests: selection.tests }),
      totalVnd: labTotalVnd(selection),
    };
    return { ...booked, shown: { ...booked.shown, lab: held, imaging: null } };
  },

  /** What an edit would change (lab orders have no edit call yet: decision 044 "Not yet"). */
  check(current, body) {
    const held = current.lab;
    return {
      doctor: false,
      time: vietnamInstant(body.testDay, body.testTime).getTime() !== current.order.startsAt.getTime(),
      mode: false,
      patient: otherPatient(current, body),
      reason:
        held?.atHome !== body.atHome ||
        held.packageIds.join() !== [...new Set(body.packageTestItems)].join() ||
        held.testIds.join() !== testsOf({ packages: [], tests: body.requestTestItems }).join(),
    };
  },

  present(view, language) {
    const held = view.lab ? labOf(view.lab, view.detail.checkHour) : undefined;
    const t = translatorFor(language);
    const names = held
      ? [
          ...held.packageTestItems.map((id) => t(`lab-catalog:packages.${id}.name`)),
          ...held.requestTestItems.map((id) => t(`lab-catalog:tests.${id}.name`)),
        ]
      : [];
    return {
      ...shownWithoutExamType(view, language),
      ...(held ? { lab: held } : {}),
      // "Lab tests: General check-up, HbA1c" in the reader's language (the calendar file's title, the tracking page).
      service: held ? t('lab-orders:service', { items: names.join(', ') }) : null,
    };
  },

  messages: {
    notices: allNoticeTexts('lab-orders'),
    confirmation: { subject: 'lab-orders:confirmSubject', body: 'lab-orders:confirmBody' },
    online: 'lab-orders:online',
    noticeOnline: 'lab-orders:noticeOnline',
  },
};
