import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showError, showSuccess, TOAST_SETTINGS } from './toast.ts';

describe('toasts', () => {
  it('replaces the previous toast with the new one', async () => {
    render(
      <MantineProvider>
        <Notifications {...TOAST_SETTINGS} />
      </MantineProvider>,
    );

    act(() => showSuccess('Đã lưu hồ sơ sức khỏe.'));
    expect(await screen.findByText('Đã lưu hồ sơ sức khỏe.')).toBeVisible();

    act(() => showError('Không xóa được tệp.'));
    expect(await screen.findByText('Không xóa được tệp.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Đã lưu hồ sơ sức khỏe.')).not.toBeInTheDocument());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows toasts at the top right for 4 seconds, at most 5 at once', () => {
    expect(TOAST_SETTINGS).toEqual({ position: 'top-right', autoClose: 4000, limit: 5 });
  });
});
