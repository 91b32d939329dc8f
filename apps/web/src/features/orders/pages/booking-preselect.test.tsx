import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { freeMonth, hourTexts } from '../../../test/orders-slots.ts';
import { doctorCard, examTypes, specialties } from './booking-fixtures.ts';
import { emptyBookingValues, withPreselection } from '../booking-values.ts';

const free = freeMonth({ '2026-05-14': ['09:00', '09:30'] });

beforeEach(() => {
  // Today is Monday 04/05/2026 in Vietnam.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-04T03:00:00.000Z'));
  useBookingStore.getState().reset();
});
afterEach(() => vi.useRealTimers());

describe('withPreselection', () => {
  const today = '2026-05-04';
  it('takes the doctor, specialty and a coming day of a link, never an hour', () => {
    const search = new URLSearchParams({ doctor: doctorCard.id, specialty: '2', day: '2026-05-14' });
    expect(withPreselection({ ...emptyBookingValues, checkHour: '08:00' }, search, today)).toMatchObject({
      doctorId: doctorCard.id,
      specialtyId: '2',
      checkDay: '2026-05-14',
      checkHour: null,
      examTypeId: null,
    });
  });

  it('ignores a link without a valid doctor, and a past or malformed day', () => {
    expect(withPreselection(emptyBookingValues, new URLSearchParams({ doctor: 'x', day: '2026-05-14' }), today)).toBe(emptyBookingValues);
    const past = withPreselection(emptyBookingValues, new URLSearchParams({ doctor: doctorCard.id, day: '2026-05-01' }), today);
    expect(past.checkDay).toBeNull();
    const malformed = withPreselection(emptyBookingValues, new URLSearchParams({ doctor: doctorCard.id, day: '14/05/2026' }), today);
    expect(malformed.checkDay).toBeNull();
  });
});

describe('the booking page with a doctor and day chosen by a link (the re-examination, issue 17)', { timeout: 60_000 }, () => {
  it('opens with the specialty, the doctor and the day chosen, and the free hours of that day', async () => {
    mockApi({
      [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
      '/api/specialties': ok(specialties),
      '/api/exam-types': ok(examTypes),
      '/api/doctors': ok([doctorCard]),
      [`/api/user-freetime-in-month-online/${doctorCard.id}`]: ok(free),
    });
    logInAs(patient);
    renderApp(`/healthcare-online/?doctor=${doctorCard.id}&specialty=2&day=2026-05-14`);

    const specialty = await screen.findByRole('combobox', { name: fieldLabel('Chuyên khoa') });
    await waitFor(() => expect(specialty).toHaveValue('Tim mạch'));
    expect(await screen.findByLabelText('Phạm Minh Đức, Thạc sĩ')).toBeChecked();
    const hours = await screen.findByRole('radiogroup', { name: 'Giờ khám' });
    expect(hourTexts(hours)).toEqual(['09:00', '09:30']);
  });
});
