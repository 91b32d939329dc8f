import { Alert } from '@mantine/core';
import '../styles.ts';
import { imagingTotalVnd } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { CapacitySummary, ClinicLine } from '../../../components/booking/summary-parts.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ImagingDraft } from '../../../stores/booking-store.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { IMAGING_STRINGS } from '../imaging-paths.ts';
import { reviewOf } from '../imaging-values.ts';
import { partNames, scanName } from '../imaging-words.ts';
import { ReviewNotice } from './yes-no-questions.tsx';
import type { ReactNode } from 'react';

/** Everything chosen for the scan, as the confirm page shows it: person, scan, parts, clinic, time, price, review, fasting. */
export function ImagingSummary({ draft, person }: { draft: ImagingDraft; person: ReactNode }) {
  const { t } = useTranslation(IMAGING_STRINGS);
  const type = draft.type;
  const parts = draft.items ?? [];
  const contrast = draft.contrast ?? false;
  const needsReview = type ? reviewOf({ ...draft, type }).length > 0 : false;
  /** What only this category shows, between the person and the time. */
  const lines = (
    <>
      <LabelledValue fw={500} label={t('summary.scan')}>
        {type ? scanName(t, type, contrast) : ''}
      </LabelledValue>
      <LabelledValue fw={500} label={t('summary.parts')}>
        {partNames(t, parts)}
      </LabelledValue>
      <ClinicLine label={t('summary.clinic')} workUnit={draft.workUnit} />
    </>
  );
  return (
    <CapacitySummary draft={draft} person={person} strings={IMAGING_STRINGS} timeLabel={t('summary.time')} lines={lines}>
      <LabelledValue fw={700} label={t('summary.total')}>
        {formatVnd(type ? imagingTotalVnd(type, parts, contrast) : 0)}
      </LabelledValue>
      {needsReview && <ReviewNotice />}
      {contrast && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('lab-catalog:preparation.contrast_fasting')}
        </Alert>
      )}
    </CapacitySummary>
  );
}
