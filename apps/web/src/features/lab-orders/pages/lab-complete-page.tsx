import { OrderCompletePage, whenText } from '../../../components/booking/order-complete-page.tsx';
import type { CompleteParts } from '../../../components/booking/order-kit.ts';
import { paths } from '../../../config/paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { LAB_KIT } from '../lab-paths.ts';
import { itemNames } from '../lab-words.ts';

const PARTS: CompleteParts = {
  lines: (order, t) => {
    const lab = order.lab;
    return [
      ...(lab ? [{ label: t('summary.items'), value: itemNames(t, lab.packageTestItems, lab.requestTestItems).join(', ') }] : []),
      { label: t('complete.when'), value: whenText(order.checkDay, order.checkHour, lab?.endHour) },
      {
        label: t('summary.place'),
        value: lab?.atHome
          ? `${t('summary.atHome')}: ${lab.orderAdress ?? ''}`
          : order.workUnit
            ? `${order.workUnit.name}, ${order.workUnit.address}`
            : '',
      },
      ...(lab ? [{ label: t('summary.total'), value: formatVnd(lab.totalVnd) }] : []),
    ];
  },
  more: (_order, t) => ({ to: paths.applicationList, label: t('complete.list') }),
};

/** Step 3 (spec §2 /diagnostictest/complete/): the lab order just made, with its code, and the ways to it and to the lists. */
export function LabCompletePage() {
  return <OrderCompletePage kit={LAB_KIT} parts={PARTS} />;
}
