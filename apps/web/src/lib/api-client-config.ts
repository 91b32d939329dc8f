import type { ApiError } from './api-error.ts';

/**
 * The seams through which the app plugs its behaviour into the API client. Kept apart from the
 * client itself so that configuring it (at start-up) does not pull the client and the contract
 * schemas into the entry bundle.
 */
export type ApiClientConfig = {
  /**
   * The Authorization header value for the next request (e.g. `Bearer …`), or undefined to send none.
   * It may return a promise: while a token refresh is in flight, returning that refresh's result makes
   * every request started meanwhile wait for it and go out with the new token (spec §4).
   * Default: no header (nobody is logged in before the accounts feature exists).
   */
  getAuthHeader: () => string | undefined | Promise<string | undefined>;
  /**
   * Called when an answer is 401, at most once per request (spec §4: one refresh attempt).
   * Resolve `true` after refreshing the credentials to have the request sent again; resolve `false`
   * (after sending the person to the login screen) to let the 401 reach the caller.
   * `sentAt` (a `performance.now()` reading) tells when the failed request went out, so a request sent
   * before a refresh that has finished since is simply sent again instead of starting another refresh.
   * Not called for a request sent with `session: false` (logging in, the refresh itself).
   * Default: `false`.
   */
  onUnauthorized: (error: ApiError, request: { sentAt: number }) => Promise<boolean>;
  /**
   * Called on a 500 answer before the error is thrown (spec §4: a 500 goes to /page-error-500/).
   * The router registers navigation here. Default: nothing.
   */
  onServerError: (error: ApiError) => void;
  /**
   * Called when a change is answered 403 STEP_UP_REQUIRED (decision 051), at most once per request: resolve `true` once
   * the session is proved (a code checked) to have the request sent again; `false` (cancelled) lets the error reach the
   * caller, whose form is left as it was. Default: `false`.
   */
  onStepUpRequired: (error: ApiError) => Promise<boolean>;
};

let config: ApiClientConfig = {
  getAuthHeader: () => undefined,
  onUnauthorized: async () => false,
  onServerError: () => {},
  onStepUpRequired: async () => false,
};

/** Plugs app-level behaviour into the client. Returns a function that restores the previous settings. */
export function configureApiClient(changes: Partial<ApiClientConfig>): () => void {
  const previous = config;
  config = { ...config, ...changes };
  return () => {
    config = previous;
  };
}

/** The settings in force, read by the client on every request. */
export function apiClientConfig(): ApiClientConfig {
  return config;
}
