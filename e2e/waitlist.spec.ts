import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo.ts';
import type { APIRequestContext } from '@playwright/test';
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import { bookByApi, directDoctorNamed, weekdayAfter } from './support/bookings.ts';
import { logInByApi, logInTexts, logInOnScreen, signUpByApi, type NewPerson } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * Earlier slot wanted (issue 12): patient A holds an early booking; patient B, booked later with the same doctor, asks
 * to be told of an earlier slot; A cancels; B sees the slot held for them on their booking's page, takes it, and the
 * booking is now at A's old time. The journey runs in Vietnamese, the default language.
 */

const TEXTS = {
  ...logInTexts(viAccounts),
  section: 'Lịch sớm hơn',
  join: 'Báo tôi khi có lịch sớm hơn',
  to: /^Đến ngày/,
  save: 'Lưu',
  joined: 'Chúng tôi sẽ báo cho bạn khi có lịch sớm hơn.',
  waiting: /Đang chờ lịch sớm hơn từ/,
  position: 'Bạn đang ở vị trí thứ 1 trong danh sách chờ.',
  offerTitle: 'Có lịch sớm hơn đang được giữ cho bạn',
  countdown: /Còn giữ cho bạn 1[45]:\d\d/,
  accept: 'Nhận lịch này',
  accepted: 'Lịch hẹn đã được chuyển sang giờ sớm hơn. Bác sĩ sẽ xác nhận lại.',
  moved: 'Lịch hẹn đã được chuyển sang giờ sớm hơn từ danh sách chờ.',
};

/** A demo doctor no other journey books: Nguyễn Thị Mai Anh, paediatrics, in person weekdays 07:00–11:30. */
const DOCTOR_NAME = 'Nguyễn Thị Mai Anh';
const SPECIALTY_ID = 2;
const PATIENT_A = DEMO_ACCOUNTS.patient;
const PHONE_B = `03${String(Date.now()).slice(-8)}`;
const PATIENT_B = {
  phone: PHONE_B,
  password: 'Chobenh2024',
  fullName: 'Võ Thị Thu Hà',
  email: `thuha${PHONE_B}@example.vn`,
  address: '12 Trần Hưng Đạo, Quận 1, TP. Hồ Chí Minh',
  gender: 'female',
  dateOfBirth: '1992-08-15',
  jobNote: 'Kế toán',
} satisfies NewPerson;

const shown = (day: string) => day.split('-').reverse().join('-');

async function bookAt(
  request: APIRequestContext,
  who: { authorization: string; userId: string },
  doctorId: string,
  day: string,
  hour: string,
) {
  return bookByApi(request, who, {
    mode: 'direct',
    specialtyId: SPECIALTY_ID,
    examTypeId: 1,
    doctorId,
    checkDay: day,
    checkHour: hour,
    reasonForExamination: 'Bé ho và sốt nhẹ',
  });
}

test('a patient waiting for an earlier slot is offered the one another patient cancels, takes it, and the slot is theirs', async ({
  page,
  request,
}) => {
  // Two sign-ups, two bookings and the offer's round trip: 33–52 s on a busy 2-core runner.
  test.setTimeout(120_000);
  await signUpByApi(request, PATIENT_B);
  const a = await logInByApi(request, PATIENT_A);
  const b = await logInByApi(request, PATIENT_B);
  const doctor = await directDoctorNamed(request, a, SPECIALTY_ID, DOCTOR_NAME);
  const early = weekdayAfter(2);
  const later = weekdayAfter(5);
  const held = await bookAt(request, a, doctor?.id ?? '', early, '08:00');
  const mine = await bookAt(request, b, doctor?.id ?? '', later, '10:00');

  // B asks to be told of an earlier slot, from today to their booking's day (the fields' defaults).
  await logInOnScreen(page, TEXTS, PATIENT_B);
  await page.goto(`/all-orders/${mine.id}`);
  const section = page.getByRole('region', { name: TEXTS.section });
  await expect(section.getByRole('button', { name: TEXTS.join })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'booking detail, earlier slot form');
  await section.getByRole('button', { name: TEXTS.join }).click();
  await expect(section.getByRole('textbox', { name: TEXTS.to })).toHaveValue(shown(later).replaceAll('-', '/'));
  await expectNoSeriousA11yViolations(page, 'booking detail, earlier slot days');
  await section.getByRole('button', { name: TEXTS.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.joined })).toBeVisible();
  await expect(section.getByText(TEXTS.waiting)).toBeVisible();
  await expect(section.getByText(TEXTS.position)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'booking detail, waiting');

  // A cancels the early booking: the slot is offered to B at once, held for 15 minutes.
  const cancelled = await request.patch(`/api/order/cancel/${a.userId}/${held.id}`, {
    headers: { authorization: a.authorization },
    data: {},
  });
  expect(cancelled.status()).toBe(200);
  await page.reload();
  await expect(section.getByText(TEXTS.offerTitle)).toBeVisible();
  await expect(section.getByText(`${shown(early)} lúc 08:00`)).toBeVisible();
  await expect(section.getByRole('timer')).toHaveText(TEXTS.countdown);
  await expectNoSeriousA11yViolations(page, 'booking detail, offer held');

  // B takes it: the booking is now at A's old time, awaiting the doctor's confirmation again.
  await section.getByRole('button', { name: TEXTS.accept }).click();
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.accepted })).toBeVisible();
  await expect(section.getByText(TEXTS.moved)).toBeVisible();
  await expect(page.getByRole('main').getByText(shown(early)).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('08:00').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'booking detail, moved earlier');
  const after = (await (await request.get(`/api/order/detail/${mine.id}`, { headers: { authorization: b.authorization } })).json()).data;
  expect(after).toMatchObject({ checkDay: early, checkHour: '08:00', status: 0 });
});
