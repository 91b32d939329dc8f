import { act, screen, waitFor, within } from '@testing-library/react';
import { HANDBOOK_CHAPTERS, HANDBOOK_PAGES } from '@rhc/domain';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { renderInProviders } from '../../../test/render-app.tsx';
import { HANDBOOK_BASE_PATH, handbookPath } from '../handbook-paths.ts';
import { MedicalInformationPage } from './medical-information-page.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The page at `path` on the route the app gives it (`/medical-information/:page?`). */
function renderBook(path: string) {
  return renderInProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={`${HANDBOOK_BASE_PATH}:page?`} element={<MedicalInformationPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const total = HANDBOOK_PAGES.length;

describe('the medical information book (/medical-information/)', { timeout: 20_000 }, () => {
  it('lists every chapter and every page in its table of contents', async () => {
    renderBook(HANDBOOK_BASE_PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sổ tay thông tin y tế' })).toBeVisible();
    const contents = screen.getByRole('navigation', { name: 'Mục lục sổ tay' });
    expect(within(contents).getAllByRole('heading', { level: 2 })).toHaveLength(HANDBOOK_CHAPTERS.length);
    expect(within(contents).getByRole('heading', { level: 2, name: /Cấp cứu và sơ cứu/ })).toBeVisible();
    expect(within(contents).getByRole('heading', { level: 2, name: /Tiêm chủng/ })).toBeVisible();
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(HANDBOOK_PAGES.map((entry) => handbookPath(entry.slug)));
    await waitFor(() => expect(document.title).toBe('Sổ tay thông tin y tế · RHC'));
  });

  it('opens a page from the contents, with its chapter, counter, sources and reviewed date', async () => {
    const { user } = renderBook(HANDBOOK_BASE_PATH);

    await user.click(await screen.findByRole('link', { name: 'Huyết áp' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Huyết áp' })).toBeVisible();
    expect(where()).toBe('/medical-information/vital-signs-blood-pressure');
    expect(screen.getByText(`Trang 5 / ${total}`)).toBeVisible();
    expect(screen.getByText('Chương 2 · Chỉ số sức khỏe và ý nghĩa màu sắc')).toBeVisible();
    // The orange band of the reference (≥140/90) is in the table.
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Tăng huyết áp độ 1 140–159 90–99 vàng/ })).toBeVisible();
    const sources = screen.getByRole('region', { name: 'Nguồn tham khảo' });
    expect(within(sources).getByRole('link', { name: /2018 ESC\/ESH Guidelines/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:/),
    );
    expect(sources).toHaveTextContent('Rà soát lần cuối: 06-12-2026');
    await waitFor(() => expect(document.title).toBe('Huyết áp · RHC'));
  });

  it('pages forward and back with the titles of the next and previous pages', async () => {
    const { user } = renderBook(handbookPath('first-aid-emergency-numbers'));

    expect(await screen.findByText(`Trang 1 / ${total}`)).toBeVisible();
    const paging = screen.getByRole('navigation', { name: 'Trang trước và trang sau' });
    // The first page has no previous page.
    expect(within(paging).getAllByRole('link')).toHaveLength(1);
    await user.click(within(paging).getByRole('link', { name: 'Trang sau Dấu hiệu nguy hiểm: gọi 115 ngay' }));

    const second = await screen.findByRole('heading', { level: 1, name: 'Dấu hiệu nguy hiểm: gọi 115 ngay' });
    // The keyboard goes on reading from the new page's title.
    await waitFor(() => expect(second).toHaveFocus());
    expect(screen.getByText(`Trang 2 / ${total}`)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Trang trước Số điện thoại khẩn cấp' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Số điện thoại khẩn cấp' })).toBeVisible();
    expect(where()).toBe('/medical-information/first-aid-emergency-numbers');
  });

  it('opens a deep link on its page, the last one without a next page, with the contents beside it', async () => {
    const last = HANDBOOK_PAGES.at(-1)?.slug ?? '';
    renderBook(handbookPath(last));

    expect(await screen.findByRole('heading', { level: 1, name: 'Chuẩn bị trước khi đi khám' })).toBeVisible();
    expect(screen.getByText(`Trang ${total} / ${total}`)).toBeVisible();
    const paging = screen.getByRole('navigation', { name: 'Trang trước và trang sau' });
    expect(
      within(paging)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Trang trước Khi nào cần đi khám']);
    // The contents beside the page mark it as the one being read, and lead back to the book's first page.
    const contents = screen.getByRole('navigation', { name: 'Mục lục sổ tay' });
    expect(within(contents).getByRole('link', { name: 'Chuẩn bị trước khi đi khám' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Sổ tay thông tin y tế' })).toHaveAttribute('href', HANDBOOK_BASE_PATH);
  });

  it('reads through the whole book by its next links, every page citing its sources with their addresses', async () => {
    const { user } = renderBook(handbookPath(HANDBOOK_PAGES[0]?.slug));

    for (const [index, entry] of HANDBOOK_PAGES.entries()) {
      expect(await screen.findByText(`Trang ${index + 1} / ${total}`)).toBeVisible();
      expect(where()).toBe(handbookPath(entry.slug));
      const sources = screen.getByRole('region', { name: 'Nguồn tham khảo' });
      const links = within(sources).getAllByRole('link');
      expect(links).toHaveLength(entry.sources.length);
      // The address is printed beside each title, for the printed page.
      for (const link of links) expect(sources).toHaveTextContent(link.getAttribute('href') ?? 'no address');
      expect(sources).toHaveTextContent('Rà soát lần cuối:');
      if (index < total - 1) await user.click(screen.getByRole('link', { name: /^Trang sau / }));
    }
    expect(screen.queryByRole('link', { name: /^Trang sau / })).not.toBeInTheDocument();
    // 26 pages rendered one after another: longer than one page's test.
  }, 90_000);

  it('opens the contents in a drawer and follows a link from it', async () => {
    const { user } = renderBook(handbookPath('vital-signs-bmi'));

    await user.click(await screen.findByRole('button', { name: 'Mục lục' }));
    const drawer = await screen.findByRole('dialog', { name: 'Mục lục' });
    await user.click(within(drawer).getByRole('link', { name: 'Tủ thuốc gia đình' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tủ thuốc gia đình' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a page is not in the book for an unknown slug, with a link to the contents', async () => {
    const { user } = renderBook(handbookPath('khong-co-trang-nay'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sổ tay không có trang này' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Về mục lục' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sổ tay thông tin y tế' })).toBeVisible();
    expect(where()).toBe(HANDBOOK_BASE_PATH);
  });

  it('searches the book by a word, without tone marks, and says when nothing is found', async () => {
    const { user } = renderBook(HANDBOOK_BASE_PATH);

    const search = await screen.findByRole('searchbox', { name: 'Tìm trong sổ tay' });
    await user.type(search, 'khang sinh');
    const results = screen.getByRole('search');
    expect(within(results).getByText('Các trang có “khang sinh”')).toBeVisible();
    const hits = within(results).getAllByRole('link');
    expect(hits.map((link) => link.textContent)).toEqual(['Dùng thuốc an toàn']);

    await user.clear(search);
    await user.type(search, 'xyzzy');
    expect(within(results).getByText('Không có trang nào trong sổ tay chứa “xyzzy”. Hãy thử từ khác hoặc xem mục lục.')).toBeVisible();
    expect(within(results).queryAllByRole('link')).toEqual([]);

    await user.clear(search);
    await user.type(search, 'Decree 168');
    expect(within(results).getByText(/Không có trang nào/)).toBeVisible();
    await user.clear(search);
    await user.type(search, 'Nghị định 168');
    await user.click(within(results).getByRole('link', { name: 'Mức phạt theo Nghị định 168/2024' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mức phạt theo Nghị định 168/2024' })).toBeVisible();
  });

  it('reads in English and Chinese, links the alcohol calculator and dials the emergency numbers', async () => {
    const { user } = renderBook(handbookPath('alcohol-driving-law'));
    await act(() => i18n.changeLanguage('en'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Alcohol and driving: zero tolerance' })).toBeVisible();
    expect(screen.getByText(`Page 16 / ${total}`)).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search the handbook' }), 'shingles');
    expect(within(screen.getByRole('search')).getByRole('link', { name: 'Vaccines for adults and in pregnancy' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'alcohol elimination time calculator' }));
    expect(where()).toBe('/alcohol-elimination-time/');

    await act(() => i18n.changeLanguage('zh'));
    renderBook(handbookPath('first-aid-emergency-numbers'));
    expect(await screen.findByRole('heading', { level: 1, name: '紧急电话' })).toBeVisible();
    expect(screen.getByRole('link', { name: '115' })).toHaveAttribute('href', 'tel:115');
    expect(screen.getByText(`第 1 页 / 共 ${total} 页`)).toBeVisible();
  });

  it('has no serious or critical axe-core finding on the contents, a page with its drawer open and the missing page', async () => {
    const { user, unmount } = renderBook(HANDBOOK_BASE_PATH);
    await user.type(await screen.findByRole('searchbox', { name: 'Tìm trong sổ tay' }), 'huyết áp');
    await expectNoSeriousAxeViolations();
    unmount();

    const page = renderBook(handbookPath('alcohol-penalties-decree-168'));
    expect(await screen.findByRole('table')).toBeVisible();
    await expectNoSeriousAxeViolations();
    await page.user.click(screen.getByRole('button', { name: 'Mục lục' }));
    await screen.findByRole('dialog', { name: 'Mục lục' });
    await expectNoSeriousAxeViolations();
    page.unmount();

    renderBook(handbookPath('khong-co'));
    await screen.findByRole('heading', { level: 1, name: 'Sổ tay không có trang này' });
    await expectNoSeriousAxeViolations();
  });
});
