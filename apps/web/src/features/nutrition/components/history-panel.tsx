import { ActionIcon, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { NutritionRecord } from '@rhc/contracts';
import { DATE_LIST_FORMAT } from '@rhc/domain';
import { IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureText } from '../../../lib/use-form-mutation.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { deleteNutrition, NUTRITION_LIST_SIZE, refreshNutrition, useNutritionRecords } from '../api.ts';
import classes from '../nutrition.module.css';
import type { DialogMode } from './nutrition-dialog.tsx';
import { useDiagnosisText } from './diagnosis-text.ts';

/**
 * Spec §1 "nutrition assessment and plan history": ordinal, date (DD-MM-YYYY), diagnosis, food choice, related
 * medication, note; newest exam first, 10 a page; view, edit, delete. A table that scrolls sideways on a phone, its
 * ordinal and date kept in view.
 */
export function HistoryPanel({
  infoId,
  canWrite,
  onOpen,
}: {
  infoId: string;
  canWrite: boolean;
  onOpen: (mode: DialogMode, record?: NutritionRecord) => void;
}) {
  const { t } = useTranslation('nutrition');
  const diagnosis = useDiagnosisText();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const records = useNutritionRecords(infoId, page);
  const data = useDeferredValue(records.data);

  const remove = useMutation({
    mutationFn: (id: string) => deleteNutrition(infoId, id),
    onSuccess: async () => {
      showSuccess(t('delete.done'));
      await refreshNutrition(queryClient);
    },
    onError: (error) => showError(t('delete.failed', { reason: failureText(error) })),
  });

  const confirmDelete = (record: NutritionRecord) =>
    openDeleteConfirm({
      title: t('delete.title'),
      message: t('delete.message'),
      subject: formatCalendarDay(record.examinedOn, DATE_LIST_FORMAT),
      confirm: t('delete.confirm'),
      cancel: t('actions.cancel'),
      onConfirm: () => remove.mutate(record.id),
    });

  const total = data?.total ?? 0;

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('history.title')}
      </Title>
      {records.isError ? (
        <ErrorState message={`${t('history.loadFailed')} ${records.error.message}`} onRetry={() => void records.refetch()} />
      ) : !data ? (
        <LoadingState minHeight={120} />
      ) : data.items.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">{t('history.empty')}</Text>
          {canWrite && (
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => onOpen('add')}>
              {t('actions.add')}
            </Button>
          )}
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('history.count', { count: total })}
          </Text>
          <Table.ScrollContainer minWidth={860} type="native">
            <Table className={classes.table} verticalSpacing="sm" highlightOnHover aria-label={t('history.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className={`${classes.sticky} ${classes.ordinal}`}>{t('history.columns.ordinal')}</Table.Th>
                  <Table.Th className={`${classes.sticky} ${classes.date}`}>{t('history.columns.date')}</Table.Th>
                  <Table.Th>{t('history.columns.diagnosis')}</Table.Th>
                  <Table.Th>{t('history.columns.foods')}</Table.Th>
                  <Table.Th>{t('history.columns.medication')}</Table.Th>
                  <Table.Th>{t('history.columns.note')}</Table.Th>
                  <Table.Th>{t('history.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((record, index) => {
                  const date = formatCalendarDay(record.examinedOn, DATE_LIST_FORMAT);
                  return (
                    <Table.Tr key={record.id} data-testid="assessment">
                      <Table.Td className={`${classes.sticky} ${classes.ordinal}`}>{page * NUTRITION_LIST_SIZE + index + 1}</Table.Td>
                      <Table.Td className={`${classes.sticky} ${classes.date}`}>{date}</Table.Td>
                      <Table.Td className={classes.cellText}>{diagnosis(record.assessment)}</Table.Td>
                      <Table.Td className={classes.cellText}>{record.recommendedFoods}</Table.Td>
                      <Table.Td className={classes.cellText}>{record.otherMedication}</Table.Td>
                      <Table.Td className={classes.cellText}>{record.note}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            onClick={() => onOpen('view', record)}
                            aria-label={t('actions.viewLabel', { date })}
                          >
                            <IconEye size={18} aria-hidden="true" />
                          </ActionIcon>
                          {canWrite && (
                            <>
                              <ActionIcon
                                variant="subtle"
                                size="lg"
                                onClick={() => onOpen('edit', record)}
                                aria-label={t('actions.editLabel', { date })}
                              >
                                <IconEdit size={18} aria-hidden="true" />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                size="lg"
                                onClick={() => confirmDelete(record)}
                                loading={remove.isPending && remove.variables === record.id}
                                aria-label={t('actions.deleteLabel', { date })}
                              >
                                <IconTrash size={18} aria-hidden="true" />
                              </ActionIcon>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > NUTRITION_LIST_SIZE && (
            <Group justify="center">
              <Pager total={Math.ceil(total / NUTRITION_LIST_SIZE)} value={page + 1} onChange={(value) => setPage(value - 1)} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
