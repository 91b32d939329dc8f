import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { clinicalOrder, ORDER_ID } from './fixtures.ts';

const NEW_ID = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e';
const bookPath = `/api/order/doctor/${doctor.userId}`;
const freePath = `/api/user-freetime-in-month/${doctor.userId}`;
const pagePath = `/healthcaredoctoredit/new/${patient.userId}/${doctor.userId}?from=${ORDER_ID}&day=2026-12-02`;

const source = clinicalOrder({ status: 1, profileId: patient.userId });

const EXAM_TYPES = [
  { id: 1, code: 'first_visit', name: 'Khám lần đầu', mode: 'direct', slotMinutes: 30 },
  { id: 2, code: 'follow_up', name: 'Tái khám', mode: 'direct', slotMinutes: 30 },
];
const clinic = { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh' };
const FREE = {
  days: [
    {
      day: '2026-12-02',
      slots: [
        { hour: '08:00', clinicId: clinic.id },
        { hour: '08:30', clinicId: clinic.id },
      ],
    },
    { day: '2026-12-03', slots: [{ hour: '10:00', clinicId: clinic.id }] },
  ],
  holidays: [],
  clinics: [clinic],
};

function posts(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === 'POST',
  );
}

describe('the doctor books for a patient (/healthcaredoctoredit/new/:patientId/:doctorId)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T03:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the patient, preselects the re-exam day, books a free hour with the reason prefilled, and opens the new order', async () => {
    const fetchMock = mockApi({
      [`/api/order/detail/${ORDER_ID}`]: ok(source),
      '/api/exam-types': ok(EXAM_TYPES),
      [freePath]: ok(FREE),
      [bookPath]: ok({ ...source, id: NEW_ID, kind: 2, status: 3, checkDay: '2026-12-02', checkHour: '08:30' }, 201),
      [`/api/order/detail/${NEW_ID}`]: ok({ ...source, id: NEW_ID, kind: 2, status: 3, checkDay: '2026-12-02', checkHour: '08:30' }),
    });
    logInAs(doctor);
    const { user } = renderApp(pagePath);

    expect(await screen.findByRole('heading', { level: 1, name: 'Đặt lịch tái khám cho bệnh nhân' })).toBeVisible();
    expect(await screen.findByText('Nguyễn Thị Lan')).toBeVisible();
    expect(screen.getByText('Từ lịch khám RHC-261125-0001 ngày 25-11-2026')).toBeVisible();
    // The re-exam day is chosen, its free hours offered; the follow-up visit is the kind asked for.
    expect(await screen.findByRole('button', { name: '08:30' })).toBeVisible();
    const chosen = screen.getByRole('button', { name: '2', pressed: true });
    expect(chosen).toHaveAccessibleDescription('2 giờ trống');
    await waitFor(() =>
      expect(posts(fetchMock, freePath).map(([, init]) => JSON.parse(String(init?.body)))).toContainEqual({
        month: 12,
        year: 2026,
        examTypeId: 2,
      }),
    );
    expect(screen.getByLabelText(/Lý do khám/)).toHaveValue('Tái khám');

    // No hour yet: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch' }));
    expect(await screen.findByText('Vui lòng chọn một mục.')).toBeVisible();
    expect(posts(fetchMock, bookPath)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '08:30' }));
    expect(screen.getByRole('status')).toHaveTextContent('Đặt lịch khám trực tiếp lúc 08:30 ngày 02/12/2026 cho Nguyễn Thị Lan.');
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch' }));

    expect(await screen.findByText('Đã đặt lịch tái khám cho bệnh nhân.')).toBeVisible();
    const [call] = posts(fetchMock, bookPath);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      fromOrderId: ORDER_ID,
      mode: 'direct',
      examTypeId: 2,
      checkDay: '2026-12-02',
      checkHour: '08:30',
      reasonForExamination: 'Tái khám',
      note: '',
    });
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes(`/api/order/detail/${NEW_ID}`))).toBe(true));
  });

  it('reads the free times again when the hour was taken meanwhile, and keeps the page', async () => {
    const fetchMock = mockApi({
      [`/api/order/detail/${ORDER_ID}`]: ok(source),
      '/api/exam-types': ok(EXAM_TYPES),
      [freePath]: ok(FREE),
      [bookPath]: fail(409, 'SLOT_TAKEN', 'Giờ này vừa có người đặt. Vui lòng chọn giờ khác.'),
    });
    logInAs(doctor);
    const { user } = renderApp(pagePath);
    await user.click(await screen.findByRole('button', { name: '08:00' }));
    const before = posts(fetchMock, freePath).length;
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch' }));
    expect(await screen.findByText(/Giờ này vừa có người đặt/)).toBeVisible();
    await waitFor(() => expect(posts(fetchMock, freePath).length).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: '08:00' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is "not found" when the booking is not this doctor’s with this patient', async () => {
    mockApi({ [`/api/order/detail/${ORDER_ID}`]: ok({ ...source, userId: doctor.userId, profileId: doctor.userId }) });
    logInAs(doctor);
    renderApp(pagePath);
    expect(await screen.findByText('Không tìm thấy lịch khám')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Xác nhận đặt lịch' })).not.toBeInTheDocument();
  });

  it('explains that only a confirmed or completed booking can be followed, and does not offer to book', async () => {
    mockApi({
      [`/api/order/detail/${ORDER_ID}`]: ok({ ...source, status: 0 }),
      '/api/exam-types': ok(EXAM_TYPES),
      [freePath]: ok(FREE),
    });
    logInAs(doctor);
    renderApp(pagePath);
    expect(await screen.findByText('Chỉ đặt được lịch từ một lịch khám bạn đã xác nhận hoặc đã hoàn thành.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Xác nhận đặt lịch' })).toBeDisabled();
  });
});
