import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';

describe('home page', () => {
  it('offers every service in Vietnamese by default, each linking to its screen', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sức khỏe cả gia đình, trong tầm tay bạn' })).toBeVisible();
    const expected: [string, string][] = [
      ['Khám bệnh trực tiếp', '/healthcare/'],
      ['Khám trực tuyến', '/healthcare-online/'],
      ['Xét nghiệm', '/diagnostictest/'],
      ['Chẩn đoán hình ảnh', '/imageanalysation/'],
      ['Tiêm chủng', '/vaccines/'],
      ['Hồ sơ sức khỏe', '/health-record/'],
      ['Theo dõi sức khỏe', '/health-monitoring/'],
      ['Tính nồng độ cồn', '/alcohol-elimination-time/'],
      ['Dinh dưỡng', '/nutrition/'],
      ['Sổ tay thông tin y tế', '/medical-information/'],
    ];
    const cards = screen.getAllByRole('listitem').map((item) => within(item).getByRole('link'));
    expect(cards.map((card) => [within(card).getByRole('heading', { level: 3 }).textContent, card.getAttribute('href')])).toEqual(expected);
    expect(screen.getByRole('link', { name: /Khám bệnh trực tiếp/ })).toHaveTextContent(
      'Chọn chuyên khoa, bác sĩ và giờ khám tại cơ sở y tế.',
    );
    // The title is set by an effect, which React may run just after the render the headings came from.
    await waitFor(() => expect(document.title).toBe('RHC – Đặt lịch khám và hồ sơ sức khỏe'));
  });

  it('opens the feature a card names', async () => {
    const { user, history } = renderApp('/');

    await user.click(await screen.findByRole('link', { name: /Tính nồng độ cồn/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tính nồng độ cồn' })).toBeVisible();
    expect(history.location.pathname).toBe('/alcohol-elimination-time/');
  });
});
