import { within } from '@testing-library/react';

/** The hours a booking form's hour group (the "Giờ khám" radio group) offers, in order, as their texts. */
export function hourTexts(group: HTMLElement): (string | null)[] {
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.textContent);
}
