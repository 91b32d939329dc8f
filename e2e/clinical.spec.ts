import type { APIRequestContext, Browser, Page } from '@playwright/test';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enClinical from '../packages/i18n/locales/en/clinical.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viClinical from '../packages/i18n/locales/vi/clinical.json' with { type: 'json' };
import { logInByApi, logInOnScreen, signUpByApi, type LogInTexts, type NewPerson } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * The doctor's clinical work (issue 17, first part), in Vietnamese and in English: a patient's online booking, confirmed
 * by its doctor, gets a diagnosis, a medical history, a re-exam date, advice and a two-line prescription (one in a unit
 * named Other) written on the doctor's screen, after the warning that a created prescription cannot be changed. The
 * screen then shows it read-only and the API refuses a change; the patient is told by e-mail and reads it all on the
 * booking's page.
 */

const LOCALES = {
  vi: { accounts: viAccounts, clinical: viClinical },
  en: { accounts: enAccounts, clinical: enClinical },
} as const;

/** Demo doctors no other journey uses, one per language, so the two journeys can run side by side. */
const DOCTORS = {
  vi: { phone: '0913890123', password: 'Bacsi13579', fullName: 'Lý Gia Bảo', prefix: '038', hour: '21:00' },
  en: { phone: '0356789012', password: 'Bacsi01234', fullName: 'Ngô Đức Thịnh', prefix: '039', hour: '21:30' },
} as const;
const ONLINE_CONSULTATION = 4;
const DAY_MS = 86_400_000;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

/** A label with or without its "Mandatory" tag. */
function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:Bắt buộc|Mandatory|必填)?$`);
}

async function pageIn(browser: Browser, baseURL: string, language: 'vi' | 'en'): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'RHC_lang', value: language, url: baseURL }]);
  return context.newPage();
}

type OutboxMessage = { channel: string; to: string; subject: string | null; text: string };
async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data as OutboxMessage[];
}

for (const language of ['vi', 'en'] as const) {
  test(`clinical work (${language}): diagnosis and a prescription that cannot change, read by the patient`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL ?? '';
    const { accounts, clinical: c } = LOCALES[language];
    const texts: LogInTexts = {
      phone: accounts.fields.phone,
      password: accounts.fields.password,
      login: accounts.login.submit,
      userMenu: (name) => fill(accounts.header.userMenu, { name }),
    };
    const DOCTOR = DOCTORS[language];
    const stamp = String(Date.now()).slice(-7);
    const PATIENT: NewPerson = {
      phone: `${DOCTOR.prefix}${stamp}`,
      password: 'Khambenh2026',
      fullName: language === 'vi' ? 'Võ Thị Hạnh' : 'Vo Thi Hanh',
      email: `hanh${DOCTOR.prefix}${stamp}@example.vn`,
      address: '8 Pasteur, Quận 1, TP. Hồ Chí Minh',
      gender: 'female',
      dateOfBirth: '1985-03-09',
      jobNote: 'Kế toán',
    };

    // An online hour of the doctor's five days ahead (a one-off work time), booked by the patient, confirmed by the doctor.
    const day = new Date(Date.now() + 5 * DAY_MS + 7 * 3_600_000).toISOString().slice(0, 10);
    await signUpByApi(request, PATIENT, language);
    const doctor = await logInByApi(request, DOCTOR, language);
    const workTime = await request.post('/api/user-time-doctor-online', {
      headers: { authorization: doctor.authorization },
      data: {
        startsAt: new Date(`${day}T${DOCTOR.hour}:00+07:00`).toISOString(),
        endsAt: new Date(`${day}T22:30:00+07:00`).toISOString(),
        recurrence: { type: 'none' },
      },
    });
    expect([201, 409], await workTime.text()).toContain(workTime.status());
    const patient = await logInByApi(request, PATIENT, language);
    const booked = await request.post(`/api/order/${patient.userId}`, {
      headers: { authorization: patient.authorization, 'idempotency-key': crypto.randomUUID() },
      data: {
        mode: 'online',
        specialtyId: language === 'vi' ? 12 : 11,
        examTypeId: ONLINE_CONSULTATION,
        doctorId: doctor.userId,
        checkDay: day,
        checkHour: DOCTOR.hour,
        reasonForExamination: 'Đau khớp gối, ho về đêm',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const order = (await booked.json()).data as { id: string; code: string };
    const verified = await request.patch(`/api/order/verify/${doctor.userId}/${order.id}`, {
      headers: { authorization: doctor.authorization },
      data: {},
    });
    expect(verified.status()).toBe(200);
    const [y, m, d] = new Date(Date.parse(`${day}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10).split('-');

    const doctorPage = await pageIn(browser, base, language);
    await test.step('the doctor writes the diagnosis and a two-line prescription, warned that it cannot be changed', async () => {
      await logInOnScreen(doctorPage, texts, DOCTOR);
      await doctorPage.goto(`/all-orders/${order.id}`);
      const openEdit = doctorPage.getByRole('link', { name: c.view.openEdit });
      await expect(openEdit).toBeVisible();
      await expectNoSeriousA11yViolations(doctorPage, 'booking detail, doctor');
      await openEdit.click();
      await expect(doctorPage).toHaveURL(new RegExp(`/healthcaredoctoreditonline/${order.id}$`));
      const main = doctorPage.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: `${c.edit.onlinePageTitle} ${order.code}` })).toBeVisible();
      await expect(main.getByText('Đau khớp gối, ho về đêm')).toBeVisible();
      await expectNoSeriousA11yViolations(doctorPage, 'doctor edit');

      await main.getByLabel(label(c.form.diagnostic)).fill('Viêm khớp gối (M17.0); viêm phế quản cấp');
      await main.getByLabel(label(c.form.medicalHistory)).fill('Tăng huyết áp 3 năm. Dị ứng Penicillin.');
      await main.getByLabel(label(c.form.reExamDate)).fill(`${d}/${m}/${y}`);
      await expectNoSeriousA11yViolations(doctorPage, 'doctor edit, re-exam calendar');
      await doctorPage.keyboard.press('Escape');
      await main.getByLabel(label(c.form.advice)).fill('Chườm ấm, hạn chế leo cầu thang.');
      await main.getByRole('button', { name: c.prescription.addLine }).click();
      await main.getByRole('button', { name: c.prescription.addLine }).click();

      const first = main.getByRole('group', { name: fill(c.prescription.line, { n: '1' }) });
      await first.getByRole('combobox', { name: label(c.prescription.drugName) }).fill('Para');
      const suggestion = doctorPage.getByRole('option', { name: 'Paracetamol 500 mg' });
      await expect(suggestion).toBeVisible();
      await expectNoSeriousA11yViolations(doctorPage, 'doctor edit, drug suggestions');
      await suggestion.click();
      await first.getByRole('textbox', { name: label(c.prescription.quantity) }).fill('10');
      await first.getByRole('textbox', { name: label(c.prescription.dose) }).fill(language === 'vi' ? '1 viên' : '1 tablet');

      const second = main.getByRole('group', { name: fill(c.prescription.line, { n: '2' }) });
      await second.getByRole('combobox', { name: label(c.prescription.drugName) }).fill('Siro ho thảo dược');
      await second.getByRole('textbox', { name: label(c.prescription.quantity) }).fill('1');
      await second.getByRole('combobox', { name: label(c.prescription.unit) }).click();
      await expectNoSeriousA11yViolations(doctorPage, 'doctor edit, unit list');
      await doctorPage.getByRole('option', { name: c.units.other, exact: true }).click();
      await second.getByRole('textbox', { name: label(c.prescription.unitName) }).fill('lọ 100 ml');
      await second.getByRole('textbox', { name: label(c.prescription.dose) }).fill('5 ml');

      await main.getByRole('button', { name: c.form.save }).click();
      const dialog = doctorPage.getByRole('dialog', { name: c.confirm.title });
      await expect(dialog.getByText(c.confirm.message)).toBeVisible();
      await expectNoSeriousA11yViolations(doctorPage, 'doctor edit, prescription confirmation');
      await dialog.getByRole('button', { name: c.confirm.ok, exact: true }).click();
      await expect(doctorPage.getByText(c.form.saved)).toBeVisible();

      // Read-only from now on: no editor, the saved lines in a table.
      await expect(main.getByText(c.prescription.readOnly, { exact: true })).toBeVisible();
      await expect(main.getByRole('group', { name: fill(c.prescription.line, { n: '1' }) })).toHaveCount(0);
      await expect(main.getByRole('cell', { name: 'Paracetamol 500 mg' })).toBeVisible();
      await expect(main.getByRole('cell', { name: '1 lọ 100 ml' })).toBeVisible();
      await expectNoSeriousA11yViolations(doctorPage, 'doctor edit, saved');
    });

    await test.step('a change of the saved prescription is refused by the API', async () => {
      const changed = await request.post(`/api/order/${doctor.userId}/${order.id}`, {
        headers: { authorization: doctor.authorization, 'accept-language': language },
        data: {
          diagnostic: 'Viêm khớp gối',
          medicalHistory: 'Tăng huyết áp 3 năm.',
          reExamDate: `${y}-${m}-${d}`,
          prescription: {
            lines: [
              { drugName: 'Ibuprofen 400 mg', quantity: 10, unit: 'tablet', dose: '1', timesPerDay: 2, days: 5, mealTiming: 'after' },
            ],
          },
        },
      });
      expect(changed.status()).toBe(409);
      expect((await changed.json()).code).toBe('PRESCRIPTION_IMMUTABLE');
    });

    const patientPage = await pageIn(browser, base, language);
    await test.step('the patient is told, and reads the diagnosis, prescription, re-exam date and advice', async () => {
      await expect
        .poll(async () => (await outbox(request, PATIENT.email)).some((message) => message.subject?.includes(order.code)))
        .toBe(true);
      await logInOnScreen(patientPage, texts, PATIENT);
      await patientPage.goto(`/all-orders/${order.id}`);
      const result = patientPage.getByTestId('clinical-summary');
      await expect(result.getByText('Viêm khớp gối (M17.0); viêm phế quản cấp')).toBeVisible();
      await expect(result.getByText(`${d}/${m}/${y}`)).toBeVisible();
      await expect(result.getByText('Chườm ấm, hạn chế leo cầu thang.')).toBeVisible();
      await expect(result.getByRole('cell', { name: 'Paracetamol 500 mg' })).toBeVisible();
      await expect(result.getByRole('cell', { name: '1 lọ 100 ml' })).toBeVisible();
      await expect(result.getByRole('link', { name: c.view.openEdit })).toHaveCount(0);
      await expectNoSeriousA11yViolations(patientPage, 'booking detail with examination result');
    });
  });
}
