import { Modal, PasswordInput, TextInput } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { AppProviders } from './providers.tsx';
import { findDialog } from '../test/dialogs.ts';

afterEach(async () => {
  await act(() => changeLanguage('vi'));
});

describe('names the theme gives to Mantine controls drawn without text', () => {
  it("names a dialog's close button in the person's language and opens the dialog on its first field", async () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Modal opened onClose={() => {}} title="Thêm giờ làm việc">
          <TextInput label="Ngày" data-autofocus />
        </Modal>
      </AppProviders>,
    );
    const dialog = await findDialog('Thêm giờ làm việc');
    expect(within(dialog).getByRole('button', { name: 'Đóng' })).toBeInTheDocument();
    // The dialog's header is not a second banner landmark.
    expect(within(dialog).queryByRole('banner')).not.toBeInTheDocument();
    await expect.poll(() => document.activeElement).toBe(within(dialog).getByLabelText('Ngày'));
  });

  it('names the password eye in the current language', async () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <PasswordInput label="Mật khẩu" />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Hiện mật khẩu' })).toHaveAttribute('aria-pressed', 'false');
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    await act(() => changeLanguage('zh'));
    expect(screen.getByRole('button', { name: '显示密码' })).toBeInTheDocument();
  });
});
