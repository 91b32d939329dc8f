import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { calledPaths, mockApi, ok } from '../../../test/api-mock.ts';
import { patient, setSessionCookie } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { renderApp } from '../../../test/render-app.tsx';

const verificationId = '3b2f0c1e-7d4a-4f5b-9c8d-2e1f0a9b8c7d';
const workUnits = [
  { id: 1, name: 'Bệnh viện Bạch Mai', address: '78 Giải Phóng, Hà Nội' },
  { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, TP.HCM' },
];

type User = ReturnType<typeof renderApp>['user'];

/** "Khác" (other) is both a gender and a job: the radio of the job group. */
function jobRadio(name: string): HTMLElement {
  return within(screen.getByRole('radiogroup', { name: 'Nghề nghiệp' })).getByRole('radio', { name });
}

async function fillPersonAndPasswords(user: User, { fullName, phone, password, rePassword }: Record<string, string>) {
  await user.type(await screen.findByLabelText(fieldLabel('Họ và tên')), fullName ?? '');
  await user.type(screen.getByLabelText(fieldLabel('Số điện thoại')), phone ?? '');
  await user.type(screen.getByLabelText(fieldLabel('Mật khẩu')), password ?? '');
  await user.type(screen.getByLabelText(fieldLabel('Nhập lại mật khẩu')), rePassword ?? '');
}

/** Every field of a doctor-less sign-up, valid; the job is "Khác" with its note. */
async function fillEveryField(user: User) {
  await fillPersonAndPasswords(user, { fullName: 'Nguyễn Thị Lan', phone: '0912345678', password: 'matkhau123', rePassword: 'matkhau123' });
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'lan@example.com');
  await user.type(screen.getByLabelText(fieldLabel('Địa chỉ')), '12 Lý Thường Kiệt, Hà Nội');
  await user.type(screen.getByLabelText(fieldLabel('Ngày sinh')), '12/05/1990');
  await user.click(jobRadio('Khác'));
  await user.type(screen.getByLabelText(fieldLabel('Mô tả nghề nghiệp')), 'Giáo viên');
}

/** The server's side of a sign-up that succeeds and logs the person in. */
const signupAndLoginReplies = {
  '/api/signup': ok(patient, 201),
  '/api/login': () => {
    setSessionCookie();
    return ok({ accessToken: 'a'.repeat(43), expiresAt: '2026-05-04T08:15:00.000Z', user: patient });
  },
  [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
};

describe('sign-up page', () => {
  it('shows each broken rule of spec §5 at its field, in Vietnamese and then in English', async () => {
    const fetchMock = mockApi({});
    const { user } = renderApp('/register/');
    await fillPersonAndPasswords(user, { fullName: 'Lan 2', phone: '0123', password: 'matkhau123', rePassword: 'matkhau124' });

    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));

    expect(await screen.findByText('Họ tên chỉ gồm chữ cái, không chứa chữ số hoặc ký tự đặc biệt.')).toBeVisible();
    expect(screen.getByText('Vui lòng nhập số điện thoại di động Việt Nam hợp lệ (ví dụ 0912345678).')).toBeVisible();
    expect(screen.getByText('Mật khẩu nhập lại không khớp.')).toBeVisible();
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(fieldLabel('Số điện thoại'))).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Vui lòng xác thực bằng mã chúng tôi gửi.')).toBeVisible();
    expect(calledPaths(fetchMock)).not.toContain('/api/signup');

    await changeLanguage('en');

    expect(await screen.findByText('The name must contain only letters, without digits or special characters.')).toBeVisible();
    expect(screen.getByText('Please enter a valid Vietnamese mobile number (e.g. 0912345678).')).toBeVisible();
    expect(screen.getByText('The passwords do not match.')).toBeVisible();
    expect(screen.getByLabelText(fieldLabel('Full name'))).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets the person choose the code by SMS or by e-mail; by e-mail it says the phone stays unverified', async () => {
    const { user } = renderApp('/register/');
    const bySms = await screen.findByRole('radio', { name: 'Tin nhắn SMS' });
    expect(bySms).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Nhận mã qua' })).toBeVisible();
    expect(screen.queryByText(/Mã qua e-mail chỉ xác thực địa chỉ e-mail/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    expect(screen.getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(screen.getByText(/Mã qua e-mail chỉ xác thực địa chỉ e-mail/)).toBeVisible();
    await changeLanguage('en');
    expect(await screen.findByRole('radio', { name: 'E-mail' })).toBeChecked();
    expect(screen.getByText(/A code by e-mail verifies only the e-mail address/)).toBeVisible();
  });

  it('signs up with a code by e-mail: the code goes to the e-mail and the sign-up names that verification', async () => {
    const fetchMock = mockApi({
      '/api/user-phone/0912345678': ok({ exists: false }),
      '/api/check-email-exists/lan%40example.com': ok({ exists: false }),
      '/api/otp/send-email': ok({ verificationId, expiresAt: '2026-05-04T08:05:00.000Z' }),
      '/api/otp/verify': ok({ isValid: true, attemptsLeft: 4 }),
      ...signupAndLoginReplies,
    });
    const { user, history } = renderApp('/register/');
    await fillEveryField(user);
    await user.click(screen.getByRole('radio', { name: 'Email' }));

    await user.click(screen.getByRole('button', { name: 'Gửi mã xác thực' }));
    expect(await screen.findByText('Mã gồm 6 chữ số đã được gửi đến lan@example.com.')).toBeVisible();
    await user.type(screen.getByLabelText(fieldLabel('Mã xác thực')), '123456');
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Đã xác thực mã.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));

    await screen.findByRole('button', { name: `Menu tài khoản của ${patient.fullName}` });
    expect(history.location.pathname).toBe('/');
    const bodyOf = (path: string) => JSON.parse(String(fetchMock.mock.calls[calledPaths(fetchMock).indexOf(path)]?.[1]?.body));
    expect(bodyOf('/api/otp/send-email')).toEqual({ email: 'lan@example.com', purpose: 'signup' });
    expect(calledPaths(fetchMock)).not.toContain('/api/otp/saveVerificationIdToDb');
    expect(bodyOf('/api/signup')).toMatchObject({ verificationId, phone: '0912345678', email: 'lan@example.com' });
  });

  it('tells the owner of a registered phone how to recover the account, whichever channel is chosen', async () => {
    const fetchMock = mockApi({ '/api/user-phone/0987654321': ok({ exists: true }) });
    const { user } = renderApp('/register/');
    await user.type(await screen.findByLabelText(fieldLabel('Số điện thoại')), '0987654321');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'khac@example.com');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác thực' }));

    expect(await screen.findByText('Số điện thoại này đã được đăng ký.')).toBeVisible();
    expect(screen.getByText(/Nếu đây là số của bạn, hãy lấy lại tài khoản/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Quên mật khẩu' })).toHaveAttribute('href', '/forgetpassword/');
    expect(calledPaths(fetchMock)).not.toContain('/api/otp/send-email');
  });

  it('tags every required field as Mandatory and starts with gender male', async () => {
    renderApp('/register/');

    const name = await screen.findByText('Họ và tên');
    expect(within(name.closest('label') as HTMLElement).getByText('Bắt buộc')).toBeVisible();
    expect(screen.getAllByText('Bắt buộc').length).toBeGreaterThanOrEqual(9);
    expect(screen.getByRole('radio', { name: 'Nam' })).toBeChecked();
    expect(screen.getByLabelText(fieldLabel('Ngày sinh'))).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  });

  it('says why a typed date of birth in the future is not taken, instead of dropping it silently', async () => {
    const { user } = renderApp('/register/');
    const birthday = await screen.findByLabelText(fieldLabel('Ngày sinh'));

    await user.type(birthday, '01/01/2999');
    await user.tab();

    expect(birthday).toHaveAccessibleDescription(/^Ngày này sau \d{2}\/\d{2}\/\d{4}: vui lòng chọn đến \d{2}\/\d{2}\/\d{4}\.$/);
    expect(birthday).toHaveValue('');
  });

  it("shows the doctor's fields only when the job is doctor, and the job note only for other", async () => {
    const fetchMock = mockApi({ '/api/workunit': ok(workUnits) });
    const { user } = renderApp('/register/');
    await screen.findByRole('radiogroup', { name: 'Nghề nghiệp' });
    expect(screen.queryByText('Học hàm, học vị')).not.toBeInTheDocument();

    await user.click(jobRadio('Bác sĩ'));

    for (const label of [
      'Học hàm, học vị',
      'Chuyên khoa',
      'Nơi công tác',
      'Số điện thoại MoMo',
      'Tên ngân hàng',
      'Số tài khoản ngân hàng',
    ]) {
      expect(await screen.findByText(label)).toBeVisible();
    }
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Nơi công tác' })).toBeEnabled());
    expect(calledPaths(fetchMock)).toContain('/api/workunit');
    expect(screen.queryByLabelText(fieldLabel('Mô tả nghề nghiệp'))).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(fieldLabel('Tên ngân hàng')), 'Ngân hàng 24');
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByText('Trường này không được chứa chữ số.')).toBeVisible();
    expect(screen.getByLabelText(fieldLabel('Số tài khoản ngân hàng'))).toHaveAttribute('aria-invalid', 'true');

    await user.click(jobRadio('Nhân viên y tế'));
    expect(screen.queryByText('Học hàm, học vị')).not.toBeInTheDocument();

    await user.click(jobRadio('Khác'));
    expect(screen.getByLabelText(fieldLabel('Mô tả nghề nghiệp'))).toBeVisible();
    expect(screen.queryByLabelText(fieldLabel('Tên ngân hàng'))).not.toBeInTheDocument();
  });

  it('verifies the phone by a code, signs up with every field, then logs in', async () => {
    const fetchMock = mockApi({
      '/api/user-phone/0912345678': ok({ exists: false }),
      '/api/otp/saveVerificationIdToDb': ok({ verificationId, expiresAt: '2026-05-04T08:05:00.000Z' }),
      '/api/otp/verify': ok({ isValid: true, attemptsLeft: 4 }),
      ...signupAndLoginReplies,
    });
    const { user, history } = renderApp('/register/');
    await fillEveryField(user);
    await user.click(screen.getByRole('radio', { name: 'Nữ' }));

    await user.click(screen.getByRole('button', { name: 'Gửi mã xác thực' }));
    expect(await screen.findByText('Mã gồm 6 chữ số đã được gửi đến 0912345678.')).toBeVisible();
    expect(screen.getByRole('button', { name: /Gửi lại sau \d+ giây/ })).toBeDisabled();
    await user.type(screen.getByLabelText(fieldLabel('Mã xác thực')), '123456');
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Đã xác thực mã.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));

    await screen.findByRole('button', { name: `Menu tài khoản của ${patient.fullName}` });
    expect(history.location.pathname).toBe('/');
    expect(useAuthStore.getState().user).toEqual(patient);
    const bodyOf = (path: string) => JSON.parse(String(fetchMock.mock.calls[calledPaths(fetchMock).indexOf(path)]?.[1]?.body));
    expect(bodyOf('/api/otp/saveVerificationIdToDb')).toEqual({ phone: '0912345678', purpose: 'signup' });
    expect(bodyOf('/api/signup')).toEqual({
      verificationId,
      fullName: 'Nguyễn Thị Lan',
      phone: '0912345678',
      email: 'lan@example.com',
      address: '12 Lý Thường Kiệt, Hà Nội',
      gender: 'female',
      dateOfBirth: '1990-05-12',
      jobId: 3,
      jobNote: 'Giáo viên',
      password: 'matkhau123',
      rePassword: 'matkhau123',
    });
  });

  it('asks for a new code when the phone is changed after it was verified, and Đăng ký says so and focuses the send button', async () => {
    const fetchMock = mockApi({
      '/api/user-phone/0912345678': ok({ exists: false }),
      '/api/otp/saveVerificationIdToDb': ok({ verificationId, expiresAt: '2026-05-04T08:05:00.000Z' }),
      '/api/otp/verify': ok({ isValid: true, attemptsLeft: 4 }),
    });
    const { user } = renderApp('/register/');
    await fillEveryField(user);
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác thực' }));
    await user.type(await screen.findByLabelText(fieldLabel('Mã xác thực')), '123456');
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Đã xác thực mã.')).toBeVisible();

    const phone = screen.getByLabelText(fieldLabel('Số điện thoại'));
    await user.clear(phone);
    await user.type(phone, '0912345679');
    const changed = 'Số điện thoại đã thay đổi sau khi xác thực: vui lòng gửi mã xác thực đến số mới.';
    expect(await screen.findByText(changed)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Gửi mã xác thực' })).toHaveFocus());
    expect(screen.getByText(changed)).toHaveAttribute('role', 'alert');
    expect(calledPaths(fetchMock)).not.toContain('/api/signup');
  });

  it('shows a wrong code with the tries left, and a taken phone at the phone field', async () => {
    mockApi({
      '/api/user-phone/0912345678': ok({ exists: false }),
      '/api/user-phone/0987654321': ok({ exists: true }),
      '/api/otp/saveVerificationIdToDb': ok({ verificationId, expiresAt: '2026-05-04T08:05:00.000Z' }),
      '/api/otp/verify': ok({ isValid: false, attemptsLeft: 3 }),
    });
    const { user } = renderApp('/register/');
    const phone = await screen.findByLabelText(fieldLabel('Số điện thoại'));
    await user.type(phone, '0987654321');
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác thực' }));
    expect(await screen.findByText('Số điện thoại này đã được đăng ký.')).toBeVisible();

    await user.clear(phone);
    await user.type(phone, '0912345678');
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác thực' }));
    await user.type(await screen.findByLabelText(fieldLabel('Mã xác thực')), '000000');
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));

    expect(await screen.findByText('Mã xác thực không đúng. Còn 3 lần thử.')).toBeVisible();
  });
});
