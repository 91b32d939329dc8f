import { OtpSentSchema, type OtpPurpose, type OtpSent } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const bySms = { method: 'POST', path: '/otp/saveVerificationIdToDb', response: OtpSentSchema } as const;
const byEmail = { method: 'POST', path: '/otp/send-email', response: OtpSentSchema } as const;

/** Where a code goes: by SMS to a phone, or by e-mail (a sign-up code by e-mail still vouches for a phone). */
export type OtpTarget = { channel: 'sms'; phone: string } | { channel: 'email'; email: string; phone?: string };

/** POST /api/otp/saveVerificationIdToDb or /api/otp/send-email: sends a 6-digit code; 429 when sent too often. */
export function sendOtp(purpose: OtpPurpose, target: OtpTarget): Promise<OtpSent> {
  return target.channel === 'sms'
    ? apiRequest(bySms, { body: { phone: target.phone, purpose } })
    : apiRequest(byEmail, { body: { email: target.email, phone: target.phone, purpose } });
}
