import { describe, expect, it } from 'vitest';
import { ApiError, isNotFound } from './api-error.ts';

const error = (status: number, fields?: string[]) =>
  new ApiError({
    status,
    code: 'X',
    message: 'm',
    details: fields?.map((field) => ({ field, code: 'invalid', message: 'm' })),
  });

describe('isNotFound', () => {
  it('is true for 404 and for a 400 whose every problem is in the address', () => {
    expect(isNotFound(error(404))).toBe(true);
    expect(isNotFound(error(400, ['params.id']))).toBe(true);
    expect(isNotFound(error(400, ['params.userId', 'params.orderId']))).toBe(true);
  });

  it('is false for a refused form, a 400 without details, other failures and non-API errors', () => {
    expect(isNotFound(error(400, ['body.name']))).toBe(false);
    expect(isNotFound(error(400, ['params.id', 'query.page']))).toBe(false);
    expect(isNotFound(error(400))).toBe(false);
    expect(isNotFound(error(500))).toBe(false);
    expect(isNotFound(error(403))).toBe(false);
    expect(isNotFound(new Error('boom'))).toBe(false);
  });
});
