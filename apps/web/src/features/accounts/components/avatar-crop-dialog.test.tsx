import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../../test/dialogs.ts';
import { renderInProviders } from '../../../test/render-app.tsx';
import { AvatarCropDialog } from './avatar-crop-dialog.tsx';

/** A landscape picture of 800 × 400 pixels: at zoom 1 the circle takes its middle 400 × 400. */
const picture = { url: 'blob:http://localhost/anh', width: 800, height: 400 };

async function openCrop() {
  const onSave = vi.fn();
  const view = renderInProviders(<AvatarCropDialog picture={picture} saving={false} onCancel={() => {}} onSave={onSave} />);
  const dialog = await findDialog('Cắt ảnh đại diện');
  const stage = within(dialog).getByRole('application', { name: /^Vùng cắt ảnh: dùng phím mũi tên/ });
  const saved = async () => {
    await view.user.click(within(dialog).getByRole('button', { name: 'Lưu ảnh' }));
    return onSave.mock.lastCall?.[0] as { x: number; y: number; width: number; height: number };
  };
  return { ...view, dialog, stage, saved };
}

describe('cropping the avatar', () => {
  it('starts on the middle of the picture, its short side across the circle', async () => {
    const { stage, saved } = await openCrop();

    expect(stage).toHaveAccessibleDescription('Kéo để di chuyển ảnh, dùng thanh trượt để phóng to hoặc thu nhỏ.');
    expect(await saved()).toEqual({ x: 200, y: 0, width: 400, height: 400 });
  });

  it('zooms with the slider, and crops the smaller square in the middle', async () => {
    const { dialog, user, saved } = await openCrop();

    within(dialog).getByRole('slider', { name: 'Thu phóng' }).focus();
    for (let step = 0; step < 20; step += 1) await user.keyboard('{ArrowRight}');

    expect(within(dialog).getByRole('slider', { name: 'Thu phóng' })).toHaveAttribute('aria-valuenow', '2');
    expect(await saved()).toEqual({ x: 300, y: 100, width: 200, height: 200 });
  });

  it('moves and zooms the picture by keyboard, and never past its edges', async () => {
    const { stage, user, saved } = await openCrop();
    stage.focus();

    // The picture moves right by a twentieth of the circle (20 px), so the circle's centre is 20 px further left.
    await user.keyboard('{ArrowRight}');
    expect(await saved()).toMatchObject({ x: 180, y: 0 });

    // Far to the left: the circle stops at the picture's right edge; up and down there is nowhere to go at zoom 1.
    stage.focus();
    for (let step = 0; step < 30; step += 1) await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowUp}');
    expect(await saved()).toEqual({ x: 400, y: 0, width: 400, height: 400 });

    // Zoomed in, the square shrinks about its centre, and up moves it towards the bottom of the picture.
    stage.focus();
    await user.keyboard('+');
    const zoomed = await saved();
    expect(zoomed.width).toBeCloseTo(400 / 1.1);
    expect(zoomed.x + zoomed.width / 2).toBeCloseTo(600);
    stage.focus();
    await user.keyboard('{ArrowUp}');
    expect((await saved()).y).toBeGreaterThan(zoomed.y);
  });

  it('names the crop area in English and Chinese too', async () => {
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    const { unmount } = renderInProviders(<AvatarCropDialog picture={picture} saving={false} onCancel={() => {}} onSave={() => {}} />);
    expect(within(await findDialog('Crop your photo')).getByRole('application')).toHaveAccessibleName(
      'Crop area: use the arrow keys to move the picture, + and − to zoom in or out.',
    );
    unmount();
    await i18n.changeLanguage('zh');
    renderInProviders(<AvatarCropDialog picture={picture} saving={false} onCancel={() => {}} onSave={() => {}} />);
    expect(within(await findDialog('裁剪头像')).getByRole('application')).toHaveAccessibleName(
      '裁剪区域：用方向键移动图片，按 + 和 − 放大或缩小。',
    );
    expect(screen.getByRole('slider', { name: '缩放' })).toBeVisible();
  });
});
