import { Container, Stack, Text, Title } from '@mantine/core';
import type { WorkMode } from '@rhc/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { currentDraft, useBookingStore, type BookingDraft } from '../../../stores/booking-store.ts';
import { BOOKING_PATHS } from '../booking-paths.ts';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { emptyBookingValues, valuesOfDraft, withIdempotencyKey, withPreselection } from '../booking-values.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { BookingSteps } from '../../../components/booking/booking-steps.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Step 1 of a booking (spec §2 /healthcare/ and /healthcare-online/): the form, prefilled from a draft in progress. */
export function BookingPage({ mode }: { mode: WorkMode }) {
  const { t } = useTranslation('booking');
  usePageTitle(t(`pages.${mode}`));
  const navigate = useNavigate();
  const saveDraft = useBookingStore((state) => state.saveDraft);
  // Read once: the form owns the values from here on.
  const inProgress = currentDraft(useBookingStore.getState(), mode);
  // A link may choose the doctor, specialty and day (the re-examination offered on an order's result, issue 17).
  const [search] = useSearchParams();
  const initialValues = withPreselection(
    inProgress ? valuesOfDraft(inProgress.draft, inProgress.division.bookingFor) : emptyBookingValues,
    search,
    todayInDisplayZone(),
  );

  const next = (draft: BookingDraft) => {
    const bookingFor = draft.isFamily ? 'other' : 'self';
    const previous = useBookingStore.getState().infoBookings[bookingFor];
    saveDraft(
      { mode, bookingFor },
      withIdempotencyKey(draft, previous, () => crypto.randomUUID()),
    );
    void navigate(BOOKING_PATHS[mode].confirm);
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t(`pages.${mode}`)}</Title>
          <Text c="dimmed">{t(`pages.${mode}Intro`)}</Text>
        </Stack>
        <BookingSteps active={0} />
        <BookingForm
          mode={mode}
          initialValues={initialValues}
          submitLabel={t('form.next')}
          takenSlot={inProgress?.draft.takenSlot}
          onSubmit={next}
        />
      </Stack>
    </Container>
  );
}
