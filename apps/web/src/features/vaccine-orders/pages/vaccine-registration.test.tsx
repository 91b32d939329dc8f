import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { onlyPostWithKey, postCalls, retriedPostWithNewKey, slotTakenOnce } from '../../../test/booking-posts.ts';
import { alertSaying, setUpBookingTests } from '../../../test/order-booking.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { openPage } from '../../../test/page-harness.ts';
import { catalogReplies, childProfile, freeTimePath, profileId, registerPath, vaccinator, vaccineOrder } from './vaccine-fixtures.ts';

setUpBookingTests({ backToVietnamese: true });

type User = ReturnType<typeof renderApp>['user'];

/** The vaccinator, the 14th and 08:00: the time of every registration here. */
async function chooseTime(user: User) {
  await user.click(await screen.findByLabelText('Nguyễn Thu Hà, Thạc sĩ'));
  const day = await screen.findByRole('button', { name: '14 tháng 5 2026' });
  await waitFor(() => expect(day).not.toHaveAttribute('aria-disabled'));
  await user.click(day);
  await user.click(await screen.findByRole('radio', { name: '08:00' }));
}

async function chooseVaccine(user: User, vaccine: string, dose: string) {
  await user.selectOptions(await screen.findByRole('combobox', { name: fieldLabel('Vắc xin') }), vaccine);
  await user.selectOptions(screen.getByRole('combobox', { name: fieldLabel('Mũi tiêm') }), dose);
}

describe('registering a vaccination (/vaccine-registration/)', { timeout: 30_000 }, () => {
  it('for myself: the vaccine and its dose with its age, a vaccinator’s free slot, the summary, one POST with its key, then "vaccine order saved"', async () => {
    const created = vaccineOrder({
      kind: 0,
      profileId: null,
      vaccine: { vaccineId: 'hepatitis_b', vaccineDoseId: 'hepatitis_b.1', scheduleId: 'VN-TT10-2024' },
    });
    const { fetchMock, user, history } = openPage('/vaccine-registration/', { ...catalogReplies, [registerPath]: ok(created, 201) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Đăng ký tiêm chủng' })).toBeVisible();
    expect(screen.getByText(`Lịch tiêm được đăng ký cho bạn, ${patient.fullName}, theo thông tin tài khoản của bạn.`)).toBeVisible();
    // Vietnam's EPI is the schedule by default; the doses are that vaccine's, each with its age.
    expect(screen.getByRole('combobox', { name: 'Lịch tiêm chủng' })).toHaveValue('VN-TT10-2024');
    await user.selectOptions(
      screen.getByRole('combobox', { name: fieldLabel('Vắc xin') }),
      '5 trong 1 (bạch hầu, ho gà, uốn ván, viêm gan B, Hib)',
    );
    const doses = within(screen.getByRole('combobox', { name: fieldLabel('Mũi tiêm') }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(doses).toEqual(['Chọn mũi tiêm', 'Mũi 1 · lúc 2 tháng tuổi', 'Mũi 2 · lúc 3 tháng tuổi', 'Mũi 3 · lúc 4 tháng tuổi']);
    await chooseVaccine(user, 'Viêm gan B', 'Mũi 1 · sơ sinh – 1 ngày tuổi');
    await chooseTime(user);
    await user.type(screen.getByLabelText('Ghi chú cho cơ sở tiêm'), 'Dị ứng trứng');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    await waitFor(() => expect(history.location.pathname).toBe('/vaccine-registration/confirm/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiểm tra thông tin đăng ký tiêm' })).toBeVisible();
    expect(screen.getByText(`${patient.fullName} (bản thân)`)).toBeVisible();
    expect(screen.getByText('Viêm gan B')).toBeVisible();
    expect(screen.getByText('Mũi 1 · sơ sinh – 1 ngày tuổi')).toBeVisible();
    expect(screen.getByText('14/05/2026')).toBeVisible();
    expect(await screen.findByText('Phòng khám Đa khoa Hòa Bình — 12 Lê Lợi, Quận 1, TP. Hồ Chí Minh')).toBeVisible();
    expect(screen.getByText('Dị ứng trứng')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Xác nhận đăng ký tiêm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã lưu lịch tiêm chủng' })).toBeVisible();
    expect(history.location.pathname).toBe('/vaccine-registration/complete/');
    expect(screen.getByText('RHC-260514-0007')).toBeVisible();
    expect(screen.getByText('Viêm gan B — Mũi 1 · sơ sinh – 1 ngày tuổi')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Xem lịch tiêm' })).toHaveAttribute('href', `/all-orders/${created.id}`);
    expect(screen.getByRole('link', { name: 'Sổ tiêm chủng' })).toHaveAttribute('href', '/vaccines/');

    expect(onlyPostWithKey(fetchMock, registerPath)).toEqual({
      vaccineId: 'hepatitis_b',
      scheduleId: 'VN-TT10-2024',
      vaccineDoseId: 'hepatitis_b.1',
      doctorId: vaccinator.id,
      checkDay: '2026-05-14',
      checkHour: '08:00',
      note: 'Dị ứng trứng',
      isFamily: false,
    });
    // The free time asked is the in-person one, without an exam type.
    const freeTimeCall = fetchMock.mock.calls.find(([input]) => String(input) === freeTimePath);
    expect(JSON.parse(String(freeTimeCall?.[1]?.body))).toEqual({ month: 5, year: 2026 });
  });

  it('for a child profile named by the vaccines page’s link: vaccine, dose and child chosen, the POST names the profile', async () => {
    const { fetchMock, user, history } = openPage(`/vaccine-registration/?vaccine=dtp_hepb_hib&dose=dtp_hepb_hib.2&person=${profileId}`, {
      ...catalogReplies,
      [registerPath]: ok(vaccineOrder(), 201),
    });

    expect(await screen.findByRole('combobox', { name: fieldLabel('Vắc xin') })).toHaveValue('dtp_hepb_hib');
    expect(screen.getByRole('combobox', { name: fieldLabel('Mũi tiêm') })).toHaveValue('dtp_hepb_hib.2');
    expect(screen.getByRole('radio', { name: 'Cho người khác' })).toBeChecked();
    // The profile's details, read-only, once the profiles have arrived.
    await waitFor(() => expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveValue(childProfile.info.fullName));
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveAttribute('readonly');
    await chooseTime(user);
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    await waitFor(() => expect(history.location.pathname).toBe('/vaccine-registration/confirm/'));
    expect(await screen.findByText('Trần Minh An')).toBeVisible();
    expect(screen.getByText('Mũi 2 · lúc 3 tháng tuổi')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đăng ký tiêm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã lưu lịch tiêm chủng' })).toBeVisible();
    // Whose vaccination it is, and a way back to that person's record.
    expect(screen.getByText('Người được tiêm').nextElementSibling).toHaveTextContent(vaccineOrder().infomation.fullName);
    expect(screen.getByRole('link', { name: 'Sổ tiêm chủng' })).toHaveAttribute('href', `/vaccines/?person=${profileId}`);

    const body = JSON.parse(String(postCalls(fetchMock, registerPath)[0]?.[1]?.body));
    expect(body).toMatchObject({ vaccineId: 'dtp_hepb_hib', vaccineDoseId: 'dtp_hepb_hib.2', isFamily: true, profileId });
  });

  it('for someone else typed in: their details are checked, shown on the confirm page and sent', async () => {
    const { fetchMock, user, history } = openPage('/vaccine-registration/?vaccine=hepatitis_b&dose=hepatitis_b.1', {
      ...catalogReplies,
      [`/api/relatives/${patient.userId}`]: ok([]),
      [registerPath]: ok(vaccineOrder({ profileId: null }), 201),
    });

    await user.click(await screen.findByRole('radio', { name: 'Cho người khác' }));
    await user.click(screen.getByLabelText(fieldLabel('Họ và tên')));
    await user.paste('Lê Thị Mai');
    await user.click(screen.getByLabelText(fieldLabel('Số điện thoại')));
    await user.paste('0912');
    await chooseTime(user);
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    // The phone is checked as every booking checks it, and the birthday is asked for.
    expect(await screen.findByText('Vui lòng nhập số điện thoại di động Việt Nam hợp lệ (ví dụ 0912345678).')).toBeVisible();
    expect(history.location.pathname).toBe('/vaccine-registration/');

    await user.clear(screen.getByLabelText(fieldLabel('Số điện thoại')));
    await user.paste('0912345678');
    await user.click(screen.getByLabelText(fieldLabel('Ngày sinh')));
    await user.paste('02/01/2026');
    await user.click(screen.getByLabelText(fieldLabel('Địa chỉ')));
    await user.paste('8 Hàng Bài, Hoàn Kiếm, Hà Nội');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    await waitFor(() => expect(history.location.pathname).toBe('/vaccine-registration/confirm/'));
    expect(await screen.findByText('Lê Thị Mai')).toBeVisible();
    expect(screen.getByText('02/01/2026')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đăng ký tiêm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã lưu lịch tiêm chủng' })).toBeVisible();
    const body = JSON.parse(String(postCalls(fetchMock, registerPath)[0]?.[1]?.body));
    expect(body).toMatchObject({
      isFamily: true,
      infomation: {
        fullName: 'Lê Thị Mai',
        phone: '0912345678',
        callingCodes: '+84',
        dateOfBirth: '2026-01-02',
        address: '8 Hàng Bài, Hoàn Kiếm, Hà Nội',
      },
    });
    expect(body.profileId).toBeUndefined();
  });

  it('a link naming someone who is not a profile I manage leaves their details to be typed in', async () => {
    openPage('/vaccine-registration/?vaccine=hepatitis_b&dose=hepatitis_b.1&person=1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b', catalogReplies);

    expect(await screen.findByRole('radio', { name: 'Cho người khác' })).toBeChecked();
    // The profiles have arrived (the select offers them) and none is chosen: the fields are to be typed in.
    expect(await screen.findByRole('combobox', { name: 'Hồ sơ người thân đã lưu' })).toHaveValue('');
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveValue('');
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).not.toHaveAttribute('readonly');
  });

  it('says the vaccine and the dose are required, and goes nowhere', async () => {
    const { fetchMock, user, history } = openPage('/vaccine-registration/', catalogReplies);

    await user.click(await screen.findByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByText('Vui lòng chọn vắc xin.')).toBeVisible();
    expect(screen.getByText('Vui lòng chọn mũi tiêm.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: fieldLabel('Vắc xin') })).toHaveFocus();
    expect(history.location.pathname).toBe('/vaccine-registration/');
    expect(postCalls(fetchMock, registerPath)).toHaveLength(0);

    // A vaccine chosen: the dose is still asked for.
    await user.selectOptions(screen.getByRole('combobox', { name: fieldLabel('Vắc xin') }), 'Viêm gan B');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await waitFor(() => expect(screen.queryByText('Vui lòng chọn vắc xin.')).toBeNull());
    expect(screen.getByText('Vui lòng chọn mũi tiêm.')).toBeVisible();
    expect(history.location.pathname).toBe('/vaccine-registration/');
  });

  it('keeps every choice when going back from the confirm page', async () => {
    const { user, history } = openPage(
      `/vaccine-registration/?vaccine=dtp_hepb_hib&dose=dtp_hepb_hib.2&person=${profileId}`,
      catalogReplies,
    );

    await waitFor(() => expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveValue(childProfile.info.fullName));
    await chooseTime(user);
    await user.type(screen.getByLabelText('Ghi chú cho cơ sở tiêm'), 'Bé sốt nhẹ tuần trước');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await waitFor(() => expect(history.location.pathname).toBe('/vaccine-registration/confirm/'));
    await user.click(await screen.findByRole('button', { name: 'Quay lại' }));

    await waitFor(() => expect(history.location.pathname).toBe('/vaccine-registration/'));
    expect(await screen.findByRole('combobox', { name: fieldLabel('Vắc xin') })).toHaveValue('dtp_hepb_hib');
    expect(screen.getByRole('combobox', { name: fieldLabel('Mũi tiêm') })).toHaveValue('dtp_hepb_hib.2');
    expect(screen.getByRole('radio', { name: 'Cho người khác' })).toBeChecked();
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveValue(childProfile.info.fullName);
    expect(screen.getByLabelText('Nguyễn Thu Hà, Thạc sĩ')).toBeChecked();
    expect(await screen.findByRole('radio', { name: '08:00' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Ghi chú cho cơ sở tiêm')).toHaveValue('Bé sốt nhẹ tuần trước');
  });

  it('when the slot was just taken (409): says so, offers the next free times, and a new key for the slot chosen', async () => {
    const { fetchMock, user } = openPage('/vaccine-registration/?vaccine=hepatitis_b&dose=hepatitis_b.1', {
      ...catalogReplies,
      [registerPath]: slotTakenOnce(vaccineOrder({ checkHour: '08:30' })),
    });
    await screen.findByRole('combobox', { name: fieldLabel('Vắc xin') });
    await chooseTime(user);
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await user.click(await screen.findByRole('button', { name: 'Xác nhận đăng ký tiêm' }));

    const alert = await alertSaying('Giờ này vừa có người đặt. Vui lòng chọn giờ khác.');
    await user.click(await within(alert).findByRole('button', { name: '14/05/2026 lúc 08:30' }));
    expect(await screen.findByText('Đã đổi sang 14/05/2026 lúc 08:30. Vui lòng kiểm tra và xác nhận lại.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đăng ký tiêm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã lưu lịch tiêm chủng' })).toBeVisible();

    const second = retriedPostWithNewKey(fetchMock, registerPath);
    expect(second).toMatchObject({ checkDay: '2026-05-14', checkHour: '08:30' });
  });

  it('when the time cannot be booked (422): shows the server’s reason and leads back to the form, which keeps the choices', async () => {
    const { user, history } = openPage('/vaccine-registration/?vaccine=hepatitis_b&dose=hepatitis_b.1', {
      ...catalogReplies,
      [registerPath]: fail(422, 'SLOT_UNAVAILABLE', 'Thời gian này không thể đặt.'),
    });
    await screen.findByRole('combobox', { name: fieldLabel('Vắc xin') });
    await chooseTime(user);
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await user.click(await screen.findByRole('button', { name: 'Xác nhận đăng ký tiêm' }));

    const alert = await alertSaying('Thời gian này không thể đặt.');
    await user.click(within(alert).getByRole('button', { name: 'Quay lại biểu mẫu' }));
    await waitFor(() => expect(history.location.pathname).toBe('/vaccine-registration/'));
    expect(await screen.findByRole('combobox', { name: fieldLabel('Vắc xin') })).toHaveValue('hepatitis_b');
  });

  it.each([
    ['en', 'Register a vaccination', 'Vaccine', 'Hepatitis B', 'Dose 1 · at birth – 1 day'],
    ['zh', '预约疫苗接种', '疫苗', '乙型肝炎疫苗', '第 1 剂 · 出生时–1 天'],
    ['vi', 'Đăng ký tiêm chủng', 'Vắc xin', 'Viêm gan B', 'Mũi 1 · sơ sinh – 1 ngày tuổi'],
  ] as const)('reads in %s: the page, the vaccines’ names and the doses', async (language, title, vaccineLabel, vaccineName, doseName) => {
    mockApi(catalogReplies);
    logInAs(patient);
    await act(() => i18n.changeLanguage(language));
    renderApp('/vaccine-registration/?vaccine=hepatitis_b&dose=hepatitis_b.1');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    const vaccine = screen.getByRole('combobox', { name: fieldLabel(vaccineLabel) });
    expect(within(vaccine).getByRole('option', { name: vaccineName })).toHaveProperty('selected', true);
    expect(screen.getByRole('option', { name: doseName })).toHaveProperty('selected', true);
  });
});
