/*
 * A focus the app gives, not the person: a form pointing at its first error after a failed submit, or a field taking
 * the focus back from its own popover. A field that opens something when focused (the date field's calendar) leaves
 * it closed then: it would cover the field's message saying what is wrong, or reopen what was just closed. The person
 * opens it as usual (a click, typing, ↓).
 */
const QUIET_FOCUS = 'data-quiet-focus';

/** Focuses `node` as the app's own pointer at it (see above). */
export function focusQuietly(node: HTMLElement): void {
  node.setAttribute(QUIET_FOCUS, '');
  try {
    node.focus();
  } finally {
    node.removeAttribute(QUIET_FOCUS);
  }
}

/** Whether the focus now arriving at `node` is one given by `focusQuietly` (read in its focus handler). */
export function isQuietFocus(node: Element): boolean {
  return node.hasAttribute(QUIET_FOCUS);
}
