import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Invitation } from '@rhc/contracts';
import { DATE_TIME_LIST_FORMAT } from '@rhc/domain';
import { IconCheck, IconX, IconArrowBackUp } from '@tabler/icons-react';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatInstant } from '../../../lib/dates.ts';
import { cancelInvitation, INVITATION_PAGE_SIZE, refreshRelatives, useInvitations } from '../api.ts';
import classes from '../relatives.module.css';
import { AnswerDialog, counterpartName, invitationHeadline, type Answer } from './answer-dialog.tsx';
import { SectionBadges } from './section-badges.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';

const STATUS_COLORS = { pending: 'blue', accepted: 'green', denied: 'red', cancelled: 'gray' } as const;

/** Spec §4: pending invitations both ways — accept or deny those sent to me (with a note), withdraw mine. */
export function InvitationsPanel({ userId }: { userId: string }) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  return (
    <Stack gap="xl">
      <InvitationList userId={userId} type="incoming" onAnswer={setAnswer} />
      <InvitationList userId={userId} type="outgoing" onAnswer={setAnswer} />
      <AnswerDialog answer={answer} onClose={() => setAnswer(null)} />
    </Stack>
  );
}

function InvitationList({ userId, type, onAnswer }: { userId: string; type: 'incoming' | 'outgoing'; onAnswer: (answer: Answer) => void }) {
  const { t } = useTranslation('relatives');
  const [page, setPage] = useState(0);
  const invitations = useInvitations(userId, type, page);

  const withdraw = useFormMutation({
    mutationFn: (id: string) => cancelInvitation(id),
    success: t('invitations.withdrawn'),
    refresh: refreshRelatives,
  });

  const confirmWithdraw = (invitation: Invitation, name: string) =>
    openDeleteConfirm({
      title: t('invitations.withdrawTitle'),
      message: t('invitations.withdrawMessage', { name }),
      confirm: t('invitations.withdraw'),
      cancel: t('actions.cancel'),
      onConfirm: () => withdraw.mutate(invitation.id),
    });

  const data = invitations.data;
  const pages = data ? Math.ceil(data.total / INVITATION_PAGE_SIZE) : 0;

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t(`invitations.${type}`)}
        </Title>
        {type === 'incoming' && data && data.pending > 0 && (
          <Badge color="red" variant="light" tt="none">
            {t('invitations.pending', { count: data.pending })}
          </Badge>
        )}
      </Group>
      {invitations.isError ? (
        <ErrorState message={`${t('invitations.loadFailed')} ${invitations.error.message}`} onRetry={() => void invitations.refetch()} />
      ) : !data ? (
        <LoadingState minHeight={80} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('invitations.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.list}>
          {data.items.map((invitation) => {
            const name = counterpartName(t, invitation);
            const headline = invitationHeadline(t, invitation, userId);
            const pending = invitation.status === 'pending';
            return (
              <Paper key={invitation.id} component="li" withBorder radius="md" p="sm">
                <Stack gap={6}>
                  <Group gap="xs" justify="space-between" wrap="wrap" align="flex-start">
                    <Text fw={600} className={classes.grow}>
                      {headline}
                    </Text>
                    <Badge color={STATUS_COLORS[invitation.status]} variant="light" tt="none">
                      {t(`invitations.status.${invitation.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('invitations.sentAt', { time: formatInstant(invitation.createdAt, DATE_TIME_LIST_FORMAT) })}
                  </Text>
                  <SectionBadges sections={invitation.sections} />
                  {invitation.note && <Text size="sm">{t('invitations.note', { note: invitation.note })}</Text>}
                  {invitation.responseNote && <Text size="sm">{t('invitations.responseNote', { note: invitation.responseNote })}</Text>}
                  {pending && type === 'incoming' && (
                    <Group gap="xs">
                      <RowButton
                        icon={IconCheck}
                        tone="filled"
                        onClick={() => onAnswer({ invitation, accept: true })}
                        aria-label={t('invitations.acceptLabel', { name })}
                      >
                        {t('invitations.accept')}
                      </RowButton>
                      <RowButton
                        icon={IconX}
                        tone="danger"
                        onClick={() => onAnswer({ invitation, accept: false })}
                        aria-label={t('invitations.denyLabel', { name })}
                      >
                        {t('invitations.deny')}
                      </RowButton>
                    </Group>
                  )}
                  {pending && type === 'outgoing' && (
                    <Group gap="xs">
                      <RowButton
                        icon={IconArrowBackUp}
                        tone="danger"
                        onClick={() => confirmWithdraw(invitation, name)}
                        loading={withdraw.isPending && withdraw.variables === invitation.id}
                        aria-label={t('invitations.withdrawLabel', { name })}
                      >
                        {t('invitations.withdraw')}
                      </RowButton>
                    </Group>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      {pages > 1 && <Pager total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />}
    </Stack>
  );
}
