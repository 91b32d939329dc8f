import { OrderConfirmPage } from '../../../components/booking/order-confirm-page.tsx';
import { IMAGING_KIT } from '../imaging-kit.tsx';

/** Step 2 (spec §2 /imageanalysation/confirm/): everything chosen, then the imaging order, once per Idempotency-Key. */
export function ImagingConfirmPage() {
  return <OrderConfirmPage kit={IMAGING_KIT} />;
}
