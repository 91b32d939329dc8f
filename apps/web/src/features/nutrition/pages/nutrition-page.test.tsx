import type { NutritionRecord } from '@rhc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { ownerId, sharedWithMe } from '../../../test/profiles.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { bodiesOf, openPage, signedInReplies, useFixedClock } from '../../../test/page-harness.ts';

const stamp = { createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z' };
const texts = {
  skinMucosa: '',
  muscleFat: '',
  otherSigns: '',
  subclinical: '',
  dietarySurvey: '',
  target: 'Tăng 2 kg trong 1 tháng',
  limitedFoods: '',
  supplements: '',
  vitamins: '',
  minerals: '',
  exercise: '',
  otherDiagnosis: '',
};

const record: NutritionRecord = {
  ...stamp,
  ...texts,
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  infoId: patient.userId,
  examinedOn: '2026-11-20',
  heightCm: 160,
  weightKg: 45,
  weightThreeMonthsAgoKg: 50,
  weightLossMonths: 3,
  impairedGeneralCondition: false,
  intake: 'normal',
  diseaseSeverity: 1,
  muscleDeficit: 'none',
  peripheralOedema: false,
  noEating5Days: false,
  reducedEating1Week: false,
  chronicDigestiveDisease: false,
  inflammation: true,
  energyKcal: 1800,
  proteinG: 70,
  carbohydrateG: null,
  recommendedFoods: 'Cá, trứng, sữa',
  otherMedication: 'Metformin',
  note: 'Tái khám sau 1 tháng',
  sampleMenu: true,
  assessment: {
    ageYears: 36,
    bmi: 17.6,
    weightLossPercent: 10,
    nrs: { nutritionalStatus: 1, diseaseSeverity: 1, agePoint: 0, total: 2, level: 'none' },
    glim: { phenotype: ['weightLoss', 'lowBmi'], etiology: ['inflammation'], malnourished: true, severity: 'severe' },
    conclusion: 'malnourished.none',
  },
};
const older: NutritionRecord = {
  ...record,
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  examinedOn: '2026-10-02',
  weightKg: 55,
  weightThreeMonthsAgoKg: null,
  inflammation: false,
  recommendedFoods: '',
  otherMedication: '',
  note: '',
  assessment: {
    ...record.assessment,
    bmi: 21.5,
    weightLossPercent: null,
    nrs: { nutritionalStatus: 0, diseaseSeverity: 1, agePoint: 0, total: 1, level: 'none' },
    glim: { phenotype: [], etiology: [], malnourished: false, severity: null },
    conclusion: 'notMalnourished.none',
  },
};

function page(items: NutritionRecord[], total = items.length) {
  return ok({ items, total, page: 0, size: 10 });
}

const listPath = `/api/nutrition/${patient.userId}`;
const server = {
  ...signedInReplies(patient),
  [listPath]: page([record, older]),
};

describe('nutrition page (issue 52)', { timeout: 90_000 }, () => {
  useFixedClock();

  it('lists my assessments with the spec’s columns, the diagnosis in words, and no serious axe violation', async () => {
    openPage('/nutrition/', server);

    expect(await screen.findByRole('heading', { name: 'Dinh dưỡng', level: 1 })).toBeVisible();
    const rows = await screen.findAllByTestId('assessment');
    expect(rows).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Lịch sử đánh giá' });
    for (const column of ['STT', 'Ngày', 'Chẩn đoán', 'Lựa chọn thực phẩm', 'Thuốc liên quan', 'Ghi chú']) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(first.getByText('20-11-2026')).toBeInTheDocument();
    expect(first.getByText('Suy dinh dưỡng, nguy cơ dinh dưỡng: không có · Suy dinh dưỡng mức độ nặng')).toBeInTheDocument();
    expect(first.getByText('Cá, trứng, sữa')).toBeInTheDocument();
    expect(first.getByText('Metformin')).toBeInTheDocument();
    expect(first.getByText('Tái khám sau 1 tháng')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Không suy dinh dưỡng, nguy cơ dinh dưỡng: không có')).toBeInTheDocument();
    // Two records: no pager.
    expect(screen.queryByRole('navigation', { name: /trang/i })).toBeNull();
    await expectNoSeriousAxeViolations();
  });

  it('says when there is no assessment yet, with an add button', async () => {
    openPage('/nutrition/', { ...server, [listPath]: page([]) });

    expect(await screen.findByText('Chưa có đánh giá dinh dưỡng nào.')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Thêm đánh giá' })).toHaveLength(2);
  });

  it('adds an assessment: the scores and the conclusion follow the form as it is filled, then it is saved', async () => {
    const { fetchMock, user } = openPage('/nutrition/', {
      ...server,
      [listPath]: ({ init }: { init?: RequestInit }) => (init?.method === 'POST' ? ok(record, 201) : page([record, older])),
    });

    await user.click(await screen.findByRole('button', { name: 'Thêm đánh giá' }));
    const dialog = await findDialog('Thêm đánh giá dinh dưỡng');
    for (const section of [
      '1. Sàng lọc nguy cơ dinh dưỡng NRS-2002',
      '2. Tiêu chuẩn kiểu hình (GLIM)',
      '3. Tiêu chuẩn nguyên nhân (GLIM)',
      '4. Khám dinh dưỡng',
      '5. Chẩn đoán dinh dưỡng',
      '6. Kế hoạch can thiệp dinh dưỡng',
    ]) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(dialog).getAllByText('Nhập chiều cao và cân nặng để tính điểm.').length).toBeGreaterThan(0);

    await user.type(within(dialog).getByLabelText(fieldLabel('Chiều cao (cm)')), '160');
    await user.type(within(dialog).getByLabelText(fieldLabel('Cân nặng (kg)')), '45');
    await user.type(within(dialog).getByLabelText('Cân nặng 3 tháng trước (kg)'), '50');
    expect(within(dialog).getByText('BMI: 17,6 kg/m²')).toBeInTheDocument();
    expect(within(dialog).getByText('Tỷ lệ sụt cân: 10 %')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '25–50 %' }));
    await user.click(within(dialog).getByRole('radio', { name: /^2 – Vừa/ }));
    expect(within(dialog).getByText('Tình trạng dinh dưỡng 2 + mức độ bệnh 2 + tuổi ≥ 70 0 = 4/7')).toBeInTheDocument();
    expect(within(dialog).getByText('Nguy cơ dinh dưỡng: vừa')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Sụt cân > 5 %/)).toHaveTextContent('Đạt');
    expect(within(dialog).getByTestId('live-conclusion')).toHaveTextContent('Không suy dinh dưỡng, nguy cơ dinh dưỡng vừa');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Bệnh cấp tính, chấn thương hoặc tình trạng viêm' }));
    expect(within(dialog).getByTestId('live-conclusion')).toHaveTextContent('Suy dinh dưỡng, nguy cơ dinh dưỡng vừa');
    expect(within(dialog).getByText('Suy dinh dưỡng mức độ nặng')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Thực phẩm nên dùng'), 'Cá, trứng, sữa');
    await expectNoSeriousAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã thêm đánh giá dinh dưỡng.')).toBeVisible();
    const [body] = bodiesOf(fetchMock, 'POST', listPath) as Record<string, unknown>[];
    expect(body).toMatchObject({
      examinedOn: '2026-11-24',
      heightCm: 160,
      weightKg: 45,
      weightThreeMonthsAgoKg: 50,
      intake: '25to50',
      diseaseSeverity: 2,
      inflammation: true,
      recommendedFoods: 'Cá, trứng, sữa',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thêm đánh giá dinh dưỡng' })).toBeNull());
  });

  it('shows the server’s field error on its field', async () => {
    const { user } = openPage('/nutrition/', {
      ...server,
      [listPath]: ({ init }: { init?: RequestInit }) =>
        init?.method === 'POST'
          ? fail(400, 'VALIDATION', 'Dữ liệu không hợp lệ.', [
              { field: 'body.examinedOn', code: 'invalid', message: 'Ngày khám không được trước ngày sinh.' },
            ])
          : page([record]),
    });

    await user.click(await screen.findByRole('button', { name: 'Thêm đánh giá' }));
    const dialog = await findDialog('Thêm đánh giá dinh dưỡng');
    await user.type(within(dialog).getByLabelText(fieldLabel('Chiều cao (cm)')), '160');
    await user.type(within(dialog).getByLabelText(fieldLabel('Cân nặng (kg)')), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    const day = within(dialog).getByLabelText(fieldLabel('Ngày khám'));
    await waitFor(() => expect(day).toHaveAccessibleDescription('Ngày khám không được trước ngày sinh.'));
    expect(day).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses to send without height and weight', async () => {
    const { fetchMock, user } = openPage('/nutrition/', server);

    await user.click(await screen.findByRole('button', { name: 'Thêm đánh giá' }));
    const dialog = await findDialog('Thêm đánh giá dinh dưỡng');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(within(dialog).getByLabelText(fieldLabel('Chiều cao (cm)'))).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(fetchMock, 'POST', listPath)).toHaveLength(0);
  });

  it('edits an assessment with its values loaded, and shows the server’s saved assessment', async () => {
    const { fetchMock, user } = openPage('/nutrition/', { ...server, [`${listPath}/${record.id}`]: ok({ ...record, note: 'Đã đổi' }) });

    await user.click(await screen.findByRole('button', { name: 'Sửa đánh giá ngày 20-11-2026' }));
    const dialog = await findDialog('Sửa đánh giá dinh dưỡng');
    expect(within(dialog).getByLabelText(fieldLabel('Chiều cao (cm)'))).toHaveValue('160');
    expect(within(dialog).getByText(/Theo kết quả máy chủ tính khi lưu/)).toHaveTextContent('Suy dinh dưỡng mức độ nặng');
    const note = within(dialog).getByLabelText('Ghi chú');
    await user.clear(note);
    await user.type(note, 'Đã đổi');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã cập nhật đánh giá dinh dưỡng.')).toBeVisible();
    const [body] = bodiesOf(fetchMock, 'PUT', `${listPath}/${record.id}`) as Record<string, unknown>[];
    expect(body).toMatchObject({ note: 'Đã đổi', heightCm: 160, inflammation: true, energyKcal: 1800, carbohydrateG: null });
  });

  it('views an assessment read only', async () => {
    const { user } = openPage('/nutrition/', server);

    await user.click(await screen.findByRole('button', { name: 'Xem đánh giá ngày 20-11-2026' }));
    const dialog = await findDialog('Đánh giá dinh dưỡng');
    expect(within(dialog).getByLabelText(fieldLabel('Chiều cao (cm)'))).toBeDisabled();
    expect(within(dialog).getByLabelText('Ghi chú')).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Bệnh cấp tính, chấn thương hoặc tình trạng viêm' })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Lưu' })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Đóng' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Đánh giá dinh dưỡng' })).toBeNull());
  });

  it('asks before closing with unsaved changes: cancel keeps the dialog, confirm closes it', async () => {
    const { user } = openPage('/nutrition/', server);

    await user.click(await screen.findByRole('button', { name: 'Thêm đánh giá' }));
    const dialog = await findDialog('Thêm đánh giá dinh dưỡng');
    await user.type(within(dialog).getByLabelText('Ghi chú'), 'Chưa lưu');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));

    let confirm = await findDialog('Đóng mà không lưu?');
    expect(within(confirm).getByText('Bạn có chắc chắn muốn đóng? Dữ liệu chưa lưu sẽ bị mất.')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Tiếp tục nhập' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Đóng mà không lưu?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Thêm đánh giá dinh dưỡng' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Ghi chú')).toHaveValue('Chưa lưu');

    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    confirm = await findDialog('Đóng mà không lưu?');
    await user.click(within(confirm).getByRole('button', { name: 'Đóng, không lưu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thêm đánh giá dinh dưỡng' })).toBeNull());
  });

  it('closes at once when nothing changed', async () => {
    const { user } = openPage('/nutrition/', server);

    await user.click(await screen.findByRole('button', { name: 'Sửa đánh giá ngày 20-11-2026' }));
    const dialog = await findDialog('Sửa đánh giá dinh dưỡng');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sửa đánh giá dinh dưỡng' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Đóng mà không lưu?' })).toBeNull();
  });

  it('deletes an assessment only after the confirmation', async () => {
    const { fetchMock, user } = openPage('/nutrition/', { ...server, [`${listPath}/${older.id}`]: ok({ id: older.id }) });

    await user.click(await screen.findByRole('button', { name: 'Xóa đánh giá ngày 02-10-2026' }));
    const confirm = await findDialog('Xóa đánh giá?');
    expect(within(confirm).getByText('Bạn có chắc chắn muốn xóa thông tin dinh dưỡng này?')).toBeVisible();
    expect(bodiesOf(fetchMock, 'DELETE', `${listPath}/${older.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa đánh giá dinh dưỡng.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'DELETE', `${listPath}/${older.id}`)).toHaveLength(1);
  });

  it('shows someone who shares health info with me read only: view, but no add, edit or delete', async () => {
    openPage(`/nutrition/?person=${ownerId}`, {
      ...server,
      [`/api/follows/${patient.userId}`]: ok(sharedWithMe),
      [`/api/nutrition/${ownerId}`]: page([{ ...record, infoId: ownerId }]),
    });

    expect(await screen.findByText(/Trần Văn Hùng chia sẻ thông tin sức khỏe với bạn/)).toBeVisible();
    expect(await screen.findAllByTestId('assessment')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Xem đánh giá ngày 20-11-2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thêm đánh giá' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sửa đánh giá/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Xóa đánh giá/ })).toBeNull();
  });

  it('pages when there are more than 10, numbering on', async () => {
    const { fetchMock, user } = openPage('/nutrition/', {
      ...server,
      [listPath]: ({ url }: { url: URL }) =>
        url.searchParams.get('page') === '1'
          ? ok({ items: [older], total: 11, page: 1, size: 10 })
          : ok({ items: [record], total: 11, page: 0, size: 10 }),
    });

    expect(await screen.findAllByTestId('assessment')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Trang 2' }));
    await waitFor(() => expect(within(screen.getByTestId('assessment')).getByText('02-10-2026')).toBeInTheDocument());
    expect(within(screen.getByTestId('assessment')).getByRole('cell', { name: '11' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => new URL(String(input), 'http://localhost').searchParams.get('page') === '1')).toBe(true);
  });

  it('says when the list cannot be loaded', async () => {
    openPage('/nutrition/', { ...server, [listPath]: fail(500, 'INTERNAL', 'Lỗi máy chủ.') });

    expect(await screen.findByText(/Không tải được danh sách đánh giá/)).toBeVisible();
  });
});
