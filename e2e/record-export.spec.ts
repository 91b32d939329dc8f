import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enExport from '../packages/i18n/locales/en/record-export.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viExport from '../packages/i18n/locales/vi/record-export.json' with { type: 'json' };
import { download } from './support/downloads.ts';
import { logInByApi, logInOnScreenIn, logInTexts, signUpByApi, type NewPerson } from './support/sessions.ts';
import { proveOnScreen } from './support/step-up.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';
import { fill } from './support/texts.ts';

/*
 * The export of one's whole record (issue 53), in Vietnamese and in English: a person with a reading on record asks for
 * "Export my data" on the account page, sees it prepared in the background and told when it is ready (the bell), then
 * downloads the archive; the test unzips it, reads the PDF summary's text back (pdftotext) and the FHIR Bundle.
 */

const LOCALES = { vi: { accounts: viAccounts, e: viExport }, en: { accounts: enAccounts, e: enExport } } as const;

/** The text of a PDF, as pdftotext reads it. */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rhc-export-')), 'summary.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
}

for (const [language, prefix] of [
  ['vi', '070'],
  ['en', '058'],
] as const) {
  test(`record export (${language}): asked for on the account page, ready notice, archive downloaded and its PDF read back`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { accounts, e } = LOCALES[language];
    const stamp = String(Date.now()).slice(-7);
    const me: NewPerson = {
      phone: `${prefix}${stamp}`,
      password: 'Xuatdulieu2026',
      fullName: language === 'vi' ? 'Trịnh Thị Thu Hương' : 'Trinh Thi Thu Huong',
      email: `export${prefix}${stamp}@example.vn`,
      address: '3 Trần Phú, Ba Đình, Hà Nội',
      gender: 'female',
      dateOfBirth: '1979-08-21',
      jobNote: 'Giáo viên',
    };
    await signUpByApi(request, me, language);
    const session = await logInByApi(request, me, language);
    const reading = await request.post(`/api/health-measurement/${session.userId}`, {
      headers: { authorization: session.authorization },
      data: { measuredAt: new Date(Date.now() - 3_600_000).toISOString(), systolic: 148, diastolic: 94, heartRate: 82 },
    });
    expect(reading.status()).toBe(201);

    await logInOnScreenIn(page, baseURL, language, logInTexts(accounts), me);
    await page.goto('/infouser/');
    const section = page.getByRole('region', { name: e.section.title });

    await test.step('the export is asked for and prepared in the background', async () => {
      await expect(section.getByText(e.section.empty)).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'account page, export section');
      await section.getByRole('button', { name: e.section.request }).click();
      // Exporting asks for a fresh code (decision 051): the step-up dialog opens, the code goes to the verified phone.
      await proveOnScreen(page, request, language, me.phone);
      await expect(section.getByTestId('record-export')).toHaveCount(1);
    });

    const link = section.getByRole('link', { name: e.section.download });
    await test.step('it becomes ready, with its expiry, and the bell tells of it', async () => {
      await expect(link).toBeVisible({ timeout: 60_000 });
      await expect(section.getByText(new RegExp(fill(e.section.expires, { at: '' }).trim()))).toBeVisible();
      await page.reload();
      const count = new RegExp(`^${accounts.header.notifications.replace(/[()（）]/g, '\\$&').replace('{{count}}', '\\d+')}$`);
      await page.getByRole('banner').getByRole('button', { name: count }).click();
      const bell = page.getByRole('dialog', { name: accounts.bell.title, exact: true });
      const notice = fill(e.notice.inApp, { name: me.fullName, until: '\u0000' }).split('\u0000')[0] ?? '';
      await expect(bell.getByText(notice, { exact: false })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'notification bell, export ready');
      await page.keyboard.press('Escape');
    });

    await test.step('the archive is downloaded: its PDF summary reads back, its FHIR Bundle has the reading', async () => {
      const archive = await download(page, section.getByRole('link', { name: e.section.download }));
      expect(archive.name).toMatch(/\.zip$/);
      const entries = unzipSync(new Uint8Array(archive.bytes));
      expect(Object.keys(entries).slice(0, 2)).toEqual(['summary.pdf', 'fhir-bundle.json']);
      const text = pdfText(entries['summary.pdf'] ?? new Uint8Array());
      for (const expected of [e.document.title, me.fullName, e.document.readings, '148/94 mmHg', e.document.accessLog])
        expect(text).toContain(expected);
      const bundle = JSON.parse(Buffer.from(entries['fhir-bundle.json'] ?? []).toString('utf8')) as {
        resourceType: string;
        type: string;
        entry: { resource: { resourceType: string; code?: { coding: { code: string }[] } } }[];
      };
      expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
      expect(bundle.entry.map((entry) => entry.resource.code?.coding[0]?.code).filter(Boolean)).toEqual(
        expect.arrayContaining(['85354-9', '8867-4']),
      );
    });
  });
}
