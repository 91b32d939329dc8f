import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { Measurement } from '@rhc/contracts';
import {
  analysisRangeProblem,
  DATE_TIME_LIST_FORMAT,
  MEASUREMENT_CATEGORIES,
  type BloodSugarUnit,
  type MeasurementCategory,
} from '@rhc/domain';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatInstant } from '../../../lib/dates.ts';
import { fieldErrorText } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { deleteMeasurement, MEASUREMENT_PAGE_SIZE, refreshMonitoring, useMeasurements, type MeasurementFilters } from '../api.ts';
import classes from '../monitoring.module.css';
import { ReadingValues } from './reading-values.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';

/** Spec §2: the history list — paged, newest first, filtered by category and dates (DD-MM-YYYY); edit and delete. */
export function HistoryPanel({
  infoId,
  canWrite,
  unit,
  onEdit,
}: {
  infoId: string;
  canWrite: boolean;
  unit: BloodSugarUnit;
  onEdit: (reading: Measurement) => void;
}) {
  const { t } = useTranslation('monitoring');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<MeasurementFilters>({});
  const [page, setPage] = useState(0);
  const rangeProblem = filters.from && filters.to ? analysisRangeProblem(filters.from, filters.to) : null;
  const effective = rangeProblem === 'end_before_start' ? { ...filters, to: undefined } : filters;
  const readings = useMeasurements(infoId, effective, page);
  // The list drawn from the answer in a render React can pause (main-thread habits in docs/architecture.md).
  const data = useDeferredValue(readings.data);

  const remove = useMutation({
    mutationFn: (id: string) => deleteMeasurement(infoId, id),
    onSuccess: async () => {
      showSuccess(t('delete.done'));
      await refreshMonitoring(queryClient);
    },
    onError: (error) => showError(t('delete.failed', { reason: error.message })),
  });

  const confirmDelete = (reading: Measurement) =>
    openDeleteConfirm({
      title: t('delete.title'),
      message: t('delete.message', { time: formatInstant(reading.measuredAt, DATE_TIME_LIST_FORMAT) }),
      confirm: t('delete.confirm'),
      cancel: t('actions.cancel'),
      onConfirm: () => remove.mutate(reading.id),
    });

  const change = (next: MeasurementFilters) => {
    setFilters(next);
    setPage(0);
  };
  const filtered = !!(filters.from || filters.to || filters.category);
  const total = data?.total ?? 0;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <NativeSelect
          className={classes.wide}
          label={t('fields.category')}
          value={filters.category ?? ''}
          onChange={({ currentTarget: { value } }) => change({ ...filters, category: value ? (value as MeasurementCategory) : undefined })}
          data={[
            { value: '', label: t('fields.allCategories') },
            ...MEASUREMENT_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
          ]}
        />
        <DayInput
          label={t('fields.from')}
          value={filters.from ?? null}
          onChange={(value) => change({ ...filters, from: value ?? undefined })}
          clearable
        />
        <DayInput
          label={t('fields.to')}
          value={filters.to ?? null}
          onChange={(value) => change({ ...filters, to: value ?? undefined })}
          clearable
          error={rangeProblem === 'end_before_start' ? fieldErrorText('validation.analysis_end_before_start') : undefined}
        />
      </SimpleGrid>
      {filtered && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => change({})}>
            {t('actions.clearFilters')}
          </Button>
        </Group>
      )}
      {readings.isError ? (
        <ErrorState message={`${t('history.loadFailed')} ${readings.error.message}`} onRetry={() => void readings.refetch()} />
      ) : !data ? (
        <LoadingState minHeight={120} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{filtered ? t('history.emptyFiltered') : t('history.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('history.count', { count: total })}
          </Text>
          <Stack gap="sm" component="ul" className={classes.list} aria-label={t('history.title')}>
            {data.items.map((reading) => {
              const time = formatInstant(reading.measuredAt, DATE_TIME_LIST_FORMAT);
              return (
                <Paper key={reading.id} component="li" withBorder radius="md" p="sm" data-testid="reading">
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Group gap="xs">
                        <Text fw={700}>{time}</Text>
                        <Badge variant="outline" color="gray.7" tt="none">
                          {t(`categories.${reading.category}`)}
                        </Badge>
                      </Group>
                      {canWrite && (
                        <Group gap="xs">
                          <RowButton icon={IconEdit} onClick={() => onEdit(reading)} aria-label={t('actions.editLabel', { time })}>
                            {t('actions.edit')}
                          </RowButton>
                          <RowButton
                            icon={IconTrash}
                            tone="danger"
                            onClick={() => confirmDelete(reading)}
                            loading={remove.isPending && remove.variables === reading.id}
                            aria-label={t('actions.deleteLabel', { time })}
                          >
                            {t('actions.delete')}
                          </RowButton>
                        </Group>
                      )}
                    </Group>
                    <ReadingValues reading={reading} unit={unit} />
                    {reading.symptoms && <Text size="sm">{t('history.symptoms', { text: reading.symptoms })}</Text>}
                    {reading.note && (
                      <Text size="sm" c="dimmed">
                        {t('history.note', { text: reading.note })}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
          {total > MEASUREMENT_PAGE_SIZE && (
            <Group justify="center">
              <Pager total={Math.ceil(total / MEASUREMENT_PAGE_SIZE)} value={page + 1} onChange={(value) => setPage(value - 1)} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
