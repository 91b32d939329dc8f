import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { DetailRow } from '../../../components/ui/detail-row.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { doseLabel } from '../dose-ages.ts';
import { REGISTRATION_STRINGS } from '../registration-paths.ts';

/**
 * A vaccine order's vaccine, dose and schedule on the order's page (/all-orders/{id}), handed to the orders feature by the
 * route; nothing for another category. The vaccines' names are read only when such an order shows.
 */
export function VaccineOrderDetails({ order }: { order: Order }) {
  if (!order.vaccine) return null;
  return <VaccineRows vaccine={order.vaccine} />;
}

function VaccineRows({ vaccine }: { vaccine: NonNullable<Order['vaccine']> }) {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  return (
    <>
      <DetailRow label={t('summary.vaccine')}>{t(`vaccine-facts:${vaccine.vaccineId}.name`)}</DetailRow>
      <DetailRow label={t('summary.dose')}>{doseLabel(t, vaccine.scheduleId, vaccine.vaccineDoseId)}</DetailRow>
      <DetailRow label={t('summary.schedule')}>{t(`form.schedules.${vaccine.scheduleId}`)}</DetailRow>
    </>
  );
}
