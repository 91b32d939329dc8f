import type { Browser, Locator, Page } from '@playwright/test';
import { calendarNames } from '../apps/web/src/lib/calendar-names.ts';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enCommon from '../packages/i18n/locales/en/common.json' with { type: 'json' };
import enImaging from '../packages/i18n/locales/en/imaging-booking.json' with { type: 'json' };
import enLab from '../packages/i18n/locales/en/lab-booking.json' with { type: 'json' };
import enCatalog from '../packages/i18n/locales/en/lab-catalog.json' with { type: 'json' };
import enResults from '../packages/i18n/locales/en/lab-results.json' with { type: 'json' };
import enOrders from '../packages/i18n/locales/en/orders.json' with { type: 'json' };
import enRecords from '../packages/i18n/locales/en/records.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viCommon from '../packages/i18n/locales/vi/common.json' with { type: 'json' };
import viImaging from '../packages/i18n/locales/vi/imaging-booking.json' with { type: 'json' };
import viLab from '../packages/i18n/locales/vi/lab-booking.json' with { type: 'json' };
import viCatalog from '../packages/i18n/locales/vi/lab-catalog.json' with { type: 'json' };
import viResults from '../packages/i18n/locales/vi/lab-results.json' with { type: 'json' };
import viOrders from '../packages/i18n/locales/vi/orders.json' with { type: 'json' };
import viRecords from '../packages/i18n/locales/vi/records.json' with { type: 'json' };
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo.ts';
import { mailTextsTo } from './support/mail-catcher.ts';
import { logInOnScreenIn, logInOnScreen, pageIn, signUpByApi, logInTexts, type LogInTexts, type NewPerson } from './support/sessions.ts';
import { confirmInDialog, confirmOrderAction } from './support/order-actions.ts';
import { download as downloadFile } from './support/downloads.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';
import { shortlyBeforeVietnamTime, vietnamWallClock } from './support/work-times.ts';
import { putServerClockBackAfterEach } from './support/server-clock.ts';
import { fill } from './support/texts.ts';

/*
 * Lab tests and imaging (issue 51), in Vietnamese and in English: a new patient books a lab package at home and an MRI
 * with contrast at a clinic, answering the safety questions, and sees both in the list and on the tracking page. The
 * clinic's lab and imaging staff (the demo doctor holds both specialties at Chợ Rẫy, seed/demo.ts) confirms each on
 * screen, marks the sample taken and the scan done, uploads a result file, writes a conclusion and completes; the
 * patient reads the conclusion and the file on the order's page. Result steps open 30 minutes before the start
 * (decision 046): the server's clock is moved to 20 minutes before 10:00 in Vietnam, where a home window (10:00–12:00)
 * and an MRI slot (10:00–10:45) both start — so this file runs in the playwright config's server-clock project. Each
 * language books its own day: Chợ Rẫy has one MRI machine. Chợ Rẫy's home teams for District 10 and Bình Thạnh are
 * booked by no other journey.
 */

const LOCALES = {
  vi: {
    accounts: viAccounts,
    common: viCommon,
    lab: viLab,
    imaging: viImaging,
    catalog: viCatalog,
    results: viResults,
    orders: viOrders,
    records: viRecords,
  },
  en: {
    accounts: enAccounts,
    common: enCommon,
    lab: enLab,
    imaging: enImaging,
    catalog: enCatalog,
    results: enResults,
    orders: enOrders,
    records: enRecords,
  },
} as const;

const STAFF = DEMO_ACCOUNTS.doctor;
/** Chợ Rẫy (its name is in the reader's language): its MRI machine and its lab and imaging staff, the demo doctor. */
const CLINIC_ID = '2';
/** A one-page PDF: a real file, so the server's content check accepts it. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

// A step that cannot act fails within a minute, not at the journey's timeout.
test.use({ actionTimeout: 60_000 });

// The journey moved the server's clock: put it back, even when it failed or timed out.
putServerClockBackAfterEach();

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** A required field's label starts with its name (FieldLabel adds the "required" mark after it). */
function startsWith(text: string): RegExp {
  return new RegExp(`^${escaped(text)}`);
}

/** Clicks `day` (YYYY-MM-DD) on the month calendar, moving a month or two on when it is not shown yet. */
async function pickDay(page: Page, language: 'vi' | 'en', nextMonth: string, day: string) {
  const [year, month, date] = day.split('-');
  const button = page.getByRole('button', {
    name: calendarNames(language).date(year ?? '', Number(month), Number(date)),
    exact: true,
  });
  const next = page.getByRole('button', { name: nextMonth });
  for (let clicks = 0; clicks < 2 && !(await button.isVisible()); clicks += 1) await next.click();
  await button.click();
}

/** The order's id from the complete page's link to it. */
async function orderIdFrom(page: Page, details: string): Promise<string> {
  const href = await page.getByRole('link', { name: details }).getAttribute('href');
  const id = /\/all-orders\/([0-9a-f-]+)$/.exec(href ?? '')?.[1] ?? '';
  expect(id).not.toBe('');
  return id;
}

/** The texts of a lab or imaging booking's confirm and complete pages. */
type BookingPagesTexts = {
  pages: { confirm: string };
  confirm: { submit: string };
  complete: { title: string; statusBooked: string; details: string };
};

/**
 * On the confirm page of a lab or imaging booking: its `summary` shows, it is booked, and the complete page says so;
 * answers the new order's id.
 */
async function confirmAndBook(page: Page, texts: BookingPagesTexts, kind: 'lab' | 'imaging', summary: Locator[]): Promise<string> {
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: texts.pages.confirm })).toBeVisible();
  for (const shown of summary) await expect(shown).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${kind} booking, confirm`);
  await page.getByRole('button', { name: texts.confirm.submit }).click();

  await expect(page.getByRole('heading', { level: 1, name: texts.complete.title })).toBeVisible();
  await expect(main.getByText(texts.complete.statusBooked)).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${kind} booking, complete`);
  return orderIdFrom(page, texts.complete.details);
}

async function staffPage(browser: Browser, baseURL: string, language: 'vi' | 'en', texts: LogInTexts): Promise<Page> {
  const page = await pageIn(browser, baseURL, language);
  await logInOnScreen(page, texts, STAFF);
  return page;
}

for (const [language, prefix, district] of [
  ['vi', '079', 'hcm-q10'],
  ['en', '085', 'hcm-binh-thanh'],
] as const) {
  test(`lab and imaging (${language}): a lab package at home and an MRI with contrast booked, tracked, performed with results by the staff, read by the patient`, async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    const { accounts, common, lab, imaging, catalog, results, orders: o, records } = LOCALES[language];
    // 10:00 in Vietnam, 20 minutes from the server's now (before any session is opened: the clock moves).
    const startsAt = await shortlyBeforeVietnamTime(request, '10:00', { daysLater: language === 'vi' ? 0 : 1 });
    const { day } = vietnamWallClock(startsAt);
    const texts = logInTexts(accounts);
    const stamp = String(Date.now()).slice(-7);
    const me: NewPerson = {
      phone: `${prefix}${stamp}`,
      password: 'Suckhoe2026',
      fullName: language === 'vi' ? 'Lê Thị Thu Trang' : 'Le Thi Thu Trang',
      email: `trang${stamp}${language}@example.vn`,
      address: '120 Thành Thái, Phường 12, Quận 10, TP. Hồ Chí Minh',
      gender: 'female',
      dateOfBirth: '1979-06-03',
      jobNote: 'Giáo viên',
    };
    await signUpByApi(request, me, language);
    await logInOnScreenIn(page, baseURL, language, texts, me);
    const main = page.getByRole('main');
    const lab10 = '10:00 – 12:00';
    const mri10 = '10:00 – 10:45';
    const checkup = catalog.packages.general_checkup.name;
    const headMri = fill(imaging.summary.withContrast, { name: catalog.imaging.MRI.name });
    let labId = '';
    let imagingId = '';

    await test.step('a lab package booked at home: the area, the 10:00 window, confirmed, its code', async () => {
      await page.goto('/diagnostictest/');
      await expect(page.getByRole('heading', { level: 1, name: lab.pages.form })).toBeVisible();
      await page.getByRole('checkbox', { name: startsWith(checkup) }).check();
      await expect(page.getByTestId('lab-total')).toContainText(lab.form.total);
      await page.getByRole('combobox', { name: startsWith(lab.form.district) }).selectOption({ label: lab.districts[district] });
      // The address and the phone are the account's.
      await expect(page.getByRole('textbox', { name: startsWith(lab.form.address) })).toHaveValue(me.address);
      await expect(page.getByRole('textbox', { name: startsWith(lab.form.phone) })).toHaveValue(me.phone);
      await pickDay(page, language, common.calendar.nextMonth, day);
      await page.getByRole('radio', { name: lab10, exact: true }).check();
      await expectNoSeriousA11yViolations(page, 'lab booking form');
      await page.getByRole('button', { name: lab.form.next }).click();

      labId = await confirmAndBook(page, lab, 'lab', [main.getByText(lab.districts[district], { exact: true }), main.getByText(lab10)]);
    });

    await test.step('an MRI of the head with contrast booked at Chợ Rẫy, every safety question answered "no"', async () => {
      await page.goto('/imageanalysation/');
      await expect(page.getByRole('heading', { level: 1, name: imaging.pages.form })).toBeVisible();
      await page.getByRole('radio', { name: startsWith(catalog.imaging.MRI.name) }).check();
      await page.getByRole('checkbox', { name: catalog.parts.head, exact: true }).check();
      await page.getByRole('radio', { name: imaging.form.contrastYes, exact: true }).check();
      for (const text of [...Object.values(catalog.screening), ...Object.values(catalog.contrastQuestions)])
        await page
          .getByRole('radiogroup', { name: startsWith(text) })
          .getByRole('radio', { name: imaging.form.no, exact: true })
          .check();
      await page.getByRole('combobox', { name: startsWith(imaging.form.clinic) }).selectOption(CLINIC_ID);
      await pickDay(page, language, common.calendar.nextMonth, day);
      await page.getByRole('radio', { name: mri10, exact: true }).check();
      await expectNoSeriousA11yViolations(page, 'imaging booking form');
      await page.getByRole('button', { name: imaging.form.next }).click();

      imagingId = await confirmAndBook(page, imaging, 'imaging', [main.getByText(headMri), main.getByText(mri10)]);
    });

    const codes: Record<'lab' | 'imaging', string> = { lab: '', imaging: '' };
    await test.step('both in my bookings, and the lab one on its public tracking page', async () => {
      await page.goto(`/all-orders/${labId}`);
      const heading = page.getByRole('heading', { level: 1, name: /RHC-[A-Z0-9-]+$/ });
      codes.lab = /(RHC-[A-Z0-9-]+)$/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
      await page.goto(`/all-orders/${imagingId}`);
      await expect(heading).not.toHaveText(new RegExp(`${codes.lab}$`));
      codes.imaging = /(RHC-[A-Z0-9-]+)$/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
      expect(codes.lab).not.toBe('');
      expect(codes.imaging).not.toBe('');

      await page.goto('/applicationlist/');
      for (const code of [codes.lab, codes.imaging])
        await expect(main.getByRole('listitem', { name: code, exact: true })).toContainText(o.status.registered);
      await expectNoSeriousA11yViolations(page, 'my bookings with lab and imaging');
      await main
        .getByRole('listitem', { name: codes.lab, exact: true })
        .getByRole('link', { name: fill(o.common.viewDetail, { code: codes.lab }) })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${codes.lab}$`) })).toBeVisible();
      await expect(main.getByRole('region', { name: results.section.lab })).toContainText(results.status.waiting);
      await expectNoSeriousA11yViolations(page, 'lab booking detail, patient');
      const tracking = main.getByRole('link', { name: /\/order-tracking\// });
      const trackingUrl = (await tracking.getAttribute('href')) ?? '';
      expect(trackingUrl).toMatch(/\/order-tracking\/[\w-]+$/);

      const anonymous = await browser.newContext({ baseURL });
      await anonymous.addCookies([{ name: 'RHC_lang', value: language, url: baseURL ?? '' }]);
      const publicPage = await anonymous.newPage();
      await publicPage.goto(trackingUrl);
      await expect(publicPage.getByRole('heading', { level: 1, name: o.tracking.pageTitle })).toBeVisible();
      await expect(publicPage.getByRole('main').getByText(codes.lab, { exact: true })).toBeVisible();
      await expect(publicPage.locator('body')).not.toContainText(me.fullName);
      await expectNoSeriousA11yViolations(publicPage, 'lab booking tracking, signed out');
      await anonymous.close();
    });

    const staff = await staffPage(browser, baseURL ?? '', language, texts);
    const staffMain = staff.getByRole('main');
    for (const [category, id, fileName, conclusion] of [
      ['lab', labId, language === 'vi' ? 'Kết quả xét nghiệm' : 'Lab report', 'Đường huyết lúc đói 5,4 mmol/L: bình thường.'],
      ['imaging', imagingId, language === 'vi' ? 'Phim MRI sọ não' : 'Head MRI report', 'Không thấy tổn thương nhu mô não.'],
    ] as const) {
      await test.step(`the staff confirms the ${category} booking, records it done, uploads a result, concludes and completes`, async () => {
        await staff.goto(`/all-orders/${id}`);
        await expect(staffMain.getByRole('region', { name: results.section[category] })).toBeVisible();
        await expectNoSeriousA11yViolations(staff, `${category} booking detail, staff`);
        const verify = { button: o.actions.verify, title: o.actions.verifyTitle, done: o.actions.verified };
        await confirmOrderAction(staff, verify, `${category} booking, verify confirmation`);
        const section = staffMain.getByRole('region', { name: results.section[category] });
        await section.getByRole('link', { name: results.link }).click();

        await expect(staff.getByRole('heading', { level: 1, name: `${results.title[category]} ${codes[category]}` })).toBeVisible();
        await expect(staffMain.getByText(category === 'lab' ? results.performed.notYetLab : results.performed.notYetImaging)).toBeVisible();
        await expect(staffMain.getByRole('button', { name: results.complete.action, exact: true })).toBeDisabled();
        await expectNoSeriousA11yViolations(staff, `${category} results, staff`);
        await staffMain.getByRole('button', { name: results.performed[category], exact: true }).click();
        await expect(
          staffMain.getByText(
            startsWith(category === 'lab' ? fill(results.performed.atLab, { time: '' }) : fill(results.performed.atImaging, { time: '' })),
          ),
        ).toBeVisible();

        const files = staffMain.getByRole('region', { name: results.files.title });
        await files.getByRole('button', { name: records.upload.addDocument }).click();
        await files
          .getByTestId('upload-row-documents')
          .locator('input[type="file"]')
          .setInputFiles({
            name: `${category}.pdf`,
            mimeType: 'application/pdf',
            buffer: PDF,
          });
        await files.getByRole('textbox', { name: fill(records.upload.displayName, { number: '1' }) }).fill(fileName);
        await expectNoSeriousA11yViolations(staff, `${category} results, a file chosen`);
        await files.getByRole('button', { name: records.orderDocuments.upload }).click();
        await expect(files.getByRole('list', { name: fill(records.upload.storedList, { title: results.files.title }) })).toContainText(
          fileName,
        );

        await staffMain.getByRole('textbox', { name: results.conclusion.label }).fill(conclusion);
        await staffMain.getByRole('button', { name: results.conclusion.save }).click();
        await expect(staff.getByText(results.conclusion.saved)).toBeVisible();
        const { title, body: message, confirm: ok, done } = results.complete;
        await confirmInDialog(
          staff,
          staffMain.getByRole('button', { name: results.complete.action, exact: true }),
          { title, message, ok, done },
          `${category} results, complete confirmation`,
        );
      });
    }
    await staff.context().close();

    for (const [category, id, fileName, conclusion] of [
      ['lab', labId, language === 'vi' ? 'Kết quả xét nghiệm' : 'Lab report', 'Đường huyết lúc đói 5,4 mmol/L: bình thường.'],
      ['imaging', imagingId, language === 'vi' ? 'Phim MRI sọ não' : 'Head MRI report', 'Không thấy tổn thương nhu mô não.'],
    ] as const) {
      await test.step(`the patient is mailed that the ${category} results are ready, in their language, with the order's own page`, async () => {
        // The whole mail as worded in the journey's language, the link being the order's page behind the sign-in.
        const link = 'ORDER_LINK';
        const words = fill(results.ready[category].body, {
          name: me.fullName,
          code: codes[category],
          day: day.split('-').reverse().join('/'),
          orderLink: link,
        });
        const expected = new RegExp(escaped(words).replace(link, `https?://\\S+/all-orders/${id}`));
        await expect
          .poll(async () => (await mailTextsTo(process.env.E2E_MAIL_DIR ?? '', me.email)).some((mail) => expected.test(mail)), {
            timeout: 30_000,
          })
          .toBe(true);
      });
      await test.step(`the patient reads the ${category} results: the conclusion and the file`, async () => {
        await page.goto(`/all-orders/${id}`);
        await expect(main.getByText(o.status.completed, { exact: true }).first()).toBeVisible();
        const section = main.getByRole('region', { name: results.section[category] });
        await expect(section.getByText(conclusion)).toBeVisible();
        const download = section.getByRole('link', { name: fill(results.files.download, { name: fileName }) });
        await expect(download).toBeVisible();
        await expect(section.getByRole('link', { name: results.link })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, `${category} results, patient`);
        const saved = await downloadFile(page, download);
        expect(saved.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      });
    }
  });
}
