import type { UserInfo } from '@rhc/contracts';
import { SESSION_COOKIE, useAuthStore } from '../stores/auth-store.ts';

/** The demo patient of the seed data, as POST /api/login answers it. */
export const patient: UserInfo = {
  id: '6f1c2a4e-8b1d-4c3e-9a57-0d2f4b6e8a10',
  userId: '6f1c2a4e-8b1d-4c3e-9a57-0d2f4b6e8a10',
  fullName: 'Nguyễn Thị Lan',
  urlImage: null,
  jobId: 3,
  dateOfBirth: '1990-05-12',
  phone: '0901234567',
};

/** The demo doctor (jobId 1). */
export const doctor: UserInfo = {
  id: '0b7e3f5a-2c4d-4e6f-8a9b-1c2d3e4f5a6b',
  userId: '0b7e3f5a-2c4d-4e6f-8a9b-1c2d3e4f5a6b',
  fullName: 'Trần Văn Minh',
  urlImage: null,
  jobId: 1,
  dateOfBirth: '1980-01-20',
  phone: '0987654321',
};

/** The browser state after a login: the readable session cookie the server sets, and the login state. */
export function logInAs(user: UserInfo = patient): void {
  setSessionCookie();
  useAuthStore.getState().logIn(user);
}

export function setSessionCookie(): void {
  document.cookie = `${SESSION_COOKIE}=1; path=/`;
}

export function clearSessionCookie(): void {
  document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
}
