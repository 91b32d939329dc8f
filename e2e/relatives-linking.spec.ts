import type { APIRequestContext } from '@playwright/test';
import viRelatives from '../packages/i18n/locales/vi/relatives.json' with { type: 'json' };
import { noteSecret } from './support/secrets.ts';
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import { bookByApi, directDoctorNamed, weekdayAfter } from './support/bookings.ts';
import { logInByApi, logInTexts, logInOnScreen, signUpByApi, type NewPerson } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * A profile kept for someone, linked to their own account (issue 14, decision 025), in Vietnamese: Lan keeps a profile
 * for her grown son and books for him; the son signs up with the phone on that profile, sees "profiles kept for you",
 * links it with a fresh code sent to his phone, and finds the booking in his own list. Lan is told and no longer
 * manages the profile nor holds the booking.
 */

const TEXTS = logInTexts(viAccounts);

const stamp = String(Date.now()).slice(-7);
const LAN = {
  phone: `081${stamp}`,
  password: 'Quanly2026',
  fullName: 'Nguyễn Thị Lan',
  email: `lan${stamp}@example.vn`,
  address: '25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
  gender: 'female',
  dateOfBirth: '1968-03-15',
  jobNote: 'Nội trợ',
} satisfies NewPerson;
const SON = {
  phone: `082${stamp}`,
  password: 'Contrai2026',
  fullName: 'Trần Minh Quân',
  email: `quan${stamp}@example.vn`,
  address: '25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
  gender: 'male',
  dateOfBirth: '1996-09-20',
  jobNote: 'Kỹ sư',
} satisfies NewPerson;

/** A demo doctor seeing children in person on weekdays (paediatrics), booked late in the morning a week ahead. */
const DOCTOR_NAME = 'Nguyễn Thị Mai Anh';
const SPECIALTY_ID = 2;

async function smsTo(request: APIRequestContext, phone: string): Promise<{ text: string }[]> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  return ((await answer.json()).data as { channel: string; text: string }[]).filter((message) => message.channel === 'sms');
}

test('a son links the profile his mother kept for him and finds his booking in his own list; she is told', async ({ page, request }) => {
  // Two sign-ups, a booking, a log-in and axe on five screens: about 20 s alone, more on a busy machine.
  test.setTimeout(240_000);
  await signUpByApi(request, LAN);
  const lan = await logInByApi(request, LAN, 'vi');

  // Lan keeps a profile for her son (his own phone) and books for him.
  const made = await request.post(`/api/relative/${lan.userId}`, {
    headers: { authorization: lan.authorization },
    data: {
      fullName: SON.fullName,
      phone: SON.phone,
      gender: 'male',
      dateOfBirth: SON.dateOfBirth,
      email: '',
      address: SON.address,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const profileId = (await made.json()).data.id as string;
  const doctor = await directDoctorNamed(request, lan, SPECIALTY_ID, DOCTOR_NAME);
  const order = await bookByApi(request, lan, {
    mode: 'direct',
    specialtyId: SPECIALTY_ID,
    examTypeId: 1,
    doctorId: doctor?.id,
    checkDay: weekdayAfter(8),
    checkHour: '11:00',
    reasonForExamination: 'Khám sức khỏe định kỳ',
    isFamily: true,
    profileId,
  });

  // The son signs up with the same phone and signs in.
  await signUpByApi(request, SON, 'vi');
  await logInOnScreen(page, TEXTS, SON);
  await page.goto('/relativemanagement/');
  const panel = page.getByTestId('claim-panel');
  await expect(panel.getByRole('heading', { name: viRelatives.claim.title })).toBeVisible();
  await expect(panel.getByText(`Do ${LAN.fullName} quản lý`, { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'relatives, profiles kept for me');

  await panel.getByRole('button', { name: `Liên kết với tài khoản của tôi: ${SON.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: viRelatives.claim.dialogTitle });
  await expect(dialog).toBeVisible();
  // Nothing is ticked for the former manager: by default she keeps nothing.
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  const before = (await smsTo(request, SON.phone)).length;
  await dialog.getByRole('button', { name: viRelatives.claim.sendCode }).click();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await smsTo(request, SON.phone);
      code = messages.length > before ? messages[0]?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  noteSecret(code as string);
  await expectNoSeriousA11yViolations(page, 'relatives, link a profile');
  await dialog.getByRole('textbox', { name: new RegExp(`^${viRelatives.claim.code}`) }).fill(code as string);
  await dialog.getByRole('button', { name: viRelatives.claim.confirm }).click();
  await expect(page.getByText('Hồ sơ giờ là của bạn, kèm 1 lịch hẹn.')).toBeVisible();
  await expect(page.getByTestId('claim-panel')).toHaveCount(0);

  // The booking is his own now: in his list, and its page opens for him.
  await page.goto('/applicationlist/');
  await expect(page.getByText(order.code)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bookings, the linked booking');
  await page.goto(`/all-orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(order.code) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'booking detail, linked');

  // Lan no longer manages the profile or holds the booking, and she is told in the app and by message.
  const lanProfiles = await request.get(`/api/relatives/${lan.userId}`, { headers: { authorization: lan.authorization } });
  expect((await lanProfiles.json()).data).toEqual([]);
  expect((await request.get(`/api/order/detail/${order.id}`, { headers: { authorization: lan.authorization } })).status()).toBe(404);
  expect((await request.get(`/api/relative/${profileId}`, { headers: { authorization: lan.authorization } })).status()).toBe(404);
  const bell = await request.get(`/api/notifications/${lan.userId}`, {
    headers: { authorization: lan.authorization, 'accept-language': 'vi' },
  });
  const notices = JSON.stringify((await bell.json()).data);
  expect(notices).toContain(`${SON.fullName} đã liên kết hồ sơ của ${SON.fullName} với tài khoản của mình`);
  await expect.poll(async () => (await smsTo(request, LAN.phone)).some((message) => message.text.includes('da lien ket ho so'))).toBe(true);
});
