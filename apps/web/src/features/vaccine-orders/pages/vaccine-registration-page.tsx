import { Container, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { BookingSteps } from '../../../components/booking/booking-steps.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useBookingStore, type VaccineDraft } from '../../../stores/booking-store.ts';
import { VaccineForm } from '../components/vaccine-form.tsx';
import { REGISTRATION_PATHS, REGISTRATION_STRINGS } from '../registration-paths.ts';
import { emptyVaccineValues, valuesOfDraft, withIdempotencyKey, withPreselection } from '../vaccine-values.ts';

/**
 * Step 1 of a vaccine registration (spec §2 /vaccine-registration/): the form, prefilled from the registration in
 * progress (back from the confirm page, a reload) and from a link of the vaccines page (`?vaccine=&dose=&person=`).
 */
export function VaccineRegistrationPage() {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  usePageTitle(t('pages.form'));
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const saveDraft = useBookingStore((state) => state.saveVaccineDraft);
  const [search] = useSearchParams();
  // Read once: the form owns the values from here on.
  const inProgress = useBookingStore.getState().vaccineDraft;
  const initialValues = withPreselection(inProgress ? valuesOfDraft(inProgress) : emptyVaccineValues, search, userId);

  const next = (draft: VaccineDraft) => {
    saveDraft(withIdempotencyKey(draft, useBookingStore.getState().vaccineDraft, () => crypto.randomUUID()));
    void navigate(REGISTRATION_PATHS.confirm);
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('pages.form')}</Title>
          <Text c="dimmed">{t('pages.formIntro')}</Text>
        </Stack>
        <BookingSteps active={0} />
        <VaccineForm initialValues={initialValues} submitLabel={t('form.next')} takenSlot={inProgress?.takenSlot} onSubmit={next} />
      </Stack>
    </Container>
  );
}
