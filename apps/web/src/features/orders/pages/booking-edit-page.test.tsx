import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { bookedOrder } from '../../../test/orders.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { freeMonth, hourTexts } from '../../../test/orders-slots.ts';

const basics = {
  [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
  '/api/specialties': ok([{ id: 2, code: 'cardiology', name: 'Tim mạch' }]),
  '/api/exam-types': ok([{ id: 5, code: 'teleconsult', name: 'Tư vấn trực tuyến', mode: 'online', slotMinutes: 30 }]),
  '/api/doctors': ok([]),
};

beforeEach(() => {
  // Only the clock is fake: today is Monday 04/05/2026 in Vietnam.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-04T03:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

const verifiedOnline = { ...bookedOrder, status: 3 as const, meetingLink: 'https://meet.rhc.vn/abc' };
const orderPath = `/api/order/${bookedOrder.id}`;
const freeTimePath = `/api/user-freetime-in-month-online/${bookedOrder.doctor?.id ?? ''}`;

describe('editing an online booking', { timeout: 30_000 }, () => {
  it('lists the hours in time order, and saves only after a confirmation naming old → new and the new confirmation', async () => {
    const fetchMock = mockApi({
      ...basics,
      [`/api/order/detail/${bookedOrder.id}`]: ok(verifiedOnline),
      [freeTimePath]: ok(freeMonth({ '2026-05-14': ['08:30', '10:00'] })),
      [orderPath]: ok({ ...verifiedOnline, status: 0, meetingLink: null, checkHour: '10:00' }),
    });
    logInAs(patient);
    const { user } = renderApp(`/healthcareeditonline/${bookedOrder.id}`);

    expect(await screen.findByRole('link', { name: 'Hủy thay đổi' })).toHaveAttribute('href', `/all-orders/${bookedOrder.id}`);
    const hours = await screen.findByRole('radiogroup', { name: 'Giờ khám' });
    // The booking's own hour (held by it, so not free) sits in its place, not first.
    await waitFor(() => expect(hourTexts(hours)).toEqual(['08:30', '09:00', '10:00']));
    expect(within(hours).getByRole('radio', { name: '09:00' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(hours).getByRole('radio', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    const dialog = await findDialog('Xác nhận thay đổi lịch hẹn');
    expect(within(dialog).getByTestId('edit-changes')).toHaveTextContent('Thời gian: 09:00 14/05/2026 → 10:00 14/05/2026');
    // The dialog fades in: its text is visible once the transition ends.
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          'Lịch hẹn này đã được bác sĩ xác nhận. Sau khi đổi, lịch hẹn sẽ chờ bác sĩ xác nhận lại và đường dẫn cuộc gọi sẽ thay đổi.',
        ),
      ).toBeVisible(),
    );
    const puts = () => fetchMock.mock.calls.filter(([input, init]) => String(input) === orderPath && init?.method === 'PUT');
    expect(puts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toMatchObject({ checkDay: '2026-05-14', checkHour: '10:00' });
    expect(await screen.findByText(/lịch hẹn cần được bác sĩ xác nhận lại/)).toBeVisible();
  });

  it("keeps the booking's own day and hour on offer when they were the day's last free time, after another day too", async () => {
    mockApi({
      ...basics,
      [`/api/order/detail/${bookedOrder.id}`]: ok(verifiedOnline),
      // The booking holds 09:00 on the 14th, that day's only time: nothing else is free that day.
      [freeTimePath]: ok(freeMonth({ '2026-05-15': ['08:30'] })),
    });
    logInAs(patient);
    const { user } = renderApp(`/healthcareeditonline/${bookedOrder.id}`);

    const ownDay = await screen.findByRole('button', { name: '14 tháng 5 2026' });
    await waitFor(() => expect(screen.getByRole('button', { name: '15 tháng 5 2026' })).not.toHaveAttribute('aria-disabled'));
    // Chosen and pickable, not chosen and refused at once.
    expect(ownDay).toHaveAttribute('aria-pressed', 'true');
    expect(ownDay).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: '13 tháng 5 2026' })).toHaveAttribute('aria-disabled', 'true');
    const hours = () => screen.getByRole('radiogroup', { name: 'Giờ khám' });
    expect(within(hours()).getByRole('radio', { name: '09:00' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('button', { name: '15 tháng 5 2026' }));
    expect(hourTexts(hours())).toEqual(['08:30']);

    await user.click(screen.getByRole('button', { name: '14 tháng 5 2026' }));
    expect(hourTexts(hours())).toEqual(['09:00']);
  });

  it('past the cut-off, says to call the clinic instead of showing the form', async () => {
    mockApi({
      ...basics,
      [`/api/order/detail/${bookedOrder.id}`]: ok({ ...bookedOrder, actions: { ...bookedOrder.actions, edit: false, cancel: false } }),
    });
    logInAs(patient);
    renderApp(`/healthcareeditonline/${bookedOrder.id}`);

    expect(await screen.findByText(/Đã quá hạn đổi\/hủy trực tuyến/)).toBeVisible();
    expect(screen.getByRole('link', { name: '02838221234' })).toHaveAttribute('href', 'tel:02838221234');
    expect(screen.queryByRole('button', { name: 'Lưu thay đổi' })).not.toBeInTheDocument();
  });

  it('refuses a cancelled booking with a notice instead of the form', async () => {
    mockApi({
      ...basics,
      [`/api/order/detail/${bookedOrder.id}`]: ok({
        ...bookedOrder,
        status: 2,
        actions: { edit: false, cancel: false, verify: false, complete: false, delete: true },
      }),
    });
    logInAs(patient);
    renderApp(`/healthcareeditonline/${bookedOrder.id}`);

    expect(await screen.findByText('Lịch khám này đã hoàn thành hoặc đã bị hủy nên không thể thay đổi nữa.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Quay lại danh sách lịch khám' })).toHaveAttribute('href', '/applicationlist/');
    expect(screen.queryByRole('button', { name: 'Lưu thay đổi' })).not.toBeInTheDocument();
  });

  it('says the booking was not found for an address that names none, as the detail page does (issue 54 item 19)', async () => {
    mockApi({
      ...basics,
      '/api/order/detail/999999': fail(400, 'VALIDATION_FAILED', 'Một số thông tin gửi lên chưa hợp lệ', [
        { field: 'params.id', code: 'invalid_format', message: 'Giá trị không hợp lệ.' },
      ]),
    });
    logInAs(patient);
    renderApp('/healthcareedit/999999');

    expect(await screen.findByRole('heading', { name: 'Không tìm thấy lịch hẹn' })).toBeVisible();
    expect(screen.queryByText('Một số thông tin gửi lên chưa hợp lệ')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quay lại danh sách lịch khám' })).toHaveAttribute('href', '/applicationlist/');
  });

  it('shows the form prefilled with the booking that may still change', async () => {
    mockApi({ ...basics, [`/api/order/detail/${bookedOrder.id}`]: ok(bookedOrder) });
    logInAs(patient);
    renderApp(`/healthcareeditonline/${bookedOrder.id}`);

    expect(await screen.findByLabelText(fieldLabel('Họ và tên'))).toHaveValue('Trần Văn Hùng');
    expect(screen.getByLabelText(fieldLabel('Ngày sinh'))).toHaveValue('21/03/1958');
    expect(screen.getByLabelText(fieldLabel('Lý do khám'))).toHaveValue(bookedOrder.reasonForExamination);
    expect(screen.getByText('Lưu thay đổi')).toBeVisible();
  });
});
