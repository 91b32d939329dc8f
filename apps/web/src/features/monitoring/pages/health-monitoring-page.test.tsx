import type { Analysis, Measurement } from '@rhc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { ownerId, sharedWithMe } from '../../../test/profiles.ts';
import { expectHeadingsInOrder, fieldLabel } from '../../../test/labels.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { bodiesOf, openPage, signedInReplies, useFixedClock } from '../../../test/page-harness.ts';

const base = { height: null, weight: null, bmi: null, bloodSugar: null, symptoms: '', note: '', category: 'routine' as const };
const stamp = { createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z' };

const red: Measurement = {
  ...base,
  ...stamp,
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  infoId: patient.userId,
  measuredAt: '2026-11-23T01:15:00.000Z',
  systolic: 185,
  diastolic: 112,
  heartRate: 96,
  bloodSugar: 320,
  symptoms: 'Đau đầu',
  assessment: {
    bloodPressure: { band: 'emergency', colour: 'red' },
    heartRate: { band: 'normal', colour: 'green' },
    bloodSugar: { band: 'diabetes', colour: 'red' },
  },
};
const green: Measurement = {
  ...base,
  ...stamp,
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  infoId: patient.userId,
  measuredAt: '2026-11-20T01:00:00.000Z',
  systolic: 118,
  diastolic: 76,
  heartRate: 70,
  height: 158,
  weight: 52,
  bmi: 20.8,
  assessment: {
    bloodPressure: { band: 'normal', colour: 'green' },
    heartRate: { band: 'normal', colour: 'green' },
    bmi: { band: 'normal', colour: 'green', asiaPacific: 'normal' },
  },
};

function page(items: Measurement[]) {
  return ok({ items, total: items.length, page: 0, size: 10 });
}

const analysis: Analysis = {
  from: '2026-10-26',
  to: '2026-11-24',
  adultBands: true,
  bloodPressure: {
    count: 2,
    systolic: { min: 118, avg: 151.5, max: 185 },
    diastolic: { min: 76, avg: 94, max: 112 },
    bands: [
      { band: 'normal', colour: 'green', count: 1 },
      { band: 'emergency', colour: 'red', count: 1 },
    ],
  },
  heartRate: { count: 2, stats: { min: 70, avg: 83, max: 96 }, bands: [{ band: 'normal', colour: 'green', count: 2 }] },
  bloodSugar: { count: 1, stats: { min: 320, avg: 320, max: 320 }, bands: [{ band: 'diabetes', colour: 'red', count: 1 }] },
  bmi: { count: 0, stats: null, bands: [] },
  points: [
    { measuredAt: green.measuredAt, systolic: 118, diastolic: 76, heartRate: 70, bloodSugar: null, bmi: 20.8 },
    { measuredAt: red.measuredAt, systolic: 185, diastolic: 112, heartRate: 96, bloodSugar: 320, bmi: null },
  ],
  pointsLimit: 2000,
  truncated: false,
};

const server = {
  ...signedInReplies(patient),
  [`/api/health-measurement/${patient.userId}`]: page([red, green]),
  [`/api/health-measurement/${patient.userId}/analysis`]: ok(analysis),
};

describe('health monitoring page (issue 16)', { timeout: 30_000 }, () => {
  useFixedClock();
  beforeEach(() => localStorage.removeItem('rhc.monitoring.sugarUnit'));

  it('lists my readings newest first, each value with its level and band, and the urgent-care sentence at ≥ 180/110', async () => {
    openPage('/health-monitoring/', server);

    expect(await screen.findByRole('heading', { name: 'Theo dõi sức khỏe', level: 1 })).toBeVisible();
    const items = await screen.findAllByTestId('reading');
    expect(within(items[0] as HTMLElement).getByText('23-11-2026 08:15')).toBeVisible();
    expect(within(items[0] as HTMLElement).getByText('185/112 mmHg')).toBeVisible();
    expect(within(items[0] as HTMLElement).getByText('Nguy hiểm · Cấp cứu')).toBeVisible();
    // Stored in mg/dL, shown in mmol/L by default (320 / 18 = 17.8), in Vietnamese notation.
    expect(within(items[0] as HTMLElement).getByText('17,8 mmol/L')).toBeVisible();
    expect(within(items[0] as HTMLElement).getByText(/gọi 115/)).toBeVisible();
    expect(within(items[1] as HTMLElement).getAllByText('Bình thường')).toHaveLength(3);
    expect(within(items[1] as HTMLElement).getByText(/châu Á – Thái Bình Dương.*trùng với thang quốc tế của WHO/)).toBeVisible();
  });

  it('names a BMI of 28.8 once, by the Asia-Pacific class used in Vietnam, with the WHO band explained beneath (issue 54 item 17)', async () => {
    const heavy: Measurement = {
      ...green,
      id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      height: 165,
      weight: 78.4,
      bmi: 28.8,
      assessment: { ...green.assessment, bmi: { band: 'overweight', colour: 'yellow', asiaPacific: 'obese_1' } },
    };
    openPage('/health-monitoring/', { ...server, [`/api/health-measurement/${patient.userId}`]: page([heavy]) });

    const [item] = await screen.findAllByTestId('reading');
    const reading = within(item as HTMLElement);
    expect(reading.getByText('Cẩn thận · Béo phì độ I')).toBeVisible();
    expect(reading.getByText('Theo thang châu Á – Thái Bình Dương (dùng ở Việt Nam). Thang quốc tế của WHO xếp: Thừa cân')).toBeVisible();
    expect(reading.queryByText(/^(Cẩn thận · )?Thừa cân$/)).not.toBeInTheDocument();
  });

  it('enforces systolic, diastolic and heart rate together before sending, and sends blood sugar in mg/dL', async () => {
    const { fetchMock, user } = openPage('/health-monitoring/', {
      ...server,
      [`/api/health-measurement/${patient.userId}`]: ({ init }: { init?: RequestInit }) =>
        init?.method === 'POST' ? ok(green, 201) : page([red, green]),
    });

    await user.click(await screen.findByRole('button', { name: 'Thêm chỉ số' }));
    const dialog = await findDialog('Thêm chỉ số');
    await user.type(within(dialog).getByLabelText('Tâm thu (mmHg)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(within(dialog).getAllByText(/^Huyết áp không hợp lệ/).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, 'POST', `/api/health-measurement/${patient.userId}`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Tâm trương (mmHg)'), '95');
    await user.type(within(dialog).getByLabelText('Nhịp tim (nhịp/phút)'), '80');
    await user.type(within(dialog).getByLabelText('Đường huyết (mmol/L)'), '5,6');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã thêm chỉ số.')).toBeVisible();
    const [body] = bodiesOf(fetchMock, 'POST', `/api/health-measurement/${patient.userId}`) as Record<string, unknown>[];
    expect(body).toMatchObject({ systolic: 150, diastolic: 95, heartRate: 80, bloodSugar: 100.8, category: 'routine' });
  });

  it('deletes a reading only after the confirmation', async () => {
    const { fetchMock, user } = openPage('/health-monitoring/', {
      ...server,
      [`/api/health-measurement/${patient.userId}/${green.id}`]: ok({ id: green.id }),
    });

    await user.click(await screen.findByRole('button', { name: 'Xóa chỉ số đo lúc 20-11-2026 08:00' }));
    const confirm = await findDialog('Xóa chỉ số này?');
    expect(bodiesOf(fetchMock, 'DELETE', `/api/health-measurement/${patient.userId}/${green.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa chỉ số.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'DELETE', `/api/health-measurement/${patient.userId}/${green.id}`)).toHaveLength(1);
  });

  it('shows someone who shares health info with me read only: no add, edit or delete', async () => {
    openPage(`/health-monitoring/?person=${ownerId}`, {
      ...server,
      [`/api/follows/${patient.userId}`]: ok(sharedWithMe),
      [`/api/health-measurement/${ownerId}`]: page([{ ...green, infoId: ownerId }]),
    });

    expect(await screen.findByText(/Trần Văn Hùng chia sẻ thông tin sức khỏe với bạn/)).toBeVisible();
    expect(await screen.findAllByTestId('reading')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Thêm chỉ số' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sửa chỉ số/ })).toBeNull();
  });

  it('switches to someone who shares with me from the person picker, which groups people by how I see them', async () => {
    const { user } = openPage('/health-monitoring/', {
      ...server,
      [`/api/follows/${patient.userId}`]: ok(sharedWithMe),
      [`/api/health-measurement/${ownerId}`]: page([{ ...green, infoId: ownerId }]),
    });

    expect(await screen.findAllByTestId('reading')).toHaveLength(2);
    const picker = screen.getByRole('combobox', { name: 'Chỉ số của ai' });
    await waitFor(() => expect(picker.querySelector('optgroup[label="Được chia sẻ với tôi"]')).not.toBeNull());
    expect(picker.querySelector('optgroup[label="Bản thân"]')).toHaveTextContent(`Tôi (${patient.fullName})`);
    expect(picker).toHaveDisplayValue(`Tôi (${patient.fullName})`);

    await user.selectOptions(picker, 'Trần Văn Hùng');
    expect(await screen.findByText(/Trần Văn Hùng chia sẻ thông tin sức khỏe với bạn/)).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('reading')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Thêm chỉ số' })).toBeNull();
  });

  it('opens the analysis of the last 30 days with figures, band counts and charts; refuses an end before the start', async () => {
    const { fetchMock, user } = openPage('/health-monitoring/?tab=analysis', server);

    expect(await screen.findByRole('img', { name: /^Huyết áp tâm thu: 2 lần đo từ 26-10-2026 đến 24-11-2026/ })).toBeVisible();
    const [query] = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/analysis'));
    expect(query?.searchParams.get('from')).toBe('2026-10-26');
    expect(query?.searchParams.get('to')).toBe('2026-11-24');
    expect(screen.getByText('Cấp cứu: 1', { exact: false })).toBeVisible();
    expect(screen.getByRole('img', { name: /^Đường huyết: 1 lần đo/ })).toBeVisible();
    // Its sections are headed right under the page's title (issue 54 item 25: axe's heading-order, h1 then h3).
    expect(screen.getByRole('heading', { level: 2, name: /^Huyết áp · Số lần đo: 2/ })).toBeVisible();
    expectHeadingsInOrder(screen.getByRole('main'));
    // Each chart's readings as a table for screen readers, and its time axis: Vietnam's time, written as lists write it.
    const systolic = screen.getByRole('table', { name: 'Huyết áp tâm thu' });
    expect(within(systolic).getByRole('row', { name: '20-11-2026 08:00 118 – Bình thường' })).toBeInTheDocument();
    expect(within(systolic).getByRole('row', { name: /^23-11-2026 08:15 185/ })).toBeInTheDocument();
    expect(screen.getAllByText('26-10').length).toBeGreaterThan(0);

    await user.clear(screen.getByLabelText(fieldLabel('Đến ngày')));
    await user.type(screen.getByLabelText(fieldLabel('Đến ngày')), '01/10/2026');
    await user.tab();
    await waitFor(() => expect(screen.getByText('Ngày kết thúc phải sau ngày bắt đầu.')).toBeVisible());
  });
  it('says so when the period has no readings', async () => {
    const empty: Analysis = {
      ...analysis,
      bloodPressure: { count: 0, systolic: null, diastolic: null, bands: [] },
      heartRate: { count: 0, stats: null, bands: [] },
      bloodSugar: { count: 0, stats: null, bands: [] },
      points: [],
    };
    openPage('/health-monitoring/?tab=analysis', { ...server, [`/api/health-measurement/${patient.userId}/analysis`]: ok(empty) });

    expect(await screen.findByText('Không có chỉ số nào từ 26-10-2026 đến 24-11-2026.')).toBeVisible();
    expect(screen.queryByRole('img', { name: /lần đo/ })).toBeNull();
  });
});
