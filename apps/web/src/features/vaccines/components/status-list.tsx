import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import '../styles.ts';
import type { VaccineStatusView } from '@rhc/contracts';
import type { VaccineId } from '@rhc/domain';
import { IconCalendarPlus, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from '../vaccines.module.css';
import { StatusBadge } from './status-badge.tsx';
import { dueWindowText, vaccineName, VACCINE_STRINGS } from './vaccine-text.ts';
import { agesText } from '../../../lib/vaccine-ages.ts';

/**
 * One card per vaccine of the schedule (spec §2 "status", §4): its status in words with icon and tint, the sub-state
 * worth showing (overdue, due now, not yet due, discuss with a doctor…), the valid doses counted, the next dose with its
 * due window, and its fact sheet and doses (the history modal).
 */
export function StatusList({
  statuses,
  onFacts,
  onHistory,
  registerHref,
}: {
  statuses: readonly VaccineStatusView[];
  onFacts: (vaccineId: VaccineId) => void;
  onHistory: (vaccineId: VaccineId) => void;
  /** Where to book a dose (the registration, preselected), for whoever may book for the person; absent for a watcher. */
  registerHref?: (vaccineId: VaccineId, doseId: string) => string;
}) {
  const { t } = useTranslation(VACCINE_STRINGS);
  return (
    <Stack gap="sm" component="section" aria-labelledby="vaccine-status-title">
      <Title order={2} size="h3" id="vaccine-status-title">
        {t('list.title')}
      </Title>
      {statuses.length === 0 ? (
        <Text c="dimmed">{t('list.empty')}</Text>
      ) : (
        <ul className={classes.cards}>
          {statuses.map((status) => {
            const name = vaccineName(t, status.vaccineId);
            const next = status.nextDose;
            return (
              <li key={status.vaccineId} data-testid="vaccine-card" aria-labelledby={`vaccine-${status.vaccineId}`}>
                <Paper withBorder radius="md" p="md" className={classes.card} data-status={status.status}>
                  <Title order={3} size="h5" id={`vaccine-${status.vaccineId}`} className={classes.wrap}>
                    {name}
                  </Title>
                  <Group gap="xs" wrap="wrap">
                    <StatusBadge status={status.status} />
                    {status.detail && (
                      <Text size="sm" fw={600} data-testid="vaccine-detail">
                        {t(`detail.${status.detail}`)}
                      </Text>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {status.requiredDoses === null
                      ? t('list.recurring', { valid: status.validDoses })
                      : t('list.doses', { valid: status.validDoses, required: status.requiredDoses })}
                  </Text>
                  {next && (
                    <Text size="sm" data-testid="next-dose">
                      <strong>{t('list.nextDose', { order: next.order, ages: agesText(t, next.ages) })}</strong>
                      <br />
                      {dueWindowText(t, next)}
                    </Text>
                  )}
                  <Group gap="xs" className={classes.cardActions}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconInfoCircle size={16} aria-hidden="true" />}
                      onClick={() => onFacts(status.vaccineId)}
                      aria-label={t('list.factSheetLabel', { vaccine: name })}
                    >
                      {t('list.factSheet')}
                    </Button>
                    {registerHref && next && status.status !== 'outside_age_range' && (
                      <Button
                        component={Link}
                        to={registerHref(status.vaccineId, next.id)}
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
                        aria-label={t('list.registerLabel', { vaccine: name, order: next.order })}
                      >
                        {t('list.register')}
                      </Button>
                    )}
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconHistory size={16} aria-hidden="true" />}
                      onClick={() => onHistory(status.vaccineId)}
                      aria-label={t('list.historyLabel', { vaccine: name })}
                    >
                      {t('list.history')}
                    </Button>
                  </Group>
                </Paper>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
