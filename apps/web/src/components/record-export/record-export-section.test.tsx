import type { RecordExport } from '@rhc/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/api-mock.ts';
import { patient } from '../../test/auth.ts';
import { openPage, requestsTo, signedInReplies, testNow, useFixedClock } from '../../test/page-harness.ts';

const listPath = `/api/record-exports/${patient.userId}`;
const exportId = '7d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const preparing: RecordExport = {
  id: exportId,
  profileId: patient.userId,
  language: 'vi',
  status: 'preparing',
  progress: 40,
  bytes: null,
  createdAt: testNow,
  readyAt: null,
  expiresAt: null,
};
const ready: RecordExport = {
  ...preparing,
  status: 'ready',
  progress: 100,
  bytes: 3 * 1024 * 1024,
  readyAt: testNow,
  expiresAt: '2026-12-01T03:00:00.000Z',
};

describe('"Export my data" on the account page', () => {
  useFixedClock();

  it('asks for an export, shows its progress while it is prepared, then its download link and expiry', async () => {
    let state: 'none' | 'preparing' | 'ready' = 'none';
    const { fetchMock, user } = openPage('/infouser/', {
      ...signedInReplies(),
      [listPath]: ({ init }) => {
        if (init?.method === 'POST') {
          state = 'preparing';
          return ok({ export: preparing }, 201);
        }
        if (state === 'none') return ok({ exports: [] });
        // The next read after "preparing" finds it ready (the server built it meanwhile).
        const answer = state === 'preparing' ? preparing : ready;
        state = 'ready';
        return ok({ exports: [answer] });
      },
    });

    const section = await screen.findByRole('region', { name: 'Xuất dữ liệu của tôi' });
    expect(await within(section).findByText('Chưa có bản xuất nào.')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Xuất dữ liệu của tôi' }));
    expect(await within(section).findByText('Đang chuẩn bị… 40%')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', listPath)).toHaveLength(1);

    const link = await within(section).findByRole('link', { name: 'Tải tệp nén' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/api/record-exports/${patient.userId}/${exportId}/file`);
    expect(within(section).getByText(/Có thể tải đến 10:00 01\/12\/2026/)).toBeVisible();
    expect(within(section).getByText(/3\.0 MB/)).toBeVisible();
  });

  it('shows the hourly limit when the server refuses another export', async () => {
    const { user } = openPage('/infouser/', {
      ...signedInReplies(),
      [listPath]: ({ init }) =>
        init?.method === 'POST'
          ? fail(429, 'RECORD_EXPORT_TOO_MANY', 'Bạn đã yêu cầu xuất hồ sơ quá nhiều lần (tối đa 3 lần mỗi giờ). Vui lòng thử lại sau.')
          : ok({ exports: [{ ...ready, status: 'expired', bytes: null }] }),
    });
    const section = await screen.findByRole('region', { name: 'Xuất dữ liệu của tôi' });
    expect(await within(section).findByText('Đã hết hạn')).toBeVisible();
    expect(within(section).queryByRole('link', { name: 'Tải tệp nén' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Xuất dữ liệu của tôi' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('tối đa 3 lần mỗi giờ');
  });
});
