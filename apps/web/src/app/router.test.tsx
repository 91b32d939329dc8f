import { endpoints } from '@rhc/contracts';
import { generatePath, matchRoutes } from 'react-router';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { apiRequest } from '../lib/api-client.ts';
import { mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { routes } from './router.tsx';

describe('route table', () => {
  it('has a screen for every route of spec §2', () => {
    for (const path of Object.values(paths)) {
      const url = generatePath(path, { id: '42', orderSecureCode: 'A1B2', patientId: '7', doctorId: '9' });
      const matched = matchRoutes(routes, url)?.at(-1)?.route;
      expect(matched?.path, url).not.toBe('*');
    }
  });

  it('shows the not-found screen for an unknown path', async () => {
    renderApp('/no-such-page/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trang không tồn tại' })).toBeVisible();
    expect(screen.getByText('404')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Trang không tồn tại · RHC'));
  });

  it('shows the server-error screen at /page-error-500/', async () => {
    renderApp('/page-error-500/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Đã có lỗi xảy ra' })).toBeVisible();
    expect(screen.getByText('500')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
  });

  it('sends the person to the server-error screen when the API answers 500', async () => {
    mockApi({
      '/api/health': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'Lỗi hệ thống.' } },
    });
    const { history } = renderApp('/vaccines/');
    await screen.findByRole('heading', { level: 1, name: 'Tiêm chủng' });

    await act(() => apiRequest(endpoints.system.health).catch(() => undefined));

    expect(await screen.findByRole('heading', { level: 1, name: 'Đã có lỗi xảy ra' })).toBeVisible();
    expect(history.location.pathname).toBe('/page-error-500/');
  });
});
