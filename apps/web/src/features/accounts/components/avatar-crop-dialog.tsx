import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampView, cropArea, cropSide, MAX_ZOOM, MIN_ZOOM, type CropView, type PictureSize, type PixelArea } from '../avatar-image.ts';
import classes from './avatar-crop-dialog.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

/** The picture chosen: an object URL and its size in pixels. */
export type CropPicture = PictureSize & { url: string };

type AvatarCropDialogProps = {
  /** The picture chosen, or null while the dialog is closed. */
  picture: CropPicture | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (area: PixelArea) => void;
};

/**
 * Spec §2: the new avatar is cropped to a square (shown as the circle the avatar is) by dragging and zooming — the
 * slider, the wheel or a pinch; by keyboard, the arrow keys and + and − on the picture — before it is saved.
 */
export function AvatarCropDialog({ picture, saving, onCancel, onSave }: AvatarCropDialogProps) {
  const { t } = useTranslation(['accounts', 'common']);

  return (
    <Modal
      opened={picture !== null}
      onClose={onCancel}
      title={t('avatar.cropTitle')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common:actions.cancel') }}
    >
      {picture && <CropEditor picture={picture} saving={saving} onCancel={onCancel} onSave={onSave} />}
    </Modal>
  );
}

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

function CropEditor({ picture, saving, onCancel, onSave }: AvatarCropDialogProps & { picture: CropPicture }) {
  const { t } = useTranslation(['accounts', 'common']);
  const hintId = useId();
  const [view, setView] = useState<CropView>(() => ({ centerX: picture.width / 2, centerY: picture.height / 2, zoom: MIN_ZOOM }));
  const move = (update: (view: CropView) => CropView) => setView((current) => clampView(picture, update(current)));
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());

  // The wheel zooms the picture, not the page: a listener that may prevent the page's scroll (React's is passive).
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const zoomByWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((current) => clampView(picture, { ...current, zoom: current.zoom * Math.exp(-event.deltaY / 500) }));
    };
    element.addEventListener('wheel', zoomByWheel, { passive: false });
    return () => element.removeEventListener('wheel', zoomByWheel);
  }, [picture]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    const other = [...pointers.current].find(([id]) => id !== event.pointerId)?.[1];
    if (other) {
      // Two fingers: the picture grows as they move apart.
      const ratio = distance(other, now) / Math.max(1, distance(other, before));
      move((current) => ({ ...current, zoom: current.zoom * ratio }));
    } else {
      // One: the picture follows it, so the circle's centre moves the other way on the picture. The circle is as high
      // as the stage: so many of the picture's pixels per screen pixel.
      const circlePixels = event.currentTarget.clientHeight || 1;
      move((current) => {
        const perPixel = cropSide(picture, current.zoom) / circlePixels;
        return {
          ...current,
          centerX: current.centerX - (now.x - before.x) * perPixel,
          centerY: current.centerY - (now.y - before.y) * perPixel,
        };
      });
    }
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => pointers.current.delete(event.pointerId);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // An arrow moves the picture by a twentieth of the circle, as a drag that way would.
    const step = (zoom: number) => cropSide(picture, zoom) / 20;
    const moves: Record<string, (current: CropView) => CropView> = {
      ArrowLeft: (current) => ({ ...current, centerX: current.centerX + step(current.zoom) }),
      ArrowRight: (current) => ({ ...current, centerX: current.centerX - step(current.zoom) }),
      ArrowUp: (current) => ({ ...current, centerY: current.centerY + step(current.zoom) }),
      ArrowDown: (current) => ({ ...current, centerY: current.centerY - step(current.zoom) }),
      '+': (current) => ({ ...current, zoom: current.zoom * 1.1 }),
      '=': (current) => ({ ...current, zoom: current.zoom * 1.1 }),
      '-': (current) => ({ ...current, zoom: current.zoom / 1.1 }),
    };
    const update = moves[event.key];
    if (!update) return;
    event.preventDefault();
    move(update);
  };

  const side = cropSide(picture, view.zoom);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" id={hintId}>
        {t('avatar.cropHint')}
      </Text>
      <div
        ref={stage}
        className={classes.stage}
        role="application"
        aria-label={t('avatar.cropArea')}
        aria-describedby={hintId}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
      >
        <div className={classes.square}>
          <img
            src={picture.url}
            alt=""
            draggable={false}
            className={classes.picture}
            style={{
              width: `${(picture.width / side) * 100}%`,
              left: `${(0.5 - view.centerX / side) * 100}%`,
              top: `${(0.5 - view.centerY / side) * 100}%`,
            }}
          />
        </div>
        <div className={`${classes.square} ${classes.circle}`} aria-hidden="true" />
      </div>
      <Group gap="sm" wrap="nowrap">
        <IconZoomOut size={18} aria-hidden="true" />
        <Slider
          // Read out to the hundredth: a pinch or the wheel leaves the zoom between the slider's steps.
          value={Math.round(view.zoom * 100) / 100}
          onChange={(zoom) => move((current) => ({ ...current, zoom }))}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          label={null}
          style={{ flex: 1 }}
          thumbLabel={t('avatar.zoom')}
        />
        <IconZoomIn size={18} aria-hidden="true" />
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={() => onSave(cropArea(picture, view))} loading={saving}>
          {t('avatar.save')}
        </Button>
      </Group>
    </Stack>
  );
}
