import { OrderCompletePage } from '../../../components/booking/order-complete-page.tsx';
import { IMAGING_KIT } from '../imaging-kit.tsx';

/** Step 3 (spec §2 /imageanalysation/complete/): the imaging order just made, with its code, and the ways to it and to the lists. */
export function ImagingCompletePage() {
  return <OrderCompletePage kit={IMAGING_KIT} />;
}
