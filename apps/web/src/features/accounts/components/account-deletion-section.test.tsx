import type { AccountDeletion } from '@rhc/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { openPage, requestsTo, signedInReplies, useFixedClock } from '../../../test/page-harness.ts';

const deletionPath = `/api/account-deletion/${patient.userId}`;
/** Asked at 10:00 on 24 November 2026 in Vietnam: deleted 30 days later, on 24 December. */
const pending: AccountDeletion = { state: 'pending', requestedAt: '2026-11-24T03:00:00.000Z', eraseAfter: '2026-12-24T03:00:00.000Z' };

/** The fake server's account deletion: its state, changed by POST (pending) and DELETE (none). */
function deletionServer(start: AccountDeletion) {
  let state = start;
  return ({ init }: { init: RequestInit | undefined }) => {
    if (init?.method === 'POST') state = pending;
    if (init?.method === 'DELETE') state = { state: 'none' };
    return ok(state);
  };
}

function section(): HTMLElement {
  const heading = screen.getByRole('heading', { name: 'Xóa tài khoản của tôi' });
  const found = heading.closest('section');
  if (!found) throw new Error('no deletion section');
  return found;
}

describe('deleting my account on /infouser/ (issue 53)', () => {
  useFixedClock();

  it('explains what happens, asks in a red dialog, then shows the day and "Giữ tài khoản"', async () => {
    const { user, fetchMock } = openPage('/infouser/', { ...signedInReplies(), [deletionPath]: deletionServer({ state: 'none' }) });

    expect(await screen.findByRole('heading', { name: 'Xóa tài khoản của tôi' })).toBeVisible();
    expect(within(section()).getByText(/sẽ bị xóa sau 30 ngày/)).toBeVisible();
    await user.click(within(section()).getByRole('button', { name: 'Xóa tài khoản của tôi' }));
    const dialog = await findDialog('Xóa tài khoản của bạn?');
    expect(within(dialog).getByText(/sẽ bị xóa vào ngày 24\/12\/2026/)).toBeVisible();
    await expectNoSeriousAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Xóa tài khoản của tôi' }));

    expect(await screen.findByText('Tài khoản của bạn sẽ bị xóa vào ngày 24/12/2026')).toBeVisible();
    expect(screen.getByText(/Bạn đã yêu cầu vào ngày 24\/11\/2026/)).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', deletionPath)).toEqual([{ query: '', body: {} }]);
    await expectNoSeriousAxeViolations();
  });

  it('sends nothing when the dialog is dismissed', async () => {
    const { user, fetchMock } = openPage('/infouser/', { ...signedInReplies(), [deletionPath]: deletionServer({ state: 'none' }) });
    await user.click(await screen.findByRole('button', { name: 'Xóa tài khoản của tôi' }));
    await user.click(within(await findDialog('Xóa tài khoản của bạn?')).getByRole('button', { name: 'Hủy' }));
    expect(requestsTo(fetchMock, 'POST', deletionPath)).toEqual([]);
    expect(within(section()).getByRole('button', { name: 'Xóa tài khoản của tôi' })).toBeVisible();
  });

  it('"Giữ tài khoản" cancels a pending deletion', async () => {
    const { user, fetchMock } = openPage('/infouser/', { ...signedInReplies(), [deletionPath]: deletionServer(pending) });
    await user.click(await screen.findByRole('button', { name: 'Giữ tài khoản' }));
    expect(await screen.findByText('Tài khoản của bạn sẽ không bị xóa.')).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE', deletionPath)).toHaveLength(1);
    expect(await within(section()).findByRole('button', { name: 'Xóa tài khoản của tôi' })).toBeVisible();
  });

  it('says when the state cannot be loaded', async () => {
    openPage('/infouser/', { ...signedInReplies(), [deletionPath]: fail(500, 'INTERNAL', 'Máy chủ gặp sự cố.') });
    expect(await screen.findByText('Máy chủ gặp sự cố.')).toBeVisible();
  });
});
