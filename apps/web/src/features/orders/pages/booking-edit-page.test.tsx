import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { bookedOrder } from '../../../test/orders.ts';
import { renderApp } from '../../../test/render-app.tsx';

const basics = {
  [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
  '/api/specialties': ok([{ id: 2, code: 'cardiology', name: 'Tim mạch' }]),
  '/api/exam-types': ok([{ id: 5, code: 'teleconsult', name: 'Tư vấn trực tuyến', mode: 'online', slotMinutes: 30 }]),
  '/api/doctors': ok([]),
};

describe('editing an online booking', () => {
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
