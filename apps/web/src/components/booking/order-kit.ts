import type { Order } from '@rhc/contracts';
import type { Namespace } from '@rhc/i18n';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from '../../lib/i18n.ts';
import type { BookingFor, useBookingStore } from '../../stores/booking-store.ts';
import type { BookingFormBaseProps } from './form-section.tsx';
import type { SlotChoice } from './next-slots.ts';
import type { SlotAlternatives } from './slot-taken-alert.tsx';

type BookingStore = ReturnType<typeof useBookingStore.getState>;

/** The order categories booked through the kit's steps (an examination has its own, with doctors and modes). */
export type KitCategory = 'lab' | 'imaging' | 'vaccine';

/**
 * A category's pages' strings: its own namespace first (each holds the same `pages`, `confirm`, `complete` and `edit`
 * keys), then the others it reads; `booking` and `person` are among them.
 */
export type KitStrings = readonly ['lab-booking' | 'imaging-booking' | 'vaccine-registration', ...Namespace[]];
export type KitT = TFunction<KitStrings>;

/** What every category's draft keeps beside its body: for whom, the POST's Idempotency-Key, a slot taken meanwhile. */
export type KitDraft = {
  bookingFor: BookingFor;
  idempotencyKey?: string;
  takenSlot?: { day: string; hour: string };
};

/** A labelled value of the complete page. */
export type KitLine = { label: string; value: string };

/** The next free slots after a 409, read afresh: searched from the draft's slot, cleared when another is tried. */
export type KitAlternatives = { alternatives: SlotAlternatives; search: () => void; clear: () => void };

/** What the booking form of a category is given on the kit's pages (`Held`: the time an edited order holds). */
export type KitFormProps<Values, Draft, Held> = Omit<BookingFormBaseProps<Values, Draft>, 'heldTime'> & {
  editing?: boolean;
  heldTime?: Held | null;
};

/**
 * One order category on the booking kit's pages (form → confirm → complete, and the edit page): what is its own (its
 * form and summary, its calls, where its time is kept in the draft, the lines of its complete page), the rest shared.
 */
export type OrderKit<Draft extends KitDraft, Values, Body, Held> = {
  category: KitCategory;
  strings: KitStrings;
  paths: { form: string; confirm: string; complete: string };
  /** The draft in the store, and how it is kept and closed. */
  store: {
    draft: (state: BookingStore) => Draft | null;
    save: (state: BookingStore) => (draft: Draft) => void;
    complete: (state: BookingStore) => (order: Order) => void;
  };
  Form: ComponentType<KitFormProps<Values, Draft, Held>>;
  Summary: ComponentType<{ draft: Draft }>;
  /** The form's first values: from the draft in progress, else a new booking's (a hook: it may read the account or the address). */
  useInitialValues: (inProgress: Draft | null) => Values;
  bodyOfDraft: (draft: Draft) => Body;
  post: (userId: string, body: Body, idempotencyKey: string) => Promise<Order>;
  put: (id: string, body: Body) => Promise<Order>;
  /** Cancelling from the edit page, where the category offers it. */
  cancel?: (userId: string, orderId: string, reason?: string) => Promise<Order>;
  valuesOfOrder: (order: Order) => Values;
  heldTimeOf: (order: Order, values: Values) => Held | null;
  /** The edit page's words for an order of another category. */
  notOwnKey: 'edit.notLab' | 'edit.notImaging' | 'edit.notVaccine';
  /** The draft's day and time, and the draft moved to another or with its time taken. */
  slot: {
    of: (draft: Draft) => { day: string; hour: string } | null;
    moveTo: (draft: Draft, slot: SlotChoice, queryClient: QueryClient) => Draft;
    taken: (draft: Draft, queryClient: QueryClient) => Draft;
    useAlternatives: (draft: Draft) => KitAlternatives;
  };
  complete: {
    /** The lines between the person and the status, in order. */
    lines: (order: Order, t: KitT) => KitLine[];
    status?: (order: Order, t: KitT) => string;
    notice?: (order: Order) => ReactNode;
    /** The second way on (the lists, or the vaccination record). */
    more: (order: Order, t: KitT) => { to: string; label: string };
  };
};
