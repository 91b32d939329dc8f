import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openConfirm } from '../lib/confirm.ts';
import { isOverlayHostMounted } from '../lib/overlay-host-demand.ts';
import { showError } from '../lib/toast.ts';
import { findDialog } from '../test/dialogs.ts';
import { renderApp } from '../test/render-app.tsx';

describe('app providers', () => {
  it('shows a toast raised before the toast host has loaded', async () => {
    renderApp('/');
    act(() => showError('Lỗi kết nối mạng.'));

    expect(await screen.findByText('Lỗi kết nối mạng.')).toBeVisible();
  });

  it('opens confirm dialogs with buttons in the current language', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Sức khỏe cả gia đình, trong tầm tay bạn' });
    // lib/confirm.ts asked for the dialog host when it was loaded; it is a lazy chunk, mounted once it has arrived.
    await waitFor(() => expect(isOverlayHostMounted()).toBe(true));

    act(() => openConfirm({ title: 'Đăng xuất', children: 'Bạn có muốn đăng xuất?' }));

    const dialog = await findDialog('Đăng xuất');
    expect(within(dialog).getByText('Bạn có muốn đăng xuất?')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Xác nhận' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
