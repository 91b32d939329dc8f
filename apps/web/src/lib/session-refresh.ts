import { storedUserId } from '../stores/auth-store.ts';

/*
 * Spec §4: a 401 triggers one refresh; other requests wait during it and are retried after it.
 * One refresh at a time for the whole app: every request that fails while it runs shares its outcome,
 * and a request sent before the last successful refresh ended is only sent again, with the new cookie.
 */
let inFlight: Promise<boolean> | undefined;
let lastRefreshedAt = Number.NEGATIVE_INFINITY;

/** The refresh under way, if any: requests about to go out wait for it (the api client's getAuthHeader). */
export function refreshInFlight(): Promise<boolean> | undefined {
  return inFlight;
}

/**
 * Renews the session once for a request that was answered 401. Resolves whether the request may be
 * sent again; false when there is no account to refresh or the server refused.
 * @param sentAt when that request went out (`performance.now()`)
 */
export function refreshSessionOnce(sentAt: number): Promise<boolean> {
  if (sentAt < lastRefreshedAt) return Promise.resolve(true);
  inFlight ??= requestNewAccessToken()
    .then((refreshed) => {
      if (refreshed) lastRefreshedAt = performance.now();
      return refreshed;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

async function requestNewAccessToken(): Promise<boolean> {
  const userId = storedUserId();
  if (!userId) return false;
  // The call's code (and the contract schemas) load only when a session needs renewing, never at start.
  const { postCheckToken } = await import('./check-token.ts');
  return postCheckToken(userId);
}
