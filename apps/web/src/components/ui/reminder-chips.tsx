import { Chip, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Chip.layer.css';
import { MAX_REMINDERS, REMINDER_CHOICES, sortReminderMinutes } from '@rhc/domain';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

/** "1 ngày, 2 giờ": lead times as a person reads them, earliest first; "Không nhắc" for none. */
export function useReminderList() {
  const { t } = useTranslation('reminders');
  return (minutes: readonly number[]) =>
    minutes.length === 0
      ? t('settings.none')
      : sortReminderMinutes(minutes)
          .map((value) => t(`lead.${value}` as 'lead.120'))
          .join(t('settings.listSeparator'));
}

/**
 * The offered reminder lead times as checkable chips (each a checkbox: Tab to reach, Space to toggle), at most three;
 * once three are chosen the others are disabled and a line says why.
 */
export function ReminderChips({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: readonly number[];
  onChange: (minutes: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('reminders');
  const labelId = useId();
  const full = value.length >= MAX_REMINDERS;
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group multiple value={value.map(String)} onChange={(selected) => onChange(sortReminderMinutes(selected.map(Number)))}>
        <Group gap="xs" role="group" aria-labelledby={labelId}>
          {REMINDER_CHOICES.map((minutes) => (
            <Chip key={minutes} value={String(minutes)} disabled={disabled || (full && !value.includes(minutes))}>
              {t(`lead.${minutes}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {full ? t('settings.max') : value.length === 0 ? t('settings.noneChosen') : ''}
      </Text>
    </Stack>
  );
}
