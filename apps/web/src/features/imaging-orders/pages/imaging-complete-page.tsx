import { Button, Container, Group, SimpleGrid, Stack } from '@mantine/core';
import '../styles.ts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { generatePath, Link } from 'react-router';
import { BookingSteps, NoBookingNotice } from '../../../components/booking/booking-steps.tsx';
import { BookingDone } from '../../../components/booking/summary-parts.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { IMAGING_PATHS, IMAGING_STRINGS } from '../imaging-paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { ReviewNotice } from '../components/yes-no-questions.tsx';
import { partNames, scanName } from '../imaging-words.ts';

/** Step 3 (spec §2 /imageanalysation/complete/): the imaging order just made, with its code, and the ways to it and to the lists. */
export function ImagingCompletePage() {
  const { t } = useTranslation(IMAGING_STRINGS);
  usePageTitle(t('pages.complete'));
  const last = useBookingStore((state) => state.orderSuccessList.at(-1));
  const order = last?.category === 'imaging' ? last : undefined;
  const imaging = order?.imaging;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BookingSteps active={2} />
        {order ? (
          <BookingDone title={t('complete.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LabelledValue fw={600} label={t('complete.code')}>
                {order.code}
              </LabelledValue>
              <LabelledValue fw={600} label={t('summary.patient')}>
                {order.infomation.fullName}
              </LabelledValue>
              {imaging && (
                <LabelledValue fw={600} label={t('summary.scan')}>
                  {`${scanName(t, imaging.type, imaging.contrast)}: ${partNames(t, imaging.items)}`}
                </LabelledValue>
              )}
              <LabelledValue fw={600} label={t('complete.when')}>
                {`${formatCalendarDay(order.checkDay, DATE_INPUT_FORMAT)} ${order.checkHour}${imaging ? ` – ${imaging.endHour}` : ''}`}
              </LabelledValue>
              <LabelledValue fw={600} label={t('summary.clinic')}>
                {order.workUnit ? `${order.workUnit.name}, ${order.workUnit.address}` : ''}
              </LabelledValue>
              {imaging && (
                <LabelledValue fw={600} label={t('summary.total')}>
                  {formatVnd(imaging.totalVnd)}
                </LabelledValue>
              )}
              <LabelledValue fw={600} label={t('complete.status')}>
                {imaging?.needsReview ? t('complete.statusReview') : t('complete.statusBooked')}
              </LabelledValue>
            </SimpleGrid>
            {imaging?.needsReview && <ReviewNotice />}
            <Group gap="sm">
              <Button component={Link} to={generatePath(paths.allOrders, { id: order.id })}>
                {t('complete.details')}
              </Button>
              <Button component={Link} to={paths.applicationList} variant="default">
                {t('complete.list')}
              </Button>
            </Group>
          </BookingDone>
        ) : (
          <NoBookingNotice to={IMAGING_PATHS.form} text={t('complete.empty')} action={t('complete.another')} />
        )}
      </Stack>
    </Container>
  );
}
