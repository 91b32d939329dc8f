import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo.ts';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { vietnamDay } from '@rhc/domain';
import { logInOnScreen } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsOnce, test } from './support/test.ts';

/** What a person reads on the schedule, booking and order screens (the journey runs in Vietnamese, the default language). */
const TEXTS = {
  vi: {
    // Log in
    phone: 'Số điện thoại',
    password: 'Mật khẩu',
    login: 'Đăng nhập',
    userMenu: (name: string) => `Menu tài khoản của ${name}`,
    // The doctor's schedule
    scheduleTitle: 'Lịch làm việc của bác sĩ',
    addWorkTime: 'Đăng ký thời gian làm việc',
    mode: 'Hình thức',
    inPerson: 'Trực tiếp',
    online: 'Trực tuyến',
    workUnit: 'Nơi khám',
    day: 'Ngày',
    start: 'Giờ bắt đầu',
    end: 'Giờ kết thúc',
    repeat: 'Lặp lại',
    weekly: 'Theo tuần',
    saturday: 'Thứ Bảy',
    sunday: 'Chủ Nhật',
    until: 'Lặp lại đến ngày',
    save: 'Lưu',
    workTimeCreated: 'Đã đăng ký thời gian làm việc.',
    weeklyRule: (until: string) => `Mỗi tuần vào Thứ Bảy, Chủ Nhật đến ${until}`,
    holidayFrom: 'Nghỉ từ ngày',
    holidayTo: 'Nghỉ đến ngày',
    addHoliday: 'Thêm ngày nghỉ',
    holidayAdded: 'Đã thêm ngày nghỉ.',
    holidayBadge: 'Ngày nghỉ',
    // Days off over bookings (issue 54 item 11, decision 047)
    affectedTitle: 'Có lịch hẹn trong thời gian này',
    affectedList: 'Lịch hẹn bị ảnh hưởng',
    affectedConfirm: 'Lưu và báo bệnh nhân',
    needsDecision: 'Cần quyết định',
    onDayOff: 'Trùng ngày nghỉ của bạn: đổi giờ hoặc hủy lịch hẹn này.',
    doctorAway: 'Bác sĩ không còn làm việc vào thời gian này',
    showDay: (day: string) => `Xem ngày ${day}`,
    nextMonth: 'Tháng sau',
    // Booking
    inPersonTitle: 'Đặt lịch khám trực tiếp',
    onlineTitle: 'Đặt lịch khám trực tuyến',
    forOther: 'Cho người khác',
    fullName: 'Họ và tên',
    gender: 'Giới tính',
    male: 'Nam',
    dateOfBirth: 'Ngày sinh',
    email: 'Email',
    address: 'Địa chỉ',
    patientSection: 'Thông tin người bệnh',
    specialty: 'Chuyên khoa',
    examType: 'Loại hình khám',
    firstVisit: 'Khám lần đầu',
    onlineConsultation: 'Tư vấn trực tuyến',
    doctor: 'Bác sĩ',
    hours: 'Giờ khám',
    reason: 'Lý do khám',
    next: 'Tiếp tục',
    confirmTitle: 'Kiểm tra thông tin đặt lịch',
    confirmBooking: 'Xác nhận đặt lịch',
    completeTitle: 'Lịch khám của bạn đã được gửi',
    bookingCode: 'Mã lịch khám',
    // Orders
    listTitle: 'Quản lý lịch đăng ký',
    assigned: 'Được giao cho tôi',
    viewDetail: (code: string) => `Xem chi tiết lịch hẹn ${code}`,
    registered: 'Đã đăng ký',
    pending: 'Chờ xác nhận',
    verified: 'Bác sĩ đã xác nhận',
    cancelled: 'Đã hủy',
    patientLine: (name: string) => `Người khám: ${name}`,
    verify: 'Xác nhận',
    verifyTitle: 'Xác nhận lịch hẹn',
    meetingLink: 'Đường dẫn cuộc gọi',
    verifiedToast: 'Đã xác nhận lịch hẹn.',
    complete: 'Hoàn thành',
    cancel: 'Hủy lịch hẹn',
    cancelQuestion: 'Bạn có muốn hủy lịch hẹn này không?',
    cancelledToast: 'Đã hủy lịch hẹn.',
    trackingTitle: 'Theo dõi lịch hẹn',
  },
} as const;
const t = TEXTS.vi;

const PATIENT = { ...DEMO_ACCOUNTS.patient, initials: 'N.T.L.' };
const DOCTOR = { ...DEMO_ACCOUNTS.doctor, card: /^Trần Minh Đức,/ };
/** The demo doctor's specialties are cardiology and internal medicine (seed/demo.ts); cardiology has no other doctor. */
const SPECIALTY = 'Tim mạch';
const CLINIC = 'Bệnh viện Chợ Rẫy';
const RELATIVE = {
  fullName: 'Trần Văn Bình',
  phone: '0912000111',
  dateOfBirth: '15/08/1960',
  email: 'binh.tran@e2e.rhc.test',
  address: '45 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
};
const MEETING_LINK = 'https://meet.e2e.rhc.test/tim-mach-binh';

/* ---------- calendar days in Vietnam, as UTC midnights ---------- */

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');

function vietnamToday(): Date {
  return new Date(`${vietnamDay(new Date())}T00:00:00Z`);
}
const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);
/** DD/MM/YYYY: typed in date inputs and shown on the booking screens. */
const slashed = (day: Date) => `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`;
/** "16 tháng 11 2026": a day of the booking calendar as a screen reader names it (lib/dates.ts calendarDayName, D MMMM YYYY). */
const spoken = (day: Date) => `${day.getUTCDate()} tháng ${day.getUTCMonth() + 1} ${day.getUTCFullYear()}`;
/** DD-MM-YYYY: the lists. */
const dashed = (day: Date) => `${pad(day.getUTCDate())}-${pad(day.getUTCMonth() + 1)}-${day.getUTCFullYear()}`;

/**
 * Everything happens next month, whatever today is: the work time repeats on its weekends, the first Saturday is a
 * day off, the Sunday after it takes the in-person bookings and the second Saturday the online one.
 */
function journeyDays() {
  const today = vietnamToday();
  const firstOfNextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  const lastOfNextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 0));
  const holiday = addDays(firstOfNextMonth, (6 - firstOfNextMonth.getUTCDay() + 7) % 7);
  return {
    firstOfNextMonth,
    lastOfNextMonth,
    /** Only shows in next month's view of a calendar (adjacent months show at most six of their days). */
    midNextMonth: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 15)),
    holiday,
    inPersonDay: addDays(holiday, 1),
    onlineDay: addDays(holiday, 7),
  };
}

/* ---------- helpers ---------- */

async function newContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL });
}

/** A toast: a new one replaces the previous, so exactly one with this text stays. */
async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toHaveCount(1);
  await expect(toast).toBeVisible();
}

/** Picks an option of a Mantine Select (a combobox whose options list opens beside it). */
async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await expect(page.getByRole('option', { name: option, exact: typeof option === 'string' })).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, `options of ${label}`);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(scope.getByRole('combobox', { name: label })).toHaveValue(typeof option === 'string' ? option : /.+/);
}

/**
 * Types a DD/MM/YYYY day into a date field (components/ui/day-input.tsx: its calendar shows while the field has the
 * focus) and closes the calendar by clicking `elsewhere`, as a person with a mouse would.
 */
async function typeDay(input: Locator, day: Date, elsewhere: Locator) {
  await input.fill(slashed(day));
  const label = await input.evaluate((element: HTMLInputElement) => element.labels?.[0]?.textContent ?? '');
  await expectNoSeriousA11yViolationsOnce(input.page(), `calendar of ${label}`);
  await elsewhere.click();
  await expect(input).toHaveValue(slashed(day));
}

/** Shows `target`'s month in the booking calendar, with its "next month" arrow. */
async function showMonthOf(page: Page, target: Date) {
  const dayOfTarget = calendarDay(page, target);
  const next = page.getByRole('button', { name: t.nextMonth });
  for (let clicks = 0; clicks < 3 && !(await dayOfTarget.isVisible()); clicks += 1) await next.click();
  await expect(dayOfTarget).toBeVisible();
}

/** The doctor's calendar moved on (3 months at most) to the month of `day`: its title. */
async function showDoctorMonthOf(page: Page, day: Date): Promise<Locator> {
  const month = day.getUTCMonth() + 1;
  const monthTitle = page.getByRole('heading', {
    level: 2,
    name: new RegExp(`^tháng ${month} năm ${day.getUTCFullYear()}$`, 'i'),
  });
  for (let clicks = 0; clicks < 3 && !(await monthTitle.isVisible()); clicks += 1)
    await page.getByRole('button', { name: t.nextMonth }).click();
  return monthTitle;
}

function calendarDay(page: Page, day: Date): Locator {
  return page.getByRole('button', { name: spoken(day), exact: true });
}

/** The free hours: a radio group, one Tab stop with the arrows inside. */
function hourButtons(page: Page): Locator {
  return page.getByRole('radiogroup', { name: t.hours }).getByRole('radio');
}

/** Step 1 of a booking up to the doctor's free hours of `day`: specialty, examination type, the demo doctor, the day. */
async function chooseDoctorAndDay(page: Page, examType: string, day: Date, midMonth: Date) {
  await choose(page, page, t.specialty, SPECIALTY);
  await choose(page, page, t.examType, examType);
  const doctor = page.getByRole('radiogroup', { name: t.doctor }).getByRole('radio', { name: DOCTOR.card });
  await doctor.check();
  await expect(doctor).toBeChecked();
  await showMonthOf(page, midMonth);
  await calendarDay(page, day).click();
  await expect(hourButtons(page).first()).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, 'booking form with a doctor, a day and its hours');
}

/** Picks `hour`, gives `reason` and presses "Tiếp tục": the confirm page shows what was chosen. */
async function continueToConfirm(page: Page, hour: string, reason: string) {
  const button = hourButtons(page).and(page.getByRole('radio', { name: hour, exact: true }));
  await button.click();
  await expect(button).toBeChecked();
  await page.getByRole('textbox', { name: t.reason }).fill(reason);
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.confirmTitle })).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, 'booking confirmation');
}

/** "Xác nhận đặt lịch" on the confirm page; the complete page shows the booking and its code. */
async function book(page: Page, expected: { when: string; status: string; clinic?: string }): Promise<string> {
  await page.getByRole('button', { name: t.confirmBooking }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.completeTitle })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(t.bookingCode, { exact: true })).toBeVisible();
  await expect(main.getByText(expected.when, { exact: true })).toBeVisible();
  await expect(main.getByText(expected.status, { exact: true })).toBeVisible();
  if (expected.clinic) await expect(main.getByText(new RegExp(`^${expected.clinic}, `))).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, 'booking complete');
  return (await main.getByText(/^RHC-[A-Z0-9]+$/).innerText()).trim();
}

/** Books an in-person visit at the clinic on `day` at `hour`: registered at once. */
async function bookInPerson(page: Page, day: Date, hour: string): Promise<string> {
  return book(page, { when: `${slashed(day)} ${hour}`, status: t.registered, clinic: CLINIC });
}

function listItem(page: Page, code: string): Locator {
  return page.getByRole('main').getByRole('listitem', { name: code, exact: true });
}

async function openOrder(page: Page, code: string) {
  await listItem(page, code)
    .getByRole('link', { name: t.viewDetail(code) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${code}$`) })).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, 'booking detail');
}

/** The free hours of `day` in a new in-person booking with the demo doctor. */
async function freeInPersonHours(page: Page, day: Date, midMonth: Date): Promise<Locator> {
  await page.goto('/healthcare/');
  await expect(page.getByRole('heading', { level: 1, name: t.inPersonTitle })).toBeVisible();
  await chooseDoctorAndDay(page, t.firstVisit, day, midMonth);
  return page.getByRole('radiogroup', { name: t.hours });
}

/* ---------- the journey ---------- */

test.describe('bookings', () => {
  test('a doctor opens weekend hours and a day off; a patient books in person and online, the doctor confirms (completion waits for the day), the patient tracks and cancels', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The axe checks of every screen, dialog and dropdown add their time to the journey's.
    test.setTimeout(720_000);
    const days = journeyDays();
    const doctorContext = await newContext(browser, baseURL);
    const anonymousContext = await newContext(browser, baseURL);
    const doctorPage = await doctorContext.newPage();
    const patientPage = page;
    const codes = { inPerson: '', online: '', toCancel: '' };

    await test.step('the doctor registers weekly in-person and online work time on weekends', async () => {
      await logInOnScreen(doctorPage, t, DOCTOR);
      await doctorPage.goto('/schedulemanagement/');
      await expect(doctorPage.getByRole('heading', { level: 1, name: t.scheduleTitle })).toBeVisible();
      await expectNoSeriousA11yViolations(doctorPage, 'doctor schedule');

      const registrations = [
        { mode: t.inPerson, start: '13:00', end: '15:00' },
        { mode: t.online, start: '18:00', end: '19:00' },
      ];
      for (const registration of registrations) {
        await doctorPage.getByRole('button', { name: t.addWorkTime }).click();
        const dialog = doctorPage.getByRole('dialog', { name: t.addWorkTime });
        const title = dialog.getByRole('heading', { name: t.addWorkTime });
        await expect(title).toBeVisible();
        await expectNoSeriousA11yViolationsOnce(doctorPage, 'work time dialog');
        await dialog.getByRole('radiogroup', { name: t.mode }).getByRole('radio', { name: registration.mode }).check();
        if (registration.mode === t.inPerson) await choose(doctorPage, dialog, t.workUnit, new RegExp(`^${CLINIC} – `));
        else await expect(dialog.getByRole('combobox', { name: t.workUnit })).toBeHidden();
        await typeDay(dialog.getByRole('textbox', { name: t.day, exact: true }), days.firstOfNextMonth, title);
        await choose(doctorPage, dialog, t.start, registration.start);
        await choose(doctorPage, dialog, t.end, registration.end);
        await choose(doctorPage, dialog, t.repeat, t.weekly);
        // The weekday chips are checkboxes whose input is hidden behind the label. Choosing "weekly" ticks the first
        // day's weekday (issue 54 item 22); the journey wants its weekends only, whatever weekday next month opens on.
        const chips = dialog.getByRole('checkbox', { name: /^(Thứ \p{L}+|Chủ Nhật)$/u });
        await expect(chips).toHaveCount(7);
        for (const chip of await chips.all()) {
          const label = await chip.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '');
          const wanted = label === t.saturday || label === t.sunday;
          if ((await chip.isChecked()) !== wanted) await dialog.getByText(label, { exact: true }).click();
          await (wanted ? expect(chip).toBeChecked() : expect(chip).not.toBeChecked());
        }
        await typeDay(dialog.getByRole('textbox', { name: t.until }), days.lastOfNextMonth, title);
        await dialog.getByRole('button', { name: t.save, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expectToast(doctorPage, t.workTimeCreated);
        const entry = doctorPage
          .getByRole('listitem')
          .filter({ hasText: `${registration.start}–${registration.end}` })
          .filter({ hasText: t.weeklyRule(dashed(days.lastOfNextMonth)) });
        await expect(entry).toContainText(registration.mode);
        if (registration.mode === t.inPerson) await expect(entry).toContainText(CLINIC);
      }
    });

    await test.step('the doctor takes the first Saturday of next month off', async () => {
      const holidayHeading = doctorPage.getByRole('heading', { name: t.holidayBadge, exact: true });
      await typeDay(doctorPage.getByRole('textbox', { name: t.holidayFrom }), days.holiday, holidayHeading);
      await typeDay(doctorPage.getByRole('textbox', { name: t.holidayTo }), days.holiday, holidayHeading);
      await doctorPage.getByRole('button', { name: t.addHoliday }).click();
      await expectToast(doctorPage, t.holidayAdded);
      await expect(doctorPage.getByText(`${dashed(days.holiday)} – ${dashed(days.holiday)}`, { exact: true })).toBeVisible();

      // Next month's calendar: the Saturday off is marked, the Sunday after it has the in-person hours.
      const monthTitle = await showDoctorMonthOf(doctorPage, days.holiday);
      await expect(monthTitle).toBeVisible();
      await expect(doctorPage.getByTitle(t.showDay(dashed(days.holiday)))).toContainText(t.holidayBadge);
      await expect(doctorPage.getByTitle(t.showDay(dashed(days.inPersonDay)))).toContainText(`${t.inPerson} 13:00–15:00 · ${CLINIC}`);
      await expect(doctorPage.getByTitle(t.showDay(dashed(days.onlineDay)))).toContainText(`${t.online} 18:00–19:00`);
      await expectNoSeriousA11yViolations(doctorPage, 'doctor schedule with work time and a day off');
    });

    await test.step('the patient books in person for herself; the day off cannot be picked', async () => {
      await logInOnScreen(patientPage, t, PATIENT);
      await patientPage.goto('/healthcare/');
      await expect(patientPage.getByRole('heading', { level: 1, name: t.inPersonTitle })).toBeVisible();
      await expect(patientPage.getByText(`Lịch khám được đặt cho bạn, ${PATIENT.fullName}`)).toBeVisible();
      await expectNoSeriousA11yViolations(patientPage, 'booking form, in person');
      await choose(patientPage, patientPage, t.specialty, SPECIALTY);
      await choose(patientPage, patientPage, t.examType, t.firstVisit);
      await patientPage.getByRole('radiogroup', { name: t.doctor }).getByRole('radio', { name: DOCTOR.card }).check();
      await showMonthOf(patientPage, days.midNextMonth);
      // Once the month's free time is in, the weekend days are open but the Saturday off is not.
      await expect(calendarDay(patientPage, days.inPersonDay)).toBeEnabled();
      await expect(calendarDay(patientPage, days.onlineDay)).toBeEnabled();
      await expect(calendarDay(patientPage, days.holiday)).toBeDisabled();
      await calendarDay(patientPage, days.inPersonDay).click();
      await expect(hourButtons(patientPage)).toHaveText(['13:00', '13:30', '14:00', '14:30']);
      await expectNoSeriousA11yViolations(patientPage, 'booking form with a doctor, a day and its hours');
      await continueToConfirm(patientPage, '13:30', 'Đau ngực khi gắng sức');
      await expect(patientPage.getByRole('main').getByText(`${PATIENT.fullName} (bản thân)`, { exact: true })).toBeVisible();
      codes.inPerson = await bookInPerson(patientPage, days.inPersonDay, '13:30');
    });

    await test.step('the patient books online for another person', async () => {
      await patientPage.goto('/healthcare-online/');
      await expect(patientPage.getByRole('heading', { level: 1, name: t.onlineTitle })).toBeVisible();
      await expectNoSeriousA11yViolations(patientPage, 'booking form, online');
      // The "for whom" switch is a segmented control: its radios are hidden behind their labels.
      await patientPage.getByText(t.forOther, { exact: true }).click();
      await expect(patientPage.getByRole('radio', { name: t.forOther })).toBeChecked();
      await patientPage.getByRole('textbox', { name: t.fullName }).fill(RELATIVE.fullName);
      await patientPage.getByRole('textbox', { name: t.phone }).fill(RELATIVE.phone);
      await patientPage.getByRole('radiogroup', { name: t.gender }).getByRole('radio', { name: t.male }).check();
      await typeDay(
        patientPage.getByRole('textbox', { name: t.dateOfBirth }),
        new Date(Date.UTC(1960, 7, 15)),
        patientPage.getByRole('heading', { name: t.patientSection }),
      );
      await patientPage.getByRole('textbox', { name: t.email }).fill(RELATIVE.email);
      await patientPage.getByRole('textbox', { name: t.address }).fill(RELATIVE.address);
      await expectNoSeriousA11yViolations(patientPage, 'booking form, online, for another person');
      await chooseDoctorAndDay(patientPage, t.onlineConsultation, days.onlineDay, days.midNextMonth);
      await expect(hourButtons(patientPage)).toHaveText(['18:00', '18:30']);
      await continueToConfirm(patientPage, '18:00', 'Tư vấn kết quả xét nghiệm mỡ máu');
      const summary = patientPage.getByRole('main');
      for (const value of [RELATIVE.fullName, RELATIVE.dateOfBirth, RELATIVE.email, RELATIVE.address, t.onlineConsultation])
        await expect(summary.getByText(value, { exact: true })).toBeVisible();
      await expect(summary.getByText(new RegExp(`^\\+84 ${RELATIVE.phone}`))).toBeVisible();
      codes.online = await book(patientPage, { when: `${slashed(days.onlineDay)} 18:00`, status: t.pending });
    });

    await test.step('the booked hour is no longer offered; another one is booked', async () => {
      const hours = await freeInPersonHours(patientPage, days.inPersonDay, days.midNextMonth);
      await expect(hours.getByRole('radio', { name: '13:00', exact: true })).toBeVisible();
      await expect(hours.getByRole('radio', { name: '13:30', exact: true })).toHaveCount(0);
      await expect(hourButtons(patientPage)).toHaveText(['13:00', '14:00', '14:30']);
      await continueToConfirm(patientPage, '14:00', 'Khám lại huyết áp');
      codes.toCancel = await bookInPerson(patientPage, days.inPersonDay, '14:00');
    });

    await test.step('the patient sees her bookings as registered and pending', async () => {
      await patientPage.goto('/applicationlist/');
      await expect(patientPage.getByRole('heading', { level: 1, name: t.listTitle })).toBeVisible();
      await expect(listItem(patientPage, codes.inPerson)).toContainText(t.registered);
      await expectNoSeriousA11yViolations(patientPage, 'booking list (patient)');
      await expect(listItem(patientPage, codes.inPerson)).toContainText(`${dashed(days.inPersonDay)} · 13:30`);
      await expect(listItem(patientPage, codes.online)).toContainText(t.pending);
      await expect(listItem(patientPage, codes.toCancel)).toContainText(t.registered);
    });

    await test.step('the doctor confirms the online booking with a meeting link; the in-person one, days ahead, cannot be completed yet', async () => {
      await doctorPage.goto('/applicationlist/');
      await doctorPage.getByRole('tab', { name: t.assigned }).click();
      const assigned = doctorPage.getByRole('list', { name: t.assigned });
      await expect(assigned.getByRole('listitem', { name: codes.online })).toContainText(t.patientLine(RELATIVE.fullName));
      await expect(assigned.getByRole('listitem', { name: codes.inPerson })).toContainText(t.patientLine(PATIENT.fullName));
      await expectNoSeriousA11yViolations(doctorPage, 'booking list, assigned to the doctor');

      await openOrder(doctorPage, codes.online);
      await doctorPage.getByRole('main').getByRole('button', { name: t.verify, exact: true }).click();
      const verify = doctorPage.getByRole('dialog', { name: t.verifyTitle });
      await expect(verify.getByRole('textbox', { name: t.meetingLink })).toBeVisible();
      await expectNoSeriousA11yViolations(doctorPage, 'verify dialog');
      await verify.getByRole('textbox', { name: t.meetingLink }).fill(MEETING_LINK);
      await verify.getByRole('button', { name: t.verify, exact: true }).click();
      await expect(verify).toBeHidden();
      await expectToast(doctorPage, t.verifiedToast);
      await expect(doctorPage.getByRole('main').getByText(t.verified, { exact: true })).toBeVisible();
      await expect(doctorPage.getByRole('link', { name: MEETING_LINK })).toHaveAttribute('href', MEETING_LINK);
      await expectNoSeriousA11yViolations(doctorPage, 'booking detail, confirmed (doctor)');

      // Completion opens 30 minutes before the start, on its day (decision 020): not for a booking days ahead. Nor is
      // "Xóa" a doctor's action on a patient's booking: they cancel it with a reason.
      await doctorPage.goto('/applicationlist/');
      await doctorPage.getByRole('tab', { name: t.assigned }).click();
      await openOrder(doctorPage, codes.inPerson);
      await expect(doctorPage.getByRole('main').getByRole('button', { name: t.cancel })).toBeVisible();
      await expect(doctorPage.getByRole('main').getByRole('button', { name: t.complete, exact: true })).toHaveCount(0);
      await expect(doctorPage.getByRole('main').getByRole('button', { name: 'Xóa', exact: true })).toHaveCount(0);
    });

    let trackingUrl = '';
    await test.step('the patient sees the confirmed status and the meeting link', async () => {
      await patientPage.goto('/applicationlist/');
      await expect(listItem(patientPage, codes.inPerson)).toContainText(t.registered);
      await expect(listItem(patientPage, codes.online)).toContainText(t.verified);
      await expect(listItem(patientPage, codes.toCancel)).toContainText(t.registered);

      await openOrder(patientPage, codes.online);
      await expect(patientPage.getByRole('main').getByText(t.verified, { exact: true })).toBeVisible();
      await expect(patientPage.getByRole('link', { name: MEETING_LINK })).toHaveAttribute('href', MEETING_LINK);

      await patientPage.goto('/applicationlist/');
      await openOrder(patientPage, codes.inPerson);
      await expect(patientPage.getByRole('main').getByText(t.registered, { exact: true })).toBeVisible();
      // Days ahead, the patient may still move or cancel it, and is told until when (4 hours before the start).
      await expect(patientPage.getByText(`Bạn có thể đổi hoặc hủy lịch đến 09:30 ngày ${slashed(days.inPersonDay)}.`)).toBeVisible();
      const tracking = patientPage.getByRole('link', { name: /\/order-tracking\// });
      await expect(tracking).toBeVisible();
      trackingUrl = (await tracking.getAttribute('href')) ?? '';
      expect(trackingUrl).toMatch(/\/order-tracking\/[\w-]+$/);
    });

    await test.step('anyone with the tracking link, logged out, sees the status and only the initials', async () => {
      const anonymous = await anonymousContext.newPage();
      const answer = anonymous.waitForResponse((response) => response.url().includes('/api/p/order/track-order/'));
      await anonymous.goto(trackingUrl);
      expect((await answer).status()).toBe(200);
      const body = await (await answer).text();
      expect(body).not.toContain(PATIENT.fullName);
      expect(body).not.toContain(PATIENT.phone);
      await expect(anonymous.getByRole('heading', { level: 1, name: t.trackingTitle })).toBeVisible();
      await expect(anonymous.getByRole('main').getByText(codes.inPerson, { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(anonymous, 'order tracking, signed out');
      await expect(anonymous.getByRole('banner').getByRole('link', { name: t.login })).toBeVisible();
      const main = anonymous.getByRole('main');
      await expect(main.getByText(codes.inPerson, { exact: true })).toBeVisible();
      await expect(main.getByText(PATIENT.initials, { exact: true })).toBeVisible();
      await expect(main.getByText(t.registered).first()).toBeVisible();
      await expect(main.getByText(`${dashed(days.inPersonDay)}`, { exact: true })).toBeVisible();
      await expect(main.getByText(new RegExp(`^${CLINIC} — `))).toBeVisible();
      await expect(anonymous.locator('body')).not.toContainText(PATIENT.fullName);
      await expect(anonymous.locator('body')).not.toContainText(PATIENT.phone);
    });

    await test.step('the patient cancels a booking before it starts, which frees its hour', async () => {
      await patientPage.goto('/applicationlist/');
      await openOrder(patientPage, codes.toCancel);
      await patientPage.getByRole('main').getByRole('button', { name: t.cancel }).click();
      const dialog = patientPage.getByRole('dialog', { name: t.cancel });
      await expect(dialog.getByText(t.cancelQuestion)).toBeVisible();
      await expectNoSeriousA11yViolations(patientPage, 'cancel dialog');
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      await expectToast(patientPage, t.cancelledToast);
      await expect(patientPage.getByRole('main').getByText(t.cancelled, { exact: true })).toBeVisible();

      await patientPage.goto('/applicationlist/');
      await expect(listItem(patientPage, codes.toCancel)).toContainText(t.cancelled);

      // A new booking offers 14:00 again; 13:30 stays taken by the first booking.
      const hours = await freeInPersonHours(patientPage, days.inPersonDay, days.midNextMonth);
      await expect(hours.getByRole('radio', { name: '14:00', exact: true })).toBeVisible();
      await expect(hours.getByRole('radio', { name: '13:30', exact: true })).toHaveCount(0);
      await expect(hourButtons(patientPage)).toHaveText(['13:00', '14:00', '14:30']);
    });

    await test.step('the doctor takes the Sunday of the in-person booking off: the form lists it, the doctor confirms, the booking is kept and needs a decision, its patient is told', async () => {
      await doctorPage.goto('/schedulemanagement/');
      const holidayHeading = doctorPage.getByRole('heading', { name: t.holidayBadge, exact: true });
      await typeDay(doctorPage.getByRole('textbox', { name: t.holidayFrom }), days.inPersonDay, holidayHeading);
      await typeDay(doctorPage.getByRole('textbox', { name: t.holidayTo }), days.inPersonDay, holidayHeading);
      await doctorPage.getByRole('button', { name: t.addHoliday }).click();
      // The cancelled 14:00 is none of it; the 13:30 is.
      const dialog = doctorPage.getByRole('dialog', { name: t.affectedTitle });
      const listed = dialog.getByRole('list', { name: t.affectedList }).getByRole('listitem');
      await expect(listed).toHaveText([`${dashed(days.inPersonDay)}, 13:30–14:00 · ${PATIENT.fullName} · ${codes.inPerson}`]);
      await expectNoSeriousA11yViolations(doctorPage, 'days off over a booking');
      await dialog.getByRole('button', { name: t.affectedConfirm }).click();
      await expect(dialog).toBeHidden();
      await expectToast(doctorPage, t.holidayAdded);

      // The day view lists the booking, kept and marked as needing a decision.
      await showDoctorMonthOf(doctorPage, days.inPersonDay);
      await doctorPage.getByTitle(t.showDay(dashed(days.inPersonDay))).click();
      const ofPatient = doctorPage.getByRole('listitem').filter({ hasText: PATIENT.fullName });
      const booking = ofPatient.filter({ hasText: '13:30–14:00' });
      await expect(booking).toContainText(t.needsDecision);
      await expect(booking).toContainText(t.onDayOff);
      // The cancelled 14:00 needs nothing.
      await expect(ofPatient.filter({ hasText: '14:00–14:30' })).not.toContainText(t.needsDecision);
      await expectNoSeriousA11yViolations(doctorPage, 'day view with a booking on a day off');

      // The patient's booking: still registered, saying the doctor no longer works then, to move or cancel it.
      await patientPage.goto('/applicationlist/');
      await openOrder(patientPage, codes.inPerson);
      await expect(patientPage.getByRole('main').getByText(t.registered, { exact: true })).toBeVisible();
      await expect(patientPage.getByText(new RegExp(t.doctorAway))).toBeVisible();
    });

    await doctorContext.close();
    await anonymousContext.close();
  });
});
