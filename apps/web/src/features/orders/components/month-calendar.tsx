import { ActionIcon, Badge, Box, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { DATE_LIST_FORMAT } from '@rhc/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import '../strings.ts';

type MonthCalendarProps = {
  /** Any day of the month shown, YYYY-MM-DD. */
  month: string;
  /** Bookings per day (YYYY-MM-DD). */
  counts: ReadonlyMap<string, number>;
  selected: string | null;
  onSelect: (day: string) => void;
  onMonthChange: (month: string) => void;
};

// 1 January 2024 was a Monday: the header's weekday names are read from that week (spec §5: weeks start on Monday).
const A_MONDAY = dayjs('2024-01-01');

/** A month as a grid of days, Monday first, each day a button naming its count of bookings. */
export function MonthCalendar({ month, counts, selected, onSelect, onMonthChange }: MonthCalendarProps) {
  const { t } = useTranslation('orders');
  const first = dayjs(month).startOf('month');
  const leading = (first.day() + 6) % 7;
  const days = Array.from({ length: first.daysInMonth() }, (_, index) => first.add(index, 'day'));

  return (
    <Box>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => onMonthChange(first.subtract(1, 'month').format('YYYY-MM-DD'))}
          aria-label={t('month.previous')}
        >
          <IconChevronLeft aria-hidden="true" />
        </ActionIcon>
        <Text fw={700} tt="capitalize" aria-live="polite">
          {first.format('MMMM YYYY')}
        </Text>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => onMonthChange(first.add(1, 'month').format('YYYY-MM-DD'))}
          aria-label={t('month.next')}
        >
          <IconChevronRight aria-hidden="true" />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
        {Array.from({ length: 7 }, (_, index) => (
          <Text key={index} size="xs" c="dimmed" ta="center" fw={600} aria-hidden="true">
            {A_MONDAY.add(index, 'day').format('dd')}
          </Text>
        ))}
        {Array.from({ length: leading }, (_, index) => (
          <span key={`blank-${index}`} />
        ))}
        {days.map((day) => {
          const key = day.format('YYYY-MM-DD');
          const count = counts.get(key) ?? 0;
          const date = day.format(DATE_LIST_FORMAT);
          const isSelected = key === selected;
          return (
            <Button
              key={key}
              variant={isSelected ? 'filled' : count > 0 ? 'light' : 'subtle'}
              color={count > 0 || isSelected ? undefined : 'gray'}
              h={56}
              px={0}
              onClick={() => onSelect(key)}
              aria-pressed={isSelected}
              aria-label={count > 0 ? t('month.dayLabel', { date, number: count }) : t('month.dayLabelEmpty', { date })}
              styles={{ label: { flexDirection: 'column', gap: 2 } }}
            >
              <span>{day.date()}</span>
              {count > 0 && (
                <Badge size="xs" circle variant={isSelected ? 'white' : 'filled'} aria-hidden="true">
                  {count}
                </Badge>
              )}
            </Button>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
