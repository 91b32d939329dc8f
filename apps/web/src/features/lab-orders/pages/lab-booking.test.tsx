import type { Order } from '@rhc/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { onlyPostWithKey, postCalls, retriedPostWithNewKey, slotTakenOnce } from '../../../test/booking-posts.ts';
import { alertSaying, setUpBookingTests } from '../../../test/order-booking.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { openPage } from '../../../test/page-harness.ts';
import { accountAddress, catalogReplies, clinic, labOrder, registerPath } from './lab-fixtures.ts';

setUpBookingTests({ backToVietnamese: true });

type User = ReturnType<typeof renderApp>['user'];

/** Thursday 14/05/2026 on the calendar, once the place is chosen. */
async function chooseDay(user: User, name = '14 tháng 5 2026') {
  const day = await screen.findByRole('button', { name });
  await user.click(day);
}

/** A fold of the catalog (a disclosure), by the name on its summary. */
async function fold(name: string): Promise<HTMLDetailsElement> {
  const details = (await screen.findByText(name, { selector: 'summary *' })).closest('details');
  if (!details) throw new Error(`no fold named ${name}`);
  return details;
}

/** The general check-up and HbA1c: a package and a test it does not hold (its fold, the blood tests, opened first). */
async function chooseCheckupAndHba1c(user: User) {
  await user.click(await screen.findByRole('checkbox', { name: /^Gói khám sức khỏe tổng quát/ }));
  await user.click((await fold('Xét nghiệm mẫu máu')).querySelector('summary') as HTMLElement);
  await user.click(screen.getByRole('checkbox', { name: /^HbA1c/ }));
}

describe('booking lab tests (/diagnostictest/)', { timeout: 60_000 }, () => {
  it('at home: a package and a test, the total and fasting, a window with places, the summary, one POST with its key, then the code', async () => {
    const { fetchMock, user, history } = openPage('/diagnostictest/', { ...catalogReplies, [registerPath]: ok(labOrder(), 201) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Đặt lịch xét nghiệm' })).toBeVisible();
    expect(screen.getByText(`Lịch xét nghiệm được đặt cho bạn, ${patient.fullName}, theo thông tin tài khoản của bạn.`)).toBeVisible();
    // Each item says what it holds, its sample, fasting, turnaround and price in VND.
    const checkup = await screen.findByRole('checkbox', { name: /^Gói khám sức khỏe tổng quát/ });
    expect(checkup).toHaveAccessibleName(/^Gói khám sức khỏe tổng quát\s*550\.000\s₫$/);
    expect(checkup).toHaveAccessibleDescription(expect.stringContaining('Gồm: Tổng phân tích tế bào máu ngoại vi, Đường huyết lúc đói'));
    expect(checkup).toHaveAccessibleDescription(expect.stringContaining('Cần nhịn ăn'));
    expect(screen.getByRole('checkbox', { name: /^HbA1c/ })).toHaveAccessibleDescription(
      expect.stringContaining('Mẫu: Máu · Không cần nhịn ăn · Có kết quả sau 4 giờ'),
    );

    await chooseCheckupAndHba1c(user);
    // The blood count is in the package: ticked as well, it is not charged twice.
    await user.click(screen.getByRole('checkbox', { name: /^Tổng phân tích tế bào máu ngoại vi/ }));
    expect(screen.getByRole('checkbox', { name: /^Tổng phân tích tế bào máu ngoại vi/ })).toHaveAccessibleDescription(
      expect.stringContaining('Đã có trong gói đã chọn: không tính thêm phí'),
    );
    expect(screen.getByTestId('lab-total')).toHaveTextContent('Tổng chi phí: 680.000 ₫');
    expect(screen.getByText('Có xét nghiệm cần nhịn ăn: nên chọn giờ lấy mẫu vào sáng sớm.')).toBeVisible();
    expect(screen.getByText('Nhịn ăn 8–12 giờ trước khi lấy máu (thường là từ tối hôm trước); vẫn được uống nước lọc.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /^Tổng phân tích tế bào máu ngoại vi/ }));

    // At home: the areas in words, the address and the phone from my account.
    await user.selectOptions(screen.getByRole('combobox', { name: fieldLabel('Khu vực (quận/huyện)') }), 'Quận 5, TP. Hồ Chí Minh');
    await waitFor(() => expect(screen.getByLabelText(fieldLabel('Địa chỉ lấy mẫu'))).toHaveValue(accountAddress));
    expect(screen.getByLabelText(fieldLabel('Số điện thoại liên hệ'))).toHaveValue(patient.phone);
    await user.clear(screen.getByLabelText(fieldLabel('Địa chỉ lấy mẫu')));
    await user.type(screen.getByLabelText(fieldLabel('Địa chỉ lấy mẫu')), '12 Trần Hưng Đạo, Phường 7, Quận 5');

    await chooseDay(user);
    // The windows with their places; a full one cannot be chosen.
    expect(await screen.findByRole('radio', { name: '08:00 – 10:00' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '08:00 – 10:00' })).toHaveAccessibleDescription('Hết chỗ');
    expect(screen.getByRole('radio', { name: '06:00 – 08:00' })).toHaveAccessibleDescription('Còn 3 chỗ');
    await user.click(screen.getByRole('radio', { name: '06:00 – 08:00' }));
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    await waitFor(() => expect(history.location.pathname).toBe('/diagnostictest/confirm/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiểm tra thông tin đặt xét nghiệm' })).toBeVisible();
    expect(screen.getByText(`${patient.fullName} (bản thân)`)).toBeVisible();
    expect(screen.getByText('Tại nhà')).toBeVisible();
    expect(screen.getByText('12 Trần Hưng Đạo, Phường 7, Quận 5')).toBeVisible();
    expect(screen.getByText('Quận 5, TP. Hồ Chí Minh')).toBeVisible();
    expect(screen.getByText('14/05/2026')).toBeVisible();
    expect(screen.getByText('06:00 – 08:00')).toBeVisible();
    expect(screen.getByText('Gói khám sức khỏe tổng quát')).toBeVisible();
    expect(screen.getByText('680.000 ₫')).toBeVisible();
    expect(screen.getByText('Nhịn ăn 8–12 giờ trước khi lấy máu (thường là từ tối hôm trước); vẫn được uống nước lọc.')).toBeVisible();
    await expectNoSeriousAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt xét nghiệm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã đặt lịch xét nghiệm' })).toBeVisible();
    expect(history.location.pathname).toBe('/diagnostictest/complete/');
    expect(screen.getByText('RHC-260514-0042')).toBeVisible();
    expect(screen.getByText('14/05/2026 06:00 – 08:00')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Xem lịch xét nghiệm' })).toHaveAttribute('href', `/all-orders/${labOrder().id}`);
    expect(screen.getByRole('link', { name: 'Lịch hẹn của tôi' })).toHaveAttribute('href', '/applicationlist/');
    await expectNoSeriousAxeViolations();

    expect(onlyPostWithKey(fetchMock, registerPath)).toEqual({
      atHome: true,
      district: 'hcm-q5',
      orderAdress: '12 Trần Hưng Đạo, Phường 7, Quận 5',
      orderPhone: patient.phone,
      packageTestItems: ['general_checkup'],
      requestTestItems: ['hba1c'],
      testDay: '2026-05-14',
      testTime: '06:00',
      note: '',
      isFamily: false,
    });
  });

  it('says what is missing, in the person’s language, and goes nowhere', async () => {
    const { fetchMock, user, history } = openPage('/diagnostictest/', catalogReplies);
    await screen.findByRole('checkbox', { name: /^HbA1c/ });
    await waitFor(() => expect(screen.getByLabelText(fieldLabel('Địa chỉ lấy mẫu'))).toHaveValue(accountAddress));
    await user.clear(screen.getByLabelText(fieldLabel('Địa chỉ lấy mẫu')));
    await user.clear(screen.getByLabelText(fieldLabel('Số điện thoại liên hệ')));

    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByText('Vui lòng chọn ít nhất một xét nghiệm hoặc một gói xét nghiệm.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: fieldLabel('Khu vực (quận/huyện)') })).toHaveAccessibleDescription(
      expect.stringContaining('Vui lòng chọn một mục.'),
    );
    expect(screen.getByLabelText(fieldLabel('Địa chỉ lấy mẫu'))).toHaveAccessibleDescription('Vui lòng nhập thông tin này.');
    expect(screen.getByLabelText(fieldLabel('Số điện thoại liên hệ'))).toHaveAccessibleDescription(
      expect.stringContaining('Vui lòng nhập thông tin này.'),
    );
    // The first field in error, the catalog, has the focus.
    expect(screen.getByRole('checkbox', { name: /^Gói khám sức khỏe tổng quát/ })).toHaveFocus();
    expect(history.location.pathname).toBe('/diagnostictest/');
    expect(postCalls(fetchMock, registerPath)).toHaveLength(0);
    await expectNoSeriousAxeViolations();

    // A phone that is none, and in English.
    await user.type(screen.getByLabelText(fieldLabel('Số điện thoại liên hệ')), '0912');
    await act(() => i18n.changeLanguage('en'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please choose at least one test or package.')).toBeVisible();
    expect(screen.getByLabelText(fieldLabel('Address for the visit'))).toHaveAccessibleDescription('Please fill in this field.');
    expect(screen.getByLabelText(fieldLabel('Phone for the collector'))).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid Vietnamese mobile number'),
    );
    // The area, the day and the window are still to be chosen.
    expect(screen.getAllByText('Please choose one.')).toHaveLength(3);
  });

  it('at a clinic: the clinic’s 15-minute slots, no address sent', async () => {
    const { fetchMock, user, history } = openPage('/diagnostictest/', {
      ...catalogReplies,
      [registerPath]: ok(
        labOrder({
          checkHour: '07:15',
          lab: {
            ...(labOrder().lab as NonNullable<Order['lab']>),
            atHome: false,
            district: null,
            orderAdress: null,
            orderPhone: null,
            endHour: '07:30',
          },
        }),
        201,
      ),
    });
    await user.click(await screen.findByRole('checkbox', { name: /^HbA1c/ }));
    await user.click(screen.getByRole('radio', { name: 'Tại cơ sở y tế' }));
    expect(screen.queryByLabelText(fieldLabel('Địa chỉ lấy mẫu'))).toBeNull();
    await user.selectOptions(await screen.findByRole('combobox', { name: fieldLabel('Cơ sở xét nghiệm') }), clinic.name);
    await chooseDay(user);
    expect(await screen.findByRole('radio', { name: '07:00 – 07:15' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '07:15 – 07:30' }));
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    await waitFor(() => expect(history.location.pathname).toBe('/diagnostictest/confirm/'));
    expect(await screen.findByText(`${clinic.name} — ${clinic.address}`)).toBeVisible();
    // "Where" says how the sample is taken; the clinic's name is written once, beside its address.
    expect(screen.getByText('Tại cơ sở y tế')).toBeVisible();
    expect(screen.queryByText(clinic.name)).toBeNull();
    expect(screen.getByText('07:15 – 07:30')).toBeVisible();
    expect(screen.getByText('130.000 ₫')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt xét nghiệm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã đặt lịch xét nghiệm' })).toBeVisible();
    expect(JSON.parse(String(postCalls(fetchMock, registerPath)[0]?.[1]?.body))).toEqual({
      atHome: false,
      workUnitId: clinic.id,
      packageTestItems: [],
      requestTestItems: ['hba1c'],
      testDay: '2026-05-14',
      testTime: '07:15',
      note: '',
      isFamily: false,
    });
  });

  it('folds the catalog by sample, the packages open: a fold opens, says how many of it are chosen, and a search opens what it finds', async () => {
    const { user } = openPage('/diagnostictest/', catalogReplies);

    expect(await fold('Gói xét nghiệm')).toHaveProperty('open', true);
    const blood = await fold('Xét nghiệm mẫu máu');
    const urine = await fold('Xét nghiệm mẫu nước tiểu');
    expect(blood).toHaveProperty('open', false);
    expect(urine).toHaveProperty('open', false);
    // A native disclosure: one Tab stop, Enter and Space open it in a browser (jsdom knows only the click).
    const bloodSummary = blood.querySelector('summary') as HTMLElement;
    await user.click(bloodSummary);
    expect(blood).toHaveProperty('open', true);
    await user.click(screen.getByRole('checkbox', { name: /^HbA1c/ }));
    await user.click(screen.getByRole('checkbox', { name: /^TSH/ }));
    expect(within(bloodSummary).getByText('Đã chọn 2 mục')).toBeVisible();
    // Folded again, the count and the total stay in sight.
    await user.click(bloodSummary);
    expect(blood).toHaveProperty('open', false);
    expect(within(bloodSummary).getByText('Đã chọn 2 mục')).toBeVisible();
    expect(screen.getByTestId('lab-total')).toHaveTextContent('Tổng chi phí: 250.000 ₫');

    await user.type(screen.getByRole('searchbox', { name: 'Tìm xét nghiệm hoặc gói' }), 'nuoc tieu');
    expect(urine).toHaveProperty('open', true);
  });

  it('narrows the catalog by a search without diacritics', async () => {
    const { user } = openPage('/diagnostictest/', catalogReplies);
    await user.type(await screen.findByRole('searchbox', { name: 'Tìm xét nghiệm hoặc gói' }), 'tuyen giap');
    expect(screen.getByRole('checkbox', { name: /^Gói kiểm tra tuyến giáp/ })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /^HbA1c/ })).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Tìm xét nghiệm hoặc gói' }));
    await user.type(screen.getByRole('searchbox', { name: 'Tìm xét nghiệm hoặc gói' }), 'xyz');
    expect(screen.getByText('Không có xét nghiệm hoặc gói nào khớp với “xyz”.')).toBeVisible();
  });

  it('when the window was just taken (409): says so, offers the next free times, and a new key for the one chosen', async () => {
    const { fetchMock, user } = openPage('/diagnostictest/', {
      ...catalogReplies,
      [registerPath]: slotTakenOnce(labOrder({ checkHour: '10:00' })),
    });
    await chooseCheckupAndHba1c(user);
    await user.selectOptions(screen.getByRole('combobox', { name: fieldLabel('Khu vực (quận/huyện)') }), 'Quận 5, TP. Hồ Chí Minh');
    await chooseDay(user);
    await user.click(await screen.findByRole('radio', { name: '06:00 – 08:00' }));
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await user.click(await screen.findByRole('button', { name: 'Xác nhận đặt xét nghiệm' }));

    const alert = await alertSaying('Giờ này vừa có người đặt. Vui lòng chọn giờ khác.');
    // 08:00 is full: the next free ones are 10:00 and 14:00 that day, then 06:00 the next.
    const offered = await within(alert).findAllByRole('button', { name: /lúc/ });
    expect(offered.map((button) => button.textContent)).toEqual(['14/05/2026 lúc 10:00', '14/05/2026 lúc 14:00', '15/05/2026 lúc 06:00']);
    await user.click(offered[0] as HTMLElement);
    expect(await screen.findByText('Đã đổi sang 14/05/2026 lúc 10:00. Vui lòng kiểm tra và xác nhận lại.')).toBeVisible();
    expect(screen.getByText('10:00 – 12:00')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt xét nghiệm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã đặt lịch xét nghiệm' })).toBeVisible();

    const second = retriedPostWithNewKey(fetchMock, registerPath);
    expect(second).toMatchObject({ testDay: '2026-05-14', testTime: '10:00' });
  });

  it('reads in English: the page, the catalog’s names and the prices in VND', async () => {
    mockApi(catalogReplies);
    logInAs(patient);
    await act(() => i18n.changeLanguage('en'));
    const { user } = renderApp('/diagnostictest/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book lab tests' })).toBeVisible();
    await user.click(await screen.findByRole('checkbox', { name: /^Thyroid check/ }));
    expect(screen.getByTestId('lab-total')).toHaveTextContent('Total price: 210.000 ₫');
    expect(
      screen.getByText('Stop medicines or supplements containing biotin (vitamin B7) at least 8 hours before the blood sample.'),
    ).toBeVisible();
    expect(screen.getByText('All results in about 1 day')).toBeVisible();
  });
});
