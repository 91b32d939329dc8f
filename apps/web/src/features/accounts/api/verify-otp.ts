import { VerifyOtpResultSchema } from '@rhc/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'POST', path: '/otp/verify', response: VerifyOtpResultSchema } as const;

export type OtpCheck = z.infer<typeof VerifyOtpResultSchema>;

/** POST /api/otp/verify: a right code marks the verification verified; 400 OTP_EXPIRED, 429 OTP_LOCKED. */
export function verifyOtp(verificationId: string, code: string): Promise<OtpCheck> {
  return apiRequest(endpoint, { body: { verificationId, code } });
}
