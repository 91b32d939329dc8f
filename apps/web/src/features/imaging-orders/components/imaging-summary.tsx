import { Alert, Paper, SimpleGrid, Stack } from '@mantine/core';
import '../styles.ts';
import { DATE_INPUT_FORMAT, imagingTotalVnd } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
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
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {person}
          <LabelledValue fw={500} label={t('summary.scan')}>
            {type ? scanName(t, type, contrast) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.parts')}>
            {partNames(t, parts)}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.clinic')}>
            {draft.workUnit ? `${draft.workUnit.name} — ${draft.workUnit.address}` : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.day')}>
            {draft.testDay ? formatCalendarDay(draft.testDay, DATE_INPUT_FORMAT) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.time')}>
            {draft.endHour ? `${draft.testTime ?? ''} – ${draft.endHour}` : (draft.testTime ?? '')}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.note')}>
            {draft.note || t('summary.none')}
          </LabelledValue>
        </SimpleGrid>
        <LabelledValue fw={700} label={t('summary.total')}>
          {formatVnd(type ? imagingTotalVnd(type, parts, contrast) : 0)}
        </LabelledValue>
        {needsReview && <ReviewNotice />}
        {contrast && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
            {t('lab-catalog:preparation.contrast_fasting')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
