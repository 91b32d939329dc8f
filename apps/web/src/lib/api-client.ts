import { ApiErrorSchema, endpointPath, type ClientInput, type Endpoint } from '@rhc/contracts';
import { z } from 'zod/mini';
import { apiClientConfig } from './api-client-config.ts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { currentLanguage, i18n } from './i18n.ts';
import type { QueryClient } from '@tanstack/react-query';

/** Spec §7/§9: every call times out after 120000 ms. */
export const API_TIMEOUT_MS = 120_000;

type SchemaOf<E, K extends string> = E extends { [P in K]: infer S extends z.core.$ZodType } ? S : undefined;
/** A part the entry declares is required unless every field of it may be left out; one it does not declare is never sent. */
type Part<K extends string, S> = S extends z.core.$ZodType
  ? Record<string, never> extends ClientInput<S>
    ? { [P in K]?: ClientInput<S> | null }
    : { [P in K]: ClientInput<S> }
  : { [P in K]?: undefined };

/** What a call sends, typed from its entry in the endpoint table: path params, query and body (a FormData for an upload). */
export type EndpointInput<E extends Endpoint> = Part<'params', SchemaOf<E, 'params'>> &
  Part<'query', SchemaOf<E, 'query'>> &
  (E extends { consumes: 'multipart/form-data' } ? { body: FormData } : Part<'body', SchemaOf<E, 'body'>>);

/** The `data` of the call's success envelope. */
export type EndpointData<E extends Endpoint> = z.output<E['response']>;

export type ApiRequestOptions = {
  /** Cancels the request (TanStack Query passes one); a cancellation is rethrown as it is, not reported. */
  signal?: AbortSignal;
  /**
   * Whether a 500 answer sends the person to the server-error screen (spec §4). Default true; a side
   * request whose failure the page shows inline (the footer's contact) passes false, so it cannot
   * take the person away from what they are doing.
   */
  showServerErrorScreen?: boolean;
  /**
   * Whether the call belongs to the logged-in session (default true): it then waits for a token refresh
   * in flight and a 401 answer triggers one (spec §4). Logging in and the refresh itself pass false:
   * their 401 is the answer, not an expired session.
   */
  session?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` on a booking (the client's own headers win over them). */
  headers?: Record<string, string>;
};

type Sent = { params?: Record<string, string | number> | null; query?: Record<string, unknown> | null; body?: unknown };
type CallOptions<E extends Endpoint> = ApiRequestOptions & EndpointInput<E>;

/**
 * The one HTTP client. Calls an entry of the contracts' endpoint table (params, query and body typed from it) and
 * resolves with the `data` of the success envelope, checked against the entry's response schema. Every failure rejects
 * with an ApiError.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  ...[call]: Record<string, never> extends EndpointInput<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]
): Promise<EndpointData<E>> {
  const options: ApiRequestOptions & Sent = call ?? {};
  const session = options.session !== false;
  let answer = await send(endpoint, options);
  if (
    session &&
    answer.response.status === 401 &&
    (await apiClientConfig().onUnauthorized(toApiError(answer), { sentAt: answer.sentAt }))
  ) {
    answer = await send(endpoint, options);
  }
  // A step-up action (decision 051): once the person has proved the session with a code, the same request goes again.
  if (answer.response.status === 403 && session && (await apiClientConfig().onStepUpRequired(toApiError(answer))))
    answer = await send(endpoint, options);
  if (!answer.response.ok) {
    const error = toApiError(answer);
    if (answer.response.status === 500 && options.showServerErrorScreen !== false) apiClientConfig().onServerError(error);
    throw error;
  }
  const data = z.safeParse(endpoint.response, isRecord(answer.payload) ? answer.payload.data : undefined);
  if (!data.success) throw unexpectedResponse(answer.response.status);
  // TypeScript reads `safeParse` through the generic's constraint (output: unknown); the schema is E's own.
  return data.data as EndpointData<E>;
}

type Answer = { response: Response; payload: unknown; sentAt: number };

async function send(endpoint: Endpoint, options: ApiRequestOptions & Sent): Promise<Answer> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  const authorization = options.session === false ? undefined : await apiClientConfig().getAuthHeader();
  if (authorization) headers.set('Authorization', authorization);
  // A FormData body sets its own multipart Content-Type, boundary included.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  // The caller may have cancelled while the auth header was awaited (e.g. during a token refresh).
  options.signal?.throwIfAborted();

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const cancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', cancel, { once: true });

  const sentAt = performance.now();
  try {
    const response = await fetch(buildUrl(endpoint, options), {
      method: endpoint.method,
      headers,
      body: multipart ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    // Reading the body is inside the timeout too: a server can stall after the headers.
    return { response, payload: await readJson(response), sentAt };
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 408, code: CLIENT_ERROR_CODES.timeout, message: i18n.t('api.timeout') });
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: i18n.t('api.network') });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function buildUrl(endpoint: Endpoint, { params, query }: Sent): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const queryString = search.toString();
  return `${endpointPath(endpoint, params ?? {})}${queryString ? `?${queryString}` : ''}`;
}

/** The parsed JSON body, or undefined when there is none or it is not JSON (e.g. a proxy's HTML error page). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function toApiError({ response, payload }: Answer): ApiError {
  const body = ApiErrorSchema.safeParse(payload);
  return body.success ? new ApiError(body.data) : unexpectedResponse(response.status);
}

function unexpectedResponse(status: number): ApiError {
  return new ApiError({ status, code: CLIENT_ERROR_CODES.unexpectedResponse, message: i18n.t('api.unexpected') });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The query key of a call: its domain, its name and what it sends. Every key of a domain starts with the domain's name, so
 * invalidating `[domain]` after a change refreshes everything the screens show of it.
 */
export function queryKeyOf<E extends Endpoint>(endpoint: E, input?: unknown): readonly unknown[] {
  return input === undefined ? [endpoint.domain, endpoint.name] : [endpoint.domain, endpoint.name, input];
}

/** What the cache holds now for a query made by `endpointQuery`, without subscribing to it (read at a form's submit). */
export function cachedData<T>(
  client: QueryClient,
  query: { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<T> },
): T | undefined {
  return client.getQueryData<T>(query.queryKey);
}

/**
 * A query of one call for TanStack Query (spread into `useQuery`/`fetchQuery`): the key from the endpoint table, the
 * request with the query's cancellation signal. `input` also keys the cache; `extra` adds what belongs in the key
 * without being sent (the language a list is named in).
 */
export function endpointQuery<E extends Endpoint>(
  endpoint: E,
  input: CallOptions<E>,
  extra?: Record<string, unknown>,
): { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<EndpointData<E>> } {
  const { params, query, body } = input as Sent;
  return {
    queryKey: queryKeyOf(endpoint, { params, query, body, ...extra }),
    queryFn: ({ signal }) =>
      (apiRequest as (endpoint: E, options: CallOptions<E>) => Promise<EndpointData<E>>)(endpoint, { ...input, signal }),
  };
}
