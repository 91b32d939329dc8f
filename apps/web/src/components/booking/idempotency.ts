/**
 * The Idempotency-Key a booking's POST is sent with (the orders engine answers the first booking again for the same key
 * and body, and refuses a key it has seen with another body): the previous key while the body is the same (a step back
 * and forth, a retry after a network failure), a new one as soon as anything changed.
 */
export function keyForBody(
  body: unknown,
  previous: { key: string | undefined; body: unknown } | null | undefined,
  newKey: () => string,
): string {
  return previous?.key && JSON.stringify(previous.body) === JSON.stringify(body) ? previous.key : newKey();
}

/** The draft to keep after the form, with its Idempotency-Key: the same while the body is, a new one once it changed. */
export function withKeyForBody<Draft extends { idempotencyKey?: string }>(
  bodyOfDraft: (draft: Draft) => unknown,
  next: Draft,
  previous: Draft | null | undefined,
  newKey: () => string,
): Draft {
  const key = keyForBody(bodyOfDraft(next), previous && { key: previous.idempotencyKey, body: bodyOfDraft(previous) }, newKey);
  return { ...next, idempotencyKey: key };
}
