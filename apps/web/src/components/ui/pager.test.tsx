import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { Pager } from './pager.tsx';

function renderPager(onChange: (page: number) => void = () => undefined) {
  render(
    <MantineProvider>
      <Pager total={5} value={2} onChange={onChange} />
    </MantineProvider>,
  );
}

describe('Pager', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('vi'));
  });

  it('names the arrows and every page in Vietnamese, marks the current page, inside a navigation landmark', () => {
    renderPager();
    const nav = screen.getByRole('navigation', { name: 'Phân trang' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trang sau' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trang 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Trang 3' })).not.toHaveAttribute('aria-current');
    // No button is left without a name (axe's critical button-name).
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
  });

  it('speaks the reader’s language: English and Chinese names', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { unmount } = render(
      <MantineProvider>
        <Pager total={3} value={1} onChange={() => undefined} aria-label="Pages of readings" />
      </MantineProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Pages of readings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    unmount();
    await act(() => i18n.changeLanguage('zh'));
    renderPager();
    expect(screen.getByRole('button', { name: '上一页' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '第 4 页' })).toBeInTheDocument();
  });

  it('goes to the next page from its arrow', async () => {
    const pages: number[] = [];
    renderPager((page) => pages.push(page));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Trang sau' }));
    expect(pages).toEqual([3]);
  });
});
