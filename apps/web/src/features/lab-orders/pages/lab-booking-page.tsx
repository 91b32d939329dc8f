import { Container, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { useNavigate } from 'react-router';
import { BookingSteps } from '../../../components/booking/booking-steps.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useBookingStore, type LabDraft } from '../../../stores/booking-store.ts';
import { LabForm } from '../components/lab-form.tsx';
import { LAB_PATHS, LAB_STRINGS } from '../lab-paths.ts';
import { emptyLabValues, valuesOfDraft, withIdempotencyKey } from '../lab-values.ts';

/** Step 1 of a lab booking (spec §2 /diagnostictest/): the form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function LabBookingPage() {
  const { t } = useTranslation(LAB_STRINGS);
  usePageTitle(t('pages.form'));
  const navigate = useNavigate();
  const phone = useAuthStore((state) => state.user?.phone ?? '');
  const saveDraft = useBookingStore((state) => state.saveLabDraft);
  // Read once: the form owns the values from here on.
  const inProgress = useBookingStore.getState().labDraft;
  const initialValues = inProgress ? valuesOfDraft(inProgress) : emptyLabValues(phone);

  const next = (draft: LabDraft) => {
    saveDraft(withIdempotencyKey(draft, useBookingStore.getState().labDraft, () => crypto.randomUUID()));
    void navigate(LAB_PATHS.confirm);
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('pages.form')}</Title>
          <Text c="dimmed">{t('pages.formIntro')}</Text>
        </Stack>
        <BookingSteps active={0} />
        <LabForm initialValues={initialValues} submitLabel={t('form.next')} takenSlot={inProgress?.takenSlot} onSubmit={next} />
      </Stack>
    </Container>
  );
}
