import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo.ts';
import type { Locator, Page } from '@playwright/test';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enBooking from '../packages/i18n/locales/en/booking.json' with { type: 'json' };
import enCommon from '../packages/i18n/locales/en/common.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viBooking from '../packages/i18n/locales/vi/booking.json' with { type: 'json' };
import viCommon from '../packages/i18n/locales/vi/common.json' with { type: 'json' };
import zhAccounts from '../packages/i18n/locales/zh/accounts.json' with { type: 'json' };
import zhBooking from '../packages/i18n/locales/zh/booking.json' with { type: 'json' };
import zhCommon from '../packages/i18n/locales/zh/common.json' with { type: 'json' };
import { noteSecret } from './support/secrets.ts';
import { noteSessionTokens } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsOnce, test } from './support/test.ts';

/** The translations themselves, so the names asserted follow the locale files. */
const LOCALES = {
  vi: { accounts: viAccounts, booking: viBooking, common: viCommon },
  zh: { accounts: zhAccounts, booking: zhBooking, common: zhCommon },
  en: { accounts: enAccounts, booking: enBooking, common: enCommon },
} as const;
type Strings = (typeof LOCALES)[keyof typeof LOCALES];

const PATIENT = DEMO_ACCOUNTS.patient;
/**
 * Obstetrics (seed/catalog.ts) has one doctor, seen in person on weekdays (seed/demo.ts): the keyboard booking
 * takes one of her hours and leaves the doctor and the weekends of the bookings journey alone.
 */
const SPECIALTY = { vi: 'Sản phụ khoa', zh: '妇产科' };
const DOCTOR = { vi: /^Lê Thị Thu Trang,/, zh: /^Lê Thị Thu Trang，?/ };
const FIRST_VISIT = 'Khám lần đầu';

/** The element that has the keyboard focus is `target`. */
async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `Tab never reached ${target.toString()}`).toBe(true);
}

/** The focused control shows a visible focus indicator: it matches :focus-visible and has a 2 px (or wider) outline. */
async function expectVisibleFocus(page: Page, what: string) {
  const style = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const computed = getComputedStyle(element);
    return { focusVisible: element.matches(':focus-visible'), width: parseFloat(computed.outlineWidth), outline: computed.outlineStyle };
  });
  expect(style.focusVisible, `${what}: the keyboard focus matches :focus-visible`).toBe(true);
  expect(style.outline, `${what}: the focus outline is drawn`).not.toBe('none');
  expect(style.width, `${what}: the focus outline is at least 2 px wide`).toBeGreaterThanOrEqual(2);
}

/** A Mantine Select by keyboard: the focus is on it; ArrowDown opens it and walks the options, Enter picks. */
async function chooseWithKeys(page: Page, combobox: Locator, option: string, screen: string) {
  await expect(combobox).toBeFocused();
  const wanted = page.getByRole('option', { name: option, exact: true });
  // Mantine marks the option the arrows reached with data-combobox-selected (aria-selected is the chosen value).
  // Read without waiting: a closed list has no options at all, and the first ArrowDown is what opens it.
  const reached = () => wanted.evaluateAll((options) => options.some((element) => element.hasAttribute('data-combobox-selected')));
  for (let presses = 0; presses < 30 && !(await reached()); presses += 1) await page.keyboard.press('ArrowDown');
  await expect(wanted).toHaveAttribute('data-combobox-selected');
  await expectNoSeriousA11yViolationsOnce(page, screen);
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveValue(option);
}

async function logInWithKeys(page: Page, s: Strings) {
  noteSecret(PATIENT.password);
  await page.goto('/login/');
  const main = page.getByRole('main');
  const phone = main.getByRole('textbox', { name: s.accounts.fields.phone, exact: true });
  await expect(phone).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login');
  await tabTo(page, phone);
  await expectVisibleFocus(page, 'the phone field');
  await page.keyboard.type(PATIENT.phone);
  await tabTo(page, main.getByRole('textbox', { name: s.accounts.fields.password, exact: true }));
  await page.keyboard.type(PATIENT.password);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('banner').getByRole('button', { name: s.accounts.header.userMenu.replace('{{name}}', PATIENT.fullName) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'home, signed in');
  await noteSessionTokens(page);
}

test.describe('accessibility', () => {
  test('a patient books an in-person examination with the keyboard alone', async ({ page }) => {
    test.setTimeout(360_000);
    const s = LOCALES.vi;
    await logInWithKeys(page, s);

    await page.goto('/healthcare/');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: s.booking.pages.direct })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'booking form, in person');

    // Specialty: typed into the searchable list, then picked with the arrows and Enter.
    const specialty = main.getByRole('combobox', { name: s.booking.form.specialty, exact: true });
    await tabTo(page, specialty);
    await expectVisibleFocus(page, 'the specialty field');
    await page.keyboard.type(SPECIALTY.vi.slice(0, 3));
    await chooseWithKeys(page, specialty, SPECIALTY.vi, `options of ${s.booking.form.specialty}`);
    const examType = main.getByRole('combobox', { name: s.booking.form.examType, exact: true });
    await tabTo(page, examType);
    await chooseWithKeys(page, examType, FIRST_VISIT, `options of ${s.booking.form.examType}`);

    // The doctor: a radio group, reached with Tab and chosen with Space.
    const doctor = main.getByRole('radiogroup', { name: s.booking.form.doctor }).getByRole('radio', { name: DOCTOR.vi });
    await expect(doctor).toBeVisible();
    await tabTo(page, doctor);
    await expectVisibleFocus(page, 'the doctor card');
    await page.keyboard.press('Space');
    await expect(doctor).toBeChecked();

    // The day: Tab lands on the first day that can be booked; a month without one is left with "next month".
    // The month's days are the group inside the calendar's group (named by its label); the days that cannot be
    // booked are disabled (aria-disabled: the arrow keys still reach them).
    const monthDays = main.getByRole('group', { name: s.booking.form.calendar, exact: true }).getByRole('group');
    await expect(monthDays.getByRole('button').first()).toBeVisible();
    await expect(main.getByRole('status')).toHaveCount(0);
    const bookable = monthDays.getByRole('button', { disabled: false });
    if ((await bookable.count()) === 0) {
      await tabTo(page, main.getByRole('button', { name: s.common.calendar.nextMonth }));
      await page.keyboard.press('Enter');
      await expect(main.getByRole('status')).toHaveCount(0);
      await expect(bookable.first()).toBeVisible();
    }
    // The grid's one Tab stop: today when it can be booked, else the month's first day that can (the days before
    // today cannot), so the first day that can be booked.
    await tabTo(page, bookable.first());
    await expectVisibleFocus(page, 'a day of the calendar');
    await page.keyboard.press('Enter');
    await expect(bookable.first()).toHaveAttribute('aria-pressed', 'true');

    // The hours: one Tab stop on the first hour; the arrows move the choice; Tab leaves the grid.
    const grid = main.getByRole('radiogroup', { name: s.booking.form.hours });
    const hours = grid.getByRole('radio');
    await expect(hours.first()).toBeVisible();
    // Late in the morning today keeps fewer than the three hours this walk needs: then the next day that can be
    // booked, by keyboard too (the arrows move along the month, over the days that cannot be booked; Enter chooses).
    if ((await hours.count()) < 3) {
      const chosenDay = monthDays.getByRole('button', { pressed: true });
      const firstChoice = (await chosenDay.getAttribute('aria-label')) ?? '';
      await tabTo(page, chosenDay);
      const onBookableDay = () => bookable.evaluateAll((days) => days.includes(document.activeElement as HTMLElement));
      for (let presses = 0; presses < 31; presses += 1) {
        await page.keyboard.press('ArrowRight');
        // Into the next month, its free time is read first.
        await expect(main.getByRole('status')).toHaveCount(0);
        if (await onBookableDay()) break;
      }
      expect(await onBookableDay(), 'the arrows reached a day that can be booked').toBe(true);
      await page.keyboard.press('Enter');
      await expect(chosenDay).toHaveCount(1);
      await expect(chosenDay).not.toHaveAttribute('aria-label', firstChoice);
    }
    await expect(hours.nth(2)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'booking form with a doctor, a day and its hours');
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(hours.first()).toBeFocused();
    await expectVisibleFocus(page, 'the first hour');
    await page.keyboard.press('ArrowRight');
    await expect(hours.nth(1)).toBeFocused();
    await expect(hours.nth(1)).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(hours.nth(2)).toBeFocused();
    await expect(hours.nth(2)).toBeChecked();
    await expect(hours.nth(1)).not.toBeChecked();
    const chosenHour = (await hours.nth(2).innerText()).trim();
    const reason = main.getByRole('textbox', { name: s.booking.form.reason, exact: true });
    await page.keyboard.press('Tab');
    await expect(reason).toBeFocused();
    // Back into the grid: the focus returns to the chosen hour, still the only Tab stop.
    await page.keyboard.press('Shift+Tab');
    await expect(hours.nth(2)).toBeFocused();
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(reason).toBeFocused();
    await expectVisibleFocus(page, 'the reason field');
    await page.keyboard.type('Khám thai định kỳ');

    const next = main.getByRole('button', { name: s.booking.form.next, exact: true });
    await tabTo(page, next);
    await expectVisibleFocus(page, 'the continue button');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: s.booking.pages.confirm })).toBeVisible();
    await expect(main.getByText(chosenHour)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'booking confirmation');

    const confirm = main.getByRole('button', { name: s.booking.confirm.submit, exact: true });
    await tabTo(page, confirm);
    await expectVisibleFocus(page, 'the confirm button');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: s.booking.complete.title })).toBeVisible();
    await expect(main.getByText(/^RHC-[A-Z0-9]+$/)).toBeVisible();
    await expect(main.getByText(s.booking.complete.code, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'booking complete');
  });

  for (const language of ['vi', 'zh'] as const) {
    test(`the booking form's controls are named in ${language}, with no English left`, async ({ page, context, baseURL }) => {
      test.setTimeout(240_000);
      const s = LOCALES[language];
      const en = LOCALES.en;
      // The app keeps the language in the RHC_lang cookie (lib/i18n.ts), as the header's language switch writes it.
      await context.addCookies([{ name: 'RHC_lang', value: language, url: baseURL as string }]);
      /** No control of the page is named with the English text of a key whose text differs in `language`. */
      const expectNoEnglish = async (pairs: [role: Parameters<Page['getByRole']>[0], english: string, translated: string][]) => {
        for (const [role, english, translated] of pairs)
          if (english !== translated) await expect(page.getByRole(role, { name: english, exact: true })).toHaveCount(0);
      };

      // Login: the fields and the password's eye toggle.
      noteSecret(PATIENT.password);
      await page.goto('/login/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const main = page.getByRole('main');
      const phone = main.getByRole('textbox', { name: s.accounts.fields.phone, exact: true });
      const password = main.getByRole('textbox', { name: s.accounts.fields.password, exact: true });
      await expect(phone).toBeVisible();
      await expect(password).toBeVisible();
      await expect(main.getByRole('button', { name: s.common.a11y.showPassword, exact: true })).toHaveCount(1);
      await expect(page.getByRole('button', { name: /Toggle password visibility/i })).toHaveCount(0);
      await expect(main.getByRole('button', { name: s.accounts.login.submit, exact: true })).toBeVisible();
      await expectNoEnglish([
        ['textbox', en.accounts.fields.phone, s.accounts.fields.phone],
        ['textbox', en.accounts.fields.password, s.accounts.fields.password],
        ['button', en.common.a11y.showPassword, s.common.a11y.showPassword],
        ['button', en.accounts.login.submit, s.accounts.login.submit],
      ]);
      await expectNoSeriousA11yViolations(page, `login (${language})`);
      await phone.fill(PATIENT.phone);
      await password.fill(PATIENT.password);
      await main.getByRole('button', { name: s.accounts.login.submit, exact: true }).click();
      await expect(
        page.getByRole('banner').getByRole('button', { name: s.accounts.header.userMenu.replace('{{name}}', PATIENT.fullName) }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `home, signed in (${language})`);

      // The booking form: every control named in the language.
      await page.goto('/healthcare/');
      await expect(page.getByRole('heading', { level: 1, name: s.booking.pages.direct })).toBeVisible();
      const specialty = main.getByRole('combobox', { name: s.booking.form.specialty, exact: true });
      const examType = main.getByRole('combobox', { name: s.booking.form.examType, exact: true });
      await expect(specialty).toBeVisible();
      await expect(examType).toBeVisible();
      await expect(main.getByRole('radiogroup', { name: s.booking.form.bookingFor, exact: true })).toBeVisible();
      await expect(main.getByRole('textbox', { name: s.booking.form.reason, exact: true })).toBeVisible();
      await expect(main.getByRole('textbox', { name: s.booking.form.note, exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: s.booking.form.next, exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `booking form, in person (${language})`);

      await specialty.click();
      await expectNoSeriousA11yViolations(page, `options of the specialty (${language})`);
      await page.getByRole('option', { name: SPECIALTY[language], exact: true }).click();
      await expect(specialty).toHaveValue(SPECIALTY[language]);
      const doctors = main.getByRole('radiogroup', { name: s.booking.form.doctor, exact: true });
      await expect(doctors.getByRole('radio', { name: DOCTOR[language] })).toBeVisible();
      await doctors.getByRole('radio', { name: DOCTOR[language] }).check();

      // The calendar's arrows and the hours of a bookable day.
      const previousMonth = main.getByRole('button', { name: s.common.calendar.previousMonth, exact: true });
      const nextMonth = main.getByRole('button', { name: s.common.calendar.nextMonth, exact: true });
      await expect(previousMonth).toBeVisible();
      await expect(nextMonth).toBeVisible();
      await expect(main.getByRole('status')).toHaveCount(0);
      // The first day that can be booked: of the month's days (the group in the calendar's group), one not disabled.
      const monthDays = main.getByRole('group', { name: s.booking.form.calendar, exact: true }).getByRole('group');
      const bookable = monthDays.getByRole('button', { disabled: false });
      if ((await bookable.count()) === 0) {
        await nextMonth.click();
        await expect(main.getByRole('status')).toHaveCount(0);
      }
      await bookable.first().click();
      const hours = main.getByRole('radiogroup', { name: s.booking.form.hours, exact: true });
      await expect(hours.getByRole('radio').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `booking form with a doctor, a day and its hours (${language})`);
      await expectNoEnglish([
        ['combobox', en.booking.form.specialty, s.booking.form.specialty],
        ['combobox', en.booking.form.examType, s.booking.form.examType],
        ['radiogroup', en.booking.form.doctor, s.booking.form.doctor],
        ['radiogroup', en.booking.form.hours, s.booking.form.hours],
        ['radiogroup', en.booking.form.bookingFor, s.booking.form.bookingFor],
        ['textbox', en.booking.form.reason, s.booking.form.reason],
        ['textbox', en.booking.form.note, s.booking.form.note],
        ['button', en.booking.form.next, s.booking.form.next],
        ['button', en.common.calendar.previousMonth, s.common.calendar.previousMonth],
        ['button', en.common.calendar.nextMonth, s.common.calendar.nextMonth],
      ]);

      // The bell's popover (issue 12): the person's notifications, or the word that there are none yet.
      const count = new RegExp(`^${s.accounts.header.notifications.replace(/[()（）]/g, '\\$&').replace('{{count}}', '\\d+')}$`);
      await page.getByRole('banner').getByRole('button', { name: count }).click();
      const bell = page.getByRole('dialog', { name: s.accounts.bell.title, exact: true });
      await expect(bell.getByRole('link', { name: s.accounts.header.checkNow, exact: true })).toBeVisible();
      await expect(bell.getByRole('status')).toHaveCount(0);
      await expect(bell.getByRole('list', { name: s.accounts.bell.list }).or(bell.getByText(s.accounts.bell.empty))).toBeVisible();
      await expectNoSeriousA11yViolations(page, `notifications (${language})`);
      await page.keyboard.press('Escape');
      await expect(bell).toBeHidden();

      // A list over several pages (the demo patient's 20 readings, 10 a page): the arrows and the pages are named.
      await page.goto('/health-monitoring/');
      const pager = main.getByRole('navigation', { name: s.common.pager.label, exact: true });
      await expect(pager.getByRole('button', { name: s.common.pager.page.replace('{{page}}', '2'), exact: true })).toBeVisible();
      await expect(pager.getByRole('button', { name: s.common.pager.next, exact: true })).toBeEnabled();
      await expect(pager.getByRole('button', { name: s.common.pager.previous, exact: true })).toBeDisabled();
      await expectNoSeriousA11yViolations(page, `readings over two pages (${language})`);
      await pager.getByRole('button', { name: s.common.pager.next, exact: true }).click();
      await expect(pager.getByRole('button', { name: s.common.pager.page.replace('{{page}}', '2'), exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectNoEnglish([
        ['button', en.common.pager.next, s.common.pager.next],
        ['button', en.common.pager.previous, s.common.pager.previous],
      ]);

      // A dialog's close button (the sign-out question, from the header).
      await page.getByRole('banner').getByRole('button', { name: s.accounts.header.signOut, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: s.accounts.signOut.title });
      await expect(dialog.getByText(s.accounts.signOut.message)).toBeVisible();
      await expect(dialog.getByRole('button', { name: s.common.actions.close, exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: s.accounts.signOut.yes, exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: s.accounts.signOut.no, exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: en.common.actions.close, exact: true })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `sign-out dialog (${language})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }
});
