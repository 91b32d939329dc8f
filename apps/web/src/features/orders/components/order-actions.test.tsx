import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs } from '../../../test/auth.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder } from '../../../test/orders.ts';

const doctorActions = { edit: true, cancel: true, verify: true, complete: true, delete: true };
const online = makeOrder({ mode: 'online', workUnit: null, actions: doctorActions });
const detailPath = `/api/order/detail/${online.id}`;
const verifyPath = `/api/order/verify/${doctor.userId}/${online.id}`;

async function confirmOnline() {
  const { user } = renderApp(`/all-orders/${online.id}`);
  await screen.findByText('Chờ xác nhận');
  await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
  const dialog = await findDialog('Xác nhận lịch hẹn');
  await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
  return { user, dialog };
}

describe("the doctor's confirmation of an online booking (issue 17)", { timeout: 20_000 }, () => {
  it('without a licence number: says why in the dialog and links to the profile to add it', async () => {
    const message = 'Vui lòng thêm số chứng chỉ hành nghề vào hồ sơ trước khi ghi chẩn đoán, kê đơn hoặc xác nhận lịch khám trực tuyến.';
    mockApi({ [detailPath]: ok(online), [verifyPath]: fail(403, 'DOCTOR_LICENCE_REQUIRED', message) });
    logInAs(doctor);
    const { dialog } = await confirmOnline();

    const refusal = await within(dialog).findByTestId('writer-refusal');
    expect(refusal).toHaveTextContent(message);
    expect(within(refusal).getByRole('link', { name: 'Thêm số chứng chỉ hành nghề tại trang cá nhân' })).toHaveAttribute(
      'href',
      '/infouser/#licence',
    );
    // Still open and still pending: nothing was confirmed.
    expect(screen.getByRole('dialog', { name: 'Xác nhận lịch hẹn' })).toBeVisible();
  });

  it('not verified: says so, with no link (only the clinic verifies a doctor)', async () => {
    mockApi({ [detailPath]: ok(online), [verifyPath]: fail(403, 'DOCTOR_NOT_VERIFIED', 'Bác sĩ chưa được xác minh.') });
    logInAs(doctor);
    const { dialog } = await confirmOnline();

    const refusal = await within(dialog).findByTestId('writer-refusal');
    expect(refusal).toHaveTextContent('Bác sĩ chưa được xác minh.');
    expect(within(refusal).queryByRole('link')).not.toBeInTheDocument();
  });
});
