import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder } from '../../../test/orders.ts';

const profileId = '7e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b';
const relative = {
  fullName: 'Trần Văn Hùng',
  phone: '0912777888',
  callingCodes: '+84',
  nameCountry: 'Việt Nam',
  gender: 'male' as const,
  dateOfBirth: '1958-03-02',
  email: null,
  address: '8 Trần Phú, Hà Nội',
};
const forRelative = makeOrder({ kind: 1, profileId: null, infomation: relative });
const detailPath = `/api/order/detail/${forRelative.id}`;
const keepPath = `/api/patients/${forRelative.id}`;
const button = { name: 'Lưu thành hồ sơ người thân' };

describe('keeping a booking’s relative as a profile (POST /patients/{orderId})', { timeout: 20_000 }, () => {
  it('saves the typed-in relative, then no longer offers it', async () => {
    let kept = false;
    const calls: string[] = [];
    mockApi({
      [detailPath]: () => ok(kept ? { ...forRelative, profileId } : forRelative),
      [keepPath]: ({ init }) => {
        calls.push(String(init?.method));
        kept = true;
        return ok({ id: profileId, info: relative, needsChildAssent: false, sharedWith: 0, createdAt: '2026-05-01T03:00:00.000Z' }, 201);
      },
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${forRelative.id}`);

    await user.click(await screen.findByRole('button', button));
    expect(await screen.findByText('Đã lưu thành hồ sơ người thân.')).toBeInTheDocument();
    expect(calls).toEqual(['POST']);
    await waitFor(() => expect(screen.queryByRole('button', button)).not.toBeInTheDocument());
  });

  it('is not offered for my own booking, one that names a profile, or to the doctor', async () => {
    for (const [order, who] of [
      [makeOrder(), patient],
      [makeOrder({ kind: 1, profileId, infomation: relative }), patient],
      [forRelative, doctor],
    ] as const) {
      mockApi({ [`/api/order/detail/${order.id}`]: ok(order) });
      logInAs(who);
      const { unmount } = renderApp(`/all-orders/${order.id}`);
      expect(await screen.findByText(order.infomation.fullName)).toBeVisible();
      expect(screen.queryByRole('button', button)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows the server’s refusal', async () => {
    mockApi({
      [detailPath]: ok(forRelative),
      [keepPath]: fail(409, 'MANAGED_PROFILE_LIMIT', 'Mỗi tài khoản quản lý được tối đa 20 hồ sơ người thân.'),
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${forRelative.id}`);
    await user.click(await screen.findByRole('button', button));
    expect(await screen.findByText('Mỗi tài khoản quản lý được tối đa 20 hồ sơ người thân.')).toBeInTheDocument();
  });
});
