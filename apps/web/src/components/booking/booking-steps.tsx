import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import './styles.ts';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';

const STEPS = ['choose', 'confirm', 'complete'] as const;

/** Where the person is in the booking: choose, confirm, done (an ordered list, the current step marked). */
export function BookingSteps({ active }: { active: 0 | 1 | 2 }) {
  const { t } = useTranslation('booking');
  return (
    <Group component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
      {STEPS.map((step, index) => (
        <Group component="li" key={step} gap={6} wrap="nowrap" aria-current={index === active ? 'step' : undefined}>
          <Badge
            circle
            size="lg"
            variant={index === active ? 'filled' : 'light'}
            color={index <= active ? 'brand' : 'gray'}
            aria-hidden="true"
          >
            {index + 1}
          </Badge>
          <Text fw={index === active ? 700 : 400} c={index === active ? undefined : 'dimmed'}>
            {t(`steps.${step}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** A step reached with no booking in progress: `text` says so, `action` names the link back to the booking form at `to`. */
export function NoBookingNotice({ to, text, action }: { to: string; text: string; action: string }) {
  return (
    <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button component={Link} to={to} size="sm">
          {action}
        </Button>
      </Stack>
    </Alert>
  );
}
