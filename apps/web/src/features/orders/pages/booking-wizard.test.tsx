import type { FreeTime } from '@rhc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_STORAGE_KEY, useBookingStore } from '../../../stores/booking-store.ts';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { bookedOrder } from '../../../test/orders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { setUpBookingTests } from '../../../test/order-booking.ts';
import { hourTexts } from '../../../test/orders-slots.ts';
import { doctorCard, examTypes, specialties } from './booking-fixtures.ts';

function slot(hour: string) {
  return { hour, clinicId: null };
}

const mayFreeTime: FreeTime = {
  days: [
    { day: '2026-05-13', slots: [] },
    { day: '2026-05-14', slots: [slot('09:00'), slot('09:30')] },
    { day: '2026-05-15', slots: [slot('14:00')] },
  ],
  holidays: [{ startDate: '2026-05-20', endDate: '2026-05-21' }],
  clinics: [],
};

const freeTimePath = `/api/user-freetime-in-month-online/${doctorCard.id}`;
const orderPath = `/api/order/${patient.userId}`;

const catalog = {
  [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
  '/api/specialties': ok(specialties),
  '/api/exam-types': ok(examTypes),
  '/api/doctors': ok([doctorCard]),
};

/** What the booking sends for Trần Văn Hùng, online, 14/05/2026 09:00. */
const bookedBody = {
  mode: 'online' as const,
  isFamily: true,
  specialtyId: 2,
  examTypeId: 5,
  doctorId: doctorCard.id,
  checkDay: '2026-05-14',
  checkHour: '09:00',
  timeCustome: false,
  reasonForExamination: 'Hay hồi hộp, khó thở khi leo cầu thang',
  note: '',
  // The form sends an empty e-mail as ''.
  infomation: { ...bookedOrder.infomation, email: '' },
};

/** The draft the form leaves for the confirm page: the body, with the names shown and the key of its POST. */
const savedDraft = {
  ...bookedBody,
  specialtyName: 'Tim mạch',
  examTypeName: 'Tư vấn trực tuyến',
  doctor: { fullName: doctorCard.fullName, degree: doctorCard.degree, workPlace: doctorCard.workPlace, urlImage: null },
  idempotencyKey: '5b0e6a52-3c1f-4d2e-9a8b-7c6d5e4f3a21',
};

// Only the clock is fake: today is Monday 04/05/2026 in Vietnam.
setUpBookingTests();

/** Types a whole value at once (one change event): the form re-renders once per field, not once per key. */
async function fill(user: ReturnType<typeof renderApp>['user'], input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/*
 * A day of the booking calendar that cannot be picked stays focusable for the arrow keys: it is aria-disabled, which
 * jest-dom's toBeDisabled does not read.
 */
function expectPickable(day: HTMLElement) {
  expect(day).not.toHaveAttribute('aria-disabled');
  expect(day).toBeEnabled();
}

function expectNotPickable(day: HTMLElement) {
  expect(day).toHaveAttribute('aria-disabled', 'true');
}

function postCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([input, init]) => String(input) === orderPath && init?.method === 'POST');
}

describe('booking an online examination', { timeout: 30_000 }, () => {
  it('books for another person: free days only, a slot, the summary, one POST with its key, then the code', async () => {
    const fetchMock = mockApi({
      ...catalog,
      [freeTimePath]: ok(mayFreeTime),
      [orderPath]: ok(bookedOrder, 201),
    });
    logInAs(patient);
    const { user, history } = renderApp('/healthcare-online/');

    // What happens after booking is said before anything is chosen.
    expect(
      await screen.findByText(
        'Chọn chuyên khoa, bác sĩ, ngày và giờ cho buổi khám trực tuyến. Bác sĩ sẽ xác nhận và gửi đường dẫn cuộc gọi cho bạn.',
      ),
    ).toBeVisible();
    await user.click(await screen.findByLabelText('Cho người khác'));
    await fill(user, screen.getByLabelText(fieldLabel('Họ và tên')), 'Trần Văn Hùng');
    await fill(user, screen.getByLabelText(fieldLabel('Số điện thoại')), '0912345678');
    await fill(user, screen.getByLabelText(fieldLabel('Ngày sinh')), '21/03/1958');
    await fill(user, screen.getByLabelText(fieldLabel('Địa chỉ')), '45 Nguyễn Trãi, Thanh Xuân, Hà Nội');

    await user.click(screen.getByRole('combobox', { name: fieldLabel('Chuyên khoa') }));
    await user.click(await screen.findByRole('option', { name: 'Tim mạch', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: fieldLabel('Loại hình khám') }));
    await user.click(await screen.findByRole('option', { name: 'Tư vấn trực tuyến', hidden: true }));
    await user.click(await screen.findByLabelText('Phạm Minh Đức, Thạc sĩ'));

    // A day is named from the number it shows (WCAG 2.5.3): "14", "14 tháng 5 2026".
    const freeDay = await screen.findByRole('button', { name: '14 tháng 5 2026' });
    expect(freeDay).toHaveTextContent('14');
    await waitFor(() => expectPickable(freeDay));
    expectPickable(screen.getByRole('button', { name: '15 tháng 5 2026' }));
    // No free time on the 13th, a day off on the 20th, the days before today (Monday the 4th): not to be picked.
    expectNotPickable(screen.getByRole('button', { name: '13 tháng 5 2026' }));
    expectNotPickable(screen.getByRole('button', { name: '20 tháng 5 2026' }));
    expectNotPickable(screen.getByRole('button', { name: '3 tháng 5 2026' }));
    // The days are a group in the group of the calendar, named by its label; the week starts on Monday.
    const calendar = screen.getByRole('group', { name: fieldLabel('Ngày khám') });
    const month = within(calendar).getByRole('group', { name: 'Tháng 5 năm 2026' });
    expect(within(month).getAllByRole('button')).toHaveLength(31);
    expect(month.firstElementChild).toHaveTextContent('T2');
    // The month arrows say what they do; there is no going back before this month.
    expect(within(calendar).getByRole('button', { name: 'Tháng sau' })).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Tháng trước' })).toHaveAttribute('aria-disabled', 'true');
    const freeTimeCall = fetchMock.mock.calls.find(([input]) => String(input) === freeTimePath);
    expect(JSON.parse(String(freeTimeCall?.[1]?.body))).toEqual({ month: 5, year: 2026, examTypeId: 5 });

    // One Tab stop, on the first day that can be picked; the arrows move the focus, a day that cannot be picked
    // included, and Enter picks only one that can be.
    expect(
      within(month)
        .getAllByRole('button')
        .filter((day) => day.tabIndex === 0),
    ).toEqual([freeDay]);
    freeDay.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: '13 tháng 5 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('radiogroup', { name: 'Giờ khám' })).not.toBeInTheDocument();
    expect(within(month).queryByRole('button', { pressed: true })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(freeDay).toHaveFocus();
    expect(freeDay).toHaveAttribute('aria-pressed', 'true');
    expect(within(month).getByRole('button', { pressed: true })).toBe(freeDay);
    // The hours are one radio group: a single Tab stop, the arrows move the choice.
    const hours = screen.getByRole('radiogroup', { name: 'Giờ khám' });
    expect(hourTexts(hours)).toEqual(['09:00', '09:30']);
    await user.click(within(hours).getByRole('radio', { name: '09:30' }));
    await user.keyboard('{ArrowLeft}');
    expect(within(hours).getByRole('radio', { name: '09:00' })).toHaveAttribute('aria-checked', 'true');
    expect(within(hours).getByRole('radio', { name: '09:00' })).toHaveFocus();
    expect(within(hours).getByRole('radio', { name: '09:30' })).toHaveAttribute('aria-checked', 'false');
    await fill(user, screen.getByLabelText(fieldLabel('Lý do khám')), 'Hay hồi hộp, khó thở khi leo cầu thang');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    expect(await screen.findByRole('heading', { name: 'Kiểm tra thông tin đặt lịch' })).toBeVisible();
    expect(history.location.pathname).toBe('/healthcare/confirm-online/');
    for (const text of ['Trần Văn Hùng', 'Tim mạch', 'Tư vấn trực tuyến', 'Phạm Minh Đức', '14/05/2026', '09:00', '21/03/1958']) {
      expect(screen.getByText(text)).toBeVisible();
    }
    expect(screen.getByText('Bác sĩ sẽ xác nhận lịch khám và gửi cho bạn đường dẫn cuộc gọi.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch' }));

    expect(await screen.findByText(bookedOrder.code)).toBeVisible();
    expect(screen.getByText('Chờ xác nhận')).toBeVisible();
    expect(history.location.pathname).toBe('/healthcare/complete-online/');
    expect(screen.getByRole('link', { name: 'Xem lịch khám' })).toHaveAttribute('href', `/bookingsuccess/${bookedOrder.id}`);
    expect(screen.getByRole('link', { name: 'Quản lý lịch khám' })).toHaveAttribute('href', '/applicationlist/');

    const posts = postCalls(fetchMock);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual(bookedBody);
    const key = new Headers(posts[0]?.[1]?.headers).get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // The draft is gone, the booking is kept for the success screens.
    expect(useBookingStore.getState().infoBookings.other).toBeNull();
    expect(useBookingStore.getState().orderSuccessList.at(-1)?.code).toBe(bookedOrder.code);
  });

  it("books for a saved relative's profile: its details fill the form, read-only, and the POST names the profile", async () => {
    const profileId = '0c9e7a1b-2d3f-4a5b-8c6d-7e8f9a0b1c2d';
    const fetchMock = mockApi({
      ...catalog,
      [`/api/relatives/${patient.userId}`]: ok([
        {
          id: profileId,
          info: bookedOrder.infomation,
          needsChildAssent: false,
          sharedWith: 0,
          createdAt: '2026-05-01T03:00:00.000Z',
        },
      ]),
      [freeTimePath]: ok(mayFreeTime),
      [orderPath]: ok(bookedOrder, 201),
    });
    logInAs(patient);
    const { user } = renderApp('/healthcare-online/');

    await user.click(await screen.findByLabelText('Cho người khác'));
    await user.click(await screen.findByRole('combobox', { name: 'Hồ sơ người thân đã lưu' }));
    await user.click(await screen.findByRole('option', { name: 'Trần Văn Hùng', hidden: true }));
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveValue('Trần Văn Hùng');
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveAttribute('readonly');
    expect(screen.getByLabelText(fieldLabel('Địa chỉ'))).toHaveValue('45 Nguyễn Trãi, Thanh Xuân, Hà Nội');
    expect(screen.getByText('Thông tin lấy từ hồ sơ đã lưu; muốn sửa, vào Quản lý người thân.')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: fieldLabel('Chuyên khoa') }));
    await user.click(await screen.findByRole('option', { name: 'Tim mạch', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: fieldLabel('Loại hình khám') }));
    await user.click(await screen.findByRole('option', { name: 'Tư vấn trực tuyến', hidden: true }));
    await user.click(await screen.findByLabelText('Phạm Minh Đức, Thạc sĩ'));
    await user.click(await screen.findByRole('button', { name: '14 tháng 5 2026' }));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Giờ khám' })).getByRole('radio', { name: '09:00' }));
    await fill(user, screen.getByLabelText(fieldLabel('Lý do khám')), 'Tái khám huyết áp');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await user.click(await screen.findByRole('button', { name: 'Xác nhận đặt lịch' }));

    expect(await screen.findByText(bookedOrder.code)).toBeVisible();
    const sent = JSON.parse(String(postCalls(fetchMock)[0]?.[1]?.body));
    expect(sent).toMatchObject({ isFamily: true, profileId, infomation: { fullName: 'Trần Văn Hùng', dateOfBirth: '1958-03-21' } });
  });

  it('offers as "Tự chọn thời gian" only the fixed hours the doctor works and is free, on working days only', async () => {
    mockApi({
      ...catalog,
      [freeTimePath]: ok(mayFreeTime),
      '/api/exam-time': ok(
        ['07:00', '08:00', '09:00', '10:00', '14:00', '16:00'].map((start, index) => ({
          id: index + 1,
          start,
          end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
        })),
      ),
    });
    logInAs(patient);
    const { user } = renderApp('/healthcare-online/');
    await user.click(await screen.findByRole('combobox', { name: fieldLabel('Chuyên khoa') }));
    await user.click(await screen.findByRole('option', { name: 'Tim mạch', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: fieldLabel('Loại hình khám') }));
    await user.click(await screen.findByRole('option', { name: 'Tư vấn trực tuyến', hidden: true }));
    await user.click(await screen.findByLabelText('Phạm Minh Đức, Thạc sĩ'));
    await user.click(screen.getByRole('radio', { name: 'Tự chọn thời gian' }));

    // A day without free working time (the 13th, a day off on the 20th) is not offered in this mode either.
    await waitFor(() => expectPickable(screen.getByRole('button', { name: '14 tháng 5 2026' })));
    expectNotPickable(screen.getByRole('button', { name: '13 tháng 5 2026' }));
    expectNotPickable(screen.getByRole('button', { name: '20 tháng 5 2026' }));
    expect(screen.getByText(/Chỉ những ngày và khung giờ bác sĩ làm việc và còn trống/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: '14 tháng 5 2026' }));
    const hours = screen.getByRole('radiogroup', { name: 'Giờ khám' });
    expect(hourTexts(hours)).toEqual(['09:00 – 10:00']);
  });

  it('keeps the draft through a reload of the confirm page and sends the same key when retried', async () => {
    const fetchMock = mockApi({ ...catalog, [orderPath]: 'network-error' });
    logInAs(patient);
    useBookingStore.getState().saveDraft({ mode: 'online', bookingFor: 'other' }, savedDraft);
    // A reload: the memory is empty again, the browser's storage is what remains.
    const stored = localStorage.getItem(BOOKING_STORAGE_KEY) ?? '';
    useBookingStore.setState({ infoBookings: { self: null, other: null }, healthServiceDivision: null });
    localStorage.setItem(BOOKING_STORAGE_KEY, stored);
    await useBookingStore.persist.rehydrate();
    const { user } = renderApp('/healthcare/confirm-online/');

    expect(await screen.findByText('Trần Văn Hùng')).toBeVisible();
    expect(screen.getByText('14/05/2026')).toBeVisible();
    const confirm = screen.getByRole('button', { name: 'Xác nhận đặt lịch' });
    await user.click(confirm);
    expect(await screen.findByText('Lỗi kết nối mạng. Vui lòng kiểm tra kết nối và thử lại.')).toBeVisible();
    await user.click(confirm);

    await waitFor(() => expect(postCalls(fetchMock)).toHaveLength(2));
    const keys = postCalls(fetchMock).map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toEqual([savedDraft.idempotencyKey, savedDraft.idempotencyKey]);
  });

  it('offers the next free slots when the slot was just taken, and choosing one updates the summary', async () => {
    const afterTaken: FreeTime = {
      ...mayFreeTime,
      days: [
        { day: '2026-05-14', slots: [slot('09:30')] },
        { day: '2026-05-15', slots: [slot('14:00')] },
      ],
    };
    const juneFreeTime: FreeTime = {
      days: [{ day: '2026-06-01', slots: [slot('08:00'), slot('08:30')] }],
      holidays: [],
      clinics: [],
    };
    const fetchMock = mockApi({
      ...catalog,
      [freeTimePath]: ({ init }) => (JSON.parse(String(init?.body)).month === 6 ? ok(juneFreeTime) : ok(afterTaken)),
      [orderPath]: fail(409, 'SLOT_TAKEN', 'Giờ này vừa có người khác đặt. Vui lòng chọn giờ khác.'),
    });
    logInAs(patient);
    useBookingStore.getState().saveDraft({ mode: 'online', bookingFor: 'other' }, savedDraft);
    const { user, history } = renderApp('/healthcare/confirm-online/');

    await user.click(await screen.findByRole('button', { name: 'Xác nhận đặt lịch' }));

    expect(await screen.findByText('Giờ này vừa có người khác đặt. Vui lòng chọn giờ khác.')).toBeVisible();
    const offers = await screen.findAllByRole('button', { name: /lúc/ });
    expect(offers.map((button) => button.textContent)).toEqual(['14/05/2026 lúc 09:30', '15/05/2026 lúc 14:00', '01/06/2026 lúc 08:00']);

    await user.click(screen.getByRole('button', { name: '15/05/2026 lúc 14:00' }));

    expect(await screen.findByText('Đã đổi sang 15/05/2026 lúc 14:00. Vui lòng kiểm tra và xác nhận lại.')).toBeVisible();
    expect(screen.getByText('15/05/2026')).toBeVisible();
    expect(screen.getByText('14:00')).toBeVisible();
    expect(screen.queryByText('Giờ này vừa có người khác đặt. Vui lòng chọn giờ khác.')).not.toBeInTheDocument();
    expect(history.location.pathname).toBe('/healthcare/confirm-online/');
    const draft = useBookingStore.getState().infoBookings.other;
    expect(draft).toMatchObject({ checkDay: '2026-05-15', checkHour: '14:00' });
    expect(draft?.idempotencyKey).not.toBe(savedDraft.idempotencyKey);
    expect(postCalls(fetchMock)).toHaveLength(1);
  });

  it('going back after the slot was taken clears the taken hour, reads the free hours again and says which was taken', async () => {
    let taken = false;
    const afterTaken: FreeTime = { ...mayFreeTime, days: [{ day: '2026-05-14', slots: [slot('09:30'), slot('10:00')] }] };
    const fetchMock = mockApi({
      ...catalog,
      [freeTimePath]: () => (taken ? ok(afterTaken) : ok(mayFreeTime)),
      [orderPath]: () => {
        taken = true;
        return fail(409, 'SLOT_TAKEN', 'Giờ này vừa có người khác đặt. Vui lòng chọn giờ khác.');
      },
    });
    logInAs(patient);
    useBookingStore.getState().saveDraft({ mode: 'online', bookingFor: 'other' }, savedDraft);
    const { user, history } = renderApp('/healthcare/confirm-online/');

    await user.click(await screen.findByRole('button', { name: 'Xác nhận đặt lịch' }));
    expect(await screen.findByText('Giờ này vừa có người khác đặt. Vui lòng chọn giờ khác.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Quay lại' }));

    await waitFor(() => expect(history.location.pathname).toBe('/healthcare-online/'));
    expect(
      await screen.findByText(
        'Giờ 09:00 ngày 14/05/2026 vừa có người khác đặt. Danh sách giờ trống đã được cập nhật, vui lòng chọn giờ khác.',
      ),
    ).toBeVisible();
    const hours = await screen.findByRole('radiogroup', { name: 'Giờ khám' });
    await waitFor(() => expect(hourTexts(hours)).toEqual(['09:30', '10:00']));
    expect(within(hours).queryByRole('radio', { checked: true })).toBeNull();
    const reads = fetchMock.mock.calls.filter(([input]) => String(input) === freeTimePath);
    expect(reads.length).toBeGreaterThanOrEqual(2);

    // Choosing another hour: the notice goes, and the draft no longer names the taken slot.
    await user.click(within(hours).getByRole('radio', { name: '10:00' }));
    expect(screen.queryByText(/vừa có người khác đặt\. Danh sách giờ trống/)).not.toBeInTheDocument();
  });

  it('shows why a requested time cannot be booked and leads back to the prefilled form', async () => {
    mockApi({
      ...catalog,
      [freeTimePath]: ok(mayFreeTime),
      '/api/exam-time': ok([{ id: 1, start: '07:00', end: '08:00' }]),
      [orderPath]: fail(422, 'SLOT_UNAVAILABLE', 'Bác sĩ không làm việc vào thời gian này. Vui lòng chọn một trong các giờ trống.'),
    });
    logInAs(patient);
    useBookingStore.getState().saveDraft({ mode: 'online', bookingFor: 'other' }, { ...savedDraft, timeCustome: true, checkHour: '07:00' });
    const { user, history } = renderApp('/healthcare/confirm-online/');

    expect(await screen.findByText('Thời gian bạn yêu cầu')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch' }));
    expect(await screen.findByText('Bác sĩ không làm việc vào thời gian này. Vui lòng chọn một trong các giờ trống.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Quay lại biểu mẫu' }));

    expect(await screen.findByLabelText(fieldLabel('Họ và tên'))).toHaveValue('Trần Văn Hùng');
    expect(history.location.pathname).toBe('/healthcare-online/');
    expect(screen.getByLabelText(fieldLabel('Lý do khám'))).toHaveValue(savedDraft.reasonForExamination);
    // Back on the form, the requested hour the doctor does not work is not offered as a choice again.
    expect(await screen.findByText(/Chỉ những ngày và khung giờ bác sĩ làm việc/)).toBeVisible();
    expect(screen.queryByText('07:00 – 08:00')).not.toBeInTheDocument();
  });

  it("shows the patient's information problems at their fields", async () => {
    mockApi({ ...catalog });
    logInAs(patient);
    const { user } = renderApp('/healthcare-online/');

    await user.click(await screen.findByLabelText('Cho người khác'));
    const name = screen.getByLabelText(fieldLabel('Họ và tên'));
    const phone = screen.getByLabelText(fieldLabel('Số điện thoại'));
    await fill(user, name, 'Trần Văn 2');
    await fill(user, phone, '12345');
    await fill(user, screen.getByLabelText(fieldLabel('Ngày sinh')), '01/01/2030');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    expect(await screen.findByText('Họ tên chỉ gồm chữ cái, không chứa chữ số hoặc ký tự đặc biệt.')).toBeVisible();
    expect(name).toHaveAccessibleDescription('Họ tên chỉ gồm chữ cái, không chứa chữ số hoặc ký tự đặc biệt.');
    expect(phone).toHaveAccessibleDescription('Vui lòng nhập số điện thoại di động Việt Nam hợp lệ (ví dụ 0912345678).');
    expect(screen.getByLabelText(fieldLabel('Địa chỉ'))).toHaveAccessibleDescription('Vui lòng nhập thông tin này.');
    expect(screen.getByLabelText(fieldLabel('Lý do khám'))).toHaveAccessibleDescription('Vui lòng nhập thông tin này.');
    // What is chosen from a list asks to choose, not to type.
    expect(screen.getByRole('combobox', { name: fieldLabel('Chuyên khoa') })).toHaveAccessibleDescription('Vui lòng chọn một mục.');
    expect(name).toHaveFocus();
  });
});
