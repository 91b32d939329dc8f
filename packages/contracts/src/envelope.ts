import { z } from 'zod/mini';
import { STEP_UP_CHANNELS } from '@rhc/domain';
import { ScheduleAffectedSchema } from './affected-bookings.ts';
import { lazySchema } from './lazy-schema.ts';

/** Every JSON success: { status, message: "OK", data } (ARCHITECTURE.md, "The wire contract"). */
export function okEnvelopeSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({ status: z.int(), message: z.literal('OK'), data });
}
export type OkEnvelope<T> = { status: number; message: 'OK'; data: T };

/** One field problem in a validation error; `field` is the dotted path of the input. */
export const FieldErrorSchema = lazySchema(() =>
  z.object({
    field: z.string(),
    code: z.string(),
    message: z.string(),
  }),
);
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** 403 STEP_UP_REQUIRED (decision 051): one way a step-up code can reach the person, masked (`•••• •• 567`, `l***@gmail.com`). */
export const StepUpDestinationSchema = lazySchema(() => z.object({ channel: z.enum(STEP_UP_CHANNELS), to: z.string() }));
export type StepUpDestination = z.infer<typeof StepUpDestinationSchema>;

/**
 * Every error: { status, code, message (in the request's language), details?, affected?, channels? }.
 * `code` is the spec's number as a string where it has one ("10401"), else SCREAMING_SNAKE.
 */
export const ApiErrorSchema = lazySchema(() =>
  z.object({
    status: z.int(),
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(FieldErrorSchema)),
    /** 409 SCHEDULE_HAS_BOOKINGS (decision 047): the bookings a change of working time or days off would affect. */
    affected: z.optional(ScheduleAffectedSchema),
    /** 403 STEP_UP_REQUIRED (decision 051): where a step-up code can be sent, masked; empty when nowhere. */
    channels: z.optional(z.array(StepUpDestinationSchema)),
  }),
);
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/** Error codes the platform itself answers with (features add their own). */
export const ERROR_CODES = [
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'REQUEST_HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'TOO_MANY_REQUESTS',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONFLICT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Paging of spec §7/ARCHITECTURE: page from 0, size default 10, max 100. */
export const PageQuerySchema = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
    size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
  }),
);
export type PageQuery = z.infer<typeof PageQuerySchema>;
export function pageSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.int().check(z.gte(0)), page: z.int(), size: z.int() });
}
