import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema, okEnvelopeSchema, PageQuerySchema } from './envelope.ts';
import { SupportContactSchema } from './system.ts';

describe('the wire contract', () => {
  it('accepts a success envelope and refuses one without message OK', () => {
    const schema = okEnvelopeSchema(z.object({ id: z.number() }));
    expect(schema.safeParse({ status: 200, message: 'OK', data: { id: 1 } }).success).toBe(true);
    expect(schema.safeParse({ status: 200, message: 'Done', data: { id: 1 } }).success).toBe(false);
  });

  it('describes an error with per-field details', () => {
    const body = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'x',
      details: [{ field: 'body.phone', code: 'invalid_format', message: 'y' }],
    };
    expect(ApiErrorSchema.parse(body)).toEqual(body);
  });

  it('pages from 0 with size 10 by default and at most 100', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 0, size: 10 });
    expect(PageQuerySchema.parse({ page: '2', size: '25' })).toEqual({ page: 2, size: 25 });
    expect(PageQuerySchema.safeParse({ size: '101' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: '-1' }).success).toBe(false);
  });

  it('refuses a support contact that is not a Vietnamese number or not an e-mail', () => {
    expect(SupportContactSchema.safeParse({ phone: '19001234', email: 'hotro@rhc.vn' }).success).toBe(true);
    expect(SupportContactSchema.safeParse({ phone: '12345', email: 'hotro@rhc.vn' }).success).toBe(false);
    expect(SupportContactSchema.safeParse({ phone: '19001234', email: 'hotro' }).success).toBe(false);
  });
});
