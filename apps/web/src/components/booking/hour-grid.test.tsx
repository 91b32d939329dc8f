import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HourGrid, type HourChoice } from './hour-grid.tsx';

const hours: HourChoice[] = ['08:00', '08:30', '09:00', '09:30'].map((hour) => ({ key: hour, hour, label: hour }));

function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MantineProvider>
      <button type="button">before</button>
      <HourGrid hours={hours} value={value} onChange={setValue} label="Giờ khám" />
      <button type="button">after</button>
    </MantineProvider>
  );
}

const checked = () =>
  within(screen.getByRole('radiogroup', { name: 'Giờ khám' }))
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-checked') === 'true')
    .map((radio) => radio.textContent);

describe('the hour grid (one Tab stop, arrows inside)', () => {
  it('is a single Tab stop, on the first hour while none is chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '08:00' })).toHaveFocus();
    expect(checked()).toEqual([]);
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('lands on the chosen hour, and the arrows, Home and End move the choice with the focus', async () => {
    const user = userEvent.setup();
    render(<Harness initial="09:00" />);
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '09:00' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '09:30' })).toHaveFocus();
    expect(checked()).toEqual(['09:30']);
    // Past the last hour the arrow wraps to the first.
    await user.keyboard('{ArrowDown}');
    expect(checked()).toEqual(['08:00']);
    await user.keyboard('{ArrowLeft}');
    expect(checked()).toEqual(['09:30']);
    await user.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: '08:00' })).toHaveFocus();
    expect(checked()).toEqual(['08:00']);
    await user.keyboard('{End}');
    expect(checked()).toEqual(['09:30']);

    // Shift+Tab leaves the group at once: the other hours are not Tab stops.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'before' })).toHaveFocus();
  });
});
