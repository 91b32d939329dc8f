import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';

const doctorId = '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const clinic = { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, Phường 12, Quận 5, TP. Hồ Chí Minh' };

describe('confirming an in-person booking', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T03:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    useBookingStore.getState().reset();
  });

  it('shows the clinic and its address of the chosen slot before booking', async () => {
    mockApi({
      [`/api/user-freetime-in-month/${doctorId}`]: ok({
        days: [
          {
            day: '2026-05-14',
            slots: [
              { hour: '09:00', clinicId: clinic.id },
              { hour: '09:30', clinicId: clinic.id },
            ],
          },
        ],
        holidays: [],
        clinics: [clinic],
      }),
    });
    logInAs(patient);
    useBookingStore.getState().saveDraft(
      { mode: 'direct', bookingFor: 'self' },
      {
        mode: 'direct',
        isFamily: false,
        specialtyId: 2,
        examTypeId: 1,
        doctorId,
        checkDay: '2026-05-14',
        checkHour: '09:00',
        timeCustome: false,
        reasonForExamination: 'Đau ngực khi gắng sức',
        note: '',
        specialtyName: 'Tim mạch',
        examTypeName: 'Khám tổng quát',
        doctor: { fullName: 'Phạm Minh Đức', degree: 'master', workPlace: 'Bệnh viện Chợ Rẫy', urlImage: null },
      },
    );
    renderApp('/healthcare/confirm/');

    expect(await screen.findByText(`${clinic.name} — ${clinic.address}`)).toBeVisible();
    expect(screen.getByText('Vui lòng đến phòng khám trên trước giờ hẹn khoảng 15 phút.')).toBeVisible();
    expect(screen.queryByText(/sẽ hiển thị sau khi bạn đặt lịch/)).not.toBeInTheDocument();
  });
});
