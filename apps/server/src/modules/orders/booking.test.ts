import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { replay } from './booking.ts';

// An Idempotency-Key row as the service stored it before it answered { status, data } (commit 95ae50b and earlier): the
// success envelope itself, under `body`.
const order = { id: '6f1c2b1e-8a4b-4f7e-9a51-3c2d1e0f9a8b', code: 'RHC-7KQ2M9XD', status: 0 };
const storedBefore = { requestHash: 'h', statusCode: 201, response: { kind: 'ok', body: { status: 201, message: 'OK', data: order } } };

describe('replay of a stored booking answer', () => {
  it('answers a row stored before the service returned data with the same status and envelope', () => {
    const answer = replay(storedBefore, 'h');
    expect(answer).toEqual({ status: 201, data: order });
    // What the route sends: byte for byte the envelope the row keeps.
    expect(JSON.stringify(ok(answer.data, answer.status))).toBe(JSON.stringify(storedBefore.response.body));
  });

  it('refuses another request under the key, a key still in flight, and replays a stored refusal', () => {
    expect(() => replay(storedBefore, 'other')).toThrow(new AppError(422, 'IDEMPOTENCY_KEY_REUSED'));
    expect(() => replay({ ...storedBefore, statusCode: null }, 'h')).toThrow(new AppError(409, 'IDEMPOTENCY_IN_FLIGHT'));
    const refused = { requestHash: 'h', statusCode: 409, response: { kind: 'error', code: 'SLOT_TAKEN' } };
    let thrown: unknown;
    try {
      replay(refused, 'h');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 409, code: 'SLOT_TAKEN' });
  });
});
