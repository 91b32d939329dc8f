import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { UserInfo, UserProfile } from '@rhc/contracts';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useEffect, useRef, useState } from 'react';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { deleteAvatar, uploadAvatar, userQueryKey } from '../api.ts';
import { avatarFileProblem, cropToJpeg, loadImage, type PixelArea } from '../avatar-image.ts';
import { AvatarCropDialog } from './avatar-crop-dialog.tsx';
import { UserAvatar } from './user-avatar.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Spec §2: the avatar on the personal-information page — choose, crop and zoom, save; or delete it. */
export function AvatarEditor({ user }: { user: UserInfo }) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const updateUser = useAuthStore((state) => state.updateUser);
  const queryClient = useQueryClient();
  const [source, setSource] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  const resetFileInput = useRef<() => void>(null);

  // The chosen picture lives in memory as an object URL until the dialog closes.
  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  const applied = (urlImage: string | null) => {
    updateUser({ urlImage });
    queryClient.setQueryData<UserProfile>(userQueryKey(user.userId), (profile) => profile && { ...profile, urlImage });
  };

  const upload = useMutation({
    mutationFn: async (area: PixelArea) => {
      if (!source) throw new Error('No picture chosen');
      return uploadAvatar(user.userId, await cropToJpeg(source.image, area));
    },
    onSuccess: (urlImage) => {
      applied(urlImage);
      setSource(null);
      showSuccess(t('avatar.saved'));
    },
    onError: (error) => showError(error.message || t('avatar.saveFailed')),
  });

  const remove = useFormMutation({
    mutationFn: () => deleteAvatar(user.userId),
    onSuccess: () => {
      applied(null);
      showSuccess(t('avatar.deleted'));
    },
  });

  const choose = async (file: File | null) => {
    if (!file) return;
    // Choosing the same file again must open the dialog again.
    resetFileInput.current?.();
    const problem = avatarFileProblem(file);
    if (problem) {
      showError(t(`errors:${problem}`));
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      setSource({ url, image: await loadImage(url) });
    } catch {
      URL.revokeObjectURL(url);
      showError(t('errors:AVATAR_NOT_IMAGE'));
    }
  };

  const confirmDelete = () =>
    openDeleteConfirm({
      title: t('avatar.deleteTitle'),
      message: t('avatar.deleteMessage'),
      confirm: t('avatar.delete'),
      cancel: t('common:actions.cancel'),
      onConfirm: () => remove.mutate(),
    });

  return (
    <Stack align="center" gap="sm">
      <UserAvatar fullName={user.fullName} urlImage={user.urlImage} size={128} radius={999} fz={40} />
      <Text fw={700} size="lg" ta="center">
        {user.fullName}
      </Text>
      <Text size="sm" c="dimmed">
        {user.phone}
      </Text>
      <Group gap="xs" justify="center">
        <FileButton
          onChange={(file) => void choose(file)}
          resetRef={resetFileInput}
          accept="image/*"
          inputProps={{ 'aria-label': t('avatar.change') }}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden="true" />}>
              {t('avatar.change')}
            </Button>
          )}
        </FileButton>
        {user.urlImage && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            {t('avatar.delete')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        {t('avatar.rules')}
      </Text>
      <AvatarCropDialog
        key={source?.url ?? 'closed'}
        picture={source && { url: source.url, width: source.image.naturalWidth, height: source.image.naturalHeight }}
        saving={upload.isPending}
        onCancel={() => setSource(null)}
        onSave={(area) => upload.mutate(area)}
      />
    </Stack>
  );
}
