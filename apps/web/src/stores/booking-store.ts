import type { ExamOrderBody, FreeSlot, ImagingOrderBody, LabOrderBody, Order, VaccineOrderBody, WorkMode } from '@rhc/contracts';
import { STORAGE_PREFIX } from '@rhc/i18n';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Whom the booking in progress is for: the person themself or someone else (a relative, a patient). */
export type BookingFor = 'self' | 'other';

/**
 * An examination booking being prepared: the request body as far as it is filled in, the names of what
 * was chosen (for the confirm page, without fetching the lists again) and the idempotency key of its POST.
 */
export type BookingDraft = Partial<ExamOrderBody> & {
  specialtyName?: string;
  examTypeName?: string;
  doctor?: { fullName: string; degree: string; workPlace: string; urlImage: string | null };
  /**
   * Sent as `Idempotency-Key` with the booking's POST: made once per draft, so a double click or a retry
   * after a network failure books once. A changed draft gets a new one (the server refuses a key reused
   * with another body).
   */
  idempotencyKey?: string;
  /** The slot someone else took while this draft was being confirmed (409 SLOT_TAKEN): the form says so once back. */
  takenSlot?: { day: string; hour: string };
};

/**
 * What a draft of the booking kit's pages keeps beside its request body, as an examination's draft: whom it is for, the
 * idempotency key of its POST and the slot taken meanwhile.
 */
type KitDraftState = { bookingFor: BookingFor; idempotencyKey?: string; takenSlot?: BookingDraft['takenSlot'] };

/**
 * A vaccination being registered (issue 50): the request body as far as it is filled in, the doctor's name for the
 * confirm page, whom it is for, the idempotency key of its POST and the slot taken meanwhile, as an examination's draft.
 */
export type VaccineDraft = Partial<VaccineOrderBody> &
  KitDraftState & {
    doctor?: BookingDraft['doctor'];
    /** The clinic chosen, named for the confirm page. */
    workUnitName?: string;
  };

/** What a lab or imaging draft keeps only to show on its confirm page. */
type ClinicTimeShown = {
  /** The clinic chosen (lab tests at home: the one whose team visits the area), named for the confirm page. */
  workUnit?: { name: string; address: string };
  /** Until when the window or slot runs (HH:mm), for the confirm page. */
  endHour?: string;
};

/**
 * Lab tests being booked (issue 51): the request body as far as it is filled in, whom it is for, the clinic's name and
 * address for the confirm page, the idempotency key of its POST and the time taken meanwhile, as a vaccination's draft.
 */
export type LabDraft = Partial<LabOrderBody> & KitDraftState & ClinicTimeShown;

/**
 * An imaging scan being booked (issue 51): the request body as far as it is filled in, whom it is for, the clinic's name
 * and address and the slot's end for the confirm page, the idempotency key of its POST and the time taken meanwhile.
 */
export type ImagingDraft = Partial<ImagingOrderBody> & KitDraftState & ClinicTimeShown;

/** The order categories booked on the booking kit's pages (components/booking), each with its draft. */
export type KitDrafts = { lab: LabDraft; imaging: ImagingDraft; vaccine: VaccineDraft };
export type KitCategory = keyof KitDrafts;

/** Where the state keeps each category's draft. */
const KIT_DRAFT_FIELDS = { lab: 'labDraft', imaging: 'imagingDraft', vaccine: 'vaccineDraft' } as const satisfies Record<
  KitCategory,
  string
>;

/** The draft in progress of a category booked on the kit's pages, if there is one. */
export function kitDraft<C extends KitCategory>(state: BookingState, category: C): KitDrafts[C] | null {
  return state[KIT_DRAFT_FIELDS[category]] as KitDrafts[C] | null;
}

/**
 * A kit draft's request body: the draft without whom it is for, its Idempotency-Key, the slot taken meanwhile and what
 * it keeps only to show (`shown`: the names of what was chosen, until when the time runs).
 */
export function draftBody<Body, Draft extends { bookingFor?: unknown; idempotencyKey?: string; takenSlot?: unknown }>(
  draft: Draft,
  shown: readonly (keyof Draft)[],
): Body {
  const { bookingFor: _bookingFor, idempotencyKey: _key, takenSlot: _taken, ...body } = draft;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !shown.includes(key as keyof Draft))) as Body;
}

/** Which booking is in progress: in person or online, and for whom. */
export type BookingDivision = { mode: WorkMode; bookingFor: BookingFor };

/**
 * The healthcare slice of spec §3's persisted client state: a booking in progress survives a reload
 * between its steps (choose → confirm → complete).
 */
export type BookingState = {
  /** The booking being prepared for the person themself and for another person. */
  infoBookings: Record<BookingFor, BookingDraft | null>;
  /** The booking in progress: its mode and for whom (which of `infoBookings` is current). */
  healthServiceDivision: BookingDivision | null;
  /** The doctor's free slots offered for the chosen day. */
  workTimeList: FreeSlot[];
  /** The bookings just made, newest last, shown on the complete and booking-success screens. */
  orderSuccessList: Order[];
  /** The vaccination being registered (spec §3 "vaccine data" of the persisted state), kept between its steps. */
  vaccineDraft: VaccineDraft | null;
  /** The lab tests being booked, kept between their steps. */
  labDraft: LabDraft | null;
  /** The imaging scan being booked, kept between its steps. */
  imagingDraft: ImagingDraft | null;
};

type BookingActions = {
  /** Keeps the draft of a booking and makes it the one in progress. */
  saveDraft: (division: BookingDivision, draft: BookingDraft) => void;
  /** After a successful booking: the draft is dropped and the created order kept. */
  completeBooking: (order: Order) => void;
  /** Keeps the draft of a lab, imaging or vaccine order being booked (the booking kit's pages). */
  saveKitDraft: <C extends KitCategory>(category: C, draft: KitDrafts[C]) => void;
  /** After such an order was booked: its draft is dropped and the created order kept. */
  completeKitOrder: (category: KitCategory, order: Order) => void;
  /** Forgets the booking in progress (spec §2: clicking the logo resets the booking state). */
  reset: () => void;
};

const emptyBooking: BookingState = {
  infoBookings: { self: null, other: null },
  healthServiceDivision: null,
  workTimeList: [],
  orderSuccessList: [],
  vaccineDraft: null,
  labDraft: null,
  imagingDraft: null,
};

/** Spec §9: storage keys carry the RHC_ prefix. */
export const BOOKING_STORAGE_KEY = `${STORAGE_PREFIX}booking`;

/** How many created orders are remembered for the success screens. */
const ORDER_SUCCESS_LIMIT = 10;

export const useBookingStore = create<BookingState & BookingActions>()(
  persist(
    (set) => ({
      ...emptyBooking,
      saveDraft: (division, draft) =>
        set(({ infoBookings }) => ({ healthServiceDivision: division, infoBookings: { ...infoBookings, [division.bookingFor]: draft } })),
      completeBooking: (order) =>
        set(({ infoBookings, healthServiceDivision, orderSuccessList }) => ({
          infoBookings: healthServiceDivision ? { ...infoBookings, [healthServiceDivision.bookingFor]: null } : infoBookings,
          healthServiceDivision: null,
          workTimeList: [],
          orderSuccessList: [...orderSuccessList, order].slice(-ORDER_SUCCESS_LIMIT),
        })),
      saveKitDraft: (category, draft) => set({ [KIT_DRAFT_FIELDS[category]]: draft }),
      completeKitOrder: (category, order) =>
        set(({ orderSuccessList }) => ({
          [KIT_DRAFT_FIELDS[category]]: null,
          orderSuccessList: [...orderSuccessList, order].slice(-ORDER_SUCCESS_LIMIT),
        })),
      reset: () => set(emptyBooking),
    }),
    {
      name: BOOKING_STORAGE_KEY,
      // Version 2: typed entries; whatever version 1 held is dropped (it was never written by a booking screen).
      version: 2,
      migrate: () => emptyBooking,
      // What is kept: every field of the state (those `emptyBooking` names), none of the actions.
      partialize: (state): BookingState =>
        Object.fromEntries(Object.keys(emptyBooking).map((key) => [key, state[key as keyof BookingState]])) as BookingState,
    },
  ),
);

/** The draft of the booking in progress for `mode`, if there is one. */
export function currentDraft(
  state: Pick<BookingState, 'healthServiceDivision' | 'infoBookings'>,
  mode: WorkMode,
): { division: BookingDivision; draft: BookingDraft } | null {
  const division = state.healthServiceDivision;
  if (!division || division.mode !== mode) return null;
  const draft = state.infoBookings[division.bookingFor];
  return draft ? { division, draft } : null;
}
