import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import type { WorkTime } from '@rhc/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { memo, useDeferredValue, useState } from 'react';
import { affectedBy, refreshSchedule, deleteWorkTime, useWorkTimes } from '../api.ts';
import { confirmOverBookings } from './affected-bookings.tsx';
import { useRecurrenceText } from '../hooks/use-recurrence-text.ts';
import { WorkTimeForm } from './work-time-form.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';

/**
 * The doctor's registered work times, each with its repetition in words, and the way to register, edit or
 * delete one. Whether a work time may still change is the server's decision: its refusal shows as it is.
 * Memoized: the page's own updates (its month arriving, a tab chosen) do not draw it again.
 */
export const WorkTimeList = memo(function WorkTimeList() {
  const { t } = useTranslation('schedules');
  const workTimes = useWorkTimes(true);
  // The list drawn from the answer in a render React can pause (main-thread habits in docs/architecture.md).
  const list = useDeferredValue(workTimes.data);
  const describe = useRecurrenceText();
  // What the dialog shows stays while it fades out after closing: its title and form do not flash to another.
  const [editing, setEditing] = useState<WorkTime | 'new'>('new');
  const [opened, setOpened] = useState(false);
  const open = (target: WorkTime | 'new') => {
    setEditing(target);
    setOpened(true);
  };

  const remove = useFormMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm?: string }) => deleteWorkTime(id, confirm),
    // A working time with bookings to come in it (decision 047): they are listed, and removing it is confirmed once more.
    onFailure: (error, _errors, { id }) => {
      const affected = affectedBy(error);
      if (!affected) return false;
      confirmOverBookings(
        affected,
        { title: t('affected.title'), confirm: t('affected.confirm'), cancel: t('affected.cancel') },
        (confirm) => remove.mutate({ id, confirm }),
      );
      return true;
    },
    success: t('workTimes.deleted'),
    refresh: refreshSchedule,
  });

  const confirmDelete = (workTime: WorkTime) =>
    openDeleteConfirm({
      title: t('workTimes.deleteTitle'),
      message: t('workTimes.deleteMessage'),
      confirm: t('workTimes.deleteConfirm'),
      cancel: t('workTimes.cancel'),
      onConfirm: () => remove.mutate({ id: workTime.id }),
    });

  const close = () => {
    setOpened(false);
    setDirty(false);
  };
  // A dialog with unsaved input asks before closing (Escape, the close button, a click outside, "Hủy").
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const requestClose = () => {
    if (!dirty) return close();
    setConfirming(true);
    openDeleteConfirm({
      title: t('form.discardTitle'),
      message: t('form.discardMessage'),
      confirm: t('form.discard'),
      cancel: t('form.keepEditing'),
      onConfirm: close,
      onClose: () => setConfirming(false),
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          {t('workTimes.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => open('new')}>
          {t('workTimes.add')}
        </Button>
      </Group>

      {workTimes.isError ? (
        <ErrorState message={`${t('workTimes.loadFailed')} ${workTimes.error.message}`} onRetry={() => void workTimes.refetch()} />
      ) : !list ? (
        <LoadingState minHeight={80} size="sm" />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('workTimes.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((workTime) => {
            const rule = describe(workTime);
            const time = `${workTime.start}–${workTime.end}`;
            return (
              <Paper key={workTime.id} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                    <Group gap="xs">
                      <Badge color={workTime.mode === 'online' ? 'teal' : 'blue'} variant="light">
                        {t(`mode.${workTime.mode}`)}
                      </Badge>
                      <Text fw={600}>{time}</Text>
                    </Group>
                    <Text size="sm">{rule}</Text>
                    {workTime.workUnit && (
                      <Text size="sm" c="dimmed">
                        {workTime.workUnit.name} – {workTime.workUnit.address}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs">
                    <RowButton icon={IconPencil} onClick={() => open(workTime)} aria-label={t('workTimes.editLabel', { time, rule })}>
                      {t('workTimes.edit')}
                    </RowButton>
                    <RowButton
                      icon={IconTrash}
                      tone="danger"
                      onClick={() => confirmDelete(workTime)}
                      loading={remove.isPending && remove.variables.id === workTime.id}
                      aria-label={t('workTimes.deleteLabel', { time, rule })}
                    >
                      {t('workTimes.delete')}
                    </RowButton>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}

      <Modal
        opened={opened}
        onClose={requestClose}
        // While the question is open, Escape answers it, not this dialog.
        closeOnEscape={!confirming}
        title={t(editing === 'new' ? 'form.createTitle' : 'form.editTitle')}
        size="lg"
        centered
      >
        <WorkTimeForm
          key={editing === 'new' ? 'new' : editing.id}
          workTime={editing === 'new' ? undefined : editing}
          onDone={close}
          onCancel={requestClose}
          onDirtyChange={setDirty}
        />
      </Modal>
    </Stack>
  );
});
