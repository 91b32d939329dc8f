import { STORAGE_PREFIX } from '@rhc/i18n';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** What survives a round trip through localStorage unchanged. */
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
type JsonObject = { [key: string]: JsonValue };

/**
 * The healthcare slice of spec §3's persisted client state: a booking in progress survives a reload
 * between its steps (choose → confirm → complete). The booking features give the entries their
 * contract types when they are built; until then they are plain JSON.
 */
export type BookingState = {
  /** The booking being prepared for the person themself and for a relative. */
  infoBookings: { self: JsonObject | null; other: JsonObject | null };
  /** The kind of health service chosen for the booking. */
  healthServiceDivision: JsonValue;
  /** The doctor's work times offered for the chosen day. */
  workTimeList: JsonObject[];
  /** The bookings just made, shown on the booking-success screen. */
  orderSuccessList: JsonObject[];
};

type BookingActions = {
  /** Forgets the booking in progress (spec §2: clicking the logo resets the booking state). */
  reset: () => void;
};

const emptyBooking: BookingState = {
  infoBookings: { self: null, other: null },
  healthServiceDivision: null,
  workTimeList: [],
  orderSuccessList: [],
};

/** Spec §9: storage keys carry the RHC_ prefix. */
export const BOOKING_STORAGE_KEY = `${STORAGE_PREFIX}booking`;

export const useBookingStore = create<BookingState & BookingActions>()(
  persist(
    (set) => ({
      ...emptyBooking,
      reset: () => set(emptyBooking),
    }),
    {
      name: BOOKING_STORAGE_KEY,
      version: 1,
      partialize: ({ infoBookings, healthServiceDivision, workTimeList, orderSuccessList }): BookingState => ({
        infoBookings,
        healthServiceDivision,
        workTimeList,
        orderSuccessList,
      }),
    },
  ),
);
