import type { ImagingOrderBody } from '@rhc/contracts';
import { capacitySlot } from '../../components/booking/capacity-slot.ts';
import { whenText } from '../../components/booking/order-complete-page.tsx';
import type { OrderKit } from '../../components/booking/order-kit.ts';
import { paths } from '../../config/paths.ts';
import { formatVnd } from '../../lib/format-vnd.ts';
import type { ImagingDraft } from '../../stores/booking-store.ts';
import { cancelImagingOrder, imagingFreeTimesQuery, postImagingOrder, putImagingOrder, type ImagingPlace } from './api.ts';
import { ImagingForm, type ImagingHeldTime } from './components/imaging-form.tsx';
import { ImagingSummary } from './components/imaging-summary.tsx';
import { ReviewNotice } from './components/yes-no-questions.tsx';
import { IMAGING_PATHS, IMAGING_STRINGS } from './imaging-paths.ts';
import { bodyOfDraft, emptyImagingValues, valuesOfDraft, valuesOfOrder, type ImagingFormValues } from './imaging-values.ts';
import { partNames, scanName } from './imaging-words.ts';

/** The clinic and type of a draft, as the free-slots read asks them. */
function placeOfDraft(draft: ImagingDraft): ImagingPlace | null {
  return draft.workUnitId && draft.type ? { workUnitId: draft.workUnitId, type: draft.type } : null;
}

/** The imaging booking on the kit's pages (issue 51): a scan at a clinic's machine, a counted place. */
export const IMAGING_KIT: OrderKit<ImagingDraft, ImagingFormValues, ImagingOrderBody, ImagingHeldTime> = {
  category: 'imaging',
  strings: IMAGING_STRINGS,
  paths: IMAGING_PATHS,
  store: {
    draft: (state) => state.imagingDraft,
    save: (state) => state.saveImagingDraft,
    complete: (state) => state.completeImagingOrder,
  },
  Form: ImagingForm,
  Summary: ImagingSummary,
  useInitialValues: (inProgress) => (inProgress ? valuesOfDraft(inProgress) : emptyImagingValues()),
  bodyOfDraft,
  post: postImagingOrder,
  put: putImagingOrder,
  cancel: cancelImagingOrder,
  valuesOfOrder,
  heldTimeOf: (order, values) => ({ day: order.checkDay, time: order.checkHour, type: values.type, workUnitId: values.workUnitId }),
  notOwnKey: 'edit.notImaging',
  slot: capacitySlot(placeOfDraft, imagingFreeTimesQuery),
  complete: {
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
    status: (order, t) => (order.imaging?.needsReview ? t('complete.statusReview') : t('complete.statusBooked')),
    notice: (order) => (order.imaging?.needsReview ? <ReviewNotice /> : null),
    more: (_order, t) => ({ to: paths.applicationList, label: t('complete.list') }),
  },
};
