import { OrderCompletePage, whenText } from '../../../components/booking/order-complete-page.tsx';
import type { CompleteParts } from '../../../components/booking/order-kit.ts';
import { paths } from '../../../config/paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { ReviewNotice } from '../components/yes-no-questions.tsx';
import { IMAGING_KIT } from '../imaging-paths.ts';
import { partNames, scanName } from '../imaging-words.ts';

const PARTS: CompleteParts = {
  lines: (order, t) => {
    const imaging = order.imaging;
    return [
      ...(imaging
        ? [{ label: t('summary.scan'), value: `${scanName(t, imaging.type, imaging.contrast)}: ${partNames(t, imaging.items)}` }]
        : []),
      { label: t('complete.when'), value: whenText(order.checkDay, order.checkHour, imaging?.endHour) },
      { label: t('summary.clinic'), value: order.workUnit ? `${order.workUnit.name}, ${order.workUnit.address}` : '' },
      ...(imaging ? [{ label: t('summary.total'), value: formatVnd(imaging.totalVnd) }] : []),
    ];
  },
  // Answers the staff review first: booked all the same, and said so.
  status: (order, t) => (order.imaging?.needsReview ? t('complete.statusReview') : t('complete.statusBooked')),
  notice: (order) => (order.imaging?.needsReview ? <ReviewNotice /> : null),
  more: (_order, t) => ({ to: paths.applicationList, label: t('complete.list') }),
};

/** Step 3 (spec §2 /imageanalysation/complete/): the imaging order just made, with its code, and the ways to it and to the lists. */
export function ImagingCompletePage() {
  return <OrderCompletePage kit={IMAGING_KIT} parts={PARTS} />;
}
