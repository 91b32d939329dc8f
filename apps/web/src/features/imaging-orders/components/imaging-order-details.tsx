import { Badge, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { DetailRow } from '../../../components/ui/detail-row.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { IMAGING_STRINGS } from '../imaging-paths.ts';
import { partNames } from '../imaging-words.ts';

/**
 * An imaging order's facts on the order's page (/all-orders/{id}), handed to the orders feature by the route: the type,
 * the organs or body parts, contrast, whether staff review it first (and which answers), the price and fasting; its
 * slot is the page's hour. Nothing for another category; the catalog's names are read only when such an order shows.
 */
export function ImagingOrderDetails({ order }: { order: Order }) {
  if (order.category !== 'imaging' || !order.imaging) return null;
  return <ImagingRows imaging={order.imaging} />;
}

function ImagingRows({ imaging }: { imaging: NonNullable<Order['imaging']> }) {
  const { t } = useTranslation(IMAGING_STRINGS);
  return (
    <>
      <DetailRow label={t('details.type')}>{t(`lab-catalog:imaging.${imaging.type}.name`)}</DetailRow>
      <DetailRow label={t('details.parts')}>{partNames(t, imaging.items)}</DetailRow>
      <DetailRow label={t('details.contrast')}>{imaging.contrast ? t('details.contrastYes') : t('details.contrastNo')}</DetailRow>
      {imaging.needsReview && (
        <DetailRow label={t('details.review')}>
          <Stack gap={4} align="flex-start">
            <Badge color="orange" variant="light">
              {t('details.needsReview')}
            </Badge>
            {/* The questions answered "yes", in the reader's language. */}
            <Stack component="ul" gap={2} m={0} ps="lg">
              {imaging.review.map((key) => (
                <Text component="li" size="sm" key={key}>
                  {t(`lab-catalog:${key}` as never)}
                </Text>
              ))}
            </Stack>
          </Stack>
        </DetailRow>
      )}
      <DetailRow label={t('details.total')}>{formatVnd(imaging.totalVnd)}</DetailRow>
      {imaging.fasting && <DetailRow label={t('details.preparation')}>{t('lab-catalog:preparation.contrast_fasting')}</DetailRow>}
    </>
  );
}
