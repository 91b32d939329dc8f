import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type mockApi, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { child, childId } from '../../../test/profiles.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { openPage, signedInReplies, useFixedClock } from '../../../test/page-harness.ts';
import { labReport, otherPersonId, record, recordId } from './fixtures.ts';

type FetchMock = ReturnType<typeof mockApi>;
const recordPath = `/api/order-record-data/${patient.userId}/${recordId}`;
const createPath = `/api/order-record-data/${patient.userId}`;

const server = {
  ...signedInReplies(patient),
};

function writes(fetchMock: FetchMock) {
  return fetchMock.mock.calls.filter(([input, init]) => init?.method !== 'GET' && /order-record-data|document/.test(String(input)));
}

function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['%PDF-1.4 test'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function rows(area: 'prescription' | 'documents'): HTMLElement[] {
  return screen.queryAllByTestId(`upload-row-${area}`);
}

function fileInput(area: 'prescription' | 'documents', index: number): HTMLInputElement {
  const input = rows(area)[index]?.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no file input ${area} ${index}`);
  return input;
}

describe('health record page (issue 15)', { timeout: 30_000 }, () => {
  useFixedClock();

  it('a new record: heading, breadcrumb, today as the default date, and only Return and Save', async () => {
    openPage('/health-record/', server);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hồ sơ' })).toBeVisible();
    const breadcrumb = screen.getByRole('navigation', { name: 'Vị trí hiện tại' });
    expect(within(breadcrumb).getByRole('link', { name: 'Trang chủ' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('textbox', { name: 'Ngày khám' })).toHaveValue('24/11/2026');
    expect(screen.getByRole('button', { name: 'Quay lại' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Lưu' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Chỉnh sửa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Xóa' })).toBeNull();
  });

  it('checks the fields and the files on submit and sends nothing', async () => {
    const { fetchMock, user } = openPage('/health-record/', server);
    await user.click(await screen.findByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Vui lòng nhập họ tên bác sĩ.', { exact: false })).toBeVisible();
    expect(screen.getByText('Vui lòng nhập lý do khám.', { exact: false })).toBeVisible();
    expect(screen.getByText('Vui lòng chọn tệp cho mỗi dòng tài liệu.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(fetchMock)).toHaveLength(0);
  });

  it('refuses a sixth prescription file, and a 5-file total over 10485760 bytes, sending nothing', async () => {
    const { fetchMock, user } = openPage('/health-record/', server);
    await user.type(await screen.findByRole('textbox', { name: 'Họ tên bác sĩ' }), 'BS. Lê Văn Tâm');
    await user.type(screen.getByRole('textbox', { name: 'Lý do khám' }), 'Đau họng');

    const addPrescription = screen.getByRole('button', { name: 'Thêm đơn thuốc' });
    for (let index = 0; index < 5; index += 1) {
      await user.click(addPrescription);
      await user.upload(fileInput('prescription', index), fileOf(`anh-${index}.png`, 'image/png'));
    }
    expect(screen.getAllByText('5/5 tệp')[0]).toBeVisible();
    await user.click(addPrescription);
    expect(await screen.findByText('Đã đạt số tệp tối đa của mục này.')).toBeVisible();
    expect(rows('prescription')).toHaveLength(5);

    const addDocument = screen.getByRole('button', { name: 'Thêm tài liệu' });
    await user.click(addDocument);
    await user.upload(fileInput('documents', 0), fileOf('phim-1.pdf', 'application/pdf', 6 * 1024 * 1024));
    await user.click(addDocument);
    await user.upload(fileInput('documents', 1), fileOf('phim-2.pdf', 'application/pdf', 6 * 1024 * 1024));
    const tooLarge = 'Tổng dung lượng các tệp không được vượt quá 10 MB. Vui lòng chọn lại.';
    expect(await screen.findByText(tooLarge)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(screen.getByText(tooLarge)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(fetchMock)).toHaveLength(0);
  });

  it('confirms with the files by type, sends one multipart request, blocks a second submit, and goes home 2 s later', async () => {
    let resolveSave: (() => void) | undefined;
    const { fetchMock, user, history } = openPage('/health-record/', {
      ...server,
      [createPath]: () =>
        new Promise((resolve) => {
          resolveSave = () => resolve(ok(record, 201));
        }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Họ tên bác sĩ' }), 'BS. Lê Văn Tâm');
    await user.type(screen.getByRole('textbox', { name: 'Lý do khám' }), 'Tái khám viêm họng');
    await user.click(screen.getByRole('button', { name: 'Thêm đơn thuốc' }));
    await user.upload(fileInput('prescription', 0), fileOf('don-thuoc.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Thêm tài liệu' }));
    await user.upload(fileInput('documents', 0), fileOf('cong-thuc-mau.pdf', 'application/pdf'));
    await user.type(within(rows('documents')[0] as HTMLElement).getByRole('textbox', { name: 'Tên hiển thị của tệp 1' }), 'Công thức máu');

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const dialog = await findDialog('Lưu hồ sơ?');
    expect(dialog).toHaveTextContent('BS. Lê Văn Tâm');
    expect(dialog).toHaveTextContent('24/11/2026');
    expect(dialog).toHaveTextContent('Tái khám viêm họng');
    expect(within(within(dialog).getByRole('group', { name: 'Đơn thuốc' })).getByRole('listitem')).toHaveTextContent('don-thuoc.png');
    expect(within(within(dialog).getByRole('group', { name: 'Xét nghiệm' })).getByRole('listitem')).toHaveTextContent('Công thức máu');

    const confirm = within(dialog).getByRole('button', { name: 'Xác nhận và lưu' });
    await user.click(confirm);
    await user.click(confirm);
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(1));
    const [, init] = writes(fetchMock)[0] ?? [];
    const body = init?.body as FormData;
    expect(JSON.parse(String(body.get('recordDataInfo')))).toEqual({
      testDayTime: '2026-11-24',
      doctorName: 'BS. Lê Văn Tâm',
      reasonForExamination: 'Tái khám viêm họng',
    });
    expect(JSON.parse(String(body.get('fileInfos')))).toEqual([
      { fileIndex: 0, typeExam: 4 },
      { fileIndex: 1, typeExam: 1, displayName: 'Công thức máu' },
    ]);
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['don-thuoc.png', 'cong-thuc-mau.pdf']);

    const savedAt = performance.now();
    act(() => resolveSave?.());
    expect(await screen.findByText('Đã lưu hồ sơ sức khỏe.')).toBeVisible();
    expect(history.location.pathname).toBe('/health-record/');
    await waitFor(() => expect(history.location.pathname).toBe('/'), { timeout: 4000 });
    expect(performance.now() - savedAt).toBeGreaterThanOrEqual(1900);
    expect(writes(fetchMock)).toHaveLength(1);
  });

  it('opened by its address (a reload, a bookmark): its owner sees it in view mode with edit and delete (issue 54 item 26)', async () => {
    openPage(`/health-record/${recordId}`, { ...server, [recordPath]: ok(record) });
    expect(await screen.findByRole('textbox', { name: 'Họ tên bác sĩ' })).toHaveValue('BS. Lê Văn Tâm');
    expect(screen.getByRole('textbox', { name: 'Họ tên bác sĩ' })).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'cong-thuc-mau.pdf' })).toHaveAttribute('href', labReport.dowloadUri);
    expect(screen.getByRole('button', { name: 'Quay lại' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Chỉnh sửa' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Xóa' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lưu' })).toBeNull();
  });

  it('edit, cancel change reloads the record, delete a file and the record after confirmations', async () => {
    let reads = 0;
    let files = record.listResponseDocumentDTO.documents;
    const { fetchMock, user, history } = openPage('/', {
      ...server,
      [recordPath]: ({ init }) => {
        if (init?.method === 'DELETE') return ok({ id: recordId });
        reads += 1;
        return ok({ ...record, listResponseDocumentDTO: { documents: files } });
      },
      [`/api/document/${recordId}/${labReport.id}`]: () => {
        files = files.filter((file) => file.id !== labReport.id);
        return ok({ orderId: recordId, documents: files, links: [] });
      },
    });
    await act(() => history.push(`/health-record/${recordId}`));

    await user.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    const doctor = screen.getByRole('textbox', { name: 'Họ tên bác sĩ' });
    await user.clear(doctor);
    await user.type(doctor, 'BS. Khác');
    const before = reads;
    await user.click(screen.getByRole('button', { name: 'Hủy thay đổi' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Họ tên bác sĩ' })).toHaveValue('BS. Lê Văn Tâm'));
    expect(reads).toBe(before + 1);
    expect(screen.queryByRole('button', { name: 'Hủy thay đổi' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Chỉnh sửa' }));
    await user.click(screen.getByRole('button', { name: 'Xóa tệp cong-thuc-mau.pdf' }));
    const fileDialog = await findDialog('Xóa tệp');
    expect(fileDialog).toHaveTextContent('Bạn có chắc chắn muốn xóa tệp này không?');
    await user.click(within(fileDialog).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa tệp.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'cong-thuc-mau.pdf' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    const recordDialog = await findDialog('Xóa hồ sơ');
    expect(recordDialog).toHaveTextContent('Bạn có chắc chắn muốn xóa hồ sơ này không?');
    await user.click(within(recordDialog).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa hồ sơ.')).toBeVisible();
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).endsWith(recordPath) && init?.method === 'DELETE')).toBe(true);
  });

  it('a record shared with me is read only', async () => {
    openPage(`/health-record/${recordId}`, { ...server, [recordPath]: ok({ ...record, canEdit: false }) });
    expect(await screen.findByText('Hồ sơ này được chia sẻ với bạn: bạn chỉ có thể xem, không thể thay đổi.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Chỉnh sửa' })).toBeNull();
  });

  it("another person's record (404) shows the not-available notice; a failure offers a retry", async () => {
    openPage(`/health-record/${recordId}`, { ...server, [recordPath]: fail(404, 'NOT_FOUND', 'Không tìm thấy.') });
    expect(await screen.findByText('Hồ sơ này không tồn tại hoặc chưa được chia sẻ với bạn.')).toBeVisible();
  });
  it('keeps a record for a profile I manage, chosen under "Hồ sơ của" (?profile=)', async () => {
    const { fetchMock, user } = openPage('/health-record/', {
      ...server,
      [`/api/relatives/${patient.userId}`]: ok([child]),
      [`/api/order-record-data/${childId}`]: ok({ ...record, profileId: childId }, 201),
    });
    const owner = await screen.findByRole('combobox', { name: 'Hồ sơ của' });
    await waitFor(() => expect(within(owner).getByRole('option', { name: 'Nguyễn Minh Khang' })).toBeInTheDocument());
    await user.selectOptions(owner, 'Nguyễn Minh Khang');
    expect(await screen.findByDisplayValue('Nguyễn Minh Khang')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Họ tên bác sĩ' }), 'BS. Nhi');
    await user.type(screen.getByRole('textbox', { name: 'Lý do khám' }), 'Sốt');
    await user.click(screen.getByRole('button', { name: 'Thêm đơn thuốc' }));
    await user.upload(fileInput('prescription', 0), fileOf('don-thuoc.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await user.click(within(await findDialog('Lưu hồ sơ?')).getByRole('button', { name: 'Xác nhận và lưu' }));
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(1));
    expect(String(writes(fetchMock)[0]?.[0])).toContain(`/api/order-record-data/${childId}`);
  });

  it('a person I only follow cannot get a new record from me', async () => {
    openPage(`/health-record/?profile=${otherPersonId}`, server);
    expect(await screen.findByText('Bạn chỉ có thể thêm hồ sơ cho chính mình hoặc cho hồ sơ người thân bạn quản lý.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lưu' })).toBeNull();
  });
});
