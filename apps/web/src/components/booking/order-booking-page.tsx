import { Container, Stack, Text, Title } from '@mantine/core';
import './styles.ts';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { draftBody, kitDraft, useBookingStore, type KitCategory, type KitDrafts } from '../../stores/booking-store.ts';
import { BookingSteps } from './booking-steps.tsx';
import { withKeyForBody } from './idempotency.ts';
import type { BookingParts, OrderKit } from './order-kit.ts';

/** Step 1 of a category's booking: its form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function OrderBookingPage<C extends KitCategory, Values>({
  kit,
  parts,
}: {
  kit: OrderKit<C>;
  parts: BookingParts<KitDrafts[C], Values>;
}) {
  const { t } = useTranslation(kit.strings);
  usePageTitle(t('pages.form'));
  const navigate = useNavigate();
  const saveDraft = useBookingStore((state) => state.saveKitDraft);
  // Read once: the form owns the values from here on.
  const inProgress = kitDraft(useBookingStore.getState(), kit.category);
  const initialValues = parts.useInitialValues(inProgress);

  const next = (draft: KitDrafts[C]) => {
    const previous = kitDraft(useBookingStore.getState(), kit.category);
    saveDraft(
      kit.category,
      withKeyForBody(
        (kept) => draftBody(kept, kit.shown),
        draft,
        previous,
        () => crypto.randomUUID(),
      ),
    );
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
        <parts.Form initialValues={initialValues} submitLabel={t('form.next')} takenSlot={inProgress?.takenSlot} onSubmit={next} />
      </Stack>
    </Container>
  );
}
