import {
  type LoginResult,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type OtpPurpose,
  type OtpSent,
  type SignupBody,
  type StepUpDestination,
  type UpdateUserBody,
  type UserInfo,
  type UserProfile,
  accountsEndpoints,
} from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery, queryKeyOf, type EndpointData } from '../../lib/api-client.ts';

/** Every call of the accounts feature, each through its entry of the endpoint table (`accountsEndpoints`). */
const api = accountsEndpoints;

/* ---------- codes ---------- */

/** Where a code goes: by SMS to a phone, or by e-mail (which proves the e-mail, never the phone: decision 048). */
export type OtpTarget = { channel: 'sms'; phone: string } | { channel: 'email'; email: string; phone?: string };
export type OtpCheck = EndpointData<typeof api.verifyOtp>;

/** Where a step-up or login code goes, as the OTP pieces take it: the masked destination stands where they show the address. */
export function otpTargetOf(destination: StepUpDestination): OtpTarget {
  return destination.channel === 'sms' ? { channel: 'sms', phone: destination.to } : { channel: 'email', email: destination.to };
}

/** Sends a 6-digit code by SMS or by e-mail, for a sign-up or a reset; 429 when sent too often. */
export async function sendOtp(purpose: OtpPurpose, target: OtpTarget): Promise<OtpSent> {
  if (target.channel === 'sms') return apiRequest(api.sendSmsOtp, { body: { phone: target.phone, purpose } });
  return apiRequest(api.sendEmailOtp, { body: { email: target.email, phone: target.phone, purpose } });
}

/** A right code marks the verification verified; 400 OTP_EXPIRED, 429 OTP_LOCKED. */
export function verifyOtp(verificationId: string, code: string): Promise<OtpCheck> {
  return apiRequest(api.verifyOtp, { body: { verificationId, code } });
}

/** An SMS code to my own phone while it is not verified (decision 048); 409 once it is, 429 when sent too often. */
export function sendPhoneCode(userId: string): Promise<OtpSent> {
  return apiRequest(api.sendPhoneCode, { params: { userId } });
}

/** Checks the code sent to my phone; a right one marks the phone verified. */
export function verifyPhone(userId: string, verificationId: string, code: string): Promise<OtpCheck> {
  return apiRequest(api.verifyPhone, { params: { userId }, body: { verificationId, code } });
}

/* ---------- sign-up, login, password ---------- */

/** With a verified code: 409 PHONE_TAKEN / EMAIL_TAKEN, 400 OTP_NOT_VERIFIED. */
export function postSignup(body: SignupBody): Promise<UserInfo> {
  return apiRequest(api.signup, { body });
}

/**
 * The server sets the HttpOnly session cookies; the access token in the answer is for other clients and is not kept.
 * A 401 here is the answer ("10401"), not an expired session.
 */
export function postLogin(credentials: { phone: string; password: string }): Promise<LoginResult> {
  return apiRequest(api.login, { body: credentials, session: false });
}

/** Ends this session on the server and clears its cookies. */
export async function postLogout(): Promise<void> {
  // A failure is the caller's to ignore (spec §8: logout failure behaves like success), never the 500 screen.
  await apiRequest(api.logout, { showServerErrorScreen: false });
}

/** With a verified reset code; ends every session of the account. */
export async function resetPassword(body: { verificationId: string; newPassword: string; rePassword: string }): Promise<void> {
  await apiRequest(api.resetPassword, { body });
}

/** 400 CURRENT_PASSWORD_INCORRECT; ends the account's other sessions, not this one. */
export async function changePassword(
  id: string,
  body: { currentPassword: string; newPassword: string; rePassword: string },
): Promise<void> {
  await apiRequest(api.changePassword, { params: { id }, body });
}

/* ---------- look-ups of the sign-up and reset forms ---------- */

export async function isPhoneRegistered(phone: string): Promise<boolean> {
  return (await apiRequest(api.phoneExists, { params: { phone } })).exists;
}

export async function isEmailRegistered(email: string): Promise<boolean> {
  return (await apiRequest(api.emailExists, { params: { email } })).exists;
}

/** Whether one account has both; false on any error (spec §8). */
export async function doEmailAndPhoneMatch(email: string, phone: string): Promise<boolean> {
  try {
    return (await apiRequest(api.emailPhoneMatch, { query: { email, phone }, showServerErrorScreen: false })).match;
  } catch {
    return false;
  }
}

/* ---------- the signed-in person's own account ---------- */

export const userQueryKey = (id: string) => queryKeyOf(api.profile, { id });

/** The person's own profile, read afresh on every visit (spec §7 "no cache"). */
export function useUserProfile(id: string) {
  return useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => apiRequest(api.profile, { params: { id }, signal }),
    enabled: id !== '',
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The header's copy of the profile: read when the app starts and again when the person comes back to the tab, so a
 * name or picture changed on another device or tab replaces the one remembered in this browser.
 */
export function useHeaderProfile(id: string) {
  return useQuery({
    // The same entry as the profile page's, so visiting /infouser/ refreshes the header too.
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => apiRequest(api.profile, { params: { id }, signal, showServerErrorScreen: false }),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** Phone and e-mail are not part of it (changing them needs a new code). */
export function updateUser(id: string, body: UpdateUserBody): Promise<UserProfile> {
  return apiRequest(api.updateProfile, { params: { id }, body });
}

/** Multipart field `file`: 413 AVATAR_TOO_LARGE, 415 AVATAR_NOT_IMAGE. Resolves the new URL. */
export async function uploadAvatar(userId: string, image: Blob): Promise<string | null> {
  const body = new FormData();
  body.append('file', image, 'avatar.jpg');
  return (await apiRequest(api.uploadAvatar, { params: { userId }, body })).urlImage;
}

export async function deleteAvatar(userId: string): Promise<void> {
  await apiRequest(api.deleteAvatar, { params: { userId } });
}

/* ---------- notifications (issue 12) ---------- */

/** How, and in which language, the person is told of changes to their bookings. */
export function useNotificationPreferences(userId: string) {
  return useQuery(endpointQuery(api.notificationPreferences, { params: { userId } }));
}

/** At least one channel; none answers 400 NOTIFICATION_CHANNEL_REQUIRED. */
export function saveNotificationPreferences(userId: string, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  return apiRequest(api.updateNotificationPreferences, { params: { userId }, body });
}
