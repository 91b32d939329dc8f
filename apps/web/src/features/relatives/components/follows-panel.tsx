import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Share } from '@rhc/contracts';
import { IconAdjustments, IconEye, IconUserOff } from '@tabler/icons-react';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { endShare, refreshRelatives, useFollows, useManagedProfiles } from '../api.ts';
import classes from '../relatives.module.css';
import { SectionBadges } from './section-badges.tsx';
import { ShareDialog, type ShareEdit } from './share-dialog.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';

/** One list of follows: the people I follow (`following`) or the people who follow me or a profile I manage (`followers`). */
export function FollowsPanel({ userId, side }: { userId: string; side: 'following' | 'followers' }) {
  const { t } = useTranslation('relatives');
  const follows = useFollows(userId);
  const profiles = useManagedProfiles(side === 'followers' ? userId : '');
  const [editing, setEditing] = useState<ShareEdit | null>(null);

  const end = useFormMutation({
    mutationFn: (share: Share) => endShare(share.id),
    success: side === 'following' ? t('following.stopped') : t('followers.revoked'),
    refresh: refreshRelatives,
  });

  const confirmEnd = (share: Share) =>
    openDeleteConfirm({
      title: side === 'following' ? t('following.stopTitle') : t('followers.revokeTitle'),
      message:
        side === 'following'
          ? t('following.stopMessage', { name: share.person.fullName })
          : t('followers.revokeMessage', { name: share.watcher.fullName, person: share.person.fullName }),
      confirm: side === 'following' ? t('following.stop') : t('followers.revoke'),
      cancel: t('actions.cancel'),
      onConfirm: () => end.mutate(share),
    });

  const shares = side === 'following' ? follows.data?.following : follows.data?.followers;

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t(`${side}.title`)}
      </Title>
      {follows.isError ? (
        <ErrorState message={`${t('following.loadFailed')} ${follows.error.message}`} onRetry={() => void follows.refetch()} />
      ) : !shares ? (
        <LoadingState minHeight={80} />
      ) : shares.length === 0 ? (
        <Text c="dimmed">{t(`${side}.empty`)}</Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.list}>
          {shares.map((share) => {
            const name = side === 'following' ? share.person.fullName : share.watcher.fullName;
            return (
              <Paper key={share.id} component="li" withBorder radius="md" p="sm">
                <Stack gap={6}>
                  <Text fw={600}>{name}</Text>
                  {side === 'followers' && share.person.id !== userId && (
                    <Text size="sm" c="dimmed">
                      {t('followers.of', { name: share.person.fullName })}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('following.since', { day: formatInstant(share.grantedAt) })}
                  </Text>
                  <SectionBadges sections={share.sections} />
                  <Group gap="xs" wrap="wrap">
                    {side === 'following' ? (
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={`${paths.patientInformation}?id=${share.person.id}`}
                        leftSection={<IconEye size={14} aria-hidden="true" />}
                        aria-label={t('following.viewLabel', { name })}
                      >
                        {t('actions.view')}
                      </Button>
                    ) : (
                      <RowButton
                        icon={IconAdjustments}
                        onClick={() =>
                          setEditing({
                            share,
                            needsChildAssent: profiles.data?.find(({ id }) => id === share.person.id)?.needsChildAssent === true,
                          })
                        }
                        aria-label={t('followers.changeLabel', { name })}
                      >
                        {t('followers.change')}
                      </RowButton>
                    )}
                    <RowButton
                      icon={IconUserOff}
                      tone="danger"
                      onClick={() => confirmEnd(share)}
                      loading={end.isPending && end.variables.id === share.id}
                      aria-label={side === 'following' ? t('following.stopLabel', { name }) : t('followers.revokeLabel', { name })}
                    >
                      {side === 'following' ? t('following.stop') : t('followers.revoke')}
                    </RowButton>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ShareDialog edit={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
