import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';

const path = `/api/user-reminders/${patient.userId}`;
const basics = { [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }) };

describe('default reminders on /infouser/', { timeout: 20_000 }, () => {
  it('shows the default lead times and saves a new choice with a toast; none at all says so', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...basics,
      [path]: ({ init }) => {
        if (init?.method !== 'PUT') return ok({ minutes: [1440, 120] });
        const body = JSON.parse(String(init.body)) as { minutes: number[] };
        sent.push(body);
        return ok(body);
      },
    });
    logInAs(patient);
    const { user } = renderApp('/infouser/');

    expect(await screen.findByRole('group', { name: 'Nhắc tôi trước giờ khám' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: '1 ngày' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '2 giờ' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '1 ngày' }));
    await user.click(screen.getByRole('checkbox', { name: '2 giờ' }));
    expect(screen.getByText('Bạn sẽ không nhận được tin nhắc nào.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: '2 ngày' }));
    await user.click(screen.getByRole('button', { name: 'Lưu lời nhắc' }));

    await waitFor(() => expect(sent).toEqual([{ minutes: [2880] }]));
    expect(await screen.findByText('Đã lưu lời nhắc')).toBeInTheDocument();
  });
});
