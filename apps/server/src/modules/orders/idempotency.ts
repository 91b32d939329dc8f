import { AppError } from '../../platform/http/app-error.ts';
import { sha256 } from '../../platform/security/secrets.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The optional Idempotency-Key header (R2); present but malformed answers 400 rather than being ignored. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID');
  return header;
}

/** JSON with object keys sorted at every depth, so the same request always hashes the same whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return sha256(canonicalJson(body));
}

/** What a key row remembers: the success envelope, or the code of a refusal a retry must get again. */
export type StoredAnswer = { kind: 'ok'; body: unknown } | { kind: 'error'; code: string };
