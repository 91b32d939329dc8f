import { capacitySlot } from '../../../components/booking/capacity-slot.ts';
import { OrderConfirmPage } from '../../../components/booking/order-confirm-page.tsx';
import type { ImagingDraft } from '../../../stores/booking-store.ts';
import { imagingFreeTimesQuery, postImagingOrder, type ImagingPlace } from '../api.ts';
import { ImagingSummary } from '../components/imaging-summary.tsx';
import { IMAGING_KIT } from '../imaging-paths.ts';

/** The clinic and type of a draft, as the free-slots read asks them. */
function placeOfDraft(draft: ImagingDraft): ImagingPlace | null {
  return draft.workUnitId && draft.type ? { workUnitId: draft.workUnitId, type: draft.type } : null;
}

const PARTS = { Summary: ImagingSummary, post: postImagingOrder, slot: capacitySlot(placeOfDraft, imagingFreeTimesQuery) };

/** Step 2 (spec §2 /imageanalysation/confirm/): everything chosen, then the imaging order, once per Idempotency-Key. */
export function ImagingConfirmPage() {
  return <OrderConfirmPage kit={IMAGING_KIT} parts={PARTS} />;
}
