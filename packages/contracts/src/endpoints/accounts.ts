import { z } from 'zod';
import {
  AvatarSchema,
  ChangePasswordBodySchema,
  CheckTokenBodySchema,
  CheckTokenResultSchema,
  DashboardSchema,
  EmailSchema,
  ExistsSchema,
  LoginBodySchema,
  LoginResultSchema,
  MatchSchema,
  OtpSentSchema,
  PhoneSchema,
  ResetPasswordBodySchema,
  SendEmailOtpBodySchema,
  SendSmsOtpBodySchema,
  SignupBodySchema,
  UpdateUserBodySchema,
  UserIdParamSchema,
  UserIdParamsSchema,
  UserInfoSchema,
  UserInformationSchema,
  UserProfileSchema,
  VerifyOtpBodySchema,
  VerifyOtpResultSchema,
} from '../accounts.ts';
import { defineEndpoints, endpointPath } from '../endpoint.ts';

export const accountsEndpoints = defineEndpoints('accounts', {
  /* ---------- codes ---------- */
  sendSmsOtp: {
    method: 'POST',
    path: '/otp/saveVerificationIdToDb',
    summary: 'Send a 6-digit code by SMS',
    auth: false,
    body: SendSmsOtpBodySchema,
    response: OtpSentSchema,
  },
  sendEmailOtp: {
    method: 'POST',
    path: '/otp/send-email',
    summary: 'Send a 6-digit password-reset code by e-mail (a sign-up needs an SMS code)',
    auth: false,
    body: SendEmailOtpBodySchema,
    response: OtpSentSchema,
  },
  verifyOtp: {
    method: 'POST',
    path: '/otp/verify',
    summary: 'Check a code',
    auth: false,
    body: VerifyOtpBodySchema,
    response: VerifyOtpResultSchema,
  },

  /* ---------- sign-up, login, sessions ---------- */
  signup: {
    method: 'POST',
    path: '/signup',
    summary: 'Create an account with a verified code',
    auth: false,
    body: SignupBodySchema,
    response: UserInfoSchema,
    status: 201,
  },
  login: {
    method: 'POST',
    path: '/login',
    summary: 'Log in with phone and password',
    auth: false,
    body: LoginBodySchema,
    response: LoginResultSchema,
  },
  logout: {
    method: 'POST',
    path: '/logout-page',
    summary: 'End this session',
    auth: true,
    response: z.null(),
  },
  refresh: {
    method: 'POST',
    path: '/checktoken/:userId',
    summary: 'Exchange the refresh token (body or cookie) for a new access and refresh token',
    auth: false,
    params: UserIdParamSchema,
    body: CheckTokenBodySchema.nullish(),
    response: CheckTokenResultSchema,
  },

  /* ---------- look-ups of the sign-up and reset forms ---------- */
  phoneExists: {
    method: 'GET',
    path: '/user-phone/:phone',
    summary: 'Is this phone registered? (limited per IP address)',
    auth: false,
    params: z.object({ phone: PhoneSchema }),
    response: ExistsSchema,
  },
  emailExists: {
    method: 'GET',
    path: '/check-email-exists/:email',
    summary: 'Is this e-mail used? (limited per IP address)',
    auth: false,
    params: z.object({ email: EmailSchema }),
    response: ExistsSchema,
  },
  emailPhoneMatch: {
    method: 'GET',
    path: '/check-email-phone-match',
    summary: 'Do this e-mail and phone belong to one account? (limited per IP address)',
    auth: false,
    query: z.object({ email: EmailSchema, phone: PhoneSchema }),
    response: MatchSchema,
  },
  resetPassword: {
    method: 'PUT',
    path: '/user-reset-password',
    summary: 'Set a new password with a verified reset code',
    auth: false,
    body: ResetPasswordBodySchema,
    response: z.null(),
  },

  /* ---------- the signed-in person's own account ---------- */
  profile: {
    method: 'GET',
    path: '/user/:id',
    summary: 'My profile',
    auth: true,
    params: UserIdParamsSchema,
    response: UserProfileSchema,
  },
  updateProfile: {
    method: 'PUT',
    path: '/user/:id',
    summary: 'Change my profile',
    auth: true,
    params: UserIdParamsSchema,
    body: UpdateUserBodySchema,
    response: UserProfileSchema,
  },
  information: {
    method: 'GET',
    path: '/user-information/:id',
    summary: 'My information (the spec reads data.data)',
    auth: true,
    params: UserIdParamsSchema,
    response: UserInformationSchema,
  },
  changePassword: {
    method: 'PUT',
    path: '/user-password/:id',
    summary: 'Change my password (ends my other sessions)',
    auth: true,
    params: UserIdParamsSchema,
    body: ChangePasswordBodySchema,
    response: z.null(),
  },
  dashboard: {
    method: 'GET',
    path: '/dashboard/:userId',
    summary: 'Counts for the header bell',
    auth: true,
    params: UserIdParamSchema,
    response: DashboardSchema,
  },

  /* ---------- avatar ---------- */
  uploadAvatar: {
    method: 'POST',
    path: '/user-avatar/:userId',
    summary: 'Upload my avatar (multipart field "file"; JPEG, PNG or WebP, at most 4 MB)',
    auth: true,
    params: UserIdParamSchema,
    consumes: 'multipart/form-data',
    response: AvatarSchema,
  },
  deleteAvatar: {
    method: 'PUT',
    path: '/user-delete-avatar/:userId',
    summary: 'Remove my avatar',
    auth: true,
    params: UserIdParamSchema,
    response: AvatarSchema,
  },
  avatar: {
    method: 'GET',
    path: '/user-avatar/:userId',
    summary: 'My avatar image',
    auth: true,
    params: UserIdParamSchema,
    produces: 'image/*',
    response: z.string().describe('JPEG, PNG or WebP image'),
  },
});

/** The address of a person's avatar; it carries a piece of the picture's key, so a new picture is a new URL (spec §9: cached 7 days). */
export function avatarUrl(userId: string, key: string | null): string | null {
  return key ? `${endpointPath(accountsEndpoints.avatar, { userId })}?v=${key.slice(-8)}` : null;
}
