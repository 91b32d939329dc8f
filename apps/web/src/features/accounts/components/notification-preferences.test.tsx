import type { NotificationPreferences } from '@rhc/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';

const path = `/api/user-notifications/${patient.userId}`;
const saved: NotificationPreferences = { sms: true, email: true, language: 'vi', emailAvailable: true };
const basics = { [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }) };

describe('notification preferences on /infouser/', () => {
  it('saves the channels and the language chosen, with a toast', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...basics,
      [path]: ({ init }) => {
        if (init?.method !== 'PUT') return ok(saved);
        const body = JSON.parse(String(init.body)) as object;
        sent.push(body);
        return ok({ ...saved, ...body });
      },
    });
    logInAs(patient);
    const { user } = renderApp('/infouser/');

    await user.click(await screen.findByRole('checkbox', { name: 'Email' }));
    await user.selectOptions(screen.getByLabelText('Ngôn ngữ của thông báo'), 'English');
    await user.click(screen.getByRole('button', { name: 'Lưu cài đặt thông báo' }));

    await waitFor(() => expect(sent).toEqual([{ sms: true, email: false, language: 'en' }]));
    expect(await screen.findByText('Đã lưu cài đặt thông báo.')).toBeInTheDocument();
  });

  it('refuses no channel at all, in the language of the app, without asking the server', async () => {
    const fetchMock = mockApi({ ...basics, [path]: ok(saved) });
    logInAs(patient);
    const { user } = renderApp('/infouser/');

    await user.click(await screen.findByRole('checkbox', { name: 'Tin nhắn SMS' }));
    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Lưu cài đặt thông báo' }));

    expect(await screen.findByText('Vui lòng chọn ít nhất một cách nhận thông báo (SMS hoặc email).')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('says why an e-mail choice goes by SMS when the account has no usable address, and shows a refusal', async () => {
    mockApi({
      ...basics,
      [path]: ({ init }) =>
        init?.method === 'PUT' ? fail(500, 'INTERNAL_ERROR', 'Đã có lỗi xảy ra.') : ok({ ...saved, sms: false, emailAvailable: false }),
    });
    logInAs(patient);
    renderApp('/infouser/');

    expect(await screen.findByText(/nên thông báo sẽ được gửi qua SMS/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Tin nhắn SMS' })).not.toBeChecked();
  });
});
