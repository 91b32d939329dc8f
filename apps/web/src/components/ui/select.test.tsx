import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { Select } from './select.tsx';

const KINDS = [
  { value: 'family', label: 'Gia đình' },
  { value: 'friends', label: 'Bạn bè' },
];

function Harness({ deferred = false, initial = null }: { deferred?: boolean; initial?: string | null }) {
  const [kind, setKind] = useState<string | null>(initial);
  return (
    <MantineProvider>
      <Select deferred={deferred} label="Loại nhóm" data={KINDS} value={kind} onChange={setKind} />
      <output>{kind ?? '—'}</output>
    </MantineProvider>
  );
}

describe('Select', () => {
  it('has no list in the page until the field is reached', () => {
    render(<Harness />);
    expect(screen.getByRole('combobox', { name: 'Loại nhóm' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  });

  it('is chosen by keyboard alone: Tab to it, ArrowDown opens it on the first option, Enter takes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Loại nhóm' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('family');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('friends');
  });

  // jsdom has no layout: the opened list counts as hidden to the accessibility tree, hence `hidden: true`.
  it('is chosen by pointer', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Loại nhóm' }));
    await user.click(await screen.findByRole('option', { name: 'Bạn bè', hidden: true }));
    expect(screen.getByRole('status')).toHaveTextContent('friends');
  });

  it('names its list in aria-controls from the first opening by keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const field = screen.getByRole('combobox', { name: 'Loại nhóm' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);
  });

  // A real pointer's enter, press and click can reach React before it has rendered anything in between (Playwright's
  // click does): the list must still be in the page, and named, when the field opens.
  it('names the list the same click opened', () => {
    render(<Harness />);
    const field = screen.getByRole('combobox', { name: 'Loại nhóm' });
    act(() => {
      fireEvent.pointerEnter(field);
      fireEvent.focus(field);
      fireEvent.click(field);
    });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);
  });

  describe("deferred (a page's first screen)", () => {
    // Outside act(), as in a browser: the first commit is synchronous here, the deferred render comes after it.
    function mountOutsideAct(initial: string | null) {
      const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
      const container = document.body.appendChild(document.createElement('div'));
      const root = createRoot(container);
      flushSync(() => root.render(<Harness deferred initial={initial} />));
      return () => {
        root.unmount();
        container.remove();
        (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
      };
    }

    it('shows the chosen option at rest, then becomes the Select, in the same place', async () => {
      const unmount = mountOutsideAct('friends');
      try {
        const resting = screen.getByRole('textbox', { name: 'Loại nhóm' });
        expect(resting).toHaveValue('Bạn bè');
        expect(resting).toHaveAttribute('readonly');
        await waitFor(() => expect(screen.getByRole('combobox', { name: 'Loại nhóm' })).toHaveValue('Bạn bè'));
        expect(screen.queryByRole('textbox', { name: 'Loại nhóm' })).toBeNull();
      } finally {
        unmount();
      }
    });

    it('keeps the focus of a person who reached the field at rest, and opens on ArrowDown', async () => {
      const unmount = mountOutsideAct(null);
      try {
        screen.getByRole('textbox', { name: 'Loại nhóm' }).focus();
        await waitFor(() => expect(screen.getByRole('combobox', { name: 'Loại nhóm' })).toHaveFocus());
        await userEvent.keyboard('{ArrowDown}');
        await waitFor(() => expect(screen.getByRole('combobox', { name: 'Loại nhóm' })).toHaveAttribute('aria-expanded', 'true'));
        expect(screen.getByRole('listbox', { hidden: true })).toBeInTheDocument();
      } finally {
        unmount();
      }
    });

    it('is chosen by keyboard like any Select once the page is there', async () => {
      const user = userEvent.setup();
      render(<Harness deferred />);
      await user.tab();
      expect(screen.getByRole('combobox', { name: 'Loại nhóm' })).toHaveFocus();
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      expect(screen.getByRole('status')).toHaveTextContent('friends');
    });
  });
});
