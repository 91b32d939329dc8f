import type { Locator } from '@playwright/test';
import path from 'node:path';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enMonitoring from '../packages/i18n/locales/en/monitoring.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viMonitoring from '../packages/i18n/locales/vi/monitoring.json' with { type: 'json' };
import { RESULTS_DIR } from './support/results-dir.ts';
import { logInOnScreenIn, signUpByApi, logInTexts, type NewPerson } from './support/sessions.ts';
import { expectToastOf } from './support/toasts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';
import { fill } from './support/texts.ts';

/*
 * Health monitoring (issue 16), in Vietnamese and in English: a person adds a reading in each colour (green, the
 * "careful" yellow, red with the urgent-care sentence), sees each value's level and band name, edits one, deletes one
 * after the confirmation, and opens the analysis of the last 30 days with its charts (a screenshot is kept).
 */

const LOCALES = {
  vi: { accounts: viAccounts, m: viMonitoring },
  en: { accounts: enAccounts, m: enMonitoring },
} as const;

for (const [language, prefix] of [
  ['vi', '076'],
  ['en', '077'],
] as const) {
  test(`health monitoring (${language}): a reading in each colour, edit, delete, the 30-day analysis`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    const { accounts, m } = LOCALES[language];
    const texts = logInTexts(accounts);
    const me: NewPerson = {
      phone: `${prefix}${String(Date.now()).slice(-7)}`,
      password: 'Suckhoe2026',
      fullName: language === 'vi' ? 'Đặng Thị Thu Hà' : 'Dang Thi Thu Ha',
      email: `m${Date.now()}${language}@example.vn`,
      address: '8 Trần Phú, Hải Châu, Đà Nẵng',
      gender: 'female',
      dateOfBirth: '1975-03-08',
      jobNote: 'Kế toán',
    };
    await signUpByApi(request, me, language);
    await logInOnScreenIn(page, baseURL, language, texts, me);
    const toast = (text: string) => expectToastOf(page, text);
    const readings = page.getByTestId('reading');
    // A green value shows its band alone; yellow and red put their level ("careful", "danger") before it.
    const level = (colour: 'green' | 'yellow' | 'red', band: string) => (colour === 'green' ? band : `${m.levels[colour]} · ${band}`);

    await page.goto('/health-monitoring/');
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await expect(page.getByText(m.history.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'health monitoring, empty');

    async function addReading(values: Record<string, string>, check?: (dialog: Locator) => Promise<void>) {
      await page.getByRole('button', { name: m.actions.add }).click();
      const dialog = page.getByRole('dialog', { name: m.dialog.addTitle });
      for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
      if (check) await check(dialog);
      await dialog.getByRole('button', { name: m.actions.save }).click();
      await toast(m.dialog.added);
      await expect(dialog).toBeHidden();
    }

    await test.step('a green reading, refused first without the heart rate', async () => {
      await addReading({ [m.fields.systolic]: '118', [m.fields.diastolic]: '76' }, async (dialog) => {
        await expectNoSeriousA11yViolations(page, 'add a reading');
        await dialog.getByRole('button', { name: m.actions.save }).click();
        await expect(dialog.getByText(/^(Huyết áp không hợp lệ|Invalid blood pressure)/).first()).toBeVisible();
        await dialog.getByLabel(m.fields.heartRate, { exact: true }).fill('72');
      });
      await expect(readings.first()).toContainText('118/76');
      await expect(readings.first().getByText(level('green', m.bands.bloodPressure.normal)).first()).toBeVisible();
    });

    await test.step('a yellow ("careful") reading', async () => {
      await addReading({ [m.fields.systolic]: '145', [m.fields.diastolic]: '92', [m.fields.heartRate]: '104' });
      await expect(readings).toHaveCount(2);
      await expect(readings.first().getByText(level('yellow', m.bands.bloodPressure.grade_1))).toBeVisible();
      await expect(readings.first().getByText(level('yellow', m.bands.heartRate.fast))).toBeVisible();
    });

    await test.step('a red reading, with the urgent-care sentence', async () => {
      await addReading({
        [m.fields.systolic]: '186',
        [m.fields.diastolic]: '112',
        [m.fields.heartRate]: '96',
        [fill(m.fields.bloodSugar, { unit: 'mmol/L' })]: language === 'vi' ? '3,5' : '3.5',
        [m.fields.symptoms]: language === 'vi' ? 'Đau đầu' : 'Headache',
      });
      await expect(readings).toHaveCount(3);
      const red = readings.first();
      await expect(red.getByText(level('red', m.bands.bloodPressure.emergency))).toBeVisible();
      await expect(red.getByText(level('red', m.bands.bloodSugar.low))).toBeVisible();
      await expect(red.getByText(m.urgent)).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'health monitoring, three readings');
    });

    await test.step('edit the yellow reading into a green one', async () => {
      const yellow = readings.nth(1);
      await yellow.getByRole('button', { name: m.actions.edit }).click();
      const dialog = page.getByRole('dialog', { name: m.dialog.editTitle });
      await expect(dialog.getByLabel(m.fields.systolic, { exact: true })).toHaveValue('145');
      await expectNoSeriousA11yViolations(page, 'edit a reading');
      await dialog.getByLabel(m.fields.systolic, { exact: true }).fill('122');
      await dialog.getByLabel(m.fields.diastolic, { exact: true }).fill('80');
      await dialog.getByLabel(m.fields.heartRate, { exact: true }).fill('75');
      await dialog.getByRole('button', { name: m.actions.save }).click();
      await toast(m.dialog.saved);
      await expect(readings.nth(1)).toContainText('122/80');
      await expect(readings.nth(1).getByText(level('green', m.bands.bloodPressure.normal)).first()).toBeVisible();
    });

    await test.step('delete the first green reading, after the confirmation', async () => {
      const last = readings.nth(2);
      await last.getByRole('button', { name: m.actions.delete }).click();
      const confirm = page.getByRole('dialog', { name: m.delete.title });
      await expect(confirm).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'delete a reading');
      await confirm.getByRole('button', { name: m.delete.confirm }).click();
      await toast(m.delete.done);
      await expect(readings).toHaveCount(2);
    });

    await test.step('the analysis of the last 30 days', async () => {
      await page.getByRole('tab', { name: m.tabs.analysis }).click();
      const systolic = page.getByRole('img', { name: new RegExp(`^${m.measures.systolic}`) });
      await expect(systolic).toBeVisible();
      await expect(page.getByRole('img', { name: new RegExp(`^${m.measures.heartRate}`) })).toBeVisible();
      await expect(page.getByText(`${level('red', m.bands.bloodPressure.emergency)}: 1`)).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'health monitoring, analysis');
      await page.screenshot({ path: path.join(RESULTS_DIR, `monitoring-analysis-${language}.png`), fullPage: true });
    });
  });
}
