import type { OkEnvelope } from '@rhc/contracts';

/** Wraps a payload in the success envelope of the wire contract. */
export function ok<T>(data: T, status = 200): OkEnvelope<T> {
  return { status, message: 'OK', data };
}
