import type { ApiErrorBody, FieldError } from '@rhc/contracts';

/**
 * A failure the client should hear about. `code` picks the localized message
 * (errors namespace of @rhc/i18n); `params` fill its placeholders.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly details?: FieldError[],
    cause?: unknown,
    /** What the envelope carries besides its message (`affected` of 409 SCHEDULE_HAS_BOOKINGS, decision 047; `channels` of 403 STEP_UP_REQUIRED, decision 051). */
    readonly extra?: Pick<ApiErrorBody, 'affected' | 'channels'>,
  ) {
    super(code, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
  }

  static notFound(): AppError {
    return new AppError(404, 'NOT_FOUND');
  }

  static conflict(code = 'CONFLICT'): AppError {
    return new AppError(409, code);
  }
}
