import type { TwoStepState } from '@rhc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { bodiesOf, openPage, requestsTo, signedInReplies } from '../../../test/page-harness.ts';

/* /infouser/ "Đăng nhập hai bước" (issue 53, decision 054). */

const statePath = `/api/two-step/${patient.userId}`;
const codes = [
  'ACDEF-GHJKM',
  'NPQRT-UVWXY',
  '34673-ACDEF',
  'GHJKM-NPQRT',
  'UVWXY-34673',
  'AAAAA-CCCCC',
  'DDDDD-EEEEE',
  'FFFFF-GGGGG',
  'HHHHH-JJJJJ',
  'KKKKK-MMMMM',
];

/** The fake server's two-step login: POST switches it on (or makes new codes), DELETE off; GET reads it. */
function twoStepServer(start: TwoStepState) {
  let state = start;
  return ({ init }: { init: RequestInit | undefined }) => {
    if (init?.method === 'POST') {
      state = { enabled: true, recoveryCodesLeft: 10, trustedDevices: state.trustedDevices };
      return ok({ recoveryCodes: codes });
    }
    if (init?.method === 'DELETE') {
      state = { enabled: false, recoveryCodesLeft: 0, trustedDevices: 0 };
      return ok(null);
    }
    return ok(state);
  };
}

function section(): HTMLElement {
  const found = screen.getByRole('heading', { name: 'Đăng nhập hai bước' }).closest('section');
  if (!found) throw new Error('no two-step section');
  return found;
}

describe('two-step login on /infouser/ (issue 53)', () => {
  it('switches it on, shows the 10 codes once with Copy and Download, and closes them with "Tôi đã lưu các mã"', async () => {
    const { user, fetchMock } = openPage('/infouser/', {
      ...signedInReplies(),
      [statePath]: twoStepServer({ enabled: false, recoveryCodesLeft: 0, trustedDevices: 0 }),
    });
    expect(await screen.findByRole('heading', { name: 'Đăng nhập hai bước' })).toBeVisible();
    expect(within(section()).getByText('Đang tắt')).toBeVisible();
    await user.click(within(section()).getByRole('button', { name: 'Bật đăng nhập hai bước' }));

    const list = await within(section()).findByRole('list', { name: 'Mã khôi phục' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(within(section()).getByRole('button', { name: 'Sao chép' })).toBeVisible();
    expect(within(section()).getByRole('button', { name: 'Tải xuống (.txt)' })).toBeVisible();
    expect(await screen.findByText('Đã bật đăng nhập hai bước.')).toBeVisible();
    await expectNoSeriousAxeViolations();
    await user.click(within(section()).getByRole('button', { name: 'Tôi đã lưu các mã' }));

    expect(within(section()).queryByRole('list', { name: 'Mã khôi phục' })).toBeNull();
    expect(await within(section()).findByText('Còn 10 mã khôi phục chưa dùng.')).toBeVisible();
    expect(within(section()).getByText('Đang bật')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', statePath)).toHaveLength(1);
  });

  it('asks before switching it off; dismissed, nothing is sent; confirmed, it is off', async () => {
    const { user, fetchMock } = openPage('/infouser/', {
      ...signedInReplies(),
      [statePath]: twoStepServer({ enabled: true, recoveryCodesLeft: 7, trustedDevices: 2 }),
    });
    await screen.findByRole('heading', { name: 'Đăng nhập hai bước' });
    expect(await within(section()).findByText('Còn 7 mã khôi phục chưa dùng.')).toBeVisible();
    expect(within(section()).getByText('2 thiết bị tin cậy (không cần nhập mã).')).toBeVisible();

    await user.click(within(section()).getByRole('button', { name: 'Tắt đăng nhập hai bước' }));
    await user.click(within(await findDialog('Tắt đăng nhập hai bước?')).getByRole('button', { name: 'Hủy' }));
    expect(requestsTo(fetchMock, 'DELETE', statePath)).toEqual([]);

    await user.click(within(section()).getByRole('button', { name: 'Tắt đăng nhập hai bước' }));
    const dialog = await findDialog('Tắt đăng nhập hai bước?');
    await expectNoSeriousAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Tắt' }));
    expect(await screen.findByText('Đã tắt đăng nhập hai bước.')).toBeVisible();
    await waitFor(() => expect(within(section()).getByRole('button', { name: 'Bật đăng nhập hai bước' })).toBeVisible());
    expect(requestsTo(fetchMock, 'DELETE', statePath)).toHaveLength(1);
  });

  it('makes new recovery codes; a refusal is said', async () => {
    let calls = 0;
    const { user, fetchMock } = openPage('/infouser/', {
      ...signedInReplies(),
      [statePath]: ok({ enabled: true, recoveryCodesLeft: 1, trustedDevices: 0 }),
      [`${statePath}/recovery-codes`]: () =>
        ++calls === 1 ? fail(409, 'TWO_STEP_OFF', 'Đăng nhập hai bước chưa được bật cho tài khoản này.') : ok({ recoveryCodes: codes }),
    });
    await user.click(await screen.findByRole('button', { name: 'Tạo mã khôi phục mới' }));
    expect(await screen.findByText('Đăng nhập hai bước chưa được bật cho tài khoản này.')).toBeVisible();
    await user.click(within(section()).getByRole('button', { name: 'Tạo mã khôi phục mới' }));
    expect(await within(section()).findByRole('list', { name: 'Mã khôi phục' })).toBeVisible();
    expect(bodiesOf(fetchMock, 'POST', `${statePath}/recovery-codes`)).toHaveLength(2);
  });
});
