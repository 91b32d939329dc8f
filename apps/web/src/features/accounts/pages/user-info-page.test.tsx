import type { UserProfile } from '@rhc/contracts';
import { AVATAR_MAX_BYTES } from '@rhc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { calledPaths, fail, ok } from '../../../test/api-mock.ts';
import { doctor, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { openPage } from '../../../test/page-harness.ts';
import { accountProfile } from '../../../test/profiles.ts';

const profile = accountProfile;

const userPath = `/api/user/${patient.userId}`;
const serverBasics = { [userPath]: ok(profile), [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }) };

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

describe('personal information page', () => {
  it('says when the phone is not verified, and "Xác minh" verifies it by an SMS code', async () => {
    const verificationId = '3b2f0c1e-7d4a-4f5b-9c8d-2e1f0a9b8c7d';
    const { fetchMock, user } = openPage('/infouser/', {
      ...serverBasics,
      [userPath]: ok({ ...profile, phoneVerified: false }),
      [`/api/user-phone-code/${patient.userId}`]: ok({ verificationId, expiresAt: '2026-05-04T08:05:00.000Z' }),
      [`/api/user-phone-verified/${patient.userId}`]: ({ init }) =>
        JSON.parse(String(init?.body)).code === '123456' ? ok({ isValid: true, attemptsLeft: 4 }) : ok({ isValid: false, attemptsLeft: 4 }),
    });

    expect(await screen.findByText('Số điện thoại chưa được xác minh')).toBeVisible();
    expect(screen.getByText(/Chúng tôi chưa gửi tin nhắn SMS nào đến 0901234567/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác minh' }));
    expect(await screen.findByText('Mã gồm 6 chữ số đã được gửi đến 0901234567.')).toBeVisible();
    const code = screen.getByLabelText(fieldLabel('Mã xác thực'));
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Mã xác thực không đúng. Còn 4 lần thử.')).toBeVisible();
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent('Đã xác minh số điện thoại.');
    expect(screen.queryByText('Số điện thoại chưa được xác minh')).not.toBeInTheDocument();
    const put = fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/user-phone-verified/'));
    expect(put.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { verificationId, code: '000000' },
      { verificationId, code: '123456' },
    ]);
  });

  it('shows no phone notice when the phone is verified', async () => {
    openPage('/infouser/', serverBasics);
    await screen.findByDisplayValue('lan.nguyen@demo.rhc.vn');
    expect(screen.queryByText('Số điện thoại chưa được xác minh')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xác minh' })).not.toBeInTheDocument();
  });

  it('shows the profile, the phone and e-mail read-only', async () => {
    openPage('/infouser/', serverBasics);

    expect(await screen.findByDisplayValue('lan.nguyen@demo.rhc.vn')).toHaveAttribute('readonly');
    expect(screen.getByDisplayValue('0901234567')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveValue(patient.fullName);
    expect(screen.getByLabelText(fieldLabel('Ngày sinh'))).toHaveValue('12/05/1990');
    expect(screen.getByRole('radio', { name: 'Nữ' })).toBeChecked();
    // The job cannot be changed here, and the page says why (a job decides what the account can do).
    const job = screen.getByDisplayValue('Khác');
    expect(job).toHaveAttribute('readonly');
    expect(job).toHaveAccessibleDescription(/quyết định những gì tài khoản được dùng/);
  });

  it('saves a new name and the header shows it at once', async () => {
    const { fetchMock, user } = openPage('/infouser/', {
      ...serverBasics,
      [userPath]: ({ init }) => (init?.method === 'PUT' ? ok({ ...profile, ...JSON.parse(String(init.body)) }) : ok(profile)),
    });
    const name = await screen.findByDisplayValue(patient.fullName);

    await user.clear(name);
    await user.type(name, 'Nguyễn Thị Mai');
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    expect(await screen.findByRole('button', { name: 'Menu tài khoản của Nguyễn Thị Mai' })).toBeVisible();
    expect(useAuthStore.getState().user?.fullName).toBe('Nguyễn Thị Mai');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      fullName: 'Nguyễn Thị Mai',
      address: profile.address,
      gender: 'female',
      dateOfBirth: '1990-05-12',
      jobNote: 'Nhân viên văn phòng',
    });
    expect(calledPaths(fetchMock)).toContain(userPath);
  });

  it.each([
    [
      'a file that is not an image',
      new File(['%PDF-1.7'], 'ket-qua.pdf', { type: 'application/pdf' }),
      'Tệp không hợp lệ. Vui lòng chỉ chọn tệp hình ảnh.',
    ],
    [
      'an image over 4 MB',
      new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'anh.png', { type: 'image/png' }),
      'Kích thước tệp không được vượt quá 4MB. Vui lòng thử lại.',
    ],
  ])('refuses %s as avatar before sending anything', async (_, file, message) => {
    const { fetchMock } = openPage('/infouser/', serverBasics);
    await screen.findByRole('button', { name: 'Đổi ảnh đại diện' });

    // The picker offers images only; a file can still arrive otherwise ("all files" in the system dialog).
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), file);

    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calledPaths(fetchMock).some((path) => path.startsWith('/api/user-avatar'))).toBe(false);
  });

  it('deletes the avatar after confirmation, and the header shows the initials again', async () => {
    const urlImage = `/api/user-avatar/${patient.userId}?v=1a2b`;
    const { fetchMock, user } = openPage(
      '/infouser/',
      {
        ...serverBasics,
        [userPath]: ok({ ...profile, urlImage }),
        [`/api/user-delete-avatar/${patient.userId}`]: ok({ urlImage: null }),
      },
      { ...patient, urlImage },
    );

    await user.click(await screen.findByRole('button', { name: 'Xóa ảnh' }));
    const dialog = await findDialog('Xóa ảnh đại diện');
    await user.click(within(dialog).getByRole('button', { name: 'Xóa ảnh' }));

    await waitFor(() => expect(useAuthStore.getState().user?.urlImage).toBeNull());
    expect(calledPaths(fetchMock)).toContain(`/api/user-delete-avatar/${patient.userId}`);
    const menuButton = screen.getByRole('button', { name: `Menu tài khoản của ${patient.fullName}` });
    expect(within(menuButton).getByText('NL')).toBeVisible();
  });

  it('changes the password: a wrong current one shows at its field, then success, still logged in', async () => {
    let attempts = 0;
    const { user } = openPage('/infouser/', {
      ...serverBasics,
      [`/api/user-password/${patient.userId}`]: () =>
        ++attempts === 1 ? fail(400, 'CURRENT_PASSWORD_INCORRECT', 'Mật khẩu hiện tại không đúng.') : ok(null),
    });
    const current = await screen.findByLabelText(fieldLabel('Mật khẩu hiện tại'));
    await user.type(current, 'Benhnhan999');
    await user.type(screen.getByLabelText(fieldLabel('Mật khẩu mới')), 'Benhnhan456');
    await user.type(screen.getByLabelText(fieldLabel('Nhập lại mật khẩu')), 'Benhnhan456');

    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await screen.findByText('Mật khẩu hiện tại không đúng.')).toBeVisible();

    await user.clear(current);
    await user.type(current, 'Benhnhan123');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));

    expect(await screen.findByText('Đổi mật khẩu thành công.')).toBeVisible();
    expect(current).toHaveValue('');
    expect(useAuthStore.getState().user).toEqual(patient);
  });

  describe('a doctor’s practising licence number (issue 17)', () => {
    const doctorProfile: UserProfile = {
      ...profile,
      id: doctor.userId,
      fullName: doctor.fullName,
      phone: doctor.phone,
      dateOfBirth: doctor.dateOfBirth,
      jobId: 1,
      jobNote: null,
      doctor: {
        degree: 'specialist_1',
        specialtyNames: ['Tim mạch'],
        bankName: 'Vietcombank',
        bankAccount: '0071000999888',
        workPlace: 'Bệnh viện Bạch Mai',
        momoPhone: null,
        verified: true,
      },
    };
    const licencePath = `/api/doctor-licence/${doctor.userId}`;
    const doctorBasics = {
      [`/api/user/${doctor.userId}`]: ok(doctorProfile),
      [`/api/dashboard/${doctor.userId}`]: ok({ countInvites: 0 }),
    };

    it('says a missing number stops prescriptions and online confirmations, refuses a malformed one, and saves it normalised', async () => {
      let saved: string | null = null;
      const { fetchMock, user } = openPage(
        '/infouser/',
        {
          ...doctorBasics,
          [licencePath]: ({ init }) => {
            if (init?.method === 'PUT')
              saved = (JSON.parse(String(init.body)) as { licenceNumber: string }).licenceNumber.trim().toUpperCase();
            return ok({ licenceNumber: saved, verified: true });
          },
        },
        doctor,
      );

      expect(await screen.findByRole('heading', { name: 'Chứng chỉ hành nghề' })).toBeVisible();
      expect(await screen.findByTestId('licence-missing')).toHaveTextContent('xác nhận lịch khám trực tuyến');
      const field = screen.getByLabelText(fieldLabel('Số chứng chỉ hành nghề'));
      const save = screen.getByRole('button', { name: 'Lưu số chứng chỉ' });

      await user.click(save);
      expect(await screen.findByText('Vui lòng nhập thông tin này.')).toBeVisible();
      await user.type(field, '<b>1</b>');
      await user.click(save);
      expect(await screen.findByText(/Số chứng chỉ hành nghề không hợp lệ/)).toBeVisible();
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

      await user.clear(field);
      await user.type(field, '004321/hno-cchn');
      await user.click(save);
      expect(await screen.findByText('Đã lưu số chứng chỉ hành nghề.')).toBeVisible();
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(String(put?.[0])).toContain(licencePath);
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ licenceNumber: '004321/hno-cchn' });
      await waitFor(() => expect(screen.queryByTestId('licence-missing')).not.toBeInTheDocument());
      expect(screen.getByLabelText(fieldLabel('Số chứng chỉ hành nghề'))).toHaveValue('004321/HNO-CCHN');
    });

    it('shows the number already saved', async () => {
      openPage('/infouser/', { ...doctorBasics, [licencePath]: ok({ licenceNumber: '012345/HCM-CCHN', verified: true }) }, doctor);
      expect(await screen.findByDisplayValue('012345/HCM-CCHN')).toBeVisible();
      expect(screen.queryByTestId('licence-missing')).not.toBeInTheDocument();
    });

    it('is not shown to a patient', async () => {
      const { fetchMock } = openPage('/infouser/', serverBasics);
      await screen.findByDisplayValue('lan.nguyen@demo.rhc.vn');
      expect(screen.queryByRole('heading', { name: 'Chứng chỉ hành nghề' })).not.toBeInTheDocument();
      expect(calledPaths(fetchMock).some((path) => path.startsWith('/api/doctor-licence'))).toBe(false);
    });
  });
});
