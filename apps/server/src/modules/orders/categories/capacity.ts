import { beyondBookingHorizon, CAPACITY_BOOKING_DAYS_AHEAD, ORDER_KIND } from '@rhc/domain';
import { AppError } from '../../../platform/http/app-error.ts';
import type { PersonBody, PlaceFacts, PlaceHold, PreparedBooking } from '../category.ts';
import type { BookingFacts } from '../orders.repository.ts';
import { patientDetail } from './patient.ts';

/*
 * A capacity category's booking (decision 044: lab, imaging): a counted place of a resource at a clinic, assigned to
 * the clinic's staff of the category's specialty, at a time of the day the category's own rules give.
 */

/** No one: the facts of a booking whose place has no staff read no doctor (and it is refused, 422). */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** What a capacity category's body says alike: who it is for, the day and time chosen and the note. */
type CapacityBody = PersonBody & { testDay: string; testTime: string; note: string };

/** A capacity booking but for the category's own row (`lab`, `imaging` of `shown`). */
export type CapacityBooking = Pick<PreparedBooking, 'order' | 'detail'> & {
  shown: Omit<PreparedBooking['shown'], 'lab' | 'imaging'>;
  place: PlaceHold;
};

/** The start and end of the window or slot chosen; undefined when the category has none at that time. */
type SlotTime = { startsAt: Date; endsAt: Date } | undefined;

/**
 * A resource offering the service with the staff to serve it, and a time of the category that has not begun and is
 * within the booking horizon: else 422 SLOT_UNAVAILABLE (SLOT_PAST, SLOT_TOO_FAR). Whether a place is left is the
 * booking statement's to say (409 SLOT_TAKEN).
 */
export function capacityBooking(
  category: 'lab' | 'imaging',
  specialtyId: number,
  body: CapacityBody,
  facts: BookingFacts,
  ownerId: string,
  now: Date,
  place: PlaceFacts | undefined,
  time: SlotTime,
  /** Whether the place may be taken at the clinic's other resources of the ask instead (imaging's machines, decision 045). */
  anyResource = false,
): CapacityBooking {
  const { doctor, specialty, account } = facts;
  const resource = place?.resource;
  if (!resource || !doctor || !doctor.verified || !specialty) throw new AppError(422, 'SLOT_UNAVAILABLE');
  if (!time) throw new AppError(422, 'SLOT_UNAVAILABLE');
  if (time.startsAt.getTime() <= now.getTime()) throw new AppError(422, 'SLOT_PAST');
  if (beyondBookingHorizon(body.testDay, now)) throw new AppError(422, 'SLOT_TOO_FAR', { days: CAPACITY_BOOKING_DAYS_AHEAD });
  return {
    order: {
      kind: body.isFamily ? ORDER_KIND.relative : ORDER_KIND.self,
      profileId: body.isFamily ? (body.profileId ?? null) : ownerId,
      category,
      mode: 'direct',
      doctorId: place.staffId,
      startsAt: time.startsAt,
      endsAt: time.endsAt,
      updatedAt: now,
    },
    detail: {
      specialtyId,
      examTypeId: null,
      workUnitId: resource.workUnit.id,
      checkDay: body.testDay,
      checkHour: body.testTime,
      timeCustom: false,
      reason: '',
      note: body.note,
      ...patientDetail(body, account),
    },
    shown: {
      doctor: { id: place.staffId ?? NOBODY, fullName: doctor.fullName, avatarKey: doctor.avatarKey },
      specialty: { id: specialtyId, names: specialty.names },
      examType: null,
      workUnit: resource.workUnit,
      vaccine: null,
    },
    place: {
      resourceId: resource.id,
      startsAt: time.startsAt,
      ...(anyResource ? { others: place.resourceIds.filter((id) => id !== resource.id) } : {}),
    },
  };
}
