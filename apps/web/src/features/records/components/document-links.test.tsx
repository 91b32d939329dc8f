import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { renderInProviders } from '../../../test/render-app.tsx';
import { DocumentLinks } from './document-links.tsx';

const orderId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const link = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  orderId,
  link: 'https://ketqua.benhvien.vn/xn/123',
  displayName: 'Kết quả trực tuyến',
  createdAt: '2026-11-20T04:00:00.000Z',
  canDelete: true,
};

function renderLinks(canEdit = true) {
  // The component on its own (the order detail page hosts it): the app's providers, not the shell.
  return renderInProviders(<DocumentLinks orderId={orderId} canEdit={canEdit} />).user;
}

describe('document links of an order (issue 15)', () => {
  it('refuses an invalid link without sending it, adds a valid one, and deletes one after its confirmation', async () => {
    let links = [link];
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      [`/api/documents/${orderId}`]: () => ok({ orderId, documents: [], links }),
      [`/api/documentLink/${orderId}`]: ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { link: string; displayName?: string };
        sent.push(body);
        const created = { ...link, id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', link: body.link, displayName: body.displayName ?? '' };
        links = [...links, created];
        return ok(created, 201);
      },
      [`/api/documentLink/${link.id}`]: () => {
        links = links.filter((item) => item.id !== link.id);
        return ok({ id: link.id });
      },
    });
    const user = renderLinks();
    expect(await screen.findByRole('link', { name: 'Kết quả trực tuyến' })).toHaveAttribute('href', link.link);

    // Required as every required field says it (issue 54 item 23): the "Bắt buộc" tag, never an asterisk.
    expect(screen.getByText('Liên kết (http hoặc https)')).toHaveTextContent(/^Liên kết \(http hoặc https\)Bắt buộc$/);
    await user.type(screen.getByRole('textbox', { name: 'Liên kết (http hoặc https)' }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Thêm liên kết' }));
    expect(await screen.findByText('Vui lòng nhập liên kết hợp lệ, bắt đầu bằng http:// hoặc https://.')).toBeVisible();
    expect(sent).toHaveLength(0);

    const input = screen.getByRole('textbox', { name: 'Liên kết (http hoặc https)' });
    await user.clear(input);
    await user.type(input, 'https://pacs.benhvien.vn/phim/456');
    await user.type(screen.getByRole('textbox', { name: 'Tên hiển thị' }), 'Phim X-quang');
    await user.click(screen.getByRole('button', { name: 'Thêm liên kết' }));
    await waitFor(() => expect(sent).toEqual([{ link: 'https://pacs.benhvien.vn/phim/456', displayName: 'Phim X-quang' }]));
    expect(await screen.findByRole('link', { name: 'Phim X-quang' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Xóa liên kết Kết quả trực tuyến' }));
    const dialog = await findDialog('Xóa liên kết');
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Kết quả trực tuyến' })).toBeNull());
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input).endsWith(`/api/documentLink/${link.id}`) && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('read only: the links without the form or delete', async () => {
    mockApi({ [`/api/documents/${orderId}`]: ok({ orderId, documents: [], links: [link] }) });
    renderLinks(false);
    expect(await screen.findByRole('link', { name: 'Kết quả trực tuyến' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Thêm liên kết' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Xóa liên kết/ })).toBeNull();
  });
});
