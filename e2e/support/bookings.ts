import type { APIRequestContext } from '@playwright/test';
import { vietnamDay } from '@rhc/domain';
import type { Language } from './sessions.ts';
import { expect } from './test.ts';

/** What POST /api/order/:userId takes: a booking with a doctor, for oneself or (isFamily) for a kept profile. */
export interface BookingRequest {
  mode: 'online' | 'direct';
  specialtyId: number;
  examTypeId: number;
  doctorId: string | undefined;
  checkDay: string;
  checkHour: string;
  reasonForExamination: string;
  isFamily?: boolean;
  profileId?: string;
}

/**
 * Books through the API as `who` (a session of `logInByApi`), with a fresh idempotency key, in `language` when given,
 * and expects it made (201): the booking's id and codes.
 */
export async function bookByApi(
  request: APIRequestContext,
  who: { authorization: string; userId: string },
  data: BookingRequest,
  language?: Language,
): Promise<{ id: string; code: string; secureCode: string }> {
  const booked = await request.post(`/api/order/${who.userId}`, {
    headers: {
      authorization: who.authorization,
      'idempotency-key': crypto.randomUUID(),
      ...(language ? { 'accept-language': language } : {}),
    },
    data,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return (await booked.json()).data as { id: string; code: string; secureCode: string };
}

/** The exam type of an online consultation (the demo catalogue's). */
export const ONLINE_CONSULTATION = 4;

/** Books an online consultation with `doctor` (a session of `logInByApi`) through the API as `patient`: see bookByApi. */
export async function bookOnlineConsultationByApi(
  request: APIRequestContext,
  patient: { authorization: string; userId: string },
  doctor: { userId: string },
  booking: { specialtyId: number; checkDay: string; checkHour: string; reasonForExamination: string },
  language?: Language,
): Promise<{ id: string; code: string; secureCode: string }> {
  const { specialtyId, checkDay, checkHour, reasonForExamination } = booking;
  return bookByApi(
    request,
    patient,
    { mode: 'online', specialtyId, examTypeId: ONLINE_CONSULTATION, doctorId: doctor.userId, checkDay, checkHour, reasonForExamination },
    language,
  );
}

/** The n-th weekday (Monday–Friday) after today in Vietnam, as YYYY-MM-DD. */
export function weekdayAfter(n: number): string {
  let day = vietnamDay(new Date());
  for (let found = 0; found < n;) {
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) found += 1;
  }
  return day;
}

/** The card of the demo doctor `fullName` among those of `specialtyId` seeing people in person (GET /api/doctors). */
export async function directDoctorNamed(
  request: APIRequestContext,
  session: { authorization: string },
  specialtyId: number,
  fullName: string,
): Promise<{ id: string; fullName: string } | undefined> {
  const doctors = (
    await (
      await request.get(`/api/doctors?specialtyId=${specialtyId}&mode=direct`, { headers: { authorization: session.authorization } })
    ).json()
  ).data as { id: string; fullName: string }[];
  const doctor = doctors.find((card) => card.fullName === fullName);
  expect(doctor).toBeDefined();
  return doctor;
}
