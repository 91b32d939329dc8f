import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * The medical information book (/medical-information/, issue 52 part 3): public, no login. A reader opens it from its
 * table of contents, pages forward and back, and opens a page from a link someone shared — in Vietnamese (the
 * default, on a 390 px phone, where the contents are a drawer) and in English (on a wide screen, contents beside the
 * page).
 */
const PAGES = 26;

/** What a reader sees of the book, in the journey's two languages. */
const TEXTS = {
  vi: {
    book: 'Sổ tay thông tin y tế',
    contents: 'Mục lục sổ tay',
    first: 'Số điện thoại khẩn cấp',
    second: 'Dấu hiệu nguy hiểm: gọi 115 ngay',
    counter: (page: number) => `Trang ${page} / ${PAGES}`,
    paging: 'Trang trước và trang sau',
    next: 'Trang sau',
    previous: 'Trang trước',
    openContents: 'Mục lục',
    bloodPressure: 'Huyết áp',
    deep: { slug: 'vital-signs-bmi', title: 'Chỉ số khối cơ thể (BMI)', page: 8 },
    search: 'Tìm trong sổ tay',
    notFound: 'Sổ tay không có trang này',
    backToContents: 'Về mục lục',
  },
  en: {
    book: 'Medical information book',
    contents: 'Book contents',
    first: 'Blood pressure',
    second: 'Heart rate',
    counter: (page: number) => `Page ${page} / ${PAGES}`,
    paging: 'Previous and next pages',
    next: 'Next page',
    previous: 'Previous page',
    deep: { slug: 'alcohol-penalties-decree-168', title: 'Penalties under Decree 168/2024', page: 17 },
    search: 'Search the handbook',
  },
} as const;

type Texts = (typeof TEXTS)['vi'] | (typeof TEXTS)['en'];

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Pages forward from the page shown (`from`, at `at`) and back again, by the paging links and their titles. */
async function pageForwardAndBack(page: Page, texts: Texts, from: string, to: string, at: number) {
  const paging = page.getByRole('navigation', { name: texts.paging });
  await paging.getByRole('link', { name: `${texts.next} ${to}` }).click();
  await expect(heading(page, to)).toBeVisible();
  await expect(page.getByText(texts.counter(at + 1), { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `handbook: ${to}`);
  await paging.getByRole('link', { name: `${texts.previous} ${from}` }).click();
  await expect(heading(page, from)).toBeVisible();
  await expect(page.getByText(texts.counter(at), { exact: true })).toBeVisible();
}

test.describe('the medical information book', () => {
  test('in Vietnamese on a phone: contents, a page, forward and back, the drawer, a shared link and a missing page', async ({ page }) => {
    const texts = TEXTS.vi;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/medical-information/');
    await expect(heading(page, texts.book)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: texts.search })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'handbook contents (vi)');

    await page.getByRole('navigation', { name: texts.contents }).getByRole('link', { name: texts.first, exact: true }).click();
    await expect(page).toHaveURL(/\/medical-information\/first-aid-emergency-numbers$/);
    await expect(heading(page, texts.first)).toBeVisible();
    await expect(page.getByText(texts.counter(1), { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '115', exact: true })).toHaveAttribute('href', 'tel:115');
    await expect(page).toHaveTitle(`${texts.first} · RHC`);
    await expectNoSeriousA11yViolations(page, `handbook: ${texts.first}`);
    await pageForwardAndBack(page, texts, texts.first, texts.second, 1);

    // On a phone the contents open in a drawer, from every page.
    await page.getByRole('button', { name: texts.openContents, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: texts.openContents });
    await expect(drawer.getByRole('link', { name: texts.bloodPressure, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'handbook contents drawer (vi)');
    await drawer.getByRole('link', { name: texts.bloodPressure, exact: true }).click();
    await expect(heading(page, texts.bloodPressure)).toBeVisible();
    await expect(drawer).toBeHidden();
    await expectNoSeriousA11yViolations(page, `handbook: ${texts.bloodPressure}`);

    // A shared link opens its page directly.
    await page.goto(`/medical-information/${texts.deep.slug}`);
    await expect(heading(page, texts.deep.title)).toBeVisible();
    await expect(page.getByText(texts.counter(texts.deep.page), { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `handbook: ${texts.deep.title}`);

    await page.goto('/medical-information/khong-co-trang-nay');
    await expect(heading(page, texts.notFound)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'handbook: missing page');
    await page.getByRole('link', { name: texts.backToContents }).click();
    await expect(heading(page, texts.book)).toBeVisible();
    await expect(page).toHaveURL(/\/medical-information\/$/);
  });

  test('in English on a wide screen: contents beside the page, forward and back, and a shared link', async ({ page }) => {
    const texts = TEXTS.en;
    await page.goto('/medical-information/');
    await expect(heading(page, TEXTS.vi.book)).toBeVisible();
    await page.getByRole('combobox', { name: /Ngôn ngữ/ }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(heading(page, texts.book)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'handbook contents (en)');

    await page.getByRole('navigation', { name: texts.contents }).getByRole('link', { name: texts.first, exact: true }).click();
    await expect(heading(page, texts.first)).toBeVisible();
    await expect(page.getByText(texts.counter(5), { exact: true })).toBeVisible();
    // The contents stay beside the page, the page being read marked.
    await expect(
      page.getByRole('navigation', { name: texts.contents }).getByRole('link', { name: texts.first, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page, `handbook: ${texts.first}`);
    await pageForwardAndBack(page, texts, texts.first, texts.second, 5);

    await page.goto(`/medical-information/${texts.deep.slug}`);
    await expect(heading(page, texts.deep.title)).toBeVisible();
    await expect(page.getByText(texts.counter(texts.deep.page), { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('VND 30–40 million');
    await expectNoSeriousA11yViolations(page, `handbook: ${texts.deep.title}`);
  });
});
