import type { Order, PatientInfo } from '@rhc/contracts';
import type { CapacityKind, OrderCategory as OrderCategoryId, OrderEditChanges, WorkMode } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import type { VaccinesService } from '../vaccines/vaccines.service.ts';
import type { SchedulesService } from '../schedules/schedules.service.ts';
import type { BookingFacts, OrderView } from './orders.repository.ts';

/*
 * A kind of order (ORDER_CATEGORIES of @rhc/domain: exam, lab, imaging, vaccine) on the shared order core (issue 48).
 * The core books, moves, cancels, completes, tells and tracks every order the same way; a category says only what is
 * its own: how a booking's body becomes an order (prepare), what an edit changes (check), what its answer shows
 * (present) and what its messages say (messages). One file per category in `categories/`, registered in
 * `categories/index.ts`; docs/adding-a-domain.md, path B.
 */

/** Every kind of notice an order's change sends (docs/order-lifecycle.md "Who is told"). */
export const NOTICE_KINDS = [
  'patient.verified',
  'patient.verifiedOnline',
  'patient.moved',
  'patient.cancelled',
  /** The patient's own move and cancel, confirmed to them (issue 54 item 12): every change reaches them, whoever made it. */
  'patient.selfMoved',
  'patient.selfCancelled',
  'patient.completed',
  /** The doctor booked an order for the patient (kind 2, e.g. the re-examination; decision 027). */
  'patient.doctorOrder',
  /**
   * The doctor's confirmed day off or change of working time left the booking outside working time (decision 047): it is
   * kept, and the patient is asked to move (or wait for an earlier time) or cancel it, on the booking's own page.
   */
  'patient.doctorUnavailable',
  'doctor.booked',
  'doctor.moved',
  'doctor.cancelled',
  'doctor.movedAway',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The i18n keys (`namespace:key`) of one notice: its e-mail, its SMS and the bell's line. */
export interface NoticeTexts {
  subject: string;
  body: string;
  sms: string;
  inApp: string;
}

/** What a category's messages say: every notice kind (a kind left out does not compile), the confirmation mail, "online". */
export interface OrderMessages {
  notices: Record<NoticeKind, NoticeTexts>;
  /** The confirmation e-mail of a patient's new booking (with its `.ics`). */
  confirmation: { subject: string; body: string };
  /** Where an online order takes place before it has its call link: in the confirmation mail and calendar file… */
  online: string;
  /** …and in the notices. */
  noticeOnline: string;
  /**
   * The words of an order its category flags (`OrderCategory.flagged`: an imaging order waiting for review by staff,
   * decision 045), used instead of the ones above for the kinds given: the notice says why.
   */
  flagged?: { notices: Partial<Record<NoticeKind, NoticeTexts>>; confirmation?: { subject: string; body: string } };
}

/** What a booking writes and shows, before the core adds its id, code, owner and status. */
export interface PreparedBooking {
  order: Pick<OrderView['order'], 'kind' | 'profileId' | 'category' | 'mode' | 'doctorId' | 'startsAt' | 'endsAt' | 'updatedAt'>;
  detail: Omit<OrderView['detail'], 'orderId' | 'meetingLink' | 'cancelReason'>;
  shown: Pick<OrderView, 'doctor' | 'specialty' | 'examType' | 'workUnit' | 'vaccine' | 'lab' | 'imaging'>;
  /**
   * The counted place the order holds (a capacity category, decision 044): the booking's statement takes it, or fails
   * with 409 SLOT_TAKEN when the last one is gone. Absent: the order holds its doctor's time (the calendar categories).
   */
  place?: PlaceHold;
}

/** A place of a resource at a start (decision 044). */
export interface PlaceHold {
  resourceId: number;
  startsAt: Date;
  /**
   * Other resources the place may be taken at instead (a clinic's other machines of one modality, decision 045): the
   * statement takes a place of the first of `resourceId` and these with one left at the start.
   */
  others?: readonly number[] | undefined;
}

/** Which resource a capacity category's booking asks for: a clinic's home team for an area, its sampling room, a machine. */
export interface PlaceAsk {
  kind: CapacityKind;
  workUnitId?: number | undefined;
  district?: string | undefined;
  /** imaging: the machines' modality (IMAGING_TYPES). */
  modality?: string | undefined;
}

/** What a capacity category's booking reads before its facts: the resource, its clinic, and the clinic's staff for it. */
export interface PlaceFacts {
  resource: { id: number; places: number; workUnit: NonNullable<OrderView['workUnit']> } | null;
  /**
   * Every resource of the ask at `resource`'s clinic, in id order, `resource` first (several: a clinic's machines of
   * one modality, decision 045); none without a resource.
   */
  resourceIds: number[];
  /** Who confirms and completes it: the verified holder of `specialtyId` working in person at that clinic (decision 044). */
  staffId: string | null;
}

/** What a booking's facts are read for (`findBookingFacts`): the doctor, the specialty, the exam type (if any) and the mode. */
export interface BookingAsk {
  doctorId: string;
  specialtyId: number;
  /** Null for a category without exam types (a vaccination): the facts then have no exam type. */
  examTypeId: number | null;
  mode: WorkMode;
}

/** Who a booking is for, as every category's body says it (an examination's, a vaccination's). */
export interface PersonBody {
  isFamily: boolean;
  profileId?: string | undefined;
  infomation?: PatientInfo | undefined;
}

/** The part of an order's answer that is the category's own. */
export type CategoryView = Pick<Order, 'specialty' | 'examType' | 'workUnit' | 'reasonForExamination' | 'vaccine' | 'lab' | 'imaging'> & {
  /** The booked service's name (the calendar file's title, the tracking page). */
  service: string | null;
};

export interface OrderCategory<Body = unknown, Id extends OrderCategoryId = OrderCategoryId> {
  /** Its name in ORDER_CATEGORIES, stored in orders.category (and its key in the registry). */
  readonly id: Id;
  /** What the booking's facts are read for (with, for a capacity category, its place's facts read first). */
  asks(body: Body, place?: PlaceFacts): BookingAsk;
  /**
   * A capacity category (decision 044): which resource its booking asks for and which specialty its staff hold; the
   * core reads them before the facts. Absent for the calendar categories.
   */
  placeAsk?(body: Body): PlaceAsk & { specialtyId: number };
  /**
   * Checks a booking (or its change) against what was read for it in one round trip and answers what to write:
   * refusals of the booked thing itself are AppErrors (422 SLOT_UNAVAILABLE, SLOT_PAST…).
   */
  prepare(
    body: Body,
    facts: BookingFacts | undefined,
    ownerId: string,
    now: Date,
    schedules: CategorySchedules,
    place?: PlaceFacts,
  ): PreparedBooking;
  /** What an edit's body would change in the order as it stands (`checkOrderEdit` of @rhc/domain decides who may). */
  check(current: OrderView, body: Body): OrderEditChanges;
  /** Its part of the order's answer, in `language`. */
  present(view: OrderView, language: Language): CategoryView;
  messages: OrderMessages;
  /** Whether the order is worded as flagged (`messages.flagged`): an imaging order waiting for review by staff. */
  flagged?(view: OrderView): boolean;
  /**
   * Whether an edit flagged the order anew (`after` holds a reason for review `before` did not: an imaging safety answer
   * turned "yes"): its staff are told as of a moved order, in the flagged words, even when its time stays.
   */
  flaggedAnew?(before: OrderView, after: OrderView): boolean;
  /**
   * What the category does when its order is completed, on the completion's transaction (so both commit or neither):
   * a vaccination records its dose in the person's history (decision 043).
   */
  completed?(tx: Db, view: OrderView, now: Date, services: CategoryServices): Promise<void>;
}

/** The other modules' services a category's `completed` may call (handed in by createServices). */
export interface CategoryServices {
  vaccinations: Pick<VaccinesService, 'recordFromOrder'>;
}

export type CategorySchedules = Pick<SchedulesService, 'findWorkTimeFor'>;
