import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { bodiesOf } from '../../../test/page-harness.ts';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { patient, setSessionCookie } from '../../../test/auth.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { renderApp } from '../../../test/render-app.tsx';

/* The login's second step (issue 53, decision 054), on the login page once the password was right. */

const ticket = 'Tk'.repeat(20);
const challenge = {
  twoStep: {
    ticket,
    channels: [
      { channel: 'sms', to: '•••• •• 567' },
      { channel: 'email', to: 'l***@demo.rhc.vn' },
    ],
    expiresAt: '2026-05-04T08:25:00.000Z',
  },
};
const loginAnswer = { accessToken: 'a'.repeat(43), expiresAt: '2026-05-04T08:15:00.000Z', user: patient };

/** POST /api/login/second-step as the server answers it: a right code (or recovery code) opens the session. */
function secondStepServer({ init }: { init: RequestInit | undefined }) {
  const body = JSON.parse(String(init?.body)) as { code?: string; recoveryCode?: string };
  if (body.code === '123456' || body.recoveryCode === 'ACDEF-GHJKM') {
    setSessionCookie();
    return ok(loginAnswer);
  }
  return fail(400, 'TWO_STEP_CODE_WRONG', 'Mã không đúng. Còn 4 lần thử.');
}

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(fieldLabel('Số điện thoại')), '0901234567');
  await user.type(screen.getByLabelText(fieldLabel('Mật khẩu')), 'Benhnhan123');
  await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
}

function replies() {
  return {
    '/api/login': ok(challenge),
    '/api/login/second-step/code': ok({ verificationId: '3b2f0c1e-7d4a-4f5b-9c8d-2e1f0a9b8c7d', expiresAt: '2026-05-04T08:20:00.000Z' }),
    '/api/login/second-step': secondStepServer,
    ['/api/dashboard/' + patient.userId]: ok({ countInvites: 0 }),
  };
}

describe('the second step of a two-step login', () => {
  it('asks for a code by the chosen channel; a wrong one says the tries left; the right one logs in and trusts the device', async () => {
    const fetchMock = mockApi(replies());
    const { user, history } = renderApp('/login/');
    await logIn(user);

    expect(await screen.findByRole('heading', { name: 'Xác minh đăng nhập' })).toBeVisible();
    // No session yet: the person is not logged in.
    expect(useAuthStore.getState().user).toBeNull();
    expect(screen.getByRole('radio', { name: 'Tin nhắn SMS: •••• •• 567' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Email: l***@demo.rhc.vn' }));
    // The primary action comes first and takes the width; the other ways below it.
    const buttons = screen.getAllByRole('button').filter((button) => button.closest('main'));
    expect(buttons.map((button) => button.textContent)).toEqual(['Gửi mã xác thực', 'Dùng mã khôi phục', 'Quay lại']);
    await expectNoSeriousAxeViolations();
    await user.click(screen.getByRole('checkbox', { name: 'Tin cậy thiết bị này (không hỏi mã trong 1 năm)' }));
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác thực' }));
    expect(bodiesOf(fetchMock, 'POST', '/api/login/second-step/code')).toEqual([{ ticket, channel: 'email' }]);
    expect(await screen.findByText('Mã gồm 6 chữ số đã được gửi đến l***@demo.rhc.vn.')).toBeVisible();

    const code = screen.getByLabelText(fieldLabel('Mã xác thực'));
    await user.type(code, '000000{Enter}');
    expect(await screen.findByText('Mã không đúng. Còn 4 lần thử.')).toBeVisible();
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    expect(await screen.findByRole('button', { name: `Menu tài khoản của ${patient.fullName}` })).toBeVisible();
    expect(history.location.pathname).toBe('/');
    expect(useAuthStore.getState().user).toEqual(patient);
    expect(bodiesOf(fetchMock, 'POST', '/api/login/second-step')).toEqual([
      { ticket, code: '000000', trustDevice: true },
      { ticket, code: '123456', trustDevice: true },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const fetchMock = mockApi(replies());
    const { user, history } = renderApp('/login/');
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Dùng mã khôi phục' }));
    const field = screen.getByLabelText(fieldLabel('Mã khôi phục'));
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Đăng nhập', 'Nhận mã qua SMS hoặc email', 'Quay lại']);
    await user.type(field, 'KKKKK-MMMMM{Enter}');
    expect(await screen.findByText('Mã không đúng. Còn 4 lần thử.')).toBeVisible();
    await expectNoSeriousAxeViolations();
    await user.clear(field);
    await user.type(field, 'ACDEF-GHJKM');
    await user.click(within(main).getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByRole('button', { name: `Menu tài khoản của ${patient.fullName}` })).toBeVisible();
    expect(history.location.pathname).toBe('/');
    expect(bodiesOf(fetchMock, 'POST', '/api/login/second-step')).toEqual([
      { ticket, recoveryCode: 'KKKKK-MMMMM', trustDevice: false },
      { ticket, recoveryCode: 'ACDEF-GHJKM', trustDevice: false },
    ]);
  });

  it('"Quay lại" returns to the password form', async () => {
    mockApi(replies());
    const { user } = renderApp('/login/');
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Quay lại' }));
    expect(await screen.findByLabelText(fieldLabel('Mật khẩu'))).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Xác minh đăng nhập' })).toBeNull();
  });
});
