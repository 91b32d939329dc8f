import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { OrderExportActions } from './order-export-actions.tsx';
import { findDialog } from '../../../test/dialogs.ts';

const orderId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const examination = {
  diagnostic: 'Viêm họng cấp',
  medicalHistory: 'Không dị ứng thuốc',
  reExamDate: '2026-12-02',
  advice: '',
  doctor: { id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', fullName: 'Trần Văn Minh' },
  createdAt: '2026-11-25T02:20:00.000Z',
  updatedAt: '2026-11-25T02:20:00.000Z',
};
const recordPath = `/api/order-clinical/${orderId}`;

/** The order's result as the server holds it: written (the default) or not yet. */
function withRecord(written = true) {
  return { [recordPath]: ok({ orderId, examination: written ? examination : null, prescriptions: [] }) };
}

function renderActions(patientEmail: string | null = 'lan@example.com', status = 3) {
  const user = userEvent.setup({ delay: null });
  render(
    // The section on its own (the order page hosts it through the route): the providers it needs, not the shell.
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <Notifications />
        <OrderExportActions orderId={orderId} status={status} patientEmail={patientEmail} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return user;
}

describe('the order as a file and by e-mail (issue 17)', () => {
  it('offers nothing for a booking whose result is not written yet (issue 54 item 21)', async () => {
    const fetchMock = mockApi(withRecord(false));
    renderActions();
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes(recordPath))).toBe(true));
    // The record has arrived and holds no examination: still nothing to download or send.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Tải PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gửi qua e-mail' })).toBeNull();
  });

  it('offers nothing for a cancelled booking, without asking for its record', async () => {
    const fetchMock = mockApi(withRecord());
    renderActions('lan@example.com', 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Tải PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gửi qua e-mail' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(recordPath))).toBe(false);
  });

  it('links the PDF and the Word file in the app language, as downloads', async () => {
    mockApi(withRecord());
    renderActions();
    const pdf = await screen.findByRole('link', { name: 'Tải PDF' });
    expect(pdf).toHaveAttribute('href', `/api/order-export/${orderId}?language=vi&format=pdf`);
    expect(pdf).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Tải Word' })).toHaveAttribute('href', `/api/order-export/${orderId}?language=vi&format=docx`);
  });

  it("sends to the patient's address by default, in the chosen language, and says it is on its way", async () => {
    const sent: unknown[] = [];
    mockApi({
      ...withRecord(),
      '/api/sent-mail': ({ init }) => {
        sent.push(JSON.parse(String(init?.body)));
        return ok({ queued: true, toPatientAddress: true, language: 'zh' });
      },
    });
    const user = renderActions();
    await user.click(await screen.findByRole('button', { name: 'Gửi qua e-mail' }));
    const dialog = await findDialog('Gửi kết quả khám qua e-mail');
    expect(screen.getByRole('radio', { name: 'E-mail của người bệnh (lan@example.com)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Ngôn ngữ của tài liệu' })).toHaveValue('vi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ngôn ngữ của tài liệu' }), '中文');
    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    await waitFor(() => expect(sent).toEqual([{ orderId, language: 'zh' }]));
    expect(await screen.findByText('E-mail kèm tệp PDF đang được gửi đi.')).toBeVisible();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('checks a typed address before sending, and shows the refusal of a 429 in the dialog', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...withRecord(),
      '/api/sent-mail': ({ init }) => {
        sent.push(JSON.parse(String(init?.body)));
        return fail(
          429,
          'EXPORT_MAIL_TOO_MANY',
          'Bạn đã gửi kết quả khám qua e-mail quá nhiều lần (tối đa 10 e-mail mỗi giờ). Vui lòng thử lại sau.',
        );
      },
    });
    const user = renderActions(null);
    await user.click(await screen.findByRole('button', { name: 'Gửi qua e-mail' }));
    expect(await screen.findByText('Lịch khám chưa có e-mail của người bệnh: hãy nhập địa chỉ cần gửi.')).toBeVisible();
    const input = screen.getByRole('textbox', { name: /Địa chỉ e-mail/ });
    await user.type(input, 'khong-phai-email');
    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(await screen.findByText('Vui lòng nhập địa chỉ email hợp lệ.')).toBeVisible();
    expect(sent).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Ban.Than@Example.com');
    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('tối đa 10 e-mail mỗi giờ');
    expect(screen.getByRole('dialog', { name: 'Gửi kết quả khám qua e-mail' })).toBeVisible();
    expect(sent).toEqual([{ orderId, language: 'vi', email: 'ban.than@example.com' }]);
  });
});
