/*
 * Deleting one's account (issue 53, decision 052): asked for, then kept for a grace period during which logging in
 * cancels it; after it the person's data is erased or anonymised and what the law keeps is kept without contact details.
 */

/**
 * Days between the request and the erasure. Law 91/2025/QH15 gives the right to have one's data deleted; the grace period
 * protects against a stolen session or a mistake (a request that logging in cancels). 30 days: the time a person who
 * changed their mind is likely to come back within, and well inside the time a deletion must be carried out.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a deletion asked for at `requestedAt` is carried out. */
export function deletionEraseAfter(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
}

/** The name an erased account and the bookings kept for the clinical record show instead of the person's. */
export const DELETED_ACCOUNT_NAME = '—';
