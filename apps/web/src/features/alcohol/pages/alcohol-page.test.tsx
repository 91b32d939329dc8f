import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderApp } from '../../../test/render-app.tsx';

// 20:00 in Vietnam: the form opens with a session at 18:00 and drinking ended at 20:00.
const NOW = new Date('2026-12-05T13:00:00.000Z');

async function openCalculator() {
  const view = renderApp('/alcohol-elimination-time/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Tính nồng độ cồn' })).toBeVisible();
  return view;
}

describe('the alcohol calculator', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await act(() => i18n.changeLanguage('vi'));
  });

  it('opens on step 1 with a session of two cans of beer, and asks for the weight before computing', async () => {
    const { user } = await openCalculator();

    expect(screen.getByRole('heading', { level: 2, name: 'Buổi uống 1' })).toBeVisible();
    expect(screen.getByLabelText('Đồ uống')).toHaveValue('beer');
    expect(screen.getByLabelText('Cỡ')).toHaveValue('can');
    expect(screen.getByLabelText('Độ cồn (%)')).toHaveValue('5');
    expect(screen.getByLabelText('Thể tích (ml)')).toHaveValue('330');
    expect(screen.getByLabelText('Số phần')).toHaveValue('2');
    expect(screen.getByText('≈ 26 g cồn')).toBeVisible();
    expect(screen.getByLabelText(/Giờ bắt đầu/)).toHaveValue('18:00');
    expect(screen.getByLabelText(/Giờ ngừng uống/)).toHaveValue('20:00');

    await user.click(screen.getByRole('button', { name: 'Xem kết quả' }));

    expect(await screen.findByText('Cân nặng từ 20 đến 300 kg.')).toBeVisible();
    expect(screen.getByLabelText(/Cân nặng/)).toHaveFocus();
  });

  it('refuses a strength above 100 %, a volume under 10 ml and an end before the last session', async () => {
    const { user } = await openCalculator();
    const strength = screen.getByLabelText('Độ cồn (%)');
    await user.clear(strength);
    await user.type(strength, '0');
    const volume = screen.getByLabelText('Thể tích (ml)');
    await user.clear(volume);
    await user.type(volume, '5');
    const end = screen.getByLabelText(/Giờ ngừng uống/);
    await user.clear(end);
    await user.type(end, '17:00');
    await user.type(screen.getByLabelText(/Cân nặng/), '70');

    await user.click(screen.getByRole('button', { name: 'Xem kết quả' }));

    expect(await screen.findByText('Độ cồn phải lớn hơn 0 và không quá 100%.')).toBeVisible();
    expect(screen.getByText('Thể tích từ 10 đến 10.000 ml.')).toBeVisible();
    expect(screen.getByText('Giờ ngừng uống phải sau giờ bắt đầu của buổi uống cuối cùng.')).toBeVisible();
    expect(screen.getByLabelText('Cỡ')).toHaveValue('custom');
  });

  it('estimates two sessions: the peak, the times each level is left, the effect and the penalties of Decree 168/2024', async () => {
    const { user } = await openCalculator();
    // Session 1 at 18:00: two cans. Session 2 at 20:00: two cans taken at once (drinking ended at 20:00).
    await user.click(screen.getByRole('button', { name: 'Thêm buổi uống' }));
    const second = screen.getByRole('group', { name: 'Buổi uống 2' });
    const secondTime = within(second).getByLabelText(/Giờ bắt đầu/);
    await user.clear(secondTime);
    await user.type(secondTime, '20:00');
    const count = within(second).getByLabelText('Số phần');
    await user.clear(count);
    await user.type(count, '2');
    await user.type(screen.getByLabelText(/Cân nặng/), '70');

    await user.click(screen.getByRole('button', { name: 'Xem kết quả' }));

    // Spread over 18:00–20:00 the first two cans (54.7) leave 24.7 at 20:00 (27.35 in per hour, 15 out); the second two
    // arrive at once: 79.4.
    expect(await screen.findByText(/Luật Trật tự, an toàn giao thông đường bộ 2024/)).toBeVisible();
    expect(screen.getByText('Cao nhất (20:00 05-12)')).toBeVisible();
    expect(screen.getAllByText('79,4 mg/100 ml máu').length).toBeGreaterThan(0);
    expect(screen.getAllByText('0,397 mg/L khí thở').length).toBeGreaterThan(0);
    expect(screen.getByText('52,1 g ≈ 5,2 đơn vị cồn (10 g)')).toBeVisible();
    // 79.4 is below 80: level 2, left at 20:00 + 29.4/15 h = 21:58, zero at 20:00 + 79.4/15 h = 01:18.
    const times = screen.getByRole('heading', { name: 'Khi nào nồng độ giảm' }).parentElement as HTMLElement;
    expect(within(times).getByText('Chưa từng vượt mức này')).toBeVisible();
    expect(within(times).getByText('21:58 05-12, sau 1 giờ 58 phút')).toBeVisible();
    expect(within(times).getByText('01:18 06-12, sau 5 giờ 18 phút')).toBeVisible();
    expect(screen.getByText('Suy giảm trung bình')).toBeVisible();
    expect(screen.getByText('Mức của bạn lúc cao nhất: Mức 2')).toBeVisible();
    const current = screen.getByRole('row', { current: true });
    expect(within(current).getByText('Phạt 18.000.000–20.000.000 đồng')).toBeVisible();
    expect(within(current).getAllByText('Trừ 10 điểm giấy phép lái xe')).toHaveLength(2);
    expect(within(current).getByText('Phạt 6.000.000–8.000.000 đồng')).toBeVisible();
    expect(within(current).getByText('Phạt 300.000–400.000 đồng')).toBeVisible();
    expect(screen.getByText(/Nghị định 168\/2024\/NĐ-CP \(ký ngày 26-12-2024, hiệu lực từ 01-01-2025\)/)).toBeVisible();
    expect(screen.getByText(/tạm giữ đến 7 ngày làm việc/)).toBeVisible();
    expect(screen.getByRole('img', { name: /cao nhất 79,4 mg\/100 ml lúc 20:00 05-12/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Gọi cấp cứu 115' })).not.toBeInTheDocument();

    // Back to step 1: every drink is still there.
    await user.click(screen.getByRole('button', { name: 'Sửa đồ uống' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Buổi uống 2' })).toBeVisible();
    expect(screen.getByLabelText(/Cân nặng/)).toHaveValue('70');
  });

  it('shows the call to 115 at the life-threatening level', async () => {
    const { user } = await openCalculator();
    await user.selectOptions(screen.getByLabelText('Đồ uống'), 'riceSpirit');
    await user.selectOptions(screen.getByLabelText('Cỡ'), 'spiritBottle');
    const end = screen.getByLabelText(/Giờ ngừng uống/);
    await user.clear(end);
    await user.type(end, '18:00');
    await user.type(screen.getByLabelText(/Cân nặng/), '50');
    await user.click(screen.getByRole('radio', { name: 'Nữ' }));

    await user.click(screen.getByRole('button', { name: 'Xem kết quả' }));

    expect(await screen.findByText('Nguy hiểm đến tính mạng')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Gọi cấp cứu 115' })).toHaveAttribute('href', 'tel:115');
    expect(screen.getByText('Mức của bạn lúc cao nhất: Mức 3')).toBeVisible();
  });

  it('speaks English', async () => {
    const { user } = await openCalculator();
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Alcohol calculator' })).toBeVisible());
    await user.type(screen.getByLabelText(/Weight/), '70');

    await user.click(screen.getByRole('button', { name: 'See the result' }));

    // Two cans spread over 18:00–20:00 leave 24.7 mg/100 ml when drinking ended.
    expect(await screen.findByText('Slight decline')).toBeVisible();
    expect(screen.getAllByText('24.7 mg/100 ml blood').length).toBeGreaterThan(0);
    expect(screen.getByText('Your level at the highest point: Level 1')).toBeVisible();
    expect(within(screen.getByRole('row', { current: true })).getByText('Fine of VND 6,000,000–8,000,000')).toBeVisible();
  });
});
