import type { Document, Order, OrderResults } from '@rhc/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { makeOrder } from '../../../test/orders.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** A lab order at Chợ Rẫy's sampling room, assigned to the demo doctor as the clinic's lab staff, confirmed. */
const order: Order = makeOrder({
  category: 'lab',
  status: 3,
  specialty: { id: 14, name: 'Xét nghiệm' },
  examType: null,
  workUnit: { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, Quận 5' },
  lab: {
    atHome: false,
    district: null,
    orderAdress: null,
    orderPhone: null,
    packageTestItems: [],
    requestTestItems: ['hba1c', 'lipid_panel'],
    totalVnd: 330_000,
    fasting: true,
    preparation: ['fasting'],
    endHour: '07:45',
  },
  actions: { edit: true, cancel: true, verify: false, complete: true, delete: false },
});
const detailPath = `/api/order/detail/${order.id}`;
const resultsPath = `/api/diagnostictest/results/${order.id}`;
const documentsPath = `/api/documents/${order.id}`;

const resultFile: Document = {
  id: '5b0c9d8e-7f6a-4b5c-8d9e-0f1a2b3c4d5e',
  fileId: '5b0c9d8e-7f6a-4b5c-8d9e-0f1a2b3c4d5e',
  fileName: 'Kết quả HbA1c',
  displayName: 'Kết quả HbA1c',
  originalName: 'hba1c.pdf',
  typeExam: 1,
  dowloadUri: '/api/document/5b0c9d8e-7f6a-4b5c-8d9e-0f1a2b3c4d5e',
  type: 'pdf',
  mediaType: 'application/pdf',
  size: 48_000,
  createdAt: '2026-05-12T02:30:00.000Z',
  canDelete: false,
};

function results(overrides: Partial<OrderResults> = {}): OrderResults {
  return {
    orderId: order.id,
    category: 'lab',
    performedAt: null,
    performedBy: null,
    conclusion: null,
    concludedAt: null,
    concludedBy: null,
    files: [],
    released: false,
    canWrite: true,
    writableFrom: null,
    ...overrides,
  };
}

function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string, method: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('vi'));
});

describe('the staff’s lab results screen (/diagnostictestdoctoredit/:id)', { timeout: 60_000 }, () => {
  it('marks the sample taken, saves the conclusion and completes after a confirmation (vi)', async () => {
    let current = results();
    const fetchMock = mockApi({
      [detailPath]: ok(order),
      [resultsPath]: () => ok(current),
      [documentsPath]: ok({ orderId: order.id, documents: [], links: [] }),
      [`/api/order-results/${order.id}/performed`]: () => {
        current = results({ performedAt: '2026-05-12T02:05:00.000Z', performedBy: { id: doctor.userId, fullName: doctor.fullName } });
        return ok(current);
      },
      [`/api/order-results/${order.id}/conclusion`]: ({ init }) => {
        const { conclusion } = JSON.parse(String(init?.body)) as { conclusion: string };
        current = { ...current, conclusion, concludedBy: { id: doctor.userId, fullName: doctor.fullName } };
        return ok(current);
      },
      [`/api/order/complete/${doctor.userId}/${order.id}`]: ok({ ...order, status: 1 }),
    });
    logInAs(doctor);
    const { user } = renderApp(`/diagnostictestdoctoredit/${order.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: `Ghi kết quả xét nghiệm ${order.code}` })).toBeVisible();
    expect(screen.getByText('HbA1c')).toBeVisible();
    expect(screen.getByText('Bệnh viện Chợ Rẫy — 201B Nguyễn Chí Thanh, Quận 5')).toBeVisible();
    expect(screen.getByText('Chưa lấy mẫu')).toBeVisible();
    // Nothing to complete with yet: the button says why.
    expect(screen.getByRole('button', { name: 'Hoàn thành' })).toBeDisabled();
    expect(screen.getByText(/thêm tệp kết quả hoặc kết luận/)).toBeVisible();
    // The result files are added as test results (type 1).
    expect(await screen.findByText('Tệp kết quả')).toBeVisible();
    await expectNoSeriousAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Đã lấy mẫu' }));
    expect(await screen.findByText('Đã lấy mẫu lúc 09:05 12/05/2026')).toBeVisible();
    expect(callsTo(fetchMock, `/api/order-results/${order.id}/performed`, 'PUT')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Kết luận' }), 'HbA1c 6,1 %: tiền đái tháo đường.');
    await user.click(screen.getByRole('button', { name: 'Lưu kết luận' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hoàn thành' })).toBeEnabled());
    expect(callsTo(fetchMock, `/api/order-results/${order.id}/conclusion`, 'PUT')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Hoàn thành' }));
    const dialog = await findDialog('Hoàn thành và gửi kết quả?');
    expect(within(dialog).getByText(/Người bệnh sẽ được báo là đã có kết quả/)).toBeVisible();
    await expectNoSeriousAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Hoàn thành' }));
    await waitFor(() => expect(callsTo(fetchMock, `/api/order/complete/${doctor.userId}/${order.id}`, 'PATCH')).toHaveLength(1));
  });

  it('shows the patient their results on the order’s page, to download, without the staff’s link (en)', async () => {
    await act(() => i18n.changeLanguage('en'));
    const done = { ...order, status: 1, actions: { edit: false, cancel: false, verify: false, complete: false, delete: false } };
    mockApi({
      [detailPath]: ok(done),
      [resultsPath]: ok(
        results({
          performedAt: '2026-05-12T02:05:00.000Z',
          conclusion: 'HbA1c 6.1 %: prediabetes.',
          concludedBy: { id: doctor.userId, fullName: doctor.fullName },
          files: [resultFile],
          released: true,
          canWrite: false,
        }),
      ),
      [documentsPath]: ok({ orderId: order.id, documents: [resultFile], links: [] }),
    });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    const section = await screen.findByRole('region', { name: 'Lab results' });
    expect(await within(section).findByText('HbA1c 6.1 %: prediabetes.')).toBeVisible();
    expect(within(section).getByText('Sample taken at 09:05 12/05/2026')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Download Kết quả HbA1c' })).toHaveAttribute('href', resultFile.dowloadUri);
    expect(within(section).queryByRole('link', { name: 'Record results' })).toBeNull();
    // A lab order has no examination's diagnosis section.
    expect(screen.queryByTestId('clinical-summary')).toBeNull();
    await expectNoSeriousAxeViolations();
  });

  it('lets the staff record results right after confirming the order on its page, without a reload', async () => {
    let current: Order = { ...order, status: 0, actions: { ...order.actions, verify: true, complete: false } };
    mockApi({
      [detailPath]: () => ok(current),
      // Result steps open once the order is confirmed (decision 046).
      [resultsPath]: () => ok(results({ canWrite: current.status === 3 })),
      [documentsPath]: ok({ orderId: order.id, documents: [], links: [] }),
      [`/api/order/verify/${doctor.userId}/${order.id}`]: () => {
        current = order;
        return ok(order);
      },
    });
    logInAs(doctor);
    const { user } = renderApp(`/all-orders/${order.id}`);
    const section = await screen.findByRole('region', { name: 'Kết quả xét nghiệm' });
    expect(await within(section).findByText('Chưa có kết quả.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    const dialog = await findDialog('Xác nhận lịch hẹn');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(section).getByRole('link', { name: 'Ghi kết quả' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Ghi kết quả xét nghiệm ${order.code}` })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Đã lấy mẫu' })).toBeEnabled();
    expect(screen.queryByText(/Chưa xác nhận/)).toBeNull();
  });

  it('says from when results can be recorded on a confirmed order whose time has not come (vi)', async () => {
    mockApi({
      [detailPath]: ok(order),
      // 08:30 in Vietnam, half an hour before the order's 09:00 (the server's rule, completableFrom).
      [resultsPath]: ok(results({ canWrite: false, writableFrom: '2026-05-12T01:30:00.000Z' })),
      [documentsPath]: ok({ orderId: order.id, documents: [], links: [] }),
    });
    logInAs(doctor);
    renderApp(`/diagnostictestdoctoredit/${order.id}`);
    expect(await screen.findByText('Có thể ghi kết quả từ 08:30 12/05/2026.')).toBeVisible();
    // Confirmed by the clinic's staff, not by a doctor.
    expect(screen.getByText('Cơ sở đã xác nhận')).toBeVisible();
    expect(screen.queryByText('Bác sĩ đã xác nhận')).toBeNull();
    expect(screen.queryByText(/Chưa xác nhận/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Đã lấy mẫu' })).toBeNull();
    await expectNoSeriousAxeViolations();
  });

  it('says that an order not confirmed yet is not confirmed, without a time (en)', async () => {
    await act(() => i18n.changeLanguage('en'));
    mockApi({
      [detailPath]: ok({ ...order, status: 0 }),
      [resultsPath]: ok(results({ canWrite: false })),
      [documentsPath]: ok({ orderId: order.id, documents: [], links: [] }),
    });
    logInAs(doctor);
    renderApp(`/diagnostictestdoctoredit/${order.id}`);
    expect(await screen.findByText('Not confirmed: confirm the booking before recording results.')).toBeVisible();
    expect(screen.queryByText(/can be recorded from/)).toBeNull();
  });

  it('lists the safety answers an imaging order waits on review for, in the staff’s words', async () => {
    const scan: Order = makeOrder({
      category: 'imaging',
      status: 0,
      specialty: { id: 15, name: 'Chẩn đoán hình ảnh' },
      examType: null,
      workUnit: { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, Quận 5' },
      imaging: {
        type: 'MRI',
        items: ['head'],
        contrast: true,
        render: { pacemaker: false, metal_implant: true },
        contrastAnswers: { kidney_disease: false, contrast_allergy: false, metformin: true },
        review: ['screening.metal_implant', 'contrastQuestions.metformin'],
        needsReview: true,
        fasting: true,
        totalVnd: 4_500_000,
        endHour: '09:45',
      },
      actions: { edit: true, cancel: true, verify: true, complete: false, delete: false },
    });
    mockApi({
      [`/api/order/detail/${scan.id}`]: ok(scan),
      [`/api/imageanalysation/results/${scan.id}`]: ok(results({ orderId: scan.id, category: 'imaging', canWrite: false })),
      [`/api/documents/${scan.id}`]: ok({ orderId: scan.id, documents: [], links: [] }),
    });
    logInAs(doctor);
    renderApp(`/imageanalysationedoctoredit/${scan.id}`);
    const review = await screen.findByRole('alert', { name: 'Cần nhân viên xem xét trước khi chụp' });
    expect(within(review).getByText(/Trong người bạn có kim loại từ phẫu thuật/)).toBeVisible();
    expect(within(review).getByText(/Bạn có đang uống metformin/)).toBeVisible();
    expect(screen.getByText('Chưa xác nhận: hãy xác nhận lịch hẹn rồi mới ghi kết quả.')).toBeVisible();
  });

  it('shows an imaging screen of a lab order as not found', async () => {
    mockApi({ [detailPath]: ok(order), [`/api/imageanalysation/results/${order.id}`]: ok(results()) });
    logInAs(doctor);
    renderApp(`/imageanalysationedoctoredit/${order.id}`);
    expect(await screen.findByText('Không tìm thấy lịch hẹn này trong các lịch bạn thực hiện.')).toBeVisible();
  });

  it('leads the assigned staff from the order’s page to their results screen', async () => {
    mockApi({
      [detailPath]: ok(order),
      [resultsPath]: ok(results()),
      [documentsPath]: ok({ orderId: order.id, documents: [], links: [] }),
    });
    logInAs(doctor);
    renderApp(`/all-orders/${order.id}`);
    const section = await screen.findByRole('region', { name: 'Kết quả xét nghiệm' });
    expect(within(section).getByRole('link', { name: 'Ghi kết quả' })).toHaveAttribute('href', `/diagnostictestdoctoredit/${order.id}`);
    expect(await within(section).findByText('Chưa có kết quả.')).toBeVisible();
  });
});
