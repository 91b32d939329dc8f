import { Alert, Badge, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Holiday } from '@rhc/contracts';
import { IconBeach } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { DAY_PAGE_SIZE, useDoctorScheduleDay } from '../api.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';

type DayScheduleProps = {
  doctorId: string;
  /** YYYY-MM-DD. */
  day: string;
  onDayChange: (day: string) => void;
  holidays: readonly Holiday[];
};

/** Spec §2 "Doctor schedule: by day": the work occurrences of the chosen day. */
export function DaySchedule({ doctorId, day, onDayChange, holidays }: DayScheduleProps) {
  const { t } = useTranslation('schedules');
  const [page, setPage] = useState({ day, index: 0 });
  // Another day starts at its first page.
  const pageIndex = page.day === day ? page.index : 0;
  const query = useDoctorScheduleDay(doctorId, day, pageIndex);
  const holiday = holidays.some((range) => day >= range.startDate && day <= range.endDate);
  const pages = query.data ? Math.ceil(query.data.total / (query.data.size || DAY_PAGE_SIZE)) : 0;

  return (
    <Stack gap="md">
      <DayInput
        label={t('day.pick')}
        value={day}
        onChange={(value) => {
          if (value) onDayChange(value);
        }}
        clearable={false}
        maw={{ base: '100%', xs: 240 }}
      />
      <Title order={2} size="h4">
        {t('day.heading', { day: formatCalendarDay(day) })}
      </Title>
      {holiday && (
        <Alert color="red" variant="light" icon={<IconBeach aria-hidden="true" />}>
          {t('day.holiday')}
        </Alert>
      )}
      {query.isError ? (
        <ErrorState message={`${t('day.loadFailed')} ${query.error.message}`} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingState minHeight={120} />
      ) : query.data.items.length === 0 ? (
        <Text c="dimmed">{t('day.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.items.map((occurrence) => (
            <Paper key={`${occurrence.workTimeId}-${occurrence.start}`} component="li" withBorder radius="md" p="sm">
              <Group gap="sm" wrap="wrap">
                <Badge color={occurrence.mode === 'online' ? 'teal' : 'blue'} variant="light">
                  {t(`mode.${occurrence.mode}`)}
                </Badge>
                <Text fw={600}>
                  {occurrence.start}–{occurrence.end}
                </Text>
                {occurrence.workUnitName && <Text c="dimmed">{occurrence.workUnitName}</Text>}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={pageIndex + 1}
          onChange={(value) => setPage({ day, index: value - 1 })}
          aria-label={t('day.pages')}
        />
      )}
    </Stack>
  );
}
