import { Avatar, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import './styles.ts';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { BookingDraft } from '../../stores/booking-store.ts';
import { isDegree } from './degrees.ts';

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
