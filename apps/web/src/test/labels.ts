import { expect } from 'vitest';

/**
 * Matches a field's label text with or without its "Mandatory" tag (Testing Library reads the label's
 * text, tag included; a screen reader hears the name alone, the tag being aria-hidden).
 */
export function fieldLabel(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(?:Bắt buộc|Mandatory|必填)?$`);
}

/** A text's words as axe's label-content-name-mismatch compares them: lower case, punctuation dropped. */
function words(text: string): string[] {
  return text.toLowerCase().normalize('NFKD').replace(/\p{P}/gu, '').split(/\s+/).filter(Boolean);
}

/**
 * Fails unless an element's accessible name (its aria-label, else its text) holds all the text it shows, word for word
 * and in order (WCAG 2.5.3): what axe's label-content-name-mismatch checks in the browser and leaves "incomplete" in jsdom,
 * which has no layout. The shown text is the element's text, aria-hidden parts included (they are seen).
 */
export function expectNameHoldsVisibleText(element: Element): void {
  const shown = words(element.textContent ?? '');
  const name = words(element.getAttribute('aria-label') ?? element.textContent ?? '');
  const held = name.some((_, start) => shown.every((word, index) => name[start + index] === word));
  if (!held) throw new Error(`The name "${element.getAttribute('aria-label')}" does not hold the shown text "${element.textContent}"`);
}

/** Fails when a heading comes more than one level below the one before it, h1 then h3 (axe's heading-order). */
export function expectHeadingsInOrder(root: ParentNode = document.body): void {
  const levels = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].map((heading) =>
    Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)),
  );
  const skips = levels.flatMap((level, index) =>
    index > 0 && level > (levels[index - 1] ?? 0) + 1 ? [`h${levels[index - 1]} → h${level}`] : [],
  );
  expect(skips, `headings: ${levels.map((level) => `h${level}`).join(' ')}`).toEqual([]);
}
