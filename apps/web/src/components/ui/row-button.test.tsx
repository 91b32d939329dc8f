import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconTrash } from '@tabler/icons-react';
import { describe, expect, it, vi } from 'vitest';
import { RowButton } from './row-button.tsx';

describe('RowButton', () => {
  it('is a button named by its aria-label, its icon hidden, that calls onClick', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <MantineProvider>
        <RowButton icon={IconTrash} tone="danger" onClick={onClick} aria-label="Xóa hồ sơ Nguyễn Minh Khang">
          Xóa
        </RowButton>
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Xóa hồ sơ Nguyễn Minh Khang' });
    expect(button).toHaveTextContent('Xóa');
    expect(button).toHaveAttribute('data-variant', 'light');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is grey by default and calls nothing while disabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <MantineProvider>
        <RowButton icon={IconTrash} onClick={onClick} disabled>
          Sửa
        </RowButton>
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Sửa' });
    expect(button).toHaveAttribute('data-variant', 'default');
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
