import { Button, MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../test/dialogs.ts';
import { Modal } from './modal.tsx';

function Harness({ openAtFirst = false }: { openAtFirst?: boolean }) {
  const [opened, setOpened] = useState(openAtFirst);
  return (
    <MantineProvider>
      <Button onClick={() => setOpened(true)}>Đổi tên nhóm</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Tên mới" closeButtonProps={{ 'aria-label': 'Đóng' }}>
        <TextInput label="Tên nhóm" data-autofocus />
      </Modal>
    </MantineProvider>
  );
}

describe('Modal', () => {
  it('opens on its first field and gives the focus back to what opened it, every time', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Đổi tên nhóm' });

    for (const close of ['{Escape}', 'button']) {
      await user.click(opener);
      const dialog = await findDialog('Tên mới');
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tên nhóm' })).toHaveFocus());
      if (close === 'button') await user.click(screen.getByRole('button', { name: 'Đóng' }));
      else await user.keyboard(close);
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    }
  });

  it('is shown at once when it is open from the start', async () => {
    render(<Harness openAtFirst />);
    await findDialog('Tên mới');
    expect(screen.getByRole('textbox', { name: 'Tên nhóm' })).toBeInTheDocument();
  });
});
