import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viClinical from '../packages/i18n/locales/vi/clinical.json' with { type: 'json' };
import viOrders from '../packages/i18n/locales/vi/orders.json' with { type: 'json' };
import { bookOnlineConsultationByApi } from './support/bookings.ts';
import { logInByApi, pageIn, logInOnScreen, signUpByApi, logInTexts, type NewPerson } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';
import { addOnlineHours, onlyWorkTime, soonAfterMidnightIfLate, vietnamWallClock } from './support/work-times.ts';
import { putServerClockBackAfterEach } from './support/server-clock.ts';
import { outbox } from './support/outbox.ts';

/*
 * The doctor's order for a patient (issue 17, decision 027), in Vietnamese: a patient's online booking, confirmed and
 * examined by its doctor with a re-exam date a week later, is followed by the doctor's "book the re-examination for the
 * patient" from the examination screen: the re-exam day preselected, a free hour of the doctor's picked, confirmed. The
 * patient gets the message and finds the booking among theirs, labelled as booked by the doctor, and the result's
 * re-exam date offers booking it themselves. The examination is in a one-off work time starting in 10-15 minutes (its
 * result is written from 30 minutes before, issue 54 item 4), the re-examination in a one-off evening one a week later,
 * so the journey does not depend on the time of day; it moves the server's clock when late (the server-clock project).
 */

/** A demo doctor no other journey uses. */
const DOCTOR = { phone: '0983678901', password: 'Bacsi90123', fullName: 'Đặng Thu Hà' } as const;
const SPECIALTY = 10;
const HOUR = '21:00';
const DAY_MS = 86_400_000;

function display(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

// A journey that moved the server's clock (late in the evening) puts it back, even when it failed or timed out.
putServerClockBackAfterEach();

test('the doctor books the re-examination for the patient, who is told and finds it among their bookings', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const base = baseURL ?? '';
  const c = viClinical;
  const texts = logInTexts(viAccounts);
  const stamp = String(Date.now()).slice(-7);
  const PATIENT: NewPerson = {
    phone: `084${stamp}`,
    password: 'Taikham2026',
    fullName: 'Trương Thị Yến',
    email: `yen084${stamp}@example.vn`,
    address: '12 Điện Biên Phủ, Quận Bình Thạnh, TP. Hồ Chí Minh',
    gender: 'female',
    dateOfBirth: '1979-11-02',
    jobNote: 'Giáo viên',
  };

  // The examination in 10-15 minutes, so that its result may be written (from 30 minutes before, as completing; issue 54
  // item 4), in a one-off online work time of the doctor's (support/work-times.ts); the re-examination a week after it,
  // in a one-off evening one.
  const startsAt = await soonAfterMidnightIfLate(request, 60);
  const { day, hour: examHour } = vietnamWallClock(startsAt);
  const reExamDay = new Date(Date.parse(`${day}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  await signUpByApi(request, PATIENT, 'vi');
  const doctor = await logInByApi(request, DOCTOR, 'vi');
  await onlyWorkTime(request, doctor, { mode: 'online', startsAt, minutes: 60 });
  const workTime = await addOnlineHours(request, doctor, reExamDay, HOUR, '22:30');
  expect(workTime.status(), await workTime.text()).toBe(201);
  const patient = await logInByApi(request, PATIENT, 'vi');
  const source = await bookOnlineConsultationByApi(request, patient, doctor, {
    specialtyId: SPECIALTY,
    checkDay: day,
    checkHour: examHour,
    reasonForExamination: 'Đau đầu, chóng mặt buổi sáng',
  });
  const verified = await request.patch(`/api/order/verify/${doctor.userId}/${source.id}`, {
    headers: { authorization: doctor.authorization },
    data: {},
  });
  expect(verified.status()).toBe(200);
  // The examination itself is the clinical journey's: here it is written through the API, with its re-exam date.
  const examined = await request.post(`/api/order/${doctor.userId}/${source.id}`, {
    headers: { authorization: doctor.authorization },
    data: { diagnostic: 'Tăng huyết áp độ 1', medicalHistory: 'Không dị ứng thuốc.', reExamDate: reExamDay, advice: 'Ăn nhạt.' },
  });
  expect(examined.status(), await examined.text()).toBe(200);

  const doctorPage = await pageIn(browser, base, 'vi');
  let newOrderId = '';
  await test.step('the doctor opens "book the re-examination" from the examination and books a free hour of that day', async () => {
    await logInOnScreen(doctorPage, texts, DOCTOR);
    await doctorPage.goto(`/healthcaredoctoreditonline/${source.id}`);
    const main = doctorPage.getByRole('main');
    const link = main.getByRole('link', { name: c.reExam.bookForPatient });
    await expect(link).toBeVisible();
    await expectNoSeriousA11yViolations(doctorPage, 'doctor edit with a re-exam date');
    await link.click();

    await expect(doctorPage).toHaveURL(
      new RegExp(`/healthcaredoctoreditonline/new/${patient.userId}/${doctor.userId}\\?from=${source.id}&day=${reExamDay}$`),
    );
    await expect(main.getByRole('heading', { level: 1, name: c.newOrder.onlinePageTitle })).toBeVisible();
    await expect(main.getByText(PATIENT.fullName)).toBeVisible();
    await expect(main.getByLabel(c.newOrder.reason)).toHaveValue(c.newOrder.reasonDefault);
    // The re-exam day is chosen, and its free hours are offered.
    const hour = main.getByRole('group', { name: new RegExp(c.newOrder.hour) }).getByRole('button', { name: HOUR });
    await expect(hour).toBeVisible();
    await expect(main.locator('button[aria-pressed="true"]').first()).toContainText(String(Number(reExamDay.slice(8))));
    await expectNoSeriousA11yViolations(doctorPage, 'doctor books for a patient');
    await hour.click();
    await expect(main.getByRole('status')).toContainText(`${HOUR} ngày ${display(reExamDay)} cho ${PATIENT.fullName}`);
    await main.getByRole('button', { name: c.newOrder.submit }).click();

    await expect(doctorPage.getByText(c.newOrder.booked)).toBeVisible();
    await expect(doctorPage).toHaveURL(/\/all-orders\/[0-9a-f-]{36}$/);
    newOrderId = doctorPage.url().split('/').at(-1) ?? '';
    expect(newOrderId).not.toBe(source.id);
    await expect(main.getByText(viOrders.kind['2'])).toBeVisible();
    await expectNoSeriousA11yViolations(doctorPage, 'the new booking, doctor');
  });

  const patientPage = await pageIn(browser, base, 'vi');
  await test.step('the patient is told, and finds the booking labelled as made by the doctor', async () => {
    await expect
      .poll(async () =>
        (await outbox(request, PATIENT.email)).some((message) => message.text.includes(`Bác sĩ ${DOCTOR.fullName} đã đặt lịch khám`)),
      )
      .toBe(true);
    await logInOnScreen(patientPage, texts, PATIENT);
    await patientPage.goto('/applicationlist/');
    const item = patientPage.getByRole('main').getByRole('listitem').filter({ hasText: viOrders.kind['2'] });
    await expect(item).toHaveCount(1);
    await expect(item.getByText(DOCTOR.fullName)).toBeVisible();
    await expectNoSeriousA11yViolations(patientPage, 'my bookings with the doctor’s order');
    await item.getByRole('link').click();
    await expect(patientPage).toHaveURL(new RegExp(`/all-orders/${newOrderId}$`));
    await expect(patientPage.getByRole('main').getByText(c.newOrder.reasonDefault, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(patientPage, 'the doctor’s order, patient');
  });

  await test.step("the first booking's re-exam date offers the booking page with the doctor and the day chosen", async () => {
    await patientPage.goto(`/all-orders/${source.id}`);
    const offer = patientPage.getByTestId('clinical-summary').getByRole('link', { name: c.reExam.book });
    await expect(offer).toBeVisible();
    await expectNoSeriousA11yViolations(patientPage, 'booking detail with a re-exam date, patient');
    await offer.click();
    await expect(patientPage).toHaveURL(
      new RegExp(`/healthcare-online/\\?doctor=${doctor.userId}&day=${reExamDay}&specialty=${SPECIALTY}$`),
    );
    await expect(patientPage.getByRole('main').getByLabel(new RegExp(DOCTOR.fullName))).toBeChecked();
    await expectNoSeriousA11yViolations(patientPage, 'booking page with the re-exam chosen');
  });
});
