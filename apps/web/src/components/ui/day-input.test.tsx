import { Button, MantineProvider, Modal } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { focusQuietly } from '../../lib/quiet-focus.ts';
import { DayInput, parseWholeDay, type DayInputProps } from './day-input.tsx';
import { findDialog } from '../../test/dialogs.ts';

/*
 * Mantine's test environment: jsdom lays nothing out, so floating-ui would find the field detached and the Popover
 * would hide the calendar (display: none, which leaves its controls without names); there, the Popover shows it, at
 * once (no transition) and in place (no portal).
 */
const ENV = 'test';

type HarnessProps = Omit<DayInputProps, 'value' | 'onChange'> & { initial?: string | null; onChange?: (value: string | null) => void };

/** A date of birth field holding its day, and a button after it to leave it for. */
function Harness({ initial = null, onChange, ...props }: HarnessProps) {
  const [day, setDay] = useState<string | null>(initial);
  return (
    <MantineProvider env={ENV}>
      <DayInput
        label="Ngày sinh"
        value={day}
        onChange={(value) => {
          onChange?.(value);
          setDay(value);
        }}
        {...props}
      />
      <output>{day ?? '—'}</output>
      <Button>Tiếp tục</Button>
    </MantineProvider>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Ngày sinh' });
const calendarButton = () => screen.getByRole('button', { name: 'Chọn ngày trên lịch' });
const calendar = () => screen.queryByRole('dialog', { name: 'Lịch chọn ngày' });

describe('parseWholeDay', () => {
  it('reads only a whole, real DD/MM/YYYY', () => {
    expect(parseWholeDay('09/03/2026')).toBe('2026-03-09');
    expect(parseWholeDay(' 29/02/2024 ')).toBe('2024-02-29');
    for (const text of [
      '01/01/2',
      '01/01/202',
      '1/1/2026',
      '29/02/2026',
      '31/04/2026',
      '00/01/2026',
      '01/13/2026',
      '2026-01-01',
      '01/01/20266',
    ])
      expect(parseWholeDay(text), text).toBeNull();
  });
});

describe('DayInput', () => {
  it('takes a whole typed DD/MM/YYYY as YYYY-MM-DD, and nothing while the year is still being typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(field()).toHaveAttribute('placeholder', 'DD/MM/YYYY');

    await user.type(field(), '12/05/199');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(field(), '0');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('1990-05-12');
    expect(screen.getByRole('status')).toHaveTextContent('1990-05-12');

    // Not a day: 31 February. Leaving the field puts the last good day back.
    await user.clear(field());
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(field(), '31/02/2026');
    expect(onChange).toHaveBeenCalledTimes(2);
    await user.tab();
    expect(field()).toHaveValue('');
  });

  it('is cleared by emptying it or by its clear button, which gives the focus back to the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-03-09" onChange={onChange} />);
    expect(field()).toHaveValue('09/03/2026');

    await user.click(screen.getByRole('button', { name: 'Xóa nội dung' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Xóa nội dung' })).not.toBeInTheDocument();
    // Focused again by the clear button: the calendar stays closed.
    expect(calendar()).not.toBeInTheDocument();
  });

  it('has no clear button when it may not be emptied, and keeps its day when emptied by typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-03-09" onChange={onChange} clearable={false} />);
    expect(screen.queryByRole('button', { name: 'Xóa nội dung' })).not.toBeInTheDocument();
    await user.clear(field());
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(field()).toHaveValue('09/03/2026');
  });

  it('puts back the last good day when a day outside the range is typed, and says why', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="1990-05-12" maxDate="2026-05-20" minDate="1900-01-01" onChange={onChange} />);

    await user.clear(field());
    await user.type(field(), '01/01/2999');
    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(field()).toHaveValue('');
    expect(field()).toHaveAccessibleDescription('Ngày này sau 20/05/2026: vui lòng chọn đến 20/05/2026.');

    // Focusing the field again takes the message away; a day before the first one says so.
    await user.type(field(), '31/12/1899');
    expect(field()).not.toHaveAccessibleDescription();
    await user.tab();
    expect(field()).toHaveAccessibleDescription('Ngày này trước 01/01/1900: vui lòng chọn từ 01/01/1900 trở đi.');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('puts back the day when the text left in it is not one', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-03-09" />);
    await user.type(field(), '{Backspace}{Backspace}');
    expect(field()).toHaveValue('09/03/20');
    await user.tab();
    expect(field()).toHaveValue('09/03/2026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-09');
  });

  it('shows its calendar while the field is focused, and closes it when the focus leaves', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-03-09" />);
    await user.click(field());
    expect(await findDialog('Lịch chọn ngày')).toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(calendarButton()).toHaveAttribute('aria-expanded', 'true');
    expect(calendarButton()).toHaveAttribute('aria-controls', screen.getByRole('dialog').id);
    // A click elsewhere in the field (its label) leaves the calendar open.
    await user.click(screen.getByText('Ngày sinh'));
    expect(screen.getByRole('dialog', { name: 'Lịch chọn ngày' })).toBeVisible();
    expect(screen.getByRole('button', { name: '9 tháng 3 2026' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await waitFor(() => expect(calendar()).not.toBeInTheDocument());
    expect(calendarButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps its calendar closed when a form points at its error, so the message stays readable; a click opens it', async () => {
    const user = userEvent.setup();
    render(<Harness error="Vui lòng nhập ngày sinh." />);

    act(() => focusQuietly(field()));

    expect(field()).toHaveFocus();
    expect(screen.getByText('Vui lòng nhập ngày sinh.')).toBeVisible();
    expect(calendar()).not.toBeInTheDocument();
    expect(calendarButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(field());
    expect(await findDialog('Lịch chọn ngày')).toBeInTheDocument();
  });

  it('is picked by keyboard alone: the button opens the calendar on the chosen day, the arrows move it, Enter picks', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-05-14" onChange={onChange} />);

    // Tab: the field (its calendar shows), its clear button (the calendar closes), then the calendar's button.
    await user.tab();
    expect(field()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Xóa nội dung' })).toHaveFocus();
    await user.tab();
    expect(calendarButton()).toHaveFocus();
    await waitFor(() => expect(calendar()).not.toBeInTheDocument());
    await user.keyboard('{Enter}');

    const dialog = await findDialog('Lịch chọn ngày');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '14 tháng 5 2026' })).toHaveFocus());
    // One Tab stop in the grid.
    expect(
      within(dialog)
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0 && button.dataset.day),
    ).toHaveLength(1);

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('button', { name: '15 tháng 5 2026' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('button', { name: '22 tháng 5 2026' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(dialog).getByRole('button', { name: '8 tháng 5 2026' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('button', { name: '7 tháng 5 2026' })).toHaveFocus();
    // 7 May 2026 is a Thursday: Home goes to its Monday, End to its Sunday.
    await user.keyboard('{Home}');
    expect(within(dialog).getByRole('button', { name: '4 tháng 5 2026' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(dialog).getByRole('button', { name: '10 tháng 5 2026' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-05-10');
    await waitFor(() => expect(calendar()).not.toBeInTheDocument());
    expect(field()).toHaveValue('10/05/2026');
    expect(field()).toHaveFocus();
  });

  it('opens on the grid with ArrowDown from the field; Space picks too', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-05-14" onChange={onChange} />);
    await user.click(field());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('button', { name: '14 tháng 5 2026' })).toHaveFocus());
    await user.keyboard('{ArrowRight}[Space]');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-05-15');
    expect(field()).toHaveFocus();
  });

  it('moves a month with PageDown and PageUp (a year with Shift), the day kept within the shorter month', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-01-31" />);
    await user.click(calendarButton());
    const dialog = await findDialog('Lịch chọn ngày');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '31 tháng 1 2026' })).toHaveFocus());

    await user.keyboard('{PageDown}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '28 tháng 2 2026' })).toHaveFocus());
    expect(within(dialog).getByRole('combobox', { name: 'Tháng' })).toHaveValue('2');
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '28 tháng 1 2026' })).toHaveFocus());
    await user.keyboard('{Shift>}{PageUp}{/Shift}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '28 tháng 1 2025' })).toHaveFocus());
    expect(within(dialog).getByRole('combobox', { name: 'Năm' })).toHaveValue('2025');
    // The arrows cross into the next month too.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '4 tháng 3 2025' })).toHaveFocus());
  });

  it('reaches a birthday in 1950 with the year and month lists', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} maxDate="2026-05-20" />);
    await user.click(calendarButton());
    const dialog = await findDialog('Lịch chọn ngày');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Năm' }), '1950');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tháng' }), 'Tháng 3');
    await user.click(within(dialog).getByRole('button', { name: '15 tháng 3 1950' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('1950-03-15');
    expect(field()).toHaveValue('15/03/1950');
    await waitFor(() => expect(calendar()).not.toBeInTheDocument());
  });

  it('cannot pick a day outside minDate–maxDate, by click or by keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} minDate="2026-05-10" maxDate={new Date(2026, 4, 20)} />);
    await user.click(calendarButton());
    const dialog = await findDialog('Lịch chọn ngày');
    const before = within(dialog).getByRole('button', { name: '9 tháng 5 2026' });
    const after = within(dialog).getByRole('button', { name: '21 tháng 5 2026' });
    expect(before).toBeDisabled();
    expect(after).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '10 tháng 5 2026' })).toBeEnabled();
    await user.click(before);
    await user.click(after);
    expect(onChange).not.toHaveBeenCalled();
    // No month wholly outside: the arrows stay where they are, and say they do nothing.
    expect(within(dialog).getByRole('button', { name: 'Tháng trước' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Tháng sau' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('option', { name: 'Tháng 4' })).toBeDisabled();
    expect(
      within(dialog)
        .getAllByRole('option')
        .filter((option) => /^\d{4}$/.test(option.textContent ?? '')),
    ).toHaveLength(1);

    // The keys stop at the first and last days that can be picked.
    within(dialog).getByRole('button', { name: '12 tháng 5 2026' }).focus();
    await user.keyboard('{ArrowUp}');
    expect(within(dialog).getByRole('button', { name: '10 tháng 5 2026' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '20 tháng 5 2026' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-05-20');
  });

  it('closes only the calendar on Escape, inside a dialog too, and gives the focus back to the field', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <MantineProvider env={ENV}>
        <Modal opened onClose={onClose} title="Thêm hồ sơ">
          <DayInput label="Ngày sinh" value="2026-05-14" onChange={() => {}} popoverProps={{ withinPortal: true }} />
        </Modal>
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Chọn ngày trên lịch' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '14 tháng 5 2026' })).toHaveFocus());
    // Tab goes round the calendar: its arrows, month, year and day.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Tháng trước' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '14 tháng 5 2026' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(calendar()).not.toBeInTheDocument());
    expect(field()).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();

    // Shown again by typing; Escape in the field closes the calendar, then (closed) the dialog.
    await user.type(field(), '{Backspace}6');
    expect(await findDialog('Lịch chọn ngày')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calendar()).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('marks today as the current date', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-14T03:00:00Z'), toFake: ['Date'] });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(calendarButton());
    const today = await screen.findByRole('button', { name: '14 tháng 5 2026' });
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveAttribute('aria-pressed', 'false');
    // With no day chosen, the grid's Tab stop is today.
    await waitFor(() => expect(today).toHaveFocus());
  });

  it('is only shown when read-only: no calendar, no typing, no buttons', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-03-09" readOnly onChange={onChange} />);
    await user.click(field());
    await user.type(field(), '1');
    expect(field()).toHaveValue('09/03/2026');
    expect(calendar()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chọn ngày trên lịch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xóa nội dung' })).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('names its controls in Chinese and English too, each day with the number it shows', async () => {
    const user = userEvent.setup();
    await act(() => i18n.changeLanguage('zh'));
    const { unmount } = render(<Harness initial="2026-05-14" />);
    await user.click(screen.getByRole('button', { name: '在日历上选择日期' }));
    let dialog = await findDialog('日期选择器');
    expect(within(dialog).getByRole('combobox', { name: '月份' })).toHaveDisplayValue('五月');
    expect(within(dialog).getByRole('combobox', { name: '年份' })).toHaveDisplayValue('2026');
    expect(within(dialog).getByRole('button', { name: '上个月' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '下个月' })).toBeInTheDocument();
    const day = within(dialog).getByRole('button', { name: '2026年5月14日' });
    expect(day).toHaveAttribute('aria-pressed', 'true');
    expect(day).toHaveTextContent(/^14$/);
    expect(screen.getByRole('button', { name: '清除' })).toBeInTheDocument();
    unmount();

    await act(() => i18n.changeLanguage('en'));
    render(<Harness initial="2026-05-14" />);
    await user.click(screen.getByRole('button', { name: 'Pick a date on the calendar' }));
    dialog = await findDialog('Date picker');
    expect(within(dialog).getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('May');
    expect(within(dialog).getByRole('button', { name: '14 May 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
  });
});
