import fs from 'node:fs/promises';
import path from 'node:path';
import { VIETNAM_UTC_OFFSET_MINUTES, vietnamDay } from '@rhc/domain';
import { bookOnlineConsultationByApi } from './support/bookings.ts';
import { logInOnScreenIn, logInByApi, signUpByApi, type NewPerson } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';
import { onlyWorkTime, vietnamWallClock } from './support/work-times.ts';

/*
 * Reminders (issue 12): a patient who uses the app in English books an online consultation a little over two hours
 * ahead, chooses on the booking's page to be reminded 2 hours before (instead of their default), and when the server's
 * clock reaches that moment the reminder e-mail arrives, once, in English, with the tracking and booking links.
 *
 * The server is another process with the real clock: the test moves it forward through the development-only
 * POST /api/dev/clock by a few minutes at most (the booking is placed just over two hours ahead), and puts it back at
 * once, so that the journeys running beside this one (session and code lifetimes, held offers) are not disturbed.
 */

const TEXTS = {
  phone: 'Phone number',
  password: 'Password',
  login: 'Log in',
  userMenu: (name: string) => `Account menu of ${name}`,
  section: 'Appointment reminders',
  followDefault: 'Use my default',
  currently: 'Currently: 1 day, 2 hours',
  remindMe: 'Remind me before',
  save: 'Save reminders',
  saved: 'Reminders saved',
};

/** A demo doctor no other journey books online: Bùi Văn Khoa (specialty 7). */
const DOCTOR = { phone: '0868456789', password: 'Bacsi78901' };
const SPECIALTY_ID = 7;
const PATIENT = {
  phone: `07${String(Date.now()).slice(-8)}`,
  password: 'Nhaclich2026',
  fullName: 'Trương Minh Châu',
  email: `minhchau${String(Date.now()).slice(-8)}@example.vn`,
  address: '25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
  gender: 'male',
  dateOfBirth: '1988-03-09',
  jobNote: 'Kỹ sư',
} satisfies NewPerson;
const MINUTE = 60_000;

/**
 * The appointment: on the minute, just over two hours from now, so that its "2 hours before" moment is still ahead
 * when the booking is made and only a few minutes away. A time too close to midnight (the work time would cross it)
 * moves to 00:01 the next day.
 */
function appointmentStart(): Date {
  const start = new Date(Math.ceil((Date.now() + 123 * MINUTE) / MINUTE) * MINUTE);
  const { hour } = vietnamWallClock(start);
  if (hour < '23:20') return start;
  const nextDay = Date.parse(`${vietnamDay(new Date(start.getTime() + 60 * MINUTE))}T00:00:00Z`) - VIETNAM_UTC_OFFSET_MINUTES * MINUTE;
  return new Date(nextDay + MINUTE);
}

/** The reminder e-mails the patient received (raw text). */
async function reminderMails(): Promise<string[]> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(`-${PATIENT.email}.eml`));
  const mails = await Promise.all(
    files.map(async (file) => (await fs.readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ')),
  );
  return mails.filter((mail) => mail.includes('Reminder of your appointment'));
}

test('a patient chooses to be reminded 2 hours before; at that time the reminder e-mail arrives once, in their language', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const startsAt = appointmentStart();
  const { day, hour } = vietnamWallClock(startsAt);

  // The app's language at sign-up is the account's: their messages are in it.
  await signUpByApi(request, PATIENT, 'en');
  const doctor = await logInByApi(request, DOCTOR, 'en');
  // The doctor (no other journey's) keeps only online time at that hour: his demo hours (in-person afternoons on weekdays,
  // Tuesday/Thursday evenings) would otherwise overlap the window at some times of day.
  await onlyWorkTime(request, doctor, { mode: 'online', startsAt, minutes: 40 });

  const patient = await logInByApi(request, PATIENT, 'en');
  const order = await bookOnlineConsultationByApi(
    request,
    patient,
    doctor,
    {
      specialtyId: SPECIALTY_ID,
      checkDay: day,
      checkHour: hour,
      reasonForExamination: 'Tái khám huyết áp',
    },
    'en',
  );

  await test.step('on the booking page, the patient leaves the default (1 day, 2 hours) for 2 hours only', async () => {
    await logInOnScreenIn(page, baseURL, 'en', TEXTS, PATIENT);
    await page.goto(`/all-orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${order.code}$`) })).toBeVisible();
    const section = page.getByRole('heading', { level: 2, name: TEXTS.section });
    await expect(section).toBeVisible();
    const follow = page.getByRole('checkbox', { name: TEXTS.followDefault });
    await expect(follow).toBeChecked();
    await expect(page.getByText(TEXTS.currently)).toBeVisible();
    await follow.uncheck();
    const chips = page.getByRole('group', { name: TEXTS.remindMe });
    await expect(chips).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'booking detail with its reminders');
    // Chips are checkboxes: reached with Tab, toggled with Space.
    await chips.getByRole('checkbox', { name: '1 day', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(chips.getByRole('checkbox', { name: '1 day', exact: true })).not.toBeChecked();
    await expect(chips.getByRole('checkbox', { name: '2 hours', exact: true })).toBeChecked();
    await page.getByRole('button', { name: TEXTS.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: TEXTS.saved })).toBeVisible();
  });

  await test.step("at the reminder's time the e-mail arrives once, in English, with the links", async () => {
    expect(await reminderMails()).toHaveLength(0);
    try {
      const advanceMs = startsAt.getTime() - 120 * MINUTE + 5_000 - Date.now();
      expect(advanceMs).toBeGreaterThan(0);
      expect(advanceMs).toBeLessThan(45 * MINUTE);
      expect((await request.post('/api/dev/clock', { data: { advanceMs } })).status()).toBe(200);
      expect((await request.post('/api/dev/reminders')).status()).toBe(200);
      // Delivered at the server's (moved) time: the clock goes back only once the mail is out.
      await expect.poll(async () => (await reminderMails()).length, { timeout: 15_000 }).toBe(1);
    } finally {
      await request.post('/api/dev/clock', { data: { advanceMs: 0 } });
    }
    // Swept again (as the minute timer does): nothing more.
    expect((await (await request.post('/api/dev/reminders')).json()).data.queued).toBe(0);
    const [mail = ''] = await reminderMails();
    expect(mail).toContain(`Subject: RHC: Reminder of your appointment ${order.code} at ${hour} on ${day.split('-').reverse().join('/')}`);
    expect(mail).toContain('in about 2 hours');
    expect(mail).toContain(`/order-tracking/${order.secureCode}`);
    expect(mail).toContain(`/all-orders/${order.id}`);
    await page.waitForTimeout(1_500);
    expect(await reminderMails()).toHaveLength(1);
  });
});
