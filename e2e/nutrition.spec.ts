import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import vi from '../packages/i18n/locales/vi/nutrition.json' with { type: 'json' };
import { logInOnScreenIn, signUpByApi, logInTexts, type NewPerson } from './support/sessions.ts';
import { expectToastOf } from './support/toasts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * The nutrition assessment and plan history (issue 52), in Vietnamese: a patient adds an assessment (the scores and
 * the conclusion computed as the form is filled), sees it listed with its conclusion, edits it, is asked before
 * closing with unsaved changes, and deletes it after the confirmation.
 */

/** A required field's label starts with its name (FieldLabel adds the "required" mark after it). */
function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

test('nutrition (vi): add an assessment with live scores, see its conclusion, edit, the close warning, delete', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const texts = logInTexts(viAccounts);
  const me: NewPerson = {
    phone: `083${String(Date.now()).slice(-7)}`,
    password: 'Suckhoe2026',
    fullName: 'Lê Thị Bích Ngọc',
    email: `n${Date.now()}vi@example.vn`,
    address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
    gender: 'female',
    dateOfBirth: '1958-07-14',
    jobNote: 'Giáo viên nghỉ hưu',
  };
  await signUpByApi(request, me, 'vi');
  await logInOnScreenIn(page, baseURL, 'vi', texts, me);
  const toast = (text: string) => expectToastOf(page, text);
  const rows = page.getByTestId('assessment');
  /** Opens the edit dialog of the newest assessment. */
  const editFirstRow = async () => {
    await rows
      .first()
      .getByRole('button', { name: /^Sửa đánh giá ngày/ })
      .click();
    return page.getByRole('dialog', { name: vi.dialog.editTitle });
  };

  await page.goto('/nutrition/');
  await expect(page.getByRole('heading', { level: 1, name: vi.title })).toBeVisible();
  await expect(page.getByText(vi.history.empty)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'nutrition, empty');

  await test.step('add an assessment: the scores follow the form', async () => {
    await page.getByRole('button', { name: vi.actions.add }).first().click();
    const dialog = page.getByRole('dialog', { name: vi.dialog.addTitle });
    await dialog.getByLabel(startsWith(vi.fields.heightCm)).fill('158');
    await dialog.getByLabel(startsWith(vi.fields.weightKg)).fill('42');
    await dialog.getByLabel(vi.fields.weightThreeMonthsAgoKg, { exact: true }).fill('47');
    await expect(dialog.getByText('BMI: 16,8 kg/m²')).toBeVisible();
    await expect(dialog.getByText('Tỷ lệ sụt cân: 10,6 %')).toBeVisible();
    await dialog.getByRole('radio', { name: vi.intake['25to50'] }).check();
    await dialog.getByRole('radio', { name: vi.severity['1'] }).check();
    await dialog.getByRole('checkbox', { name: vi.fields.reducedEating1Week }).check();
    // NRS-2002: status 2 (intake 25–50 %) + disease 1, no age point at 68: 3, moderate risk; GLIM: loss > 10 %, severe.
    await expect(dialog.getByTestId('live-conclusion')).toHaveText(vi.conclusions.malnourished.moderate);
    await dialog.getByLabel(vi.fields.recommendedFoods, { exact: true }).fill('Cháo thịt bằm, sữa, trứng');
    await dialog.getByLabel(vi.fields.otherMedication, { exact: true }).fill('Vitamin D');
    await expectNoSeriousA11yViolations(page, 'add a nutrition assessment');
    await dialog.getByRole('button', { name: vi.actions.save }).click();
    await toast(vi.dialog.added);
    await expect(dialog).toBeHidden();
  });

  await test.step('listed with its conclusion and GLIM severity', async () => {
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(vi.conclusions.malnourished.moderate);
    await expect(rows.first()).toContainText(vi.glimSeverity.severe);
    await expect(rows.first()).toContainText('Cháo thịt bằm, sữa, trứng');
    await expectNoSeriousA11yViolations(page, 'nutrition, one assessment');
  });

  await test.step('edit it', async () => {
    const dialog = await editFirstRow();
    await dialog.getByLabel(vi.fields.note, { exact: true }).fill('Tái khám sau 2 tuần');
    await dialog.getByRole('button', { name: vi.actions.save }).click();
    await toast(vi.dialog.saved);
    await expect(dialog).toBeHidden();
    await expect(rows.first()).toContainText('Tái khám sau 2 tuần');
  });

  await test.step('closing with unsaved changes asks first', async () => {
    const dialog = await editFirstRow();
    await dialog.getByLabel(vi.fields.note, { exact: true }).fill('Chưa lưu');
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: vi.close.title });
    await expect(confirm.getByText(vi.close.message)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'close warning');
    await confirm.getByRole('button', { name: vi.close.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByLabel(vi.fields.note, { exact: true })).toHaveValue('Chưa lưu');
    await dialog.getByRole('button', { name: vi.actions.cancel }).click();
    await page.getByRole('dialog', { name: vi.close.title }).getByRole('button', { name: vi.close.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(rows.first()).toContainText('Tái khám sau 2 tuần');
  });

  await test.step('delete it after the confirmation', async () => {
    await rows
      .first()
      .getByRole('button', { name: /^Xóa đánh giá ngày/ })
      .click();
    const confirm = page.getByRole('dialog', { name: vi.delete.title });
    await expect(confirm.getByText(vi.delete.message)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'delete confirmation');
    await confirm.getByRole('button', { name: vi.delete.confirm }).click();
    await toast(vi.delete.done);
    await expect(page.getByText(vi.history.empty)).toBeVisible();
  });
});
