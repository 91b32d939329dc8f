import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { DetailRow } from '../../../components/ui/detail-row.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { LAB_STRINGS } from '../lab-paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { districtName, itemNames } from '../lab-words.ts';
import { LabItemList, LabPreparation } from './lab-choice-summary.tsx';

/**
 * A lab order's booking facts on the order's page (/all-orders/{id}), handed to the orders feature by the route:
 * the tests and packages by name, where the sample is taken (the address, area and phone of a home visit), the total
 * and the preparation; its window is the page's hour. Nothing for another category; the catalog's names are read
 * only when such an order shows.
 */
export function LabOrderDetails({ order }: { order: Order }) {
  if (order.category !== 'lab' || !order.lab) return null;
  return <LabRows lab={order.lab} />;
}

function LabRows({ lab }: { lab: NonNullable<Order['lab']> }) {
  const { t } = useTranslation(LAB_STRINGS);
  const selection = { packages: lab.packageTestItems, tests: lab.requestTestItems };
  return (
    <>
      <DetailRow label={t('details.items')}>
        <LabItemList names={itemNames(t, selection.packages, selection.tests)} />
      </DetailRow>
      <DetailRow label={t('details.place')}>
        {lab.atHome ? t('details.atHome', { address: lab.orderAdress ?? '' }) : t('details.atClinic')}
      </DetailRow>
      {lab.atHome && lab.district && <DetailRow label={t('details.district')}>{districtName(lab.district)}</DetailRow>}
      {lab.atHome && lab.orderPhone && <DetailRow label={t('details.phone')}>{lab.orderPhone}</DetailRow>}
      <DetailRow label={t('details.total')}>{formatVnd(lab.totalVnd)}</DetailRow>
      <DetailRow label={t('details.preparation')}>
        <LabPreparation keys={lab.preparation} />
      </DetailRow>
    </>
  );
}
