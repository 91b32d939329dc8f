import { vietnamDay } from '@rhc/domain';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enErrors from '../packages/i18n/locales/en/errors.json' with { type: 'json' };
import enRelatives from '../packages/i18n/locales/en/relatives.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viErrors from '../packages/i18n/locales/vi/errors.json' with { type: 'json' };
import viRelatives from '../packages/i18n/locales/vi/relatives.json' with { type: 'json' };
import { logInByApi, pageIn, logInOnScreen, signUpByApi, logInTexts, type NewPerson } from './support/sessions.ts';
import { proveOnScreen } from './support/step-up.ts';
import { expectToastOf } from './support/toasts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';
import { fill } from './support/texts.ts';

/*
 * Relatives and consent (issue 14), in Vietnamese and in English: A invites B to follow with "health info" and
 * "vaccines" only; B accepts with a note, sees A's information and the no-access notice on a section not shared, and
 * asks for "prescriptions"; A denies with a note, then revokes B; B's next visit gets the no-access notice; A's access
 * log lists B's reads. A adds a child profile aged 8 and shares it with C: the dialog requires the child's agreement.
 */

const LOCALES = {
  vi: { accounts: viAccounts, relatives: viRelatives, errors: viErrors },
  en: { accounts: enAccounts, relatives: enRelatives, errors: enErrors },
} as const;

function person(prefix: string, fullName: string, gender: 'male' | 'female'): NewPerson {
  const phone = `${prefix}${String(Date.now()).slice(-7)}`;
  return {
    phone,
    password: 'Theodoi2026',
    fullName,
    email: `p${phone}@example.vn`,
    address: '25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
    gender,
    dateOfBirth: '1990-06-15',
    jobNote: 'Giáo viên',
  };
}

/** DD/MM/YYYY of the day `years` years before today in Vietnam, less a month (so the child is `years` old). */
function birthdayAged(years: number): string {
  const [y, m, d] = vietnamDay(new Date()).split('-').map(Number) as [number, number, number];
  const month = m === 1 ? 12 : m - 1;
  const year = m === 1 ? y - years - 1 : y - years;
  return `${String(Math.min(d, 28)).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

// Each language's people get their own phone prefixes, so the two journeys can run side by side.
for (const [language, prefixes] of [
  ['vi', ['032', '034', '035']],
  ['en', ['033', '036', '037']],
] as const) {
  test(`relatives (${language}): invite, accept, request, deny, revoke, access log, a child's agreement`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    const { accounts, relatives: r, errors } = LOCALES[language];
    const texts = logInTexts(accounts);
    const A = person(prefixes[0], language === 'vi' ? 'Phan Thị Mỹ Linh' : 'Phan Thi My Linh', 'female');
    const B = person(prefixes[1], language === 'vi' ? 'Hồ Quốc Bảo' : 'Ho Quoc Bao', 'male');
    const C = person(prefixes[2], language === 'vi' ? 'Lý Thu Trang' : 'Ly Thu Trang', 'female');
    for (const who of [A, B, C]) await signUpByApi(request, who, language);
    const a = await logInByApi(request, A, language);
    const toast = expectToastOf;

    const pageA = await pageIn(browser, baseURL ?? '', language);
    const pageB = await pageIn(browser, baseURL ?? '', language);

    await test.step('A invites B to follow, sharing health info and vaccines only', async () => {
      await logInOnScreen(pageA, texts, A);
      await pageA.goto('/relativemanagement/');
      await expect(pageA.getByRole('heading', { level: 1, name: r.title })).toBeVisible();
      await expect(pageA.getByText(r.profiles.empty)).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'relatives, profiles');
      await pageA.getByRole('main').getByRole('button', { name: r.actions.invite, exact: true }).click();
      const dialog = pageA.getByRole('dialog', { name: r.inviteDialog.inviteTitle });
      await dialog.getByRole('textbox', { name: r.fields.phone, exact: true }).fill(B.phone);
      // Nothing is ticked in advance.
      for (const box of await dialog.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
      await dialog.getByRole('checkbox', { name: r.sections.health_info, exact: true }).check();
      await dialog.getByRole('checkbox', { name: r.sections.vaccines, exact: true }).check();
      await expect(
        dialog.getByText(fill(r.consent.text, { person: A.fullName, sections: `${r.sections.health_info}, ${r.sections.vaccines}` })),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'invite dialog');
      await dialog.getByRole('button', { name: r.inviteDialog.send }).click();
      // Sharing is a step-up action (decision 051): a code to A's phone, then the invitation goes.
      await proveOnScreen(pageA, request, language, A.phone);
      await toast(pageA, r.inviteDialog.sent);
    });

    await test.step('B accepts with a note and sees A’s information, with the no-access notice on prescriptions', async () => {
      await logInOnScreen(pageB, texts, B);
      await pageB.goto('/relativemanagement/?type=watched');
      await expect(pageB.getByRole('tab', { name: r.tabs.invitations })).toHaveAttribute('aria-selected', 'true');
      await expect(pageB.getByText(fill(r.invitations.kindInviteIncomingOwn, { name: A.fullName }))).toBeVisible();
      await expectNoSeriousA11yViolations(pageB, 'relatives, invitations');
      await pageB.getByRole('button', { name: fill(r.invitations.acceptLabel, { name: A.fullName }) }).click();
      const dialog = pageB.getByRole('dialog', { name: r.invitations.acceptTitle });
      await dialog
        .getByRole('textbox', { name: r.invitations.answerNote })
        .fill(language === 'vi' ? 'Cảm ơn em, anh sẽ theo dõi.' : 'Thanks, I will.');
      await expectNoSeriousA11yViolations(pageB, 'accept dialog');
      await dialog.getByRole('button', { name: r.invitations.accept, exact: true }).click();
      await toast(pageB, r.invitations.accepted);

      await pageB.goto(`/patientinformation/?id=${a.userId}`);
      await expect(pageB.getByRole('heading', { level: 2, name: A.fullName })).toBeVisible();
      await expect(pageB.getByText(A.address)).toBeVisible();
      await expect(pageB.getByRole('listitem').filter({ hasText: r.sections.vaccines })).toContainText(r.patient.shared);
      await expect(pageB.getByRole('listitem').filter({ hasText: r.sections.prescriptions })).toContainText(r.patient.notShared);
      await expect(pageB.getByText(fill(r.patient.noAccessSections, { name: A.fullName }))).toBeVisible();
      await expectNoSeriousA11yViolations(pageB, 'patient information, shared with me');
    });

    await test.step('B requests prescriptions; A denies with a note', async () => {
      await pageB.getByRole('button', { name: r.patient.requestAccess }).click();
      const dialog = pageB.getByRole('dialog', { name: r.inviteDialog.requestAccessTitle });
      await dialog.getByRole('checkbox', { name: r.sections.prescriptions, exact: true }).check();
      await expectNoSeriousA11yViolations(pageB, 'request access dialog');
      await dialog.getByRole('button', { name: r.inviteDialog.sendRequest }).click();
      await proveOnScreen(pageB, request, language, B.phone);
      await toast(pageB, r.inviteDialog.requestSent);

      await pageA.goto('/relativemanagement/?type=watched');
      await expect(pageA.getByText(fill(r.invitations.kindRequestIncomingMe, { name: B.fullName }))).toBeVisible();
      await pageA.getByRole('button', { name: fill(r.invitations.denyLabel, { name: B.fullName }) }).click();
      const deny = pageA.getByRole('dialog', { name: r.invitations.denyTitle });
      await deny.getByRole('button', { name: r.invitations.deny, exact: true }).click();
      // The note is required.
      await expect(deny.getByText(errors.validation.response_note_required)).toBeVisible();
      await deny
        .getByRole('textbox', { name: r.invitations.answerNote })
        .fill(language === 'vi' ? 'Chưa cần xem đơn thuốc.' : 'Not the prescriptions.');
      await expectNoSeriousA11yViolations(pageA, 'deny dialog');
      await deny.getByRole('button', { name: r.invitations.deny, exact: true }).click();
      await toast(pageA, r.invitations.denied);
    });

    await test.step('A revokes B; B’s next visit gets the no-access notice', async () => {
      await pageA.goto('/relativemanagement/?tab=followers');
      await expect(pageA.getByText(B.fullName)).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'relatives, followers');
      await pageA.getByRole('button', { name: fill(r.followers.revokeLabel, { name: B.fullName }) }).click();
      const confirm = pageA.getByRole('dialog', { name: r.followers.revokeTitle });
      await expect(confirm).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'revoke confirmation');
      await confirm.getByRole('button', { name: r.followers.revoke, exact: true }).click();
      await toast(pageA, r.followers.revoked);

      await pageB.reload();
      await expect(pageB.getByText(r.patient.noAccessPerson)).toBeVisible();
      await expectNoSeriousA11yViolations(pageB, 'patient information, no access');
    });

    await test.step('A’s access log lists B’s reads', async () => {
      await pageA.goto('/patientinformation/');
      await expect(pageA.getByRole('heading', { name: r.accessLog.title })).toBeVisible();
      const rows = pageA.getByRole('row').filter({ hasText: B.fullName });
      await expect(rows.filter({ hasText: r.sections.health_info }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'patient information, access log');
    });

    await test.step('A adds a child profile aged 8 and shares it with C: the dialog requires the child’s agreement', async () => {
      const childName = language === 'vi' ? 'Phan Gia Huy' : 'Phan Gia Huy';
      await pageA.goto('/relativemanagement/');
      await pageA.getByRole('button', { name: r.profiles.add }).click();
      const dialog = pageA.getByRole('dialog', { name: r.profiles.addTitle });
      await dialog.getByRole('textbox', { name: r.fields.fullName, exact: true }).fill(childName);
      await dialog.getByRole('textbox', { name: r.fields.phone, exact: true }).fill(A.phone);
      const birthday = dialog.getByRole('textbox', { name: r.fields.dateOfBirth, exact: true });
      await birthday.click();
      await expectNoSeriousA11yViolations(pageA, 'profile dialog, birthday calendar');
      await birthday.fill(birthdayAged(8));
      // Leaving the field closes its calendar.
      await birthday.press('Tab');
      await dialog.getByRole('textbox', { name: r.fields.address, exact: true }).fill(A.address);
      await expectNoSeriousA11yViolations(pageA, 'profile dialog');
      await dialog.getByRole('button', { name: r.actions.save }).click();
      await toast(pageA, r.profiles.added);
      await expect(pageA.getByText(r.profiles.child)).toBeVisible();

      await pageA.getByRole('button', { name: fill(r.profiles.shareLabel, { name: childName }) }).click();
      const invite = pageA.getByRole('dialog', { name: r.inviteDialog.inviteTitle });
      await invite.getByRole('textbox', { name: r.fields.phone, exact: true }).fill(C.phone);
      await invite.getByRole('checkbox', { name: r.sections.vaccines, exact: true }).check();
      await expect(invite.getByText(r.child.title)).toBeVisible();
      await expect(invite.getByText(fill(r.child.explain, { name: childName }))).toBeVisible();
      await invite.getByRole('button', { name: r.inviteDialog.send }).click();
      await expect(invite.getByText(r.child.required)).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'invite dialog, child');
      await invite.getByRole('checkbox', { name: r.child.confirm }).check();
      await invite.getByRole('button', { name: r.inviteDialog.send }).click();
      await toast(pageA, r.inviteDialog.sent);
    });

    await test.step('A groups the child; a group with members cannot be deleted', async () => {
      const groupName = language === 'vi' ? 'Nhà nội' : 'Grandparents';
      await pageA.goto('/relativemanagement/?tab=groups');
      await expect(pageA.getByText(r.groups.empty)).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'relatives, groups');
      await pageA.getByRole('textbox', { name: r.groups.name, exact: true }).fill(groupName);
      await pageA.getByRole('combobox', { name: r.groups.type, exact: true }).click();
      await expect(pageA.getByRole('option', { name: r.groupTypes.family })).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'group type list');
      await pageA.getByRole('option', { name: r.groupTypes.family }).click();
      await pageA.getByRole('button', { name: r.groups.create }).click();
      await toast(pageA, r.groups.created);

      const addTo = pageA.getByRole('combobox', { name: fill(r.groups.addMemberLabel, { name: groupName }), exact: true });
      await addTo.click();
      await expect(pageA.getByRole('option', { name: 'Phan Gia Huy' })).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'group member list');
      await pageA.getByRole('option', { name: 'Phan Gia Huy' }).click();
      await pageA.getByRole('button', { name: r.groups.add, exact: true }).click();
      await toast(pageA, r.groups.memberAdded);
      await expect(pageA.getByText(fill(r.groups.members_one, { count: '1' }))).toBeVisible();

      await pageA.getByRole('button', { name: fill(r.groups.deleteLabel, { name: groupName }) }).click();
      const confirm = pageA.getByRole('dialog', { name: r.groups.deleteTitle });
      await expect(confirm).toBeVisible();
      await expectNoSeriousA11yViolations(pageA, 'delete group confirmation');
      await confirm.getByRole('button', { name: r.groups.deleteConfirm }).click();
      // The server refuses (409 GROUP_NOT_EMPTY) and the page says why; the group stays.
      await expect(pageA.getByRole('alert').filter({ hasText: errors.GROUP_NOT_EMPTY })).toBeVisible();
      await expect(pageA.getByText(groupName, { exact: true })).toBeVisible();
    });
  });
}
