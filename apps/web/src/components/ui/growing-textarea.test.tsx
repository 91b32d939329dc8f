import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { GrowingTextarea } from './growing-textarea.tsx';

function Harness() {
  const [reason, setReason] = useState('');
  return (
    <MantineProvider>
      <GrowingTextarea
        label="Lý do khám"
        minRows={3}
        maxRows={8}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <output>{reason.length}</output>
    </MantineProvider>
  );
}

describe('GrowingTextarea', () => {
  it('is a labelled text area of its minimum rows that the person can enlarge, sized by CSS between its rows', () => {
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Lý do khám' });
    expect(field.tagName).toBe('TEXTAREA');
    // Without field-sizing (jsdom, older browsers) the rows give its height; the corner lets it be dragged taller.
    expect(field).toHaveAttribute('rows', '3');
    const root = field.closest('.mantine-Textarea-root');
    expect(root).toHaveStyle({ '--growing-min-rows': '3', '--growing-max-rows': '8' });
    expect(field.closest('[style*="--input-resize"]')).toHaveStyle({ '--input-resize': 'vertical' });
  });

  it('keeps every line typed, newlines included', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Lý do khám' });
    await user.type(field, 'Đau đầu{Enter}sốt nhẹ 🤒');
    expect(field).toHaveValue('Đau đầu\nsốt nhẹ 🤒');
    expect(screen.getByRole('status')).toHaveTextContent(String('Đau đầu\nsốt nhẹ 🤒'.length));
  });
});
