import type { FreeTime } from '@rhc/contracts';
import { within } from '@testing-library/react';

/** The hours a booking form's hour group (the "Giờ khám" radio group) offers, in order, as their texts. */
export function hourTexts(group: HTMLElement): (string | null)[] {
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.textContent);
}

/** A month of free time without clinics (online, or where the clinic does not matter): its days and their hours. */
export function freeMonth(days: Record<string, string[]>): FreeTime {
  return {
    days: Object.entries(days).map(([day, hours]) => ({ day, slots: hours.map((hour) => ({ hour, clinicId: null })) })),
    holidays: [],
    clinics: [],
  };
}
