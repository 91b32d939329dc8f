import { E2E_SUPPORT_CONTACT } from './support/global-setup.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

test.describe('the app shell', () => {
  test('the home page opens in Vietnamese with the services and the support contact from the server, loading only what it shows', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sức khỏe cả gia đình, trong tầm tay bạn');
    const inPerson = page.getByRole('link', { name: /Khám bệnh trực tiếp/ });
    await expect(inPerson).toHaveAttribute('href', '/healthcare/');
    await expect(page.getByRole('link', { name: /Tiêm chủng/ })).toHaveAttribute('href', '/vaccines/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: E2E_SUPPORT_CONTACT.phone })).toHaveAttribute('href', `tel:${E2E_SUPPORT_CONTACT.phone}`);
    await expect(footer.getByRole('link', { name: E2E_SUPPORT_CONTACT.email })).toHaveAttribute(
      'href',
      `mailto:${E2E_SUPPORT_CONTACT.email}`,
    );
    await expectNoSeriousA11yViolations(page, 'home (vi)');
    // Issue 13: not Mantine's inputs, dialogs and toasts (`ui`), the app's shared components (`app`, which imports
    // `ui`) or the toast and dialog host, chunks named in apps/web/vite.config.ts.
    expect(scripts.filter((script) => /\/assets\/(ui|app|overlay-host)-/.test(script))).toEqual([]);
    // Three files in all: the entry, what every page loads after it and the home page's own chunk. Each file more is a
    // round trip on a phone's network and a request its main thread starts (it loaded seven before they were merged).
    const chunkName = (script: string) => /\/assets\/(.+)-[\w-]{8}\.js$/.exec(script)?.[1] ?? script;
    expect(scripts.map(chunkName).sort()).toEqual(['every-page', 'home-page', 'index']);
  });

  test('switching to English and then Chinese changes the texts and survives a reload', async ({ page }) => {
    await page.goto('/');
    const language = page.getByRole('combobox', { name: /Ngôn ngữ/ });
    await language.selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your family’s health, within reach');
    await expect(page.getByRole('link', { name: /In-person examination/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home (en)');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your family’s health, within reach');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'RHC_lang')?.value).toBe('en');

    await page.getByRole('combobox', { name: /Language/ }).selectOption('zh');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('全家健康，尽在掌握');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('全家健康，尽在掌握');
    await expect(page.getByRole('link', { name: /到院就诊/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home (zh)');
  });

  test('an unknown path shows the not-found screen with a way home', async ({ page }) => {
    const response = await page.goto('/khong-co-trang-nay/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Trang không tồn tại' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'not found');
    await page.getByRole('link', { name: /Về trang chủ/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sức khỏe cả gia đình, trong tầm tay bạn');
    await expectNoSeriousA11yViolations(page, 'home (vi)');
  });

  test('/page-error-500/ shows the server-error screen', async ({ page }) => {
    await page.goto('/page-error-500/');
    await expect(page.getByRole('heading', { name: 'Đã có lỗi xảy ra' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'server error');
  });

  test('an unknown API path answers a JSON 404 in the asked language', async ({ request }) => {
    const english = await request.get('/api/nope', { headers: { 'accept-language': 'en' } });
    expect(english.status()).toBe(404);
    expect(await english.json()).toEqual({ status: 404, code: 'ROUTE_NOT_FOUND', message: 'There is no API at GET /api/nope.' });
    const vietnamese = await request.get('/api/nope');
    expect((await vietnamese.json()).message).toBe('Không có API nào tại GET /api/nope.');
  });

  test('on a 390 px phone the home page fits without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'home on a phone');
  });

  test('the page can be used with the keyboard: the skip link leads to the content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home (vi)');
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    await expect(skip).toHaveAttribute('href', /#/);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeVisible();
  });
});
