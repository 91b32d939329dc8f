import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { onlyPostWithKey, postCalls, retriedPostWithNewKey, slotTakenOnce } from '../../../test/booking-posts.ts';
import { alertSaying, setUpBookingTests } from '../../../test/order-booking.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { openPage } from '../../../test/page-harness.ts';
import { catalogReplies, headMri, imagingOrder, registerPath } from './imaging-fixtures.ts';

setUpBookingTests({ backToVietnamese: true });

type User = ReturnType<typeof renderApp>['user'];

const SCREENING = {
  pacemaker: 'Bạn có đặt máy tạo nhịp, máy khử rung hoặc thiết bị tim cấy ghép khác không?',
  metal_implant: 'Trong người bạn có kim loại từ phẫu thuật (kẹp, vít, nẹp, khớp nhân tạo, stent, bơm cấy) không?',
  metal_fragments: 'Trong người hoặc trong mắt bạn có thể có mảnh kim loại (do hàn, làm nghề kim loại hoặc chấn thương) không?',
  cochlear_implant: 'Bạn có cấy ốc tai điện tử hoặc thiết bị trợ thính cấy ghép khác không?',
  pregnancy: 'Bạn đang mang thai hoặc có thể đang mang thai không?',
  claustrophobia: 'Bạn có sợ không gian hẹp, kín không?',
};
const CONTRAST = {
  kidney_disease: 'Bạn có bệnh thận, hoặc đã từng được nói là chức năng thận giảm không?',
  contrast_allergy: 'Bạn đã từng bị phản ứng với thuốc cản quang (nổi mẩn, ngứa, khó thở) chưa?',
  metformin: 'Bạn có đang uống metformin (thuốc điều trị đái tháo đường) không?',
};
const REVIEW =
  'Vì các câu trả lời của bạn, nhân viên chẩn đoán hình ảnh của cơ sở sẽ xem lại lịch đặt trước khi xác nhận và có thể gọi điện cho bạn.';
const FASTING =
  'Trước khi chụp có thuốc cản quang, nhịn ăn 4 giờ; vẫn được uống nước lọc và uống thuốc thường ngày nếu không có dặn dò khác.';

const question = (text: string) => screen.getByRole('radiogroup', { name: fieldLabel(text) });

async function answer(user: User, text: string, yes: boolean) {
  await user.click(within(question(text)).getByRole('radio', { name: yes ? 'Có' : 'Không' }));
}

/** A head MRI at Chợ Rẫy on Thursday 14/05/2026 at 08:30. */
async function chooseHeadMri(user: User) {
  await user.click(await screen.findByRole('radio', { name: /^Chụp cộng hưởng từ \(MRI\)/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Sọ não' }));
  await user.selectOptions(await screen.findByRole('combobox', { name: fieldLabel('Cơ sở chẩn đoán hình ảnh') }), 'Bệnh viện Chợ Rẫy');
  await user.click(await screen.findByRole('button', { name: '14 tháng 5 2026' }));
}

describe('booking an imaging scan (/imageanalysation/)', { timeout: 60_000 }, () => {
  it('an MRI with contrast: every question required, a "yes" tells of the review, fasting, price, one POST with its key, then the code', async () => {
    const { fetchMock, user, history } = openPage('/imageanalysation/', { ...catalogReplies, [registerPath]: ok(imagingOrder(), 201) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Đặt lịch chẩn đoán hình ảnh' })).toBeVisible();
    await chooseHeadMri(user);
    await user.click(screen.getByRole('radio', { name: 'Có dùng thuốc cản quang' }));
    expect(screen.getByText(FASTING)).toBeVisible();
    expect(screen.getByTestId('imaging-total')).toHaveTextContent('Tổng chi phí: 3.500.000 ₫');
    // 07:45 has no machine left: shown, not choosable.
    expect(await screen.findByRole('radio', { name: '07:45 – 08:30' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '07:45 – 08:30' })).toHaveAccessibleDescription('Hết chỗ');
    expect(screen.getByRole('radio', { name: '08:30 – 09:15' })).toHaveAccessibleDescription('Còn 2 máy trống');
    await user.click(screen.getByRole('radio', { name: '08:30 – 09:15' }));

    // Unanswered questions stop the booking, each said on its question.
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    for (const text of [...Object.values(SCREENING), ...Object.values(CONTRAST)])
      expect(question(text)).toHaveAccessibleDescription('Vui lòng nhập thông tin này.');
    expect(history.location.pathname).toBe('/imageanalysation/');

    for (const [id, text] of Object.entries(SCREENING)) await answer(user, text, id === 'metal_implant');
    expect(screen.getByText(REVIEW)).toBeVisible();
    for (const text of Object.values(CONTRAST)) await answer(user, text, false);
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    await waitFor(() => expect(history.location.pathname).toBe('/imageanalysation/confirm/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiểm tra thông tin đặt lịch chẩn đoán hình ảnh' })).toBeVisible();
    expect(screen.getByText('Chụp cộng hưởng từ (MRI), có thuốc cản quang')).toBeVisible();
    expect(screen.getByText('Sọ não')).toBeVisible();
    expect(screen.getByText('14/05/2026')).toBeVisible();
    expect(screen.getByText('08:30 – 09:15')).toBeVisible();
    expect(screen.getByText('3.500.000 ₫')).toBeVisible();
    expect(screen.getByText(REVIEW)).toBeVisible();
    expect(screen.getByText(FASTING)).toBeVisible();
    await expectNoSeriousAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch chụp' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã đặt lịch chẩn đoán hình ảnh' })).toBeVisible();
    expect(history.location.pathname).toBe('/imageanalysation/complete/');
    expect(screen.getByText('RHC-260514-0077')).toBeVisible();
    expect(screen.getByText('Đã đặt, nhân viên chẩn đoán hình ảnh sẽ xem lại trước khi xác nhận')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Xem lịch chụp' })).toHaveAttribute('href', `/all-orders/${imagingOrder().id}`);
    await expectNoSeriousAxeViolations();

    expect(onlyPostWithKey(fetchMock, registerPath)).toEqual({
      ...headMri,
      workUnitId: 2,
      testDay: '2026-05-14',
      testTime: '08:30',
      note: '',
      isFamily: false,
    });
  });

  it('says what is missing (no type, no organ, no clinic, no time) and goes nowhere; an X-ray offers no contrast', async () => {
    const { fetchMock, user, history } = openPage('/imageanalysation/', catalogReplies);
    await screen.findByRole('heading', { level: 1, name: 'Đặt lịch chẩn đoán hình ảnh' });

    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByText('Vui lòng chọn ít nhất một cơ quan hoặc bộ phận cơ thể.')).toBeVisible();
    expect(screen.getByRole('radiogroup', { name: fieldLabel('Loại chụp') })).toHaveAccessibleDescription('Vui lòng chọn một mục.');
    expect(screen.getByRole('combobox', { name: fieldLabel('Cơ sở chẩn đoán hình ảnh') })).toHaveAccessibleDescription(
      expect.stringContaining('Vui lòng chọn một mục.'),
    );

    await user.click(screen.getByRole('radio', { name: /^Chụp X-quang/ }));
    expect(screen.queryByText('Câu hỏi an toàn')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Có dùng thuốc cản quang' })).toBeNull();
    // The X-ray's parts only: no head, a chest.
    expect(screen.queryByRole('checkbox', { name: 'Sọ não' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Ngực, phổi' }));
    expect(screen.getByTestId('imaging-total')).toHaveTextContent('150.000 ₫');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(screen.queryByText('Vui lòng chọn ít nhất một cơ quan hoặc bộ phận cơ thể.')).toBeNull();
    expect(history.location.pathname).toBe('/imageanalysation/');
    expect(postCalls(fetchMock, registerPath)).toHaveLength(0);
    await expectNoSeriousAxeViolations();
  });

  it('when the slot was just taken (409): says so, offers the next free times, and books the one chosen with a new key', async () => {
    const { fetchMock, user } = openPage('/imageanalysation/', {
      ...catalogReplies,
      [registerPath]: slotTakenOnce(imagingOrder({ checkHour: '09:15' })),
    });
    await chooseHeadMri(user);
    await user.click(await screen.findByRole('radio', { name: '08:30 – 09:15' }));
    for (const text of Object.values(SCREENING)) await answer(user, text, false);
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiểm tra thông tin đặt lịch chẩn đoán hình ảnh' })).toBeVisible();
    expect(screen.queryByText(REVIEW)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch chụp' }));

    const alert = await alertSaying('Giờ này vừa có người đặt. Vui lòng chọn giờ khác.');
    const offered = await within(alert).findAllByRole('button', { name: /lúc/ });
    expect(offered.map((button) => button.textContent)).toEqual(['14/05/2026 lúc 09:15', '14/05/2026 lúc 10:00', '15/05/2026 lúc 07:00']);
    await user.click(offered[0] as HTMLElement);
    expect(await screen.findByText('Đã đổi sang 14/05/2026 lúc 09:15. Vui lòng kiểm tra và xác nhận lại.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch chụp' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã đặt lịch chẩn đoán hình ảnh' })).toBeVisible();

    const second = retriedPostWithNewKey(fetchMock, registerPath);
    expect(second).toMatchObject({ testDay: '2026-05-14', testTime: '09:15', contrast: false });
    expect(second).not.toHaveProperty('contrastAnswers');
  });

  it('in English', async () => {
    mockApi(catalogReplies);
    logInAs(patient);
    await act(() => i18n.changeLanguage('en'));
    const { user } = renderApp('/imageanalysation/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an imaging scan' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /^MRI scan/ }));
    expect(screen.getByRole('radiogroup', { name: fieldLabel('Are you afraid of small, closed spaces?') })).toBeVisible();
    await user.click(
      within(screen.getByRole('radiogroup', { name: fieldLabel('Are you pregnant, or could you be?') })).getByRole('radio', {
        name: 'Yes',
      }),
    );
    expect(
      screen.getByText(
        "Because of your answers, the clinic's imaging staff will review your booking before confirming it, and may call you.",
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'With contrast' }));
    expect(screen.getByText('Do you take metformin (a diabetes medicine)?')).toBeVisible();
    await expectNoSeriousAxeViolations();
  });
});
