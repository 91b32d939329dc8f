import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { ManagedProfile } from '@rhc/contracts';
import { IconEdit, IconPlus, IconShare, IconTrash } from '@tabler/icons-react';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { deleteProfile, refreshRelatives, useManagedProfiles } from '../api.ts';
import { useLast } from '../../../hooks/use-last.ts';
import classes from '../relatives.module.css';
import { ProfileDialog } from './profile-dialog.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';

/** Spec §3 "Customer/patient info": the profiles I manage — add, edit, delete (archived when it has bookings or records). */
export function ProfilesPanel({ userId, onShare }: { userId: string; onShare: (profileId: string) => void }) {
  const { t } = useTranslation(['relatives', 'person']);
  const profiles = useManagedProfiles(userId);
  const [editing, setEditing] = useState<{ profile?: ManagedProfile } | null>(null);
  // The dialog keeps its title (add or edit) while it closes.
  const shown = useLast(editing);

  const remove = useFormMutation({
    mutationFn: (id: string) => deleteProfile(id),
    onSuccess: (archived) => {
      if (archived) showSuccess(t('profiles.archived'));
      else showSuccess(t('profiles.deleted'));
    },
    refresh: refreshRelatives,
  });

  const confirmDelete = (profile: ManagedProfile) =>
    openDeleteConfirm({
      title: t('profiles.deleteTitle'),
      message: t('profiles.deleteMessage', { name: profile.info.fullName }),
      confirm: t('profiles.deleteConfirm'),
      cancel: t('actions.cancel'),
      onConfirm: () => remove.mutate(profile.id),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} className={classes.grow}>
          <Title order={2} size="h4">
            {t('profiles.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profiles.intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing({})}>
          {t('profiles.add')}
        </Button>
      </Group>
      {profiles.isError ? (
        <ErrorState message={`${t('profiles.loadFailed')} ${profiles.error.message}`} onRetry={() => void profiles.refetch()} />
      ) : !profiles.data ? (
        <LoadingState minHeight={80} />
      ) : profiles.data.length === 0 ? (
        <Text c="dimmed">{t('profiles.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.list}>
          {profiles.data.map((profile) => (
            <Paper key={profile.id} component="li" withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{profile.info.fullName}</Text>
                  {profile.needsChildAssent && (
                    <Badge color="yellow" variant="light" tt="none">
                      {t('profiles.child')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('profiles.born', { day: formatCalendarDay(profile.info.dateOfBirth) })} ·{' '}
                  {t(`person:genders.${profile.info.gender as 'male'}`)} · {profile.info.callingCodes} {profile.info.phone}
                </Text>
                <Text size="sm">{t('profiles.sharedWith', { count: profile.sharedWith })}</Text>
                <Group gap="xs" wrap="wrap">
                  <RowButton
                    icon={IconShare}
                    onClick={() => onShare(profile.id)}
                    aria-label={t('profiles.shareLabel', { name: profile.info.fullName })}
                  >
                    {t('profiles.share')}
                  </RowButton>
                  <RowButton
                    icon={IconEdit}
                    onClick={() => setEditing({ profile })}
                    aria-label={t('profiles.editLabel', { name: profile.info.fullName })}
                  >
                    {t('actions.edit')}
                  </RowButton>
                  <RowButton
                    icon={IconTrash}
                    tone="danger"
                    onClick={() => confirmDelete(profile)}
                    loading={remove.isPending && remove.variables === profile.id}
                    aria-label={t('profiles.deleteLabel', { name: profile.info.fullName })}
                  >
                    {t('actions.delete')}
                  </RowButton>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ProfileDialog opened={editing !== null} profile={shown?.profile} onClose={() => setEditing(null)} />
    </Stack>
  );
}
