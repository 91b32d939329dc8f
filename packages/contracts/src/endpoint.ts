import type { ShareSection } from '@rhc/domain';
import type { z } from 'zod/mini';

export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an entry of the endpoint table says about one HTTP call. */
export interface EndpointSpec {
  method: HttpMethod;
  /** Path under the API base, in Fastify's `:param` form. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Whether the call needs a live session (the server answers 401 without one). */
  auth: boolean;
  /** The `:param` segments of the path. */
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.core.$ZodType;
  /** The `data` of the success envelope; for a file answer (`produces`), the file itself. */
  response: z.core.$ZodType;
  /** The success status: 200 unless the call creates something (201). */
  status?: 200 | 201;
  /** The body's media type when it is not JSON: a multipart upload or a plain-text note. */
  consumes?: 'multipart/form-data' | 'text/plain';
  /** Set when the answer is a file, not the JSON envelope: its media type. */
  produces?: string;
  /**
   * Whose object the path names, checked by the server before the handler runs (issue 48): every entry with an id in
   * its path declares it, or says why the id is no one's to check (`open`).
   */
  access?: EndpointAccess;
  /**
   * The call hands someone the account or a person's data (a new password, a share): the server answers 403
   * STEP_UP_REQUIRED, with the channels a code can go by, unless this session verified a code within STEP_UP_WINDOW_MS
   * (decision 051). Checked after the session, the input and `access`, before the handler.
   */
  stepUp?: true;
}

/** The kinds of object a path can name beyond a person: each is resolved by the module that owns it. */
export type AccessObjectKind =
  | 'share'
  | 'invitation'
  | 'group'
  | 'offer'
  | 'workTime'
  | 'holiday'
  /** A profile someone keeps with the caller's phone, which the caller may claim. */
  | 'keptProfile'
  /** A health record or a booking, whose files and links they are. */
  | 'entry'
  /** An entry of a person's examination history: a health record, or a completed booking. */
  | 'historyEntry'
  | 'file'
  | 'link'
  /** A person's record export (issue 53): the person's (side `person`) or their manager's (`manager`). */
  | 'recordExport';

/**
 * What the server checks about the ids of a path before the handler runs. Anything not allowed is 404 (another person's
 * object looks like none), with one `denied` audit row under `audit` (and `view`, when one action has several reads).
 */
export type EndpointAccess =
  | {
      audit: string;
      view?: string;
      /** A path parameter that must be the caller's own user id. */
      owner?: string;
      /**
       * A path parameter naming a person's profile (an account's own profile has the account's id): a `section` to read
       * it (the person, the profile's manager, or a watcher granted that section; a watcher's read lands in the access
       * log), `standing` for anyone of those whatever they were granted, `manage` to change it (the person or the
       * manager, never an archived profile), `managed` for a profile the caller manages (not their own account's).
       */
      profile?: { param: string; section: ShareSection | 'standing' | 'manage' | 'managed' };
      /**
       * A path parameter naming a booking, and the caller's side of it: `party` (its patient or its doctor), `patient`
       * (the person who booked it) or `doctor` (the doctor it is assigned to); with `section`, a watcher of the booked
       * profile granted that section reads it too.
       */
      order?: { param: string; as: 'party' | 'patient' | 'doctor'; section?: ShareSection };
      /**
       * A path parameter naming another kind of object, resolved by the module that owns it: the caller must be on one of
       * the sides `as` lists (any side, without it); with `section`, the object is a person's (a history entry) and is
       * read as that section of their profile is.
       */
      object?: { kind: AccessObjectKind; param: string; as?: readonly string[]; section?: ShareSection };
    }
  | {
      /** Why the path's ids are checked by nothing here (a public read, a token that authenticates itself). */
      open: string;
    };

/** An entry of the table: its spec, the domain (module) it belongs to and its name within the domain. */
export type Endpoint<S extends EndpointSpec = EndpointSpec, D extends string = string, N extends string = string> = S & {
  readonly domain: D;
  readonly name: N;
};

/**
 * One domain's part of the endpoint table. The domain is the server module that serves the calls, the OpenAPI tag and the
 * first element of every web query key of the domain, so invalidating `[domain]` refreshes everything the domain shows.
 */
export function defineEndpoints<const D extends string, const T extends Record<string, EndpointSpec>>(
  domain: D,
  specs: T,
): { readonly [K in keyof T & string]: Endpoint<T[K], D, K> } {
  const entries = Object.entries(specs).map(([name, spec]) => [name, { ...spec, domain, name }]);
  return Object.fromEntries(entries) as { readonly [K in keyof T & string]: Endpoint<T[K], D, K> };
}

/** The path of a call with its `:param` segments filled in (encoded), under the API base. */
export function endpointPath(endpoint: Pick<EndpointSpec, 'path'>, params: Record<string, string | number> = {}): string {
  const filled = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  return `${API_BASE}${filled}`;
}

/**
 * What a client sends for a schema: zod's input type, except that a field zod coerces (typed `unknown` on input, such
 * as a number in a query string) takes its output type.
 */
export type ClientInput<S extends z.core.$ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? (K extends keyof z.output<S> ? z.output<S>[K] : never) : z.input<S>[K];
};
