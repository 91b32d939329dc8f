import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('site footer', () => {
  it('shows the support phone and e-mail from the server as call and mail links', async () => {
    const fetchMock = mockApi({ '/api/support-contact': ok({ phone: '02838221234', email: 'hotro@rhc.vn' }) });
    renderApp('/');
    const footer = screen.getByRole('contentinfo');

    expect(within(footer).getByText('Đang tải thông tin hỗ trợ…')).toBeVisible();
    const phone = await within(footer).findByRole('link', { name: '02838221234' });
    expect(phone).toHaveAttribute('href', 'tel:02838221234');
    expect(within(footer).getByRole('link', { name: 'hotro@rhc.vn' })).toHaveAttribute('href', 'mailto:hotro@rhc.vn');
    expect(within(footer).getByText(/Tổng đài hỗ trợ/)).toBeVisible();
    expect(within(footer).queryByText('Đang tải thông tin hỗ trợ…')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a server error inline and keeps the person on the page', async () => {
    mockApi({
      '/api/support-contact': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'Lỗi hệ thống.' } },
    });
    const { history } = renderApp('/vaccines/');

    expect(await within(screen.getByRole('contentinfo')).findByText('Không tải được thông tin hỗ trợ.')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiêm chủng' })).toBeVisible();
    expect(history.location.pathname).toBe('/vaccines/');
  });

  it('says the contact could not be loaded, and loads it on retry', async () => {
    const fetchMock = mockApi({ '/api/support-contact': 'network-error' });
    const { user } = renderApp('/');
    const footer = screen.getByRole('contentinfo');

    expect(await within(footer).findByText('Không tải được thông tin hỗ trợ.')).toBeVisible();
    expect(within(footer).queryByRole('link')).not.toBeInTheDocument();

    mockApi({ '/api/support-contact': ok({ phone: '19001234', email: 'hotro@rhc.vn' }) });
    await user.click(within(footer).getByRole('button', { name: 'Thử lại' }));

    expect(await within(footer).findByRole('link', { name: '19001234' })).toHaveAttribute('href', 'tel:19001234');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
