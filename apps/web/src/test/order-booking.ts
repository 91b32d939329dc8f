import type { Order } from '@rhc/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { useBookingStore } from '../stores/booking-store.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { fail, type mockApi, ok } from './api-mock.ts';
import { patient } from './auth.ts';
import { findDialog } from './dialogs.ts';
import { openPage } from './page-harness.ts';

type Replies = Parameters<typeof mockApi>[0];

/**
 * The set-up of the booking pages' tests: only the clock is fake (today is Monday 04/05/2026, 10:00 in Vietnam) and the
 * booking store starts and ends each test empty; with `backToVietnamese`, a test that changed the language leaves it
 * Vietnamese again.
 */
export function setUpBookingTests({ backToVietnamese = false } = {}): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-04T03:00:00.000Z'));
    useBookingStore.getState().reset();
  });
  afterEach(async () => {
    useBookingStore.getState().reset();
    if (backToVietnamese) await act(() => i18n.changeLanguage('vi'));
  });
}

/** The alert that says `text` (the server's message of a refused booking). */
export async function alertSaying(text: string): Promise<HTMLElement> {
  const alert = (await screen.findByText(text)).closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error(`No alert says ${text}`);
  return alert;
}

/** What an order's edit page and its cancel dialog say. */
interface CancelWords {
  /** The edit page's button that opens the dialog. */
  button: string;
  /** The dialog's title. */
  dialog: string;
  /** The reason typed in the dialog. */
  reason: string;
  /** The notice on the order's page once cancelled. */
  done: string;
}

/**
 * On the edit page `page` of the patient's `order`: the cancel dialog is declined once (no call, and no serious axe
 * violation while it is open), then confirmed with a reason; the PATCH carries the reason and the order's page says it
 * is cancelled.
 */
export async function expectCancelAfterConfirmation(order: Order, page: string, replies: Replies, words: CancelWords) {
  const cancelPath = `/api/order/cancel/${patient.userId}/${order.id}`;
  const { fetchMock, user, history } = openPage(page, {
    ...replies,
    [`/api/order/detail/${order.id}`]: ok(order),
    [cancelPath]: ok({ ...order, status: 3, actions: { ...order.actions, edit: false, cancel: false } }),
  });

  await user.click(await screen.findByRole('button', { name: words.button }));
  let dialog = await findDialog(words.dialog);
  await expectNoSeriousAxeViolations();
  await user.click(within(dialog).getByRole('button', { name: 'Giữ lịch' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(fetchMock.mock.calls.some(([input]) => String(input) === cancelPath)).toBe(false);

  await user.click(screen.getByRole('button', { name: words.button }));
  dialog = await findDialog(words.dialog);
  await user.type(within(dialog).getByLabelText('Lý do (không bắt buộc)'), words.reason);
  await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch' }));

  await waitFor(() => expect(history.location.pathname).toBe(`/all-orders/${order.id}`));
  expect(await screen.findByText(words.done)).toBeInTheDocument();
  const cancel = fetchMock.mock.calls.find(([input, init]) => String(input) === cancelPath && init?.method === 'PATCH');
  expect(JSON.parse(String(cancel?.[1]?.body))).toEqual({ reason: words.reason });
}

/**
 * The edit page `page` of an order the server does not find: the not-found screen named `title`, a link back to the
 * bookings and no save button.
 */
export async function expectEditPageNotFound(order: Order, page: string, replies: Replies, title: string) {
  openPage(page, { ...replies, [`/api/order/detail/${order.id}`]: fail(404, 'NOT_FOUND', 'Không tìm thấy.') });

  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Lịch hẹn của tôi' })).toHaveAttribute('href', '/applicationlist/');
  expect(screen.queryByRole('button', { name: 'Lưu thay đổi' })).toBeNull();
}

/**
 * The edit page `page` of the patient's `order` that can no longer change (as the server answers it): the page says
 * `refused`, with no save button and, where `cancel` names the page's cancel button, none of that either.
 */
export async function expectEditRefused(order: Order, page: string, replies: Replies, words: { refused: string; cancel?: string }) {
  const opened = openPage(page, { ...replies, [`/api/order/detail/${order.id}`]: ok(order) });
  expect(await screen.findByText(words.refused)).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Lưu thay đổi' })).toBeNull();
  if (words.cancel) expect(screen.queryByRole('button', { name: words.cancel })).toBeNull();
  return opened;
}
