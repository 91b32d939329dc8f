import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedChoice } from './segmented-choice.tsx';

const UNITS = [
  { value: 'mmol/L', label: 'mmol/L' },
  { value: 'mg/dL', label: 'mg/dL' },
] as const;

function Harness({ disabled }: { disabled?: boolean }) {
  const [unit, setUnit] = useState<'mmol/L' | 'mg/dL'>('mmol/L');
  return (
    <>
      <SegmentedChoice aria-label="Đơn vị" data={UNITS} value={unit} onChange={setUnit} disabled={disabled} />
      <output>{unit}</output>
    </>
  );
}

describe('SegmentedChoice', () => {
  it('is a named radio group whose segments are chosen by click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Đơn vị' });
    expect(screen.getByRole('radio', { name: 'mmol/L' })).toBeChecked();
    await user.click(screen.getByText('mg/dL'));
    expect(screen.getByRole('radio', { name: 'mg/dL' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('mg/dL');
    expect(group).not.toHaveAttribute('aria-disabled');
  });

  it('is one Tab stop, with the arrow keys moving the choice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'mmol/L' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'mg/dL' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('mg/dL');
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('cannot be changed while disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    await user.click(screen.getByText('mg/dL'));
    expect(screen.getByRole('radio', { name: 'mmol/L' })).toBeChecked();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-disabled', 'true');
  });
});
