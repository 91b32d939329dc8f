import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { fieldErrorText, serverFieldErrors } from './forms.ts';

describe('form errors', () => {
  it('translates a key of the errors namespace, a key naming its namespace, and shows any other text as it is', () => {
    expect(fieldErrorText('validation.required')).not.toBe('validation.required');
    expect(fieldErrorText('relatives:child.required')).toBe('Vui lòng xác nhận trẻ đã đồng ý.');
    expect(fieldErrorText('Số điện thoại: đã có người dùng.')).toBe('Số điện thoại: đã có người dùng.');
    expect(fieldErrorText('')).toBeUndefined();
  });

  it('puts the server’s problems at the form’s paths, the first one of a field kept', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION',
      message: 'Dữ liệu không hợp lệ.',
      details: [
        { field: 'body.phone', code: 'custom', message: 'Sai số.' },
        { field: 'body.phone', code: 'custom', message: 'Thiếu số.' },
        { field: 'body.doctor.bankName', code: 'custom', message: 'Thiếu ngân hàng.' },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({ phone: 'Sai số.', 'doctor.bankName': 'Thiếu ngân hàng.' });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
