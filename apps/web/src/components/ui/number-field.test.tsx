import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField, type NumberFieldProps, type NumberFieldValue } from './number-field.tsx';

/** The field as a form holds it: the value it reports is the value it is given back; every report is kept. */
function renderField(props: Partial<NumberFieldProps> = {}, initial: NumberFieldValue = '') {
  const reported: NumberFieldValue[] = [];
  let setFromOutside: (value: NumberFieldValue) => void = () => undefined;
  function Form() {
    const [value, setValue] = useState<NumberFieldValue>(initial);
    setFromOutside = setValue;
    return (
      <NumberField
        label="Số lượng"
        {...props}
        value={value}
        onChange={(next) => {
          reported.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <MantineProvider>
      <Form />
    </MantineProvider>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    input: screen.getByRole('textbox', { name: 'Số lượng' }),
    reported,
    last: () => reported.at(-1),
    setFromOutside: (value: NumberFieldValue) => setFromOutside(value),
  };
}

describe('NumberField', () => {
  it('takes a Vietnamese decimal comma (a dot typed becomes one) and reports the number', async () => {
    const { user, input, last } = renderField({ decimalSeparator: ',', decimalScale: 1 });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.type(input, '5.6');
    expect(input).toHaveValue('5,6');
    expect(last()).toBe(5.6);
  });

  it('refuses what cannot make a number: letters, a second separator, more decimals than allowed, a minus when not allowed', async () => {
    const { user, input, last } = renderField({ decimalScale: 2, min: 0 });
    await user.type(input, 'a1b2.3.45-6');
    expect(input).toHaveValue('12.34');
    expect(last()).toBe(12.34);
  });

  it('keeps whole numbers whole, on the numeric keypad', async () => {
    const { user, input, last } = renderField({ allowDecimal: false });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '7,5');
    expect(input).toHaveValue('75');
    expect(last()).toBe(75);
  });

  it('reports a half-typed number as its text, and drops a trailing separator when the field is left', async () => {
    const { user, input, last } = renderField();
    await user.type(input, '5.');
    expect(last()).toBe('5.');
    await user.tab();
    expect(input).toHaveValue('5');
    expect(last()).toBe(5);
  });

  it('brings a number outside [min, max] to the nearest bound when the field is left', async () => {
    const { user, input, last } = renderField({ min: 1, max: 365 });
    await user.type(input, '400');
    expect(last()).toBe(400);
    await user.tab();
    expect(input).toHaveValue('365');
    expect(last()).toBe(365);
  });

  it('steps by one with the arrow keys, within the bounds', async () => {
    const { user, input, last } = renderField({ min: 1, max: 3 }, 2);
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('3');
    await user.keyboard('{ArrowUp}');
    expect(last()).toBe(3);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('1');
  });

  it('shows a value set from outside (a reading loaded, a reset) and empties on ""', () => {
    const { input, setFromOutside } = renderField({ decimalSeparator: ',' }, 120);
    expect(input).toHaveValue('120');
    act(() => setFromOutside(5.5));
    expect(input).toHaveValue('5,5');
    act(() => setFromOutside(''));
    expect(input).toHaveValue('');
  });
});
