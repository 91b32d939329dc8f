import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { DATE_INPUT_FORMAT, labPreparation, labTotalVnd } from '@rhc/domain';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { LabDraft } from '../../../stores/booking-store.ts';
import { LAB_STRINGS } from '../lab-paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { districtName, itemNames } from '../lab-words.ts';
import { LabPreparation } from './lab-choice-summary.tsx';
import type { ReactNode } from 'react';

/** Everything chosen for the lab tests, as the confirm page shows it: person, place, time, items, total, preparation. */
export function LabSummary({ draft, person }: { draft: LabDraft; person: ReactNode }) {
  const { t } = useTranslation(LAB_STRINGS);
  const selection = { packages: draft.packageTestItems ?? [], tests: draft.requestTestItems ?? [] };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {person}
          <LabelledValue fw={500} label={t('summary.place')}>
            {draft.atHome ? t('summary.atHome') : t('summary.atClinic')}
          </LabelledValue>
          {draft.atHome ? (
            <>
              <LabelledValue fw={500} label={t('summary.address')}>
                {draft.orderAdress ?? ''}
              </LabelledValue>
              <LabelledValue fw={500} label={t('summary.district')}>
                {draft.district ? districtName(draft.district) : ''}
              </LabelledValue>
              <LabelledValue fw={500} label={t('summary.phone')}>
                {draft.orderPhone ?? ''}
              </LabelledValue>
            </>
          ) : (
            <LabelledValue fw={500} label={t('summary.clinic')}>
              {draft.workUnit ? `${draft.workUnit.name} — ${draft.workUnit.address}` : ''}
            </LabelledValue>
          )}
          <LabelledValue fw={500} label={t('summary.day')}>
            {draft.testDay ? formatCalendarDay(draft.testDay, DATE_INPUT_FORMAT) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.window')}>
            {draft.endHour ? `${draft.testTime ?? ''} – ${draft.endHour}` : (draft.testTime ?? '')}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.note')}>
            {draft.note || t('summary.none')}
          </LabelledValue>
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('summary.items')}
          </Text>
          <Stack component="ul" gap={2} m={0} ps="lg">
            {itemNames(t, selection.packages, selection.tests).map((name) => (
              <Text component="li" size="sm" key={name}>
                {name}
              </Text>
            ))}
          </Stack>
        </Stack>
        <LabelledValue fw={700} label={t('summary.total')}>
          {formatVnd(labTotalVnd(selection))}
        </LabelledValue>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('summary.preparation')}
          </Text>
          <LabPreparation keys={labPreparation(selection)} />
        </Stack>
      </Stack>
    </Paper>
  );
}
