import type { Page } from '@playwright/test';
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viCommon from '../packages/i18n/locales/vi/common.json' with { type: 'json' };
import { FRAMED_PAGES } from '../apps/server/src/platform/web/first-frame.ts';
import { logInOnScreen, signUpByApi, type NewPerson } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * The first frame (decision 029): for the pages that have one, the server writes the top of the page — the title and
 * the sentence under it — into the HTML, so it shows at the first paint, before any script has arrived. The app's
 * first render then draws the real page over it: the title and the sentence must be where the frame put them, the
 * same size, on a phone and on a desktop, or the person sees the page jump as it starts.
 */

interface Box {
  text: string;
  x: number;
  y: number;
  height: number;
  fontSize: string;
}

/** The page's title and the paragraph right after it (its introduction, when it has one), as laid out now. */
async function topOfPage(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const title = document.querySelector('main h1');
    const next = title?.nextElementSibling;
    return [title, next?.tagName === 'P' ? next : null]
      .filter((element): element is Element => !!element)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { text: element.textContent ?? '', x: box.x, y: box.y, height: box.height, fontSize: getComputedStyle(element).fontSize };
      });
  });
}

async function compareFrameWithApp(page: Page, path: string, viewport: { width: number; height: number }, checkA11y: boolean) {
  await page.setViewportSize(viewport);
  const where = `${path} at ${viewport.width} px`;
  // Without its scripts the page is what the server sent: the header and the first frame.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(path);
  await expect(page.locator('main.ff-main h1'), where).toBeVisible();
  const frame = await topOfPage(page);
  if (checkA11y) await expectNoSeriousA11yViolations(page, `first frame of ${path}`);
  await page.unrouteAll();

  await page.goto(path);
  // The app has drawn its page over the frame.
  await expect(page.locator('main h1'), where).toBeVisible();
  await expect(page.locator('.ff-main'), where).toHaveCount(0);
  // (A page still loading its parts may show its loader for a moment after its first render.)
  await expect
    .poll(async () => (await topOfPage(page)).map((box) => box.text), { message: `${where}: the app's page has the frame's texts` })
    .toEqual(frame.map((box) => box.text));
  expectSameTop(await topOfPage(page), frame, where);
}

/** The texts drawn now are the frame's, each where the frame put it (±0.5 px) and the same size. */
function expectSameTop(drawn: Box[], frame: Box[], where: string) {
  expect(
    drawn.map((box) => box.text),
    where,
  ).toEqual(frame.map((box) => box.text));
  for (const [now, framed] of drawn.map((box, i) => [box, frame[i] ?? box] as const)) {
    expect(now.fontSize, `${where}: "${now.text}"`).toBe(framed.fontSize);
    for (const measure of ['x', 'y', 'height'] as const) {
      expect(
        Math.abs(now[measure] - framed[measure]),
        `${where}: "${now.text}" ${measure} ${framed[measure]} → ${now[measure]}`,
      ).toBeLessThanOrEqual(0.5);
    }
  }
}

// The service worker would answer the scripts from its cache, where blocking them cannot reach.
test.use({ serviceWorkers: 'block' });

const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];

test("while the page's own code is on its way, the app's first render keeps the frame's texts where they were", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login/');
  const frame = await topOfPage(page);
  await page.unrouteAll();

  // The login page's chunk is held back, as a slow network would: everything else of the app arrives.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/login-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login/');
  // React has drawn its shell (its header replaces the one index.html drew) and the page is still loading…
  await expect(page.locator('.boot-header')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('status', { name: viCommon.loading })).toBeAttached();
  // …and the title and introduction are still there, where the frame put them: the page did not go blank.
  expectSameTop(await topOfPage(page), frame, '/login/ while its code loads');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: viAccounts.login.title })).toBeVisible();

  release();
  await expect(page.getByRole('button', { name: viAccounts.login.submit })).toBeVisible();
  await expect(page.locator('.ff-main')).toHaveCount(0);
  expectSameTop(await topOfPage(page), frame, '/login/ drawn by the app');
  // axe checks screens once drawn (support/a11y.ts refuses one with a spinner): the held screen's spinner, shown after
  // half a second, would make that check depend on the machine's speed. The page it becomes is checked here.
  await expectNoSeriousA11yViolations(page, '/login/');
});

test('the top of each framed page shows before any script, where the app then draws it', async ({ page, request }) => {
  test.setTimeout(240_000);
  /** Every framed page shown to someone signed in (`true`) or not, at each width; axe on the phone's frame. */
  const compareAll = async (signedIn: boolean) => {
    for (const { path } of FRAMED_PAGES.filter((framed) => framed.audience !== (signedIn ? 'signedOut' : 'signedIn'))) {
      for (const [i, viewport] of VIEWPORTS.entries()) await compareFrameWithApp(page, path, viewport, i === 0);
    }
  };
  await compareAll(false);

  const me: NewPerson = {
    phone: `078${String(Date.now()).slice(-7)}`,
    password: 'Khungdau2026',
    fullName: 'Lý Thị Khánh Linh',
    email: `ff${Date.now()}@example.vn`,
    address: '27 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
    gender: 'female',
    dateOfBirth: '1990-09-02',
    jobNote: 'Giáo viên',
  };
  await signUpByApi(request, me);
  await logInOnScreen(
    page,
    {
      phone: viAccounts.fields.phone,
      password: viAccounts.fields.password,
      login: viAccounts.login.submit,
      userMenu: (name) => viAccounts.header.userMenu.replace('{{name}}', name),
    },
    me,
  );
  await compareAll(true);
});
