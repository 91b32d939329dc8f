import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enFacts from '../packages/i18n/locales/en/vaccine-facts.json' with { type: 'json' };
import enVaccines from '../packages/i18n/locales/en/vaccines.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viRelatives from '../packages/i18n/locales/vi/relatives.json' with { type: 'json' };
import viFacts from '../packages/i18n/locales/vi/vaccine-facts.json' with { type: 'json' };
import viVaccines from '../packages/i18n/locales/vi/vaccines.json' with { type: 'json' };
import { logInByApi, logInOnScreen, signUpByApi, type LogInTexts, type NewPerson } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * Vaccinations (issue 50), in Vietnamese and in English: a parent keeps a profile for a child born three months ago,
 * opens the child's vaccinations (Vietnam's EPI by default), sees doses due, reads a fact sheet, adds the hepatitis B
 * birth dose given at the hospital, and sees the vaccine's status become "fully vaccinated" and the dose in the history.
 * And a watcher to whom a person shares her health information but not her vaccinations gets the no-access notice,
 * follows its link and asks for the vaccinations.
 */

const LOCALES = {
  vi: { accounts: viAccounts, v: viVaccines, facts: viFacts },
  en: { accounts: enAccounts, v: enVaccines, facts: enFacts },
} as const;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}
/** A required field's label starts with its name (FieldLabel adds the "required" mark after it). */
function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}
/** Today in Vietnam (UTC+7) moved by `months`, as YYYY-MM-DD. */
function vietnamDay(months: number): string {
  const now = new Date(Date.now() + 7 * 3_600_000);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, Math.min(now.getUTCDate(), 28)));
  return day.toISOString().slice(0, 10);
}
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

for (const [language, prefix] of [
  ['vi', '086'],
  ['en', '087'],
] as const) {
  test(`vaccinations (${language}): a parent sees the child's doses due, reads a fact sheet and adds the birth dose`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { accounts, v, facts } = LOCALES[language];
    const texts: LogInTexts = {
      phone: accounts.fields.phone,
      password: accounts.fields.password,
      login: accounts.login.submit,
      userMenu: (name) => fill(accounts.header.userMenu, { name }),
    };
    const me: NewPerson = {
      phone: `${prefix}${String(Date.now()).slice(-7)}`,
      password: 'Suckhoe2026',
      fullName: language === 'vi' ? 'Phạm Thị Mai' : 'Pham Thi Mai',
      email: `v${Date.now()}${language}@example.vn`,
      address: '25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
      gender: 'female',
      dateOfBirth: '1994-02-11',
      jobNote: 'Nhân viên văn phòng',
    };
    await signUpByApi(request, me, language);
    const session = await logInByApi(request, me, language);
    const born = vietnamDay(-3);
    const made = await request.post(`/api/relative/${session.userId}`, {
      headers: { authorization: session.authorization },
      data: {
        fullName: 'Phạm Gia Bảo',
        phone: `${prefix}9${String(Date.now()).slice(-6)}`,
        gender: 'male',
        dateOfBirth: born,
        email: '',
        address: me.address,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const childId = (await made.json()).data.id as string;

    await page.context().addCookies([{ name: 'RHC_lang', value: language, url: baseURL ?? '' }]);
    await logInOnScreen(page, texts, me);
    const toast = (text: string) => expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
    const hepatitisB = page
      .getByTestId('vaccine-card')
      .filter({ has: page.getByRole('heading', { name: facts.hepatitis_b.name, exact: true }) });

    await test.step("the child's statuses against Vietnam's EPI, some doses due", async () => {
      await page.goto(`/vaccines/?person=${childId}`);
      await expect(page.getByRole('heading', { level: 1, name: v.title })).toBeVisible();
      await expect(page.getByRole('radio', { name: v.schedule.options['VN-TT10-2024'] })).toBeChecked();
      await expect(page.getByTestId('vaccine-card').first()).toBeVisible();
      await expect(
        page
          .getByTestId('vaccine-detail')
          .filter({ hasText: new RegExp(`^(${v.detail.due_now}|${v.detail.overdue})$`) })
          .first(),
      ).toBeVisible();
      await expect(hepatitisB.getByTestId('vaccine-status')).not.toHaveText(v.status.full);
      await expect(page.getByText(v.history.empty)).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'vaccinations of a child');
    });

    await test.step('a fact sheet', async () => {
      await hepatitisB.getByRole('button', { name: fill(v.list.factSheetLabel, { vaccine: facts.hepatitis_b.name }) }).click();
      const sheet = page.getByRole('dialog', { name: facts.hepatitis_b.name });
      await expect(sheet.getByText(facts.hepatitis_b.protects)).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'hepatitis B fact sheet');
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    });

    await test.step('the birth dose, given at the hospital, added in the history modal', async () => {
      await hepatitisB.getByRole('button', { name: fill(v.list.historyLabel, { vaccine: facts.hepatitis_b.name }) }).click();
      const dialog = page.getByRole('dialog', { name: fill(v.dialog.title, { vaccine: facts.hepatitis_b.name }) });
      await expect(dialog.getByText(v.dialog.listEmpty)).toBeVisible();
      const day = dialog.getByLabel(startsWith(v.dialog.fields.givenOn));
      await day.fill(typed(born));
      // The calendar shows while the date field has the focus.
      await expectNoSeriousA11yViolations(page, 'the date field with its calendar');
      await dialog.getByLabel(v.dialog.fields.place, { exact: true }).fill('Bệnh viện Từ Dũ');
      await expect(day).toHaveValue(typed(born));
      await expectNoSeriousA11yViolations(page, 'add a dose');
      await dialog.getByRole('button', { name: v.dialog.add }).click();
      await toast(v.dialog.added);
      await expect(dialog).toBeHidden();
    });

    await test.step('the status follows: hepatitis B fully vaccinated, the dose in the history', async () => {
      await expect(hepatitisB.getByTestId('vaccine-status')).toHaveText(v.status.full);
      await expect(page.getByTestId('history-entry')).toHaveCount(1);
      await expect(page.getByTestId('history-entry').first()).toContainText('Bệnh viện Từ Dũ');
      await expectNoSeriousA11yViolations(page, 'vaccinations after a dose');
    });
  });
}

test('vaccinations (vi): a watcher without "vaccines" gets the no-access notice and requests access', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const v = viVaccines;
  const r = viRelatives;
  const stamp = String(Date.now()).slice(-7);
  const owner: NewPerson = {
    phone: `088${stamp}`,
    password: 'Suckhoe2026',
    fullName: 'Võ Thị Hạnh',
    email: `vo${stamp}@example.vn`,
    address: '3 Hùng Vương, Huế',
    gender: 'female',
    dateOfBirth: '1960-04-02',
    jobNote: 'Nội trợ',
  };
  const watcher: NewPerson = {
    ...owner,
    phone: `089${stamp}`,
    fullName: 'Võ Minh Tâm',
    email: `tam${stamp}@example.vn`,
    dateOfBirth: '1988-09-21',
  };
  await signUpByApi(request, owner, 'vi');
  await signUpByApi(request, watcher, 'vi');
  const o = await logInByApi(request, owner, 'vi');
  const w = await logInByApi(request, watcher, 'vi');
  // The watcher asks to follow; the owner shares her health information only.
  const asked = await request.post(`/api/invitations/${w.userId}`, {
    headers: { authorization: w.authorization },
    data: {
      kind: 'request',
      phone: owner.phone,
      callingCodes: '+84',
      sections: ['health_info'],
      note: 'Con muốn theo dõi sức khỏe của mẹ',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const invitationId = (await asked.json()).data.id as string;
  const answered = await request.post(`/api/invitations/${invitationId}/answer`, {
    headers: { authorization: o.authorization },
    data: {
      accept: true,
      note: 'Mẹ đồng ý',
      sections: ['health_info'],
      consentText: 'Tôi đồng ý chia sẻ thông tin sức khỏe với Võ Minh Tâm.',
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  await page.context().addCookies([{ name: 'RHC_lang', value: 'vi', url: baseURL ?? '' }]);
  await logInOnScreen(
    page,
    {
      phone: viAccounts.fields.phone,
      password: viAccounts.fields.password,
      login: viAccounts.login.submit,
      userMenu: (name) => fill(viAccounts.header.userMenu, { name }),
    },
    watcher,
  );

  await test.step('the no-access notice, the person still in the picker', async () => {
    await page.goto('/vaccines/');
    await page.getByRole('combobox', { name: v.person.label }).selectOption({ label: owner.fullName });
    await expect(page.getByText(v.noAccess.text)).toBeVisible();
    await expect(page.getByTestId('vaccine-card')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'vaccinations not shared');
  });

  await test.step('the link leads to asking for the vaccinations', async () => {
    await page.getByRole('link', { name: v.noAccess.request }).click();
    await expect(page).toHaveURL(new RegExp(`/patientinformation/\\?id=${o.userId}$`));
    await expect(page.getByRole('heading', { level: 2, name: owner.fullName })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'patient information, vaccinations not shared');
    await page.getByRole('button', { name: r.patient.requestAccess }).click();
    const dialog = page.getByRole('dialog', { name: r.inviteDialog.requestAccessTitle });
    await dialog.getByRole('checkbox', { name: r.sections.vaccines, exact: true }).check();
    await expectNoSeriousA11yViolations(page, 'request access to vaccinations');
    await dialog.getByRole('button', { name: r.inviteDialog.sendRequest }).click();
    await expect(page.getByRole('alert').filter({ hasText: r.inviteDialog.requestSent }).first()).toBeVisible();
  });
});
