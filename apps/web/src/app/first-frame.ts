/*
 * The first frame (decisions 029 and 038): for the pages that have one, the server writes the top of the page — its
 * title and the sentence under it — into `#root`, laid out where the app draws them. React's first render replaces
 * `#root`, usually before the page's own code has arrived; the layout then keeps showing these texts in their place
 * (root-layout.tsx) rather than an empty page, until the page draws itself over them.
 */

let kept: string | undefined;

/**
 * Keeps the content of the frame the server wrote into `root`, if any: its own fixed texts, escaped by the server.
 * Call it before React's first render replaces it.
 */
export function keepFirstFrame(root: Element): void {
  kept = root.querySelector(':scope > main.ff-main')?.innerHTML || undefined;
}

/**
 * The kept frame, for the history entry the browser loaded (its key is 'default'; a navigation, a redirect to log in
 * included, makes another): the frame is that address's, never another page's.
 */
export function firstFrameAt(location: { key: string }): string | undefined {
  return location.key === 'default' ? kept : undefined;
}
