import { Container, Stack, Text, Title } from '@mantine/core';
import './styles.ts';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useBookingStore } from '../../stores/booking-store.ts';
import { BookingSteps } from './booking-steps.tsx';
import { withKeyForBody } from './idempotency.ts';
import type { KitDraft, OrderKit } from './order-kit.ts';

/** Step 1 of a category's booking: its form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function OrderBookingPage<Draft extends KitDraft, Values, Body, Held>({ kit }: { kit: OrderKit<Draft, Values, Body, Held> }) {
  const { t } = useTranslation(kit.strings);
  usePageTitle(t('pages.form'));
  const navigate = useNavigate();
  const saveDraft = useBookingStore(kit.store.save);
  // Read once: the form owns the values from here on.
  const inProgress = kit.store.draft(useBookingStore.getState());
  const initialValues = kit.useInitialValues(inProgress);

  const next = (draft: Draft) => {
    saveDraft(withKeyForBody(kit.bodyOfDraft, draft, kit.store.draft(useBookingStore.getState()), () => crypto.randomUUID()));
    void navigate(kit.paths.confirm);
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('pages.form')}</Title>
          <Text c="dimmed">{t('pages.formIntro')}</Text>
        </Stack>
        <BookingSteps active={0} />
        <kit.Form initialValues={initialValues} submitLabel={t('form.next')} takenSlot={inProgress?.takenSlot} onSubmit={next} />
      </Stack>
    </Container>
  );
}
