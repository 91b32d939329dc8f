import type { AffectedBooking, DoctorScheduleMonth, Holiday, WorkTime } from '@rhc/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calledPaths, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { bookedOrder } from '../../../test/orders.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { i18n } from '../../../lib/i18n.ts';

const weekly: WorkTime = {
  id: '5d1f0c9e-3a2b-4c5d-8e7f-9a0b1c2d3e4f',
  mode: 'direct',
  day: '2026-11-23',
  start: '08:00',
  end: '12:00',
  startsAt: '2026-11-23T01:00:00.000Z',
  endsAt: '2026-11-23T05:00:00.000Z',
  recurrence: { type: 'week', interval: 1, weekdays: [1, 3], until: '2026-12-31' },
  workUnit: { id: 3, name: 'Bệnh viện Bạch Mai', address: '78 Giải Phóng, Hà Nội' },
};
const holiday: Holiday = { id: '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d', startDate: '2026-11-28', endDate: '2026-11-29' };

function novemberDays(): DoctorScheduleMonth['days'] {
  return Array.from({ length: 30 }, (_, index) => {
    const day = `2026-11-${String(index + 1).padStart(2, '0')}`;
    const occurrences =
      day === '2026-11-23' || day === '2026-11-25'
        ? [{ workTimeId: weekly.id, mode: 'direct' as const, start: '08:00', end: '12:00', workUnitName: 'Bệnh viện Bạch Mai' }]
        : day === '2026-11-24'
          ? [
              {
                workTimeId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
                mode: 'online' as const,
                start: '19:00',
                end: '21:00',
                workUnitName: null,
              },
            ]
          : [];
    return { day, holiday: day >= holiday.startDate && day <= holiday.endDate, occurrences, bookings: day === '2026-11-23' ? 2 : 0 };
  });
}

const month: DoctorScheduleMonth = { workTimes: [weekly], holidays: [holiday], days: novemberDays() };

const server = {
  [`/api/doctor-schedule/${doctor.userId}`]: ok(month),
  '/api/user-time-doctor': ok([weekly]),
  '/api/holidays': ok([holiday]),
  '/api/workunit': ok([{ id: 3, name: 'Bệnh viện Bạch Mai', address: '78 Giải Phóng, Hà Nội' }]),
  [`/api/dashboard/${doctor.userId}`]: ok({ countInvites: 0 }),
};

/** Two bookings on Tuesday 1 December 2026 (09:00 and 10:00 in Vietnam) a change of schedule would leave out (decision 047). */
const affectedBookings: AffectedBooking[] = [
  {
    id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
    code: 'RHC-261201-0001',
    startsAt: '2026-12-01T02:00:00.000Z',
    endsAt: '2026-12-01T02:30:00.000Z',
    patientName: 'Trần Thị Lan',
    status: 0,
    mode: 'direct',
  },
  {
    id: '1d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    code: 'RHC-261201-0002',
    startsAt: '2026-12-01T03:00:00.000Z',
    endsAt: '2026-12-01T03:30:00.000Z',
    patientName: 'Đỗ Minh Quang',
    status: 3,
    mode: 'direct',
  },
];
const TOKEN = 'q3Yk9sV2bT7wXc1mN5pL0a';
/** The server's 409 SCHEDULE_HAS_BOOKINGS over those bookings (the envelope's `affected`). */
function hasBookings(bookings: AffectedBooking[] = affectedBookings) {
  const message = `Có ${bookings.length} lịch hẹn vào thời gian này. Hãy xem danh sách và xác nhận: lịch hẹn được giữ nguyên và bệnh nhân sẽ được báo để đổi giờ hoặc hủy.`;
  return { status: 409, body: { status: 409, code: 'SCHEDULE_HAS_BOOKINGS', message, affected: { bookings, confirm: TOKEN } } };
}

type Init = RequestInit | undefined;
function callsWith(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): Init[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === method)
    .map(([, init]) => init);
}

async function openRegisterForm(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Đăng ký thời gian làm việc' }));
  return screen.findByRole('dialog', { name: 'Đăng ký thời gian làm việc' });
}

async function choose(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByLabelText(fieldLabel(label)));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** In the days-off panel: the range `from`–`to` (DD/MM/YYYY) typed and added. */
async function addDaysOff(user: ReturnType<typeof renderApp>['user'], from: string, to: string) {
  await user.type(await screen.findByLabelText(fieldLabel('Nghỉ từ ngày')), from);
  await user.type(screen.getByLabelText(fieldLabel('Nghỉ đến ngày')), to);
  await user.click(screen.getByRole('button', { name: 'Thêm ngày nghỉ' }));
}

/** In the register form: an online work time on Monday 23/11/2026 from `start` to `end`. */
async function fillOnlineTime(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, start: string, end: string) {
  await user.click(within(dialog).getByRole('radio', { name: 'Trực tuyến' }));
  await user.type(within(dialog).getByLabelText(fieldLabel('Ngày')), '23/11/2026');
  await choose(user, dialog, 'Giờ bắt đầu', start);
  await choose(user, dialog, 'Giờ kết thúc', end);
}

// Filling the work-time form (selects, dates, chips) takes a few seconds in jsdom.
describe("doctor's schedule page", { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Friday 20 November 2026, 10:00 in Vietnam; only the clock is fixed, timers stay real for the UI.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T03:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the month with each day’s work, bookings and days off, today highlighted', async () => {
    mockApi(server);
    logInAs(doctor);
    renderApp('/schedulemanagement/');

    const monday = await screen.findByTitle('Xem ngày 23-11-2026');
    expect(within(monday).getByText('Trực tiếp')).toBeVisible();
    expect(within(monday).getByText(/08:00–12:00/)).toBeVisible();
    expect(within(monday).getByText(/Bệnh viện Bạch Mai/)).toBeVisible();
    expect(within(monday).getByText('Lượt đặt: 2')).toBeVisible();
    expect(within(screen.getByTitle('Xem ngày 24-11-2026')).getByText('Trực tuyến')).toBeVisible();
    expect(within(screen.getByTitle('Xem ngày 28-11-2026')).getByText('Ngày nghỉ')).toBeVisible();
    expect(within(screen.getByTitle('Xem ngày 29-11-2026')).getByText('Ngày nghỉ')).toBeVisible();
    expect(within(screen.getByTitle('Xem ngày 27-11-2026')).queryByText('Ngày nghỉ')).not.toBeInTheDocument();
    expect(screen.getByTitle('Xem ngày 20-11-2026')).toHaveAttribute('aria-current', 'date');

    // The registered work time in words, and the days off in the list (below the month, drawn in a render of their own).
    expect(await screen.findByText('Mỗi tuần vào Thứ Hai, Thứ Tư đến 31-12-2026')).toBeVisible();
    expect(await screen.findByText('28-11-2026 – 29-11-2026')).toBeVisible();
  });

  it('strikes through the hours of a working day taken off, under its badge', async () => {
    const dayOff = { ...holiday, startDate: '2026-11-25', endDate: '2026-11-25' };
    const days = novemberDays().map((entry) => (entry.day === '2026-11-25' ? { ...entry, holiday: true } : { ...entry, holiday: false }));
    mockApi({
      ...server,
      [`/api/doctor-schedule/${doctor.userId}`]: ok({ ...month, holidays: [dayOff], days }),
      '/api/holidays': ok([dayOff]),
    });
    logInAs(doctor);
    renderApp('/schedulemanagement/');

    const wednesday = await screen.findByTitle('Xem ngày 25-11-2026');
    expect(within(wednesday).getByText('Ngày nghỉ')).toBeVisible();
    expect(within(wednesday).getByText(/08:00–12:00/)).toHaveAttribute('data-off');
    // The same hours on a working Monday are as they were.
    expect(within(screen.getByTitle('Xem ngày 23-11-2026')).getByText(/08:00–12:00/)).not.toHaveAttribute('data-off');
  });

  it('folds the empty days before today (the phone list starts near today) until asked to show them', async () => {
    mockApi(server);
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    // 1–19 November are past and empty; today (the 20th) and the days with work are never folded.
    const unfold = await screen.findByRole('button', { name: 'Hiện 19 ngày đã qua không có lịch' });
    expect(screen.getByTitle('Xem ngày 19-11-2026')).toHaveAttribute('data-past-empty');
    expect(screen.getByTitle('Xem ngày 19-11-2026').parentElement).toHaveAttribute('data-fold-past');
    expect(screen.getByTitle('Xem ngày 20-11-2026')).not.toHaveAttribute('data-past-empty');
    expect(screen.getByTitle('Xem ngày 23-11-2026')).not.toHaveAttribute('data-past-empty');
    await user.click(unfold);
    expect(screen.queryByRole('button', { name: /ngày đã qua không có lịch/ })).not.toBeInTheDocument();
    expect(screen.getByTitle('Xem ngày 19-11-2026').parentElement).not.toHaveAttribute('data-fold-past');
  });

  it('opens a day of the month in the day view', async () => {
    mockApi({
      ...server,
      [`/api/doctor-schedule/page/${doctor.userId}`]: ({ url }) =>
        url.searchParams.get('day') === '24' && url.searchParams.get('month') === '11' && url.searchParams.get('year') === '2026'
          ? ok({
              items: [{ workTimeId: weekly.id, mode: 'online', start: '19:00', end: '21:00', workUnitName: null }],
              total: 1,
              page: 0,
              size: 10,
            })
          : ok({ items: [], total: 0, page: 0, size: 10 }),
      [`/api/order/page/${doctor.userId}`]: ok({ items: [], total: 0, page: 0, size: 50 }),
    });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    await user.click(await screen.findByTitle('Xem ngày 24-11-2026'));

    expect(await screen.findByRole('heading', { name: 'Thời gian làm việc ngày 24-11-2026' })).toBeVisible();
    expect(await screen.findByText('19:00–21:00')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Ngày' })).toHaveAttribute('aria-selected', 'true');
    // No booking that day: said, not left blank.
    expect(await screen.findByText('Chưa có lịch hẹn nào trong ngày này.')).toBeVisible();
  });

  it('lists the bookings of the day in the day view, each linking to it', async () => {
    const booking = {
      ...bookedOrder,
      startsAt: '2026-11-24T12:30:00.000Z',
      endsAt: '2026-11-24T13:00:00.000Z',
      checkDay: '2026-11-24',
      checkHour: '19:30',
    };
    const fetchMock = mockApi({
      ...server,
      [`/api/doctor-schedule/page/${doctor.userId}`]: ok({
        items: [{ workTimeId: weekly.id, mode: 'online', start: '19:00', end: '21:00', workUnitName: null }],
        total: 1,
        page: 0,
        size: 10,
      }),
      [`/api/order/page/${doctor.userId}`]: ok({ items: [booking], total: 1, page: 0, size: 50 }),
    });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    await user.click(await screen.findByTitle('Xem ngày 24-11-2026'));

    const item = (await screen.findByText(booking.infomation.fullName)).closest('li') as HTMLElement;
    expect(within(item).getByText('19:30–20:00')).toBeVisible();
    expect(within(item).getByRole('link', { name: `Chi tiết lịch hẹn ${booking.code} lúc 19:30–20:00` })).toHaveAttribute(
      'href',
      `/all-orders/${booking.id}`,
    );
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.startsWith('/api/order/page/'));
    expect(Object.fromEntries(asked?.searchParams ?? [])).toMatchObject({ as: 'doctor', day: '24', month: '11', year: '2026' });
  });

  it('registers a weekly in-person work time, sending Vietnam’s 08:00 as UTC', async () => {
    const fetchMock = mockApi({
      ...server,
      '/api/user-time-doctor': ({ init }) => (init?.method === 'POST' ? ok(weekly, 201) : ok([weekly])),
    });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    const dialog = await openRegisterForm(user);

    await choose(user, dialog, 'Nơi khám', 'Bệnh viện Bạch Mai – 78 Giải Phóng, Hà Nội');
    await user.type(within(dialog).getByLabelText(fieldLabel('Ngày')), '23/11/2026');
    await choose(user, dialog, 'Giờ bắt đầu', '08:00');
    await choose(user, dialog, 'Giờ kết thúc', '12:00');
    await choose(user, dialog, 'Lặp lại', 'Theo tuần');
    // 23/11/2026 is a Monday: the repetition starts with Monday ticked (issue 54 item 22).
    expect(within(dialog).getByRole('checkbox', { name: 'Thứ Hai' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Thứ Tư' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thứ Tư' }));
    await user.type(within(dialog).getByLabelText(fieldLabel('Lặp lại đến ngày')), '31/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã đăng ký thời gian làm việc.')).toBeVisible();
    const [post] = callsWith(fetchMock, 'POST', '/api/user-time-doctor');
    expect(JSON.parse(String(post?.body))).toEqual({
      startsAt: '2026-11-23T01:00:00.000Z',
      endsAt: '2026-11-23T05:00:00.000Z',
      recurrence: { type: 'week', interval: 1, weekdays: [1, 3], until: '2026-12-31' },
      workUnitId: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The month, the list and the days off are read again.
    await waitFor(() => expect(callsWith(fetchMock, 'GET', '/api/user-time-doctor')).toHaveLength(2));
    expect(calledPaths(fetchMock).filter((path) => path === `/api/doctor-schedule/${doctor.userId}`)).toHaveLength(2);
    expect(calledPaths(fetchMock).filter((path) => path === '/api/holidays')).toHaveLength(2);
  });

  it('shows, in Vietnamese at the fields, an end before the start and missing weekdays, and sends nothing', async () => {
    const fetchMock = mockApi(server);
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    const dialog = await openRegisterForm(user);

    await fillOnlineTime(user, dialog, '10:00', '09:00');
    await choose(user, dialog, 'Lặp lại', 'Theo tuần');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thứ Hai' }));
    await user.type(within(dialog).getByLabelText(fieldLabel('Lặp lại đến ngày')), '31/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await within(dialog).findByText('Giờ kết thúc phải sau giờ bắt đầu.')).toBeVisible();
    expect(within(dialog).getByLabelText(fieldLabel('Giờ kết thúc'))).toHaveAccessibleDescription('Giờ kết thúc phải sau giờ bắt đầu.');
    expect(within(dialog).getByText('Vui lòng chọn các ngày trong tuần để lặp lại.')).toBeVisible();
    expect(callsWith(fetchMock, 'POST', '/api/user-time-doctor-online')).toHaveLength(0);
  });

  it('closes only the calendar on Escape in the day field, and asks before a dialog with typed input closes', async () => {
    mockApi(server);
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    const dialog = await openRegisterForm(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Trực tuyến' }));
    const day = within(dialog).getByLabelText(fieldLabel('Ngày'));
    await user.type(day, '23/11/2026');
    await user.keyboard('{Escape}');
    // The calendar closed; the dialog and what was typed stay.
    expect(screen.getByRole('dialog', { name: 'Đăng ký thời gian làm việc' })).toBeVisible();
    expect(day).toHaveValue('23/11/2026');

    await user.keyboard('{Escape}');
    const question = await findDialog('Bỏ thay đổi chưa lưu?');
    await user.click(within(question).getByRole('button', { name: 'Tiếp tục sửa' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bỏ thay đổi chưa lưu?' })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText(fieldLabel('Ngày'))).toHaveValue('23/11/2026');

    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    const again = await findDialog('Bỏ thay đổi chưa lưu?');
    await user.click(within(again).getByRole('button', { name: 'Bỏ thay đổi' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Đăng ký thời gian làm việc' })).not.toBeInTheDocument());
  });

  it('closes an untouched dialog on Escape without asking', async () => {
    mockApi(server);
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    await openRegisterForm(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s message when the work time overlaps another', async () => {
    mockApi({
      ...server,
      '/api/user-time-doctor-online': fail(
        409,
        'WORK_TIME_OVERLAP',
        'Thời gian làm việc này trùng với một thời gian làm việc khác của bạn.',
      ),
    });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    const dialog = await openRegisterForm(user);

    await fillOnlineTime(user, dialog, '09:00', '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Thời gian làm việc này trùng với một thời gian làm việc khác của bạn.',
    );
    expect(screen.getByRole('dialog', { name: 'Đăng ký thời gian làm việc' })).toBeVisible();
  });

  it('edits a work time with the same body, and shows the server’s refusal', async () => {
    const refusal = 'Không thể đăng ký thời gian làm việc bắt đầu trong quá khứ.';
    const fetchMock = mockApi({ ...server, [`/api/user-time-doctor/${weekly.id}`]: fail(422, 'WORK_TIME_PAST', refusal) });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    await user.click(await screen.findByRole('button', { name: /^Sửa thời gian làm việc 08:00–12:00/ }));
    const dialog = await findDialog('Sửa thời gian làm việc');
    expect(within(dialog).getByLabelText(fieldLabel('Ngày'))).toHaveValue('23/11/2026');
    expect(within(dialog).getByRole('checkbox', { name: 'Thứ Tư' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    const [put] = callsWith(fetchMock, 'PUT', `/api/user-time-doctor/${weekly.id}`);
    expect(JSON.parse(String(put?.body))).toEqual({
      startsAt: weekly.startsAt,
      endsAt: weekly.endsAt,
      recurrence: weekly.recurrence,
      workUnitId: 3,
    });
  });

  it('asks for confirmation before deleting a work time, saying bookings stay', async () => {
    const fetchMock = mockApi({ ...server, [`/api/user-time-doctor/${weekly.id}`]: ok({ id: weekly.id }) });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    await user.click(await screen.findByRole('button', { name: /^Xóa thời gian làm việc 08:00–12:00/ }));
    const dialog = await findDialog('Xóa thời gian làm việc');
    expect(within(dialog).getByText(/Các lượt đặt lịch đã có vẫn được giữ nguyên/)).toBeVisible();
    expect(callsWith(fetchMock, 'DELETE', `/api/user-time-doctor/${weekly.id}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));

    expect(await screen.findByText('Đã xóa thời gian làm việc.')).toBeVisible();
    expect(callsWith(fetchMock, 'DELETE', `/api/user-time-doctor/${weekly.id}`)).toHaveLength(1);
  });

  it('asks for confirmation before deleting days off', async () => {
    const fetchMock = mockApi({ ...server, [`/api/doctor-holidays/${holiday.id}`]: ok({ id: holiday.id }) });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    await user.click(await screen.findByRole('button', { name: 'Xóa ngày nghỉ 28-11-2026 – 29-11-2026' }));
    const dialog = await findDialog('Xóa ngày nghỉ');
    expect(callsWith(fetchMock, 'DELETE', `/api/doctor-holidays/${holiday.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));

    expect(await screen.findByText('Đã xóa ngày nghỉ.')).toBeVisible();
    expect(callsWith(fetchMock, 'DELETE', `/api/doctor-holidays/${holiday.id}`)).toHaveLength(1);
  });

  it('adds days off', async () => {
    const fetchMock = mockApi({ ...server, '/api/doctor-holidays': ok(holiday, 201) });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    await addDaysOff(user, '01/12/2026', '03/12/2026');

    expect(await screen.findByText('Đã thêm ngày nghỉ.')).toBeVisible();
    const [post] = callsWith(fetchMock, 'POST', '/api/doctor-holidays');
    expect(JSON.parse(String(post?.body))).toEqual({ startDate: '2026-12-01', endDate: '2026-12-03' });
  });

  it('lists the bookings a day off would leave out, and saves it only when the doctor confirms, with the token', async () => {
    const fetchMock = mockApi({
      ...server,
      '/api/doctor-holidays': ({ init }) => (String(init?.body).includes('"confirm"') ? ok(holiday, 201) : hasBookings()),
    });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    await addDaysOff(user, '01/12/2026', '01/12/2026');

    const dialog = await findDialog('Có lịch hẹn trong thời gian này');
    expect(within(dialog).getByText(/2 lịch hẹn dưới đây nằm trong thời gian bạn sắp bỏ/)).toBeVisible();
    const list = within(dialog).getByRole('list', { name: 'Lịch hẹn bị ảnh hưởng' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['01-12-2026, 09:00–09:30 · Trần Thị Lan · RHC-261201-0001', '01-12-2026, 10:00–10:30 · Đỗ Minh Quang · RHC-261201-0002']);
    await expectNoSeriousAxeViolations(dialog);
    // Nothing is saved, and no toast says otherwise, until the doctor confirms.
    expect(screen.queryByText('Đã thêm ngày nghỉ.')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Lưu và báo bệnh nhân' }));

    expect(await screen.findByText('Đã thêm ngày nghỉ.')).toBeVisible();
    const posts = callsWith(fetchMock, 'POST', '/api/doctor-holidays').map((init) => JSON.parse(String(init?.body)));
    expect(posts).toEqual([
      { startDate: '2026-12-01', endDate: '2026-12-01' },
      { startDate: '2026-12-01', endDate: '2026-12-01', confirm: TOKEN },
    ]);
  });

  it('going back from the list of bookings saves nothing', async () => {
    const fetchMock = mockApi({ ...server, '/api/doctor-holidays': hasBookings() });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    await addDaysOff(user, '01/12/2026', '01/12/2026');

    const dialog = await findDialog('Có lịch hẹn trong thời gian này');
    await user.click(within(dialog).getByRole('button', { name: 'Quay lại' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Có lịch hẹn trong thời gian này' })).not.toBeInTheDocument());
    expect(callsWith(fetchMock, 'POST', '/api/doctor-holidays')).toHaveLength(1);
    expect(screen.queryByText('Đã thêm ngày nghỉ.')).not.toBeInTheDocument();
  });

  it('lists the booking a shortened work time leaves out, in English, and saves the change with the token when confirmed', async () => {
    await act(() => i18n.changeLanguage('en'));
    try {
      const fetchMock = mockApi({
        ...server,
        [`/api/user-time-doctor/${weekly.id}`]: ({ init }) =>
          String(init?.body).includes('"confirm"') ? ok({ ...weekly, end: '09:30' }) : hasBookings(affectedBookings.slice(1)),
      });
      logInAs(doctor);
      const { user } = renderApp('/schedulemanagement/');

      // The work times are drawn in a render of their own, after the month.
      await user.click(await screen.findByRole('button', { name: /^Edit the working time 08:00–12:00/ }, { timeout: 5_000 }));
      const form = await findDialog('Edit working time');
      await user.click(within(form).getByRole('button', { name: 'Save' }));

      const dialog = await findDialog('There are bookings in this time');
      expect(within(dialog).getByText(/The 1 booking below falls in the time you are taking away/)).toBeVisible();
      expect(within(dialog).getByRole('listitem')).toHaveTextContent('01-12-2026, 10:00–10:30 · Đỗ Minh Quang · RHC-261201-0002');
      await expectNoSeriousAxeViolations(dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Save and tell the patients' }));

      await waitFor(() => expect(callsWith(fetchMock, 'PUT', `/api/user-time-doctor/${weekly.id}`)).toHaveLength(2));
      const [, confirmed] = callsWith(fetchMock, 'PUT', `/api/user-time-doctor/${weekly.id}`);
      expect(JSON.parse(String(confirmed?.body))).toMatchObject({ startsAt: weekly.startsAt, endsAt: weekly.endsAt, confirm: TOKEN });
    } finally {
      await act(() => i18n.changeLanguage('vi'));
    }
  });

  it('removes a work time over bookings only after listing them, with the token in the address', async () => {
    const fetchMock = mockApi({
      ...server,
      [`/api/user-time-doctor/${weekly.id}`]: ({ url }) =>
        url.searchParams.get('confirm') === TOKEN ? ok({ id: weekly.id }) : hasBookings(),
    });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');

    await user.click(await screen.findByRole('button', { name: /^Xóa thời gian làm việc 08:00–12:00/ }));
    await user.click(within(await findDialog('Xóa thời gian làm việc')).getByRole('button', { name: 'Xóa' }));
    const dialog = await findDialog('Có lịch hẹn trong thời gian này');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu và báo bệnh nhân' }));

    expect(await screen.findByText('Đã xóa thời gian làm việc.')).toBeVisible();
    const urls = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'DELETE')
      .map(([input]) => new URL(String(input), 'http://localhost').search);
    expect(urls).toEqual(['', `?confirm=${TOKEN}`]);
  });

  it('marks the day’s bookings left outside working time as needing a decision, saying why', async () => {
    const flagged = {
      ...bookedOrder,
      id: '2e3f4a5b-6c7d-4e8f-9a0b-c1d2e3f4a5b6',
      code: 'RHC-261128-0001',
      startsAt: '2026-11-28T02:00:00.000Z',
      endsAt: '2026-11-28T02:30:00.000Z',
      outsideWorkTime: true,
      infomation: { ...bookedOrder.infomation, fullName: 'Trần Thị Lan' },
    };
    const settled = {
      ...bookedOrder,
      id: '3f4a5b6c-7d8e-4f9a-8b1c-d2e3f4a5b6c7',
      code: 'RHC-261128-0002',
      startsAt: '2026-11-28T03:00:00.000Z',
      endsAt: '2026-11-28T03:30:00.000Z',
      status: 2 as const,
      outsideWorkTime: false,
      infomation: { ...bookedOrder.infomation, fullName: 'Đỗ Minh Quang' },
    };
    mockApi({
      ...server,
      [`/api/doctor-schedule/page/${doctor.userId}`]: ok({ items: [], total: 0, page: 0, size: 10 }),
      [`/api/order/page/${doctor.userId}`]: ok({ items: [flagged, settled], total: 2, page: 0, size: 50 }),
    });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    // Saturday 28 November is a day off.
    await user.click(await screen.findByTitle('Xem ngày 28-11-2026'));

    const item = (await screen.findByText('Trần Thị Lan')).closest('li') as HTMLElement;
    expect(within(item).getByText('Cần quyết định')).toBeVisible();
    expect(within(item).getByText('Trùng ngày nghỉ của bạn: đổi giờ hoặc hủy lịch hẹn này.')).toBeVisible();
    const other = screen.getByText('Đỗ Minh Quang').closest('li') as HTMLElement;
    expect(within(other).queryByText('Cần quyết định')).not.toBeInTheDocument();
    await expectNoSeriousAxeViolations(item.closest('ul') as HTMLElement);
  });

  it('says which days off a new range overlaps, at its first day, without sending it', async () => {
    const fetchMock = mockApi({ ...server, '/api/doctor-holidays': ok(holiday, 201) });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    await screen.findByRole('button', { name: 'Xóa ngày nghỉ 28-11-2026 – 29-11-2026' });

    const first = screen.getByLabelText(fieldLabel('Nghỉ từ ngày'));
    await addDaysOff(user, '29/11/2026', '02/12/2026');

    expect(await screen.findByText('Trùng với ngày nghỉ đã có: 28-11-2026 – 29-11-2026.')).toBeVisible();
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(callsWith(fetchMock, 'POST', '/api/doctor-holidays')).toHaveLength(0);
  });

  it("shows the server's refusal of days off already taken meanwhile at the first day, and the list again", async () => {
    const refusal = 'Những ngày này trùng với một khoảng ngày nghỉ bạn đã có.';
    const fetchMock = mockApi({ ...server, '/api/doctor-holidays': fail(409, 'HOLIDAY_OVERLAP', refusal) });
    logInAs(doctor);
    const { user } = renderApp('/schedulemanagement/');
    await screen.findByRole('button', { name: 'Xóa ngày nghỉ 28-11-2026 – 29-11-2026' });
    const listed = calledPaths(fetchMock).filter((path) => path === '/api/holidays').length;

    await addDaysOff(user, '01/12/2026', '03/12/2026');

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(screen.getByLabelText(fieldLabel('Nghỉ từ ngày'))).toHaveFocus();
    expect(callsWith(fetchMock, 'POST', '/api/doctor-holidays')).toHaveLength(1);
    await waitFor(() => expect(calledPaths(fetchMock).filter((path) => path === '/api/holidays').length).toBe(listed + 1));
  });

  it('tells a person who is not a doctor what the page is for and that it is for doctors, without the tools', async () => {
    const fetchMock = mockApi({ [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }) });
    logInAs(patient);
    renderApp('/schedulemanagement/');

    expect(await screen.findByText('Chỉ dành cho bác sĩ')).toBeVisible();
    // The same top of the page as a doctor's (and as the server's first frame of it).
    expect(screen.getByRole('heading', { level: 1, name: 'Lịch làm việc của bác sĩ' })).toBeVisible();
    expect(screen.getByText(/^Đăng ký thời gian khám trực tiếp và trực tuyến/)).toBeVisible();
    expect(screen.getByText(/Tài khoản của bạn không phải tài khoản bác sĩ/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Đăng ký thời gian làm việc' })).not.toBeInTheDocument();
    expect(calledPaths(fetchMock).some((path) => path.startsWith('/api/doctor-schedule'))).toBe(false);
  });

  it('shows "Doctor is not verified" from the server to an unverified doctor', async () => {
    mockApi({ ...server, [`/api/doctor-schedule/${doctor.userId}`]: fail(403, 'DOCTOR_NOT_VERIFIED', 'Bác sĩ chưa được xác minh.') });
    logInAs(doctor);
    renderApp('/schedulemanagement/');

    expect(await screen.findByText('Bác sĩ chưa được xác minh.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Đăng ký thời gian làm việc' })).not.toBeInTheDocument();
  });
});
