import { Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import type { PixelArea } from '../avatar-image.ts';
import classes from './avatar-crop-dialog.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

type AvatarCropDialogProps = {
  /** The picture chosen (an object URL), or null while the dialog is closed. */
  source: string | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (area: PixelArea) => void;
};

/** Spec §2: the new avatar is cropped to a square by dragging and zooming (slider, wheel or pinch) before it is saved. */
export function AvatarCropDialog({ source, saving, onCancel, onSave }: AvatarCropDialogProps) {
  const { t } = useTranslation(['accounts', 'common']);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<PixelArea | null>(null);

  return (
    <Modal
      opened={source !== null}
      onClose={onCancel}
      title={t('avatar.cropTitle')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common:actions.cancel') }}
    >
      {source && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('avatar.cropHint')}
          </Text>
          <div className={classes.stage}>
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </div>
          <Group gap="sm" wrap="nowrap">
            <IconZoomOut size={18} aria-hidden="true" />
            <Slider
              value={zoom}
              onChange={setZoom}
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
            <Button onClick={() => area && onSave(area)} loading={saving} disabled={!area}>
              {t('avatar.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
