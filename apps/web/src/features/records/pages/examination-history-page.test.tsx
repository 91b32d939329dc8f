import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { openPage, signedInReplies } from '../../../test/page-harness.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { historyDetail, historyItem, otherPersonId, recordId } from './fixtures.ts';

const historyPath = `/api/history-examination-information_new/${patient.userId}`;
const server = {
  ...signedInReplies(patient),
  [`/api/history-examination/${recordId}`]: ok(historyDetail),
};

function page(items: unknown[], total = items.length, pageIndex = 0) {
  return ok({ items, total, page: pageIndex, size: 10 });
}

describe('examination history page (issue 15)', { timeout: 30_000 }, () => {
  it('lists my examinations with DD-MM-YYYY dates, opens the detail with its files and links, and links to the record', async () => {
    const { user } = openPage('/patientinformation/history/', { ...server, [historyPath]: page([historyItem]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lịch sử khám bệnh' })).toBeVisible();
    const row = (await screen.findByText('Tái khám viêm họng')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('20-11-2026');
    expect(row).toHaveTextContent('BS. Lê Văn Tâm');
    expect(row).toHaveTextContent('Hồ sơ tự lưu');
    expect(within(row).getByRole('link', { name: 'Mở hồ sơ 20-11-2026' })).toHaveAttribute(
      'href',
      `/health-record/${recordId}?person=${patient.userId}`,
    );

    await user.click(within(row).getByRole('button', { name: 'Chi tiết 20-11-2026' }));
    const dialog = await findDialog('Chi tiết lần khám ngày 20/11/2026');
    expect(await within(dialog).findByRole('link', { name: 'cong-thuc-mau.pdf' })).toHaveAttribute(
      'href',
      historyDetail.documents[1]?.dowloadUri,
    );
    expect(within(dialog).getByRole('link', { name: 'Kết quả trực tuyến' })).toHaveAttribute('href', 'https://ketqua.benhvien.vn/xn/123');
  });

  it('shows a completed lab order with its result file and the conclusion (decision 046)', async () => {
    const labOrderId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    const labItem = { ...historyItem, id: labOrderId, source: 'order', categoryType: 'lab', reason: '', doctorName: 'Lý Thị Thu' };
    const { user } = openPage('/patientinformation/history/', {
      ...server,
      [historyPath]: page([labItem]),
      [`/api/history-examination/${labOrderId}`]: ok({
        ...historyDetail,
        ...labItem,
        documents: [historyDetail.documents[1]],
        links: [],
        conclusion: 'HbA1c 6,1 %: tiền đái tháo đường.',
      }),
    });
    const row = (await screen.findByText('Lý Thị Thu')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Chi tiết 20-11-2026' }));
    const dialog = await findDialog('Chi tiết lần khám ngày 20/11/2026');
    expect(await within(dialog).findByText('HbA1c 6,1 %: tiền đái tháo đường.')).toBeVisible();
    expect(within(dialog).getByText('Kết luận')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'cong-thuc-mau.pdf' })).toBeVisible();
  });

  it('sends the filters it is given, from page 0, and says when nothing matches', async () => {
    const queries: URLSearchParams[] = [];
    const { user } = openPage('/patientinformation/history/', {
      ...server,
      [historyPath]: ({ url }) => {
        queries.push(url.searchParams);
        return url.searchParams.has('doctorName') ? page([]) : page([historyItem], 25);
      },
    });
    expect(await screen.findByText('25 lần khám')).toBeVisible();
    expect(queries[0]?.get('page')).toBe('0');
    expect(queries[0]?.get('size')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Trang 2' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('1'));

    await user.type(screen.getByRole('textbox', { name: 'Bác sĩ' }), 'Tâm');
    await waitFor(() => expect(queries.at(-1)?.get('doctorName')).toBe('Tâm'));
    expect(queries.at(-1)?.get('page')).toBe('0');
    expect(await screen.findByText('Không có lần khám nào khớp với bộ lọc.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Tên tệp' }), 'mau');
    await waitFor(() => expect(queries.at(-1)?.get('resultName')).toBe('mau'));
    expect(queries.at(-1)?.get('doctorName')).toBe('Tâm');

    await user.click(screen.getByRole('button', { name: 'Xóa bộ lọc' }));
    // Back to the unfiltered first page (already read: the app's queries never go stale).
    expect(screen.getByRole('textbox', { name: 'Bác sĩ' })).toHaveValue('');
    expect(await screen.findByText('25 lần khám')).toBeVisible();
  });

  it('shows the empty state, and the no-access notice for a person who did not share their history', async () => {
    openPage('/patientinformation/history/', {
      ...server,
      [historyPath]: page([]),
      [`/api/history-examination-information_new/${otherPersonId}`]: fail(404, 'NOT_FOUND', 'Không tìm thấy.'),
    });
    expect(await screen.findByText('Chưa có lần khám nào.')).toBeVisible();

    renderApp(`/patientinformation/history/?person=${otherPersonId}`);
    expect(await screen.findByText('Người này chưa chia sẻ lịch sử khám bệnh với bạn.')).toBeVisible();
    // Issue 54 item 15: the notice leads to the person's page, where access is asked for.
    expect(screen.getByRole('link', { name: 'Xin quyền xem lịch sử khám bệnh' })).toHaveAttribute(
      'href',
      `/patientinformation/?id=${otherPersonId}`,
    );
  });
});
