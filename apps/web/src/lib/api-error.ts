import type { FieldError, ScheduleAffected, StepUpDestination } from '@rhc/contracts';

/** Codes the client itself produces when no server answer can be read (the server's own codes come from contracts). */
export const CLIENT_ERROR_CODES = {
  timeout: 'TIMEOUT',
  network: 'NETWORK_ERROR',
  unexpectedResponse: 'UNEXPECTED_RESPONSE',
} as const;

/** The one error every API failure becomes: the server's error envelope, or a client-made equivalent. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 408 for a timeout, 0 when no answer arrived (network failure). */
  readonly status: number;
  /** The spec's numeric code as a string ("10401") or SCREAMING_SNAKE ("OTP_EXPIRED", "TIMEOUT"). */
  readonly code: string;
  /** Per-field problems of a validation error. */
  readonly details: FieldError[] | undefined;
  /** 409 SCHEDULE_HAS_BOOKINGS (decision 047): the bookings a change of schedule would affect, and its confirming token. */
  readonly affected: ScheduleAffected | undefined;
  /** 403 STEP_UP_REQUIRED (decision 051): where a code can be sent to prove the session, masked. */
  readonly channels: StepUpDestination[] | undefined;

  constructor(body: {
    status: number;
    code: string;
    message: string;
    details?: FieldError[] | undefined;
    affected?: ScheduleAffected | undefined;
    channels?: StepUpDestination[] | undefined;
  }) {
    super(body.message);
    this.status = body.status;
    this.code = body.code;
    this.details = body.details;
    this.affected = body.affected;
    this.channels = body.channels;
  }
}

/**
 * Whether a failed read means "there is nothing here for you": 404, or the server refusing the address itself (a 400
 * whose every problem is in the path, like a malformed id typed or cut in a URL) — both are "not found" on screen.
 */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  return error.status === 400 && !!error.details?.length && error.details.every((detail) => detail.field.startsWith('params.'));
}
