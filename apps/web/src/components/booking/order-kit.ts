import type { Order } from '@rhc/contracts';
import type { Namespace } from '@rhc/i18n';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from '../../lib/i18n.ts';
import type { BookingFor, KitCategory, KitDrafts } from '../../stores/booking-store.ts';
import type { BookingFormBaseProps } from './form-section.tsx';
import type { SlotChoice } from './next-slots.ts';
import type { SlotAlternatives } from './slot-taken-alert.tsx';

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
 * One order category on the booking kit's pages (form → confirm → complete, and the edit page): what every page of it
 * needs. What only one page needs (its form, its summary, its calls, the lines of its complete page) is that page's
 * `parts`, kept in the category's page module, so that each route loads only its own.
 */
export type OrderKit<C extends KitCategory> = {
  category: C;
  strings: KitStrings;
  paths: { form: string; confirm: string; complete: string };
  /** What the draft keeps only to show (the names of what was chosen, until when the time runs): not sent. */
  shown: readonly (keyof KitDrafts[C])[];
};

/** The form page's own parts: the category's form and its first values. */
export type BookingParts<Draft, Values> = {
  Form: ComponentType<KitFormProps<Values, Draft, never>>;
  /** The form's first values: from the draft in progress, else a new booking's (a hook: it may read the account or the link). */
  useInitialValues: (inProgress: Draft | null) => Values;
};

/** The confirm page's own parts: the summary, the booking call, and where the draft keeps its time. */
export type ConfirmParts<Draft, Body> = {
  /** Everything chosen; `person` (whom it is for, the kit's) goes first. */
  Summary: ComponentType<{ draft: Draft; person: ReactNode }>;
  post: (userId: string, body: Body, idempotencyKey: string) => Promise<Order>;
  slot: {
    /** The draft's day and time, once both are chosen. */
    of: (draft: Draft) => { day: string; hour: string } | null;
    /** The draft moved to another free time (offered after a 409). */
    moveTo: (draft: Draft, slot: SlotChoice, queryClient: QueryClient) => Draft;
    /** The draft without the time someone else took. */
    taken: (draft: Draft, queryClient: QueryClient) => Draft;
    useAlternatives: (draft: Draft) => KitAlternatives;
  };
};

/** The complete page's own parts. */
export type CompleteParts = {
  /** The lines between the person and the status, in order. */
  lines: (order: Order, t: KitT) => KitLine[];
  status?: (order: Order, t: KitT) => string;
  notice?: (order: Order) => ReactNode;
  /** The second way on (the lists, or the vaccination record). */
  more: (order: Order, t: KitT) => { to: string; label: string };
};

/** The edit page's own parts: the form with the order's values and held time, the change and cancel calls. */
export type EditParts<Draft, Values, Body, Held> = {
  Form: ComponentType<KitFormProps<Values, Draft, Held>>;
  put: (id: string, body: Body) => Promise<Order>;
  /** Cancelling from the edit page, where the category offers it. */
  cancel?: (userId: string, orderId: string, reason?: string) => Promise<Order>;
  valuesOfOrder: (order: Order) => Values;
  heldTimeOf: (order: Order, values: Values) => Held | null;
  /** The edit page's words for an order of another category. */
  notOwnKey: 'edit.notLab' | 'edit.notImaging' | 'edit.notVaccine';
};
