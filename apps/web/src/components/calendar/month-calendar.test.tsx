import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { calendarDayName } from '../../lib/dates.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { monthOf, monthTitle, shiftMonth } from './month-grid.ts';

type PickerProps = { keyboardGrid?: boolean; onPickDay?: (day: string) => void; isDayDisabled?: (day: string) => boolean };

/** A day picker as the booking's schedule picker draws one: May 2026, today the 4th, the month's free days. */
function Picker({ keyboardGrid = true, onPickDay, isDayDisabled = (day) => !['2026-05-14', '2026-05-15'].includes(day) }: PickerProps) {
  const [shown, setShown] = useState(monthOf('2026-05-04'));
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <MantineProvider env="test">
      <MonthCalendar
        size="small"
        year={shown.year}
        month={shown.month}
        onShiftMonth={(by) => setShown((month) => shiftMonth(month, by))}
        onPickDay={(day) => {
          onPickDay?.(day);
          setSelected(day);
        }}
        selected={selected}
        today="2026-05-04"
        minDay="2026-05-01"
        isDayDisabled={isDayDisabled}
        isDayOff={(day) => day === '2026-05-20'}
        dayLabel={calendarDayName}
        keyboardGrid={keyboardGrid}
      />
    </MantineProvider>
  );
}

const day = (name: string) => screen.getByRole('button', { name });

describe('MonthCalendar: days that cannot be picked (isDayDisabled)', () => {
  it('in a keyboard grid: reachable with the arrows (aria-disabled), never picked, and not the Tab stop', async () => {
    const user = userEvent.setup();
    const onPickDay = vi.fn();
    render(<Picker onPickDay={onPickDay} />);
    const month = screen.getByRole('group', { name: 'Tháng 5 năm 2026' });

    // Today (the 4th) has no free time: the Tab stop is the first day that can be picked.
    expect(day('4 tháng 5 2026')).toHaveAttribute('aria-current', 'date');
    expect(day('4 tháng 5 2026')).toHaveAttribute('aria-disabled', 'true');
    expect(
      within(month)
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0),
    ).toEqual([day('14 tháng 5 2026')]);
    expect(day('14 tháng 5 2026')).not.toHaveAttribute('aria-disabled');
    expect(day('20 tháng 5 2026')).toHaveAttribute('data-day-off');

    // After the two arrows (the first of which goes nowhere before minDay, still focusable).
    await user.tab();
    expect(screen.getByRole('button', { name: 'Tháng trước' })).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    await user.tab();
    expect(day('14 tháng 5 2026')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(day('13 tháng 5 2026')).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(day('12 tháng 5 2026'));
    expect(onPickDay).not.toHaveBeenCalled();
    expect(within(month).queryByRole('button', { pressed: true })).not.toBeInTheDocument();

    // The click left the focus on the 12th: two days on is the 14th.
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(onPickDay).toHaveBeenCalledWith('2026-05-14');
    expect(onPickDay).toHaveBeenCalledTimes(1);
    expect(day('14 tháng 5 2026')).toHaveAttribute('aria-pressed', 'true');
  });

  it('the keys leave a month without a day to pick, and the focus follows into the next one', async () => {
    const user = userEvent.setup();
    render(<Picker isDayDisabled={() => true} />);
    // No day to pick: the Tab stop falls back to today.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(day('4 tháng 5 2026')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('group', { name: 'Tháng 6 năm 2026' })).toBeInTheDocument();
    expect(day('4 tháng 6 2026')).toHaveFocus();
  });

  it('outside a keyboard grid: disabled buttons', async () => {
    const user = userEvent.setup();
    const onPickDay = vi.fn();
    render(<Picker keyboardGrid={false} onPickDay={onPickDay} />);
    expect(day('13 tháng 5 2026')).toBeDisabled();
    expect(day('13 tháng 5 2026')).not.toHaveAttribute('aria-disabled');
    expect(day('14 tháng 5 2026')).toBeEnabled();
    await user.click(day('14 tháng 5 2026'));
    expect(onPickDay).toHaveBeenCalledWith('2026-05-14');
    expect(day('14 tháng 5 2026')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('MonthCalendar: the month as a title', () => {
  it('capitalises only the first letter, as Vietnamese writes a title', async () => {
    const { i18n } = await import('../../lib/i18n.ts');
    await i18n.changeLanguage('vi');
    render(<Picker />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Tháng 5 năm 2026$/);
    expect(monthTitle(2026, 11, 'en')).toBe('November 2026');
    expect(monthTitle(2026, 11, 'zh')).toBe('2026年11月');
  });
});
