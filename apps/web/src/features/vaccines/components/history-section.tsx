import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { VaccinationRecord, VaccineHistoryEntry } from '@rhc/contracts';
import { DATE_LIST_FORMAT } from '@rhc/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { failureText } from '../../../lib/use-form-mutation.ts';
import { refreshVaccines, removeDose } from '../api.ts';
import classes from '../vaccines.module.css';
import { DoseActions } from './dose-actions.tsx';
import { vaccineName, VACCINE_STRINGS, type VaccineT } from './vaccine-text.ts';

/** Why a dose of the history does not count (too young, too soon), by its id, from the record's statuses. */
export function notCounted(record: VaccinationRecord): Map<string, 'too_young' | 'too_soon'> {
  return new Map(record.statuses.flatMap((status) => status.invalid.map((item) => [item.historyId, item.reason] as const)));
}

/** The history newest first (a dose given the same day: the one added last first). */
export function newestFirst(history: readonly VaccineHistoryEntry[]): VaccineHistoryEntry[] {
  return [...history].sort((a, b) => b.givenOn.localeCompare(a.givenOn) || b.createdAt.localeCompare(a.createdAt));
}

/** Deleting a dose, after the one confirmation of the app (spec: confirmation before destructive actions). */
export function useDeleteDose(infoId: string, t: VaccineT) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => removeDose(infoId, id),
    onSuccess: async () => {
      showSuccess(t('delete.done'));
      await refreshVaccines(queryClient);
    },
    onError: (error) => showError(t('delete.failed', { reason: failureText(error) })),
  });
  const confirm = (entry: VaccineHistoryEntry) =>
    openDeleteConfirm({
      title: t('delete.title'),
      message: t('delete.message'),
      subject: `${vaccineName(t, entry.vaccineId)} · ${formatCalendarDay(entry.givenOn, DATE_LIST_FORMAT)}`,
      confirm: t('delete.confirm'),
      cancel: t('delete.cancel'),
      onConfirm: () => remove.mutate(entry.id),
    });
  return { remove, confirm };
}

/**
 * The vaccination history (spec §2, §4): every dose recorded, newest first — date, vaccine, place, note, and whether it
 * counts — with add, modify (the history modal) and delete with confirmation for whoever manages the person.
 */
export function HistorySection({
  record,
  onAdd,
  onEdit,
}: {
  record: VaccinationRecord;
  onAdd: () => void;
  onEdit: (entry: VaccineHistoryEntry) => void;
}) {
  const { t } = useTranslation(VACCINE_STRINGS);
  const { remove, confirm } = useDeleteDose(record.infoId, t);
  const invalid = notCounted(record);
  const entries = newestFirst(record.history);
  const canManage = record.canManage;

  return (
    <Stack gap="sm" component="section" aria-labelledby="vaccine-history-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="vaccine-history-title">
          {t('history.title')}
        </Title>
        {canManage && (
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd}>
            {t('actions.addDose')}
          </Button>
        )}
      </Group>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('history.count', { count: entries.length })}
          </Text>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('history.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.columns.date')}</Table.Th>
                  <Table.Th>{t('history.columns.vaccine')}</Table.Th>
                  <Table.Th>{t('history.columns.place')}</Table.Th>
                  <Table.Th>{t('history.columns.note')}</Table.Th>
                  {canManage && <Table.Th>{t('history.columns.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => {
                  const date = formatCalendarDay(entry.givenOn, DATE_LIST_FORMAT);
                  const vaccine = vaccineName(t, entry.vaccineId);
                  const reason = invalid.get(entry.id);
                  return (
                    <Table.Tr key={entry.id} data-testid="history-entry">
                      <Table.Td className={classes.nowrap}>{date}</Table.Td>
                      <Table.Td className={classes.cellText}>
                        <Stack gap={2}>
                          <span>{vaccine}</span>
                          {reason && (
                            <Badge color="orange" variant="light" size="sm" className={classes.wrap}>
                              {t(`history.notCounted.${reason}`)}
                            </Badge>
                          )}
                          {entry.orderId && (
                            <Text size="xs" c="dimmed">
                              {t('history.fromOrder')}
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td className={classes.cellText}>{entry.place}</Table.Td>
                      <Table.Td className={classes.cellText}>{entry.note}</Table.Td>
                      {canManage && (
                        <Table.Td>
                          <DoseActions
                            vaccine={vaccine}
                            date={date}
                            deleting={remove.isPending && remove.variables === entry.id}
                            onEdit={() => onEdit(entry)}
                            onDelete={() => confirm(entry)}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
