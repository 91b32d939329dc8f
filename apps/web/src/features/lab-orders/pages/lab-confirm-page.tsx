import { capacitySlot } from '../../../components/booking/capacity-slot.ts';
import { OrderConfirmPage } from '../../../components/booking/order-confirm-page.tsx';
import type { LabDraft } from '../../../stores/booking-store.ts';
import { labFreeTimesQuery, postLabOrder, type LabPlace } from '../api.ts';
import { LabSummary } from '../components/lab-summary.tsx';
import { LAB_KIT } from '../lab-paths.ts';

/** Where a draft takes the sample, as the free-places read asks it. */
function placeOfDraft(draft: LabDraft): LabPlace | null {
  if (draft.atHome) return draft.district ? { atHome: true, district: draft.district } : null;
  return draft.workUnitId ? { atHome: false, workUnitId: draft.workUnitId } : null;
}

const PARTS = { Summary: LabSummary, post: postLabOrder, slot: capacitySlot(placeOfDraft, labFreeTimesQuery) };

/** Step 2 (spec §2 /diagnostictest/confirm/): everything chosen, then the lab order, once per Idempotency-Key. */
export function LabConfirmPage() {
  return <OrderConfirmPage kit={LAB_KIT} parts={PARTS} />;
}
