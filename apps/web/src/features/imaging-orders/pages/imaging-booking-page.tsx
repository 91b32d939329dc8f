import { Container, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { useNavigate } from 'react-router';
import { BookingSteps } from '../../../components/booking/booking-steps.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useBookingStore, type ImagingDraft } from '../../../stores/booking-store.ts';
import { ImagingForm } from '../components/imaging-form.tsx';
import { IMAGING_PATHS, IMAGING_STRINGS } from '../imaging-paths.ts';
import { emptyImagingValues, valuesOfDraft, withIdempotencyKey } from '../imaging-values.ts';

/** Step 1 of an imaging booking (spec §2 /imageanalysation/): the form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function ImagingBookingPage() {
  const { t } = useTranslation(IMAGING_STRINGS);
  usePageTitle(t('pages.form'));
  const navigate = useNavigate();
  const saveDraft = useBookingStore((state) => state.saveImagingDraft);
  // Read once: the form owns the values from here on.
  const inProgress = useBookingStore.getState().imagingDraft;
  const initialValues = inProgress ? valuesOfDraft(inProgress) : emptyImagingValues();

  const next = (draft: ImagingDraft) => {
    saveDraft(withIdempotencyKey(draft, useBookingStore.getState().imagingDraft, () => crypto.randomUUID()));
    void navigate(IMAGING_PATHS.confirm);
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('pages.form')}</Title>
          <Text c="dimmed">{t('pages.formIntro')}</Text>
        </Stack>
        <BookingSteps active={0} />
        <ImagingForm initialValues={initialValues} submitLabel={t('form.next')} takenSlot={inProgress?.takenSlot} onSubmit={next} />
      </Stack>
    </Container>
  );
}
