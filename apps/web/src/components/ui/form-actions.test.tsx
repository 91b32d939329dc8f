import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions.tsx';

function inForm(children: ReactNode, onFormSubmit: () => void) {
  render(
    <MantineProvider>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onFormSubmit();
        }}
      >
        {children}
      </form>
    </MantineProvider>,
  );
}

describe('FormActions', () => {
  it('submits the form around it with its main button, and leaves by the other', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    const cancelled = vi.fn();
    inForm(<FormActions cancelLabel="Hủy" onCancel={cancelled} submitLabel="Lưu" pending={false} />, submitted);
    await user.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(submitted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('with onSubmit, is a plain button that calls it and submits nothing', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    const confirmed = vi.fn();
    inForm(
      <FormActions cancelLabel="Quay lại" onCancel={() => undefined} submitLabel="Đồng ý" onSubmit={confirmed} pending={false} autoFocus />,
      submitted,
    );
    const main = screen.getByRole('button', { name: 'Đồng ý' });
    expect(main).toHaveAttribute('type', 'button');
    expect(main).toHaveAttribute('data-autofocus');
    await user.click(main);
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('shows no way out without onCancel, and locks it while pending only when asked', () => {
    const { rerender } = render(
      <MantineProvider>
        <FormActions submitLabel="Thêm" pending={false} />
      </MantineProvider>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Thêm']);
    rerender(
      <MantineProvider>
        <FormActions cancelLabel="Hủy" onCancel={() => undefined} submitLabel="Lưu" pending />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Hủy' })).toBeEnabled();
    rerender(
      <MantineProvider>
        <FormActions cancelLabel="Hủy" onCancel={() => undefined} submitLabel="Lưu" pending lockCancel />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Hủy' })).toBeDisabled();
  });
});
