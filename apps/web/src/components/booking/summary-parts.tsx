import { Avatar, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import './styles.ts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCalendarDay } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { LabelledValue } from '../ui/labelled-value.tsx';
import type { BookingDraft } from '../../stores/booking-store.ts';
import { isDegree } from './degrees.ts';
import type { KitStrings } from './order-kit.ts';

/** The doctor of a booking in progress, as the confirm pages show them: photo, name, degree and workplace. */
export function DoctorLine({ label, doctor }: { label: string; doctor: BookingDraft['doctor'] }) {
  const { t } = useTranslation('booking');
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {doctor && (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={doctor.urlImage} alt="" radius="xl" name={doctor.fullName} color="brand" variant="filled" />
          <div>
            <Text fw={500}>{doctor.fullName}</Text>
            <Text size="sm" c="dimmed">
              {isDegree(doctor.degree) ? t(`degrees.${doctor.degree}`) : doctor.degree} · {doctor.workPlace}
            </Text>
          </div>
        </Group>
      )}
    </Stack>
  );
}

/** A booking just made (the complete pages): a tick, `title` as the page's heading, then what was booked. */
export function BookingDone({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" size="xl" radius="xl">
            <IconCircleCheck aria-hidden="true" />
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The clinic of a booking in progress, named with its address ('' until one is chosen). */
export function ClinicLine({ label, workUnit }: { label: string; workUnit: { name: string; address: string } | undefined }) {
  return (
    <LabelledValue fw={500} label={label}>
      {workUnit ? `${workUnit.name} — ${workUnit.address}` : ''}
    </LabelledValue>
  );
}

/** A capacity booking's time and note as its draft keeps them: the day, the start (and end) of its slot or window. */
type SlotDraft = { testDay?: string; testTime?: string; endHour?: string; note?: string };

/**
 * A capacity booking's summary on its confirm page (lab tests, imaging): the person and the category's own `lines` in
 * a grid closed by the day, the time ("07:00 – 09:00", under `timeLabel`) and the note, worded by the category's
 * `strings`; then what comes after the grid (`children`: the price, the preparation).
 */
export function CapacitySummary({
  strings,
  draft,
  person,
  lines,
  timeLabel,
  children,
}: {
  strings: KitStrings;
  draft: SlotDraft;
  person: ReactNode;
  lines: ReactNode;
  timeLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(strings);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {person}
          {lines}
          <LabelledValue fw={500} label={t('summary.day')}>
            {draft.testDay ? formatCalendarDay(draft.testDay, DATE_INPUT_FORMAT) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={timeLabel}>
            {draft.endHour ? `${draft.testTime ?? ''} – ${draft.endHour}` : (draft.testTime ?? '')}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.note')}>
            {draft.note || t('summary.none')}
          </LabelledValue>
        </SimpleGrid>
        {children}
      </Stack>
    </Paper>
  );
}
