import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { bodiesOf, openPage, signedInReplies } from '../../../test/page-harness.ts';
import { accountProfile } from '../../../test/profiles.ts';

/*
 * Step-up (decision 051): a change answered 403 STEP_UP_REQUIRED opens a dialog to prove the session with a code (SMS or
 * e-mail, the masked destinations the server named), then the change goes again once; cancelling leaves the form as it
 * was. Shown here on the account page's password change; every change goes through the same client.
 */

const passwordPath = `/api/user-password/${patient.userId}`;
const channels = [
  { channel: 'sms', to: '•••• •• 567' },
  { channel: 'email', to: 'l***@demo.rhc.vn' },
];
const stepUpRequired = () => ({
  ...fail(
    403,
    'STEP_UP_REQUIRED',
    'Để bảo vệ tài khoản, vui lòng xác nhận lại bằng mã gửi qua SMS hoặc email trước khi thực hiện thao tác này.',
  ),
  body: {
    status: 403,
    code: 'STEP_UP_REQUIRED',
    message: 'Để bảo vệ tài khoản, vui lòng xác nhận lại bằng mã gửi qua SMS hoặc email trước khi thực hiện thao tác này.',
    channels,
  },
});

function openAccount(passwordReply: () => unknown) {
  return openPage('/infouser/', {
    ...signedInReplies(),
    [`/api/user/${patient.userId}`]: ok(accountProfile),
    [passwordPath]: passwordReply as never,
    '/api/step-up/code': ok({ verificationId: '3b2f0c1e-7d4a-4f5b-9c8d-2e1f0a9b8c7d', expiresAt: '2026-11-24T03:05:00.000Z' }),
    '/api/step-up/verify': ({ init }) =>
      JSON.parse(String(init?.body)).code === '123456' ? ok({ isValid: true, attemptsLeft: 5 }) : ok({ isValid: false, attemptsLeft: 4 }),
  });
}

async function submitPasswordChange(user: ReturnType<typeof openPage>['user']) {
  await user.type(await screen.findByLabelText(fieldLabel('Mật khẩu hiện tại')), 'Benhnhan123');
  await user.type(screen.getByLabelText(fieldLabel('Mật khẩu mới')), 'Benhnhan456');
  await user.type(screen.getByLabelText(fieldLabel('Nhập lại mật khẩu')), 'Benhnhan456');
  await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
}

describe('step-up dialog', () => {
  it('asks for a code by the chosen channel, and once it is right sends the change again', async () => {
    let calls = 0;
    const { user, fetchMock } = openAccount(() => (++calls === 1 ? stepUpRequired() : ok(null)));
    await submitPasswordChange(user);

    const dialog = await findDialog('Xác nhận đó là bạn');
    // The account's own destinations, masked; SMS first.
    expect(within(dialog).getByRole('radio', { name: 'Tin nhắn SMS: •••• •• 567' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Email: l***@demo.rhc.vn' }));
    await expectNoSeriousAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Gửi mã xác thực' }));
    expect(bodiesOf(fetchMock, 'POST', '/api/step-up/code')).toEqual([{ channel: 'email' }]);
    expect(await within(dialog).findByText('Mã gồm 6 chữ số đã được gửi đến l***@demo.rhc.vn.')).toBeVisible();

    const code = within(dialog).getByLabelText(fieldLabel('Mã xác thực'));
    await user.type(code, '000000{Enter}');
    expect(await within(dialog).findByText('Mã xác thực không đúng. Còn 4 lần thử.')).toBeVisible();
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    expect(await screen.findByText('Đổi mật khẩu thành công.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(fetchMock, 'POST', '/api/step-up/verify')).toEqual([{ code: '000000' }, { code: '123456' }]);
    // The same change, sent twice: refused, then accepted.
    expect(bodiesOf(fetchMock, 'PUT', passwordPath)).toHaveLength(2);
  });

  it('cancel closes the dialog and leaves the form as it was, the change not sent again', async () => {
    const { user, fetchMock } = openAccount(stepUpRequired);
    await submitPasswordChange(user);
    const dialog = await findDialog('Xác nhận đó là bạn');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(fieldLabel('Mật khẩu hiện tại'))).toHaveValue('Benhnhan123');
    expect(screen.getByLabelText(fieldLabel('Mật khẩu mới'))).toHaveValue('Benhnhan456');
    expect(bodiesOf(fetchMock, 'PUT', passwordPath)).toHaveLength(1);
    expect(bodiesOf(fetchMock, 'POST', '/api/step-up/code')).toEqual([]);
  });

  it('says so when the account has nowhere to send a code', async () => {
    const { user } = openAccount(() => ({ ...stepUpRequired(), body: { ...stepUpRequired().body, channels: [] } }));
    await submitPasswordChange(user);
    const dialog = await findDialog('Xác nhận đó là bạn');
    expect(within(dialog).getByText(/chưa có số điện thoại đã xác minh hoặc email/)).toBeVisible();
  });
});
