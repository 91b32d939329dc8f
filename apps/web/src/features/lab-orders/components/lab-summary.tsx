import { Stack, Text } from '@mantine/core';
import '../styles.ts';
import { labPreparation, labTotalVnd } from '@rhc/domain';
import { CapacitySummary, ClinicLine } from '../../../components/booking/summary-parts.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { LabDraft } from '../../../stores/booking-store.ts';
import { LAB_STRINGS } from '../lab-paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { districtName, itemNames } from '../lab-words.ts';
import { LabItemList, LabPreparation } from './lab-choice-summary.tsx';
import type { ReactNode } from 'react';

/** Everything chosen for the lab tests, as the confirm page shows it: person, place, time, items, total, preparation. */
export function LabSummary({ draft, person }: { draft: LabDraft; person: ReactNode }) {
  const { t } = useTranslation(LAB_STRINGS);
  const selection = { packages: draft.packageTestItems ?? [], tests: draft.requestTestItems ?? [] };
  /** What only this category shows, between the person and the time. */
  const lines = (
    <>
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
        <ClinicLine label={t('summary.clinic')} workUnit={draft.workUnit} />
      )}
    </>
  );
  return (
    <CapacitySummary draft={draft} person={person} strings={LAB_STRINGS} timeLabel={t('summary.window')} lines={lines}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('summary.items')}
        </Text>
        <LabItemList names={itemNames(t, selection.packages, selection.tests)} />
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
    </CapacitySummary>
  );
}
