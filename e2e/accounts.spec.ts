import type { APIRequestContext, Page } from '@playwright/test';
import { latestMailTo, mailText } from './support/mail-catcher.ts';
import { noteSecret } from './support/secrets.ts';
import { proveOnScreen } from './support/step-up.ts';
import { noteSessionTokens } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/** What a person reads on the accounts screens, in the two languages the journey runs in. */
const TEXTS = {
  vi: {
    language: 'vi',
    register: 'Đăng ký',
    registerTitle: 'Đăng ký tài khoản',
    submitSignup: 'Đăng ký',
    fullName: 'Họ và tên',
    dateOfBirth: 'Ngày sinh',
    female: 'Nữ',
    address: 'Địa chỉ',
    phone: 'Số điện thoại',
    email: 'Email',
    byEmail: 'Email',
    sendCode: 'Gửi mã xác thực',
    code: 'Mã xác thực',
    verify: 'Xác thực',
    verified: 'Đã xác thực mã.',
    jobGroup: 'Nghề nghiệp',
    jobOther: 'Khác',
    jobNote: 'Mô tả nghề nghiệp',
    password: 'Mật khẩu',
    rePassword: 'Nhập lại mật khẩu',
    userMenu: (name: string) => `Menu tài khoản của ${name}`,
    signOut: 'Đăng xuất',
    signOutQuestion: 'Bạn có muốn đăng xuất không?',
    yes: 'Có',
    login: 'Đăng nhập',
    wrongPassword: 'Số điện thoại hoặc mật khẩu không đúng.',
    personalInformation: 'Thông tin cá nhân',
    changePhoto: 'Đổi ảnh đại diện',
    cropTitle: 'Cắt ảnh đại diện',
    cropArea: /^Vùng cắt ảnh/,
    zoom: 'Thu phóng',
    savePhoto: 'Lưu ảnh',
    photoSaved: 'Đã cập nhật ảnh đại diện.',
    currentPassword: 'Mật khẩu hiện tại',
    newPassword: 'Mật khẩu mới',
    changePassword: 'Đổi mật khẩu',
    passwordChanged: 'Đổi mật khẩu thành công.',
    forgotPassword: 'Quên mật khẩu?',
    forgotTitle: 'Quên mật khẩu',
    saveNewPassword: 'Lưu mật khẩu mới',
    resetDone: 'Đổi mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.',
    phoneNotVerified: 'Số điện thoại chưa được xác minh',
    verifyPhone: 'Xác minh',
    phoneVerified: 'Đã xác minh số điện thoại.',
  },
  en: {
    language: 'en',
    register: 'Sign up',
    registerTitle: 'Create an account',
    submitSignup: 'Create account',
    fullName: 'Full name',
    dateOfBirth: 'Date of birth',
    female: 'Female',
    address: 'Address',
    phone: 'Phone number',
    email: 'E-mail',
    byEmail: 'E-mail',
    sendCode: 'Send code',
    code: 'Verification code',
    verify: 'Verify',
    verified: 'Code verified.',
    jobGroup: 'Job',
    jobOther: 'Other',
    jobNote: 'Describe your job',
    password: 'Password',
    rePassword: 'Re-enter password',
    userMenu: (name: string) => `Account menu of ${name}`,
    signOut: 'Sign out',
    signOutQuestion: 'Do you want to sign out?',
    yes: 'Yes',
    login: 'Log in',
    wrongPassword: 'Incorrect phone number or password.',
    personalInformation: 'Personal information',
    changePhoto: 'Change photo',
    cropTitle: 'Crop your photo',
    cropArea: /^Crop area/,
    zoom: 'Zoom',
    savePhoto: 'Save photo',
    photoSaved: 'Your photo has been updated.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed.',
    forgotPassword: 'Forgot password?',
    forgotTitle: 'Forgot password',
    saveNewPassword: 'Save new password',
    resetDone: 'Your password has been changed. Please log in with the new password.',
    phoneNotVerified: 'Your phone number is not verified',
    verifyPhone: 'Verify',
    phoneVerified: 'Your phone number is verified.',
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** A field by its label, whether or not the label carries the "Mandatory" tag. */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true }).or(page.getByLabel(new RegExp(`^${label}\\s*(Bắt buộc|Mandatory)?$`)));
}

/** The 6-digit code of the newest SMS in the development outbox (GET /api/dev/outbox). */
async function smsCodeFor(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
      const messages = (await answer.json()).data as { channel: string; text: string }[];
      code = messages.find((message) => message.channel === 'sms')?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  noteSecret(code as string);
  return code as string;
}

/** The 6-digit code of the newest mail that reached the SMTP catcher for `email`, newer than `after`. */
async function mailedCodeFor(email: string, after: string | undefined): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const raw = await latestMailTo(process.env.E2E_MAIL_DIR as string, email);
      if (!raw || raw === after) return undefined;
      code = mailText(raw).match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  noteSecret(code as string);
  return code as string;
}

async function logIn(page: Page, t: Texts, phone: string, password: string) {
  await page.getByRole('banner').getByRole('link', { name: t.login }).click();
  await expect(page.getByRole('main').getByRole('button', { name: t.login })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `login (${t.language})`);
  await field(page, t.phone).fill(phone);
  await field(page, t.password).fill(password);
  await page.getByRole('main').getByRole('button', { name: t.login }).click();
}

async function expectLoggedInAs(page: Page, t: Texts, fullName: string) {
  const menu = page.getByRole('banner').getByRole('button', { name: t.userMenu(fullName) });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(fullName);
  await noteSessionTokens(page);
}

async function signOut(page: Page, t: Texts) {
  await page.getByRole('banner').getByRole('button', { name: t.signOut }).click();
  const dialog = page.getByRole('dialog', { name: t.signOut });
  await expect(dialog.getByText(t.signOutQuestion)).toBeVisible();
  await expectNoSeriousA11yViolations(page, `sign-out dialog (${t.language})`);
  await dialog.getByRole('button', { name: t.yes, exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: t.login })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectNoSeriousA11yViolations(page, `home, signed out (${t.language})`);
}

/** A colourful picture drawn by the browser itself, so the crop has something to show. */
async function drawPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const gradient = context.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, '#0f766e');
    gradient.addColorStop(1, '#f59e0b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#fff';
    context.beginPath();
    context.arc(320, 240, 120, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

for (const t of Object.values(TEXTS)) {
  test(`accounts journey in ${t.language}: sign up with a code by e-mail, verify the phone by SMS, log out and in, avatar, password, reset by e-mail`, async ({
    page,
    request,
  }) => {
    // The axe checks of every screen and dialog add their time to the journey's.
    test.setTimeout(480_000);
    const stamp = String(Date.now()).slice(-8);
    // A fresh account per run: 09… in Vietnamese, 03… in English (both Vietnamese mobile prefixes).
    const phone = `${t.language === 'vi' ? '09' : '03'}${stamp}`;
    const email = `e2e-${t.language}-${stamp}@e2e.rhc.test`;
    const fullName = t.language === 'vi' ? 'Phạm Thu Hà' : 'Hannah Tran';
    const passwords = [`Khoe${stamp}a`, `Manh${stamp}b`, `Moi${stamp}c`];
    passwords.forEach(noteSecret);

    await page.goto('/');
    if (t.language === 'en') await page.getByRole('combobox', { name: 'Ngôn ngữ' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `home (${t.language})`);

    // Sign up with a code by e-mail, delivered over SMTP: it proves the e-mail, the phone stays unverified (decision 048).
    await page.getByRole('banner').getByRole('link', { name: t.register }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.registerTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `register (${t.language})`);
    await field(page, t.fullName).fill(fullName);
    await field(page, t.dateOfBirth).fill('12/05/1990');
    await expectNoSeriousA11yViolations(page, `register: date of birth calendar (${t.language})`);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: t.female }).check();
    await field(page, t.address).fill('25 Tràng Tiền, Hoàn Kiếm, Hà Nội');
    await field(page, t.phone).fill(phone);
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
    await page.getByRole('radio', { name: t.byEmail, exact: true }).check();
    await page.getByRole('button', { name: t.sendCode }).click();
    await field(page, t.code).fill(await mailedCodeFor(email, undefined));
    await page.getByRole('button', { name: t.verify, exact: true }).click();
    await expect(page.getByText(t.verified)).toBeVisible();
    await page.getByRole('radiogroup', { name: t.jobGroup }).getByRole('radio', { name: t.jobOther }).check();
    await field(page, t.jobNote).fill(t.language === 'vi' ? 'Giáo viên' : 'Teacher');
    await field(page, t.password).fill(passwords[0] as string);
    await field(page, t.rePassword).fill(passwords[0] as string);
    await expectNoSeriousA11yViolations(page, `register, filled in and verified (${t.language})`);
    await page.getByRole('button', { name: t.submitSignup, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedInAs(page, t, fullName);
    await expectNoSeriousA11yViolations(page, `home, signed in (${t.language})`);

    // Log out, then in again.
    await signOut(page, t);
    await logIn(page, t, phone, passwords[0] as string);
    await expectLoggedInAs(page, t, fullName);

    // A new avatar: choose, zoom and move it, save; the header shows it at once.
    await page
      .getByRole('banner')
      .getByRole('button', { name: t.userMenu(fullName) })
      .click();
    await expect(page.getByRole('menuitem', { name: t.personalInformation })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `account menu (${t.language})`);
    await page.getByRole('menuitem', { name: t.personalInformation }).click();
    await expect(page).toHaveURL(/\/infouser\/$/);
    await expect(field(page, t.currentPassword)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `personal information (${t.language})`);

    // The phone is not verified yet: "Xác minh" sends it a code by SMS (read from the development outbox).
    await expect(page.getByText(t.phoneNotVerified)).toBeVisible();
    await page.getByRole('button', { name: t.verifyPhone, exact: true }).click();
    await field(page, t.code).fill(await smsCodeFor(request, phone));
    await expectNoSeriousA11yViolations(page, `personal information: verify the phone (${t.language})`);
    await page.getByRole('button', { name: t.verify, exact: true }).click();
    await expect(page.getByText(t.phoneVerified)).toBeVisible();
    await expect(page.getByText(t.phoneNotVerified)).toBeHidden();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'anh-dai-dien.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    const crop = page.getByRole('dialog', { name: t.cropTitle });
    await expect(crop).toBeVisible();
    const zoom = crop.getByRole('slider', { name: t.zoom });
    await zoom.focus();
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
    await expect(zoom).toHaveAttribute('aria-valuenow', '1.5');
    await expectNoSeriousA11yViolations(page, `avatar crop dialog (${t.language})`);
    const stage = await crop.getByRole('application', { name: t.cropArea }).boundingBox();
    if (stage) {
      await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
      await page.mouse.down();
      await page.mouse.move(stage.x + stage.width / 2 + 30, stage.y + stage.height / 2 + 20, { steps: 5 });
      await page.mouse.up();
    }
    // By keyboard on the stage: an arrow moves the picture, + zooms in, as the slider then shows (1.5 × 1.1).
    await crop.getByRole('application', { name: t.cropArea }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    await expect.poll(async () => Number(await zoom.getAttribute('aria-valuenow'))).toBeCloseTo(1.65, 2);
    await crop.getByRole('button', { name: t.savePhoto }).click();
    await expect(page.getByText(t.photoSaved)).toBeVisible();
    await expect(crop).toBeHidden();
    // The photo is decoration inside the account menu button (a screen reader hears the button's name, which
    // carries the person's name): found as a sighted person sees it, in that button.
    const headerAvatar = page
      .getByRole('banner')
      .getByRole('button', { name: t.userMenu(fullName) })
      .locator('img');
    await expect(headerAvatar).toHaveAttribute('src', /\/api\/user-avatar\/[\w-]+\?v=/);
    await expect.poll(() => headerAvatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

    // Change the password; the person stays logged in.
    await field(page, t.currentPassword).fill(passwords[0] as string);
    await field(page, t.newPassword).fill(passwords[1] as string);
    await field(page, t.rePassword).fill(passwords[1] as string);
    await page.getByRole('button', { name: t.changePassword, exact: true }).click();
    // A password change is a step-up action (decision 051): a code to the (now verified) phone, then it goes again.
    await proveOnScreen(page, request, t.language, phone);
    await expect(page.getByText(t.passwordChanged)).toBeVisible();
    await expectLoggedInAs(page, t, fullName);

    // The old password no longer works; the new one does.
    await signOut(page, t);
    await logIn(page, t, phone, passwords[0] as string);
    await expect(page.getByRole('main').getByText(t.wrongPassword)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `login, wrong password (${t.language})`);
    await field(page, t.password).fill(passwords[1] as string);
    await page.getByRole('main').getByRole('button', { name: t.login }).click();
    await expectLoggedInAs(page, t, fullName);

    // Forgot password: a code by e-mail, delivered over SMTP, then a new password and a login with it.
    await signOut(page, t);
    await page.getByRole('banner').getByRole('link', { name: t.login }).click();
    await page.getByRole('link', { name: t.forgotPassword }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.forgotTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `forgot password (${t.language})`);
    await page.getByRole('radio', { name: t.byEmail, exact: true }).check();
    const mailBefore = await latestMailTo(process.env.E2E_MAIL_DIR as string, email);
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
    await field(page, t.phone).fill(phone);
    await page.getByRole('button', { name: t.sendCode }).click();
    await field(page, t.code).fill(await mailedCodeFor(email, mailBefore));
    await page.getByRole('button', { name: t.verify, exact: true }).click();
    await expect(field(page, t.newPassword)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `forgot password: new password (${t.language})`);
    await field(page, t.newPassword).fill(passwords[2] as string);
    await field(page, t.rePassword).fill(passwords[2] as string);
    await page.getByRole('button', { name: t.saveNewPassword }).click();
    await expect(page.getByText(t.resetDone)).toBeVisible();
    await expect(page).toHaveURL(/\/login\/$/);
    await expectNoSeriousA11yViolations(page, `login after a reset (${t.language})`);
    await field(page, t.phone).fill(phone);
    await field(page, t.password).fill(passwords[2] as string);
    await page.getByRole('main').getByRole('button', { name: t.login }).click();
    await expectLoggedInAs(page, t, fullName);
  });
}
