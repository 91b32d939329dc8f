import { OrderConfirmPage } from '../../../components/booking/order-confirm-page.tsx';
import { VACCINE_KIT } from '../vaccine-kit.ts';

/** Step 2 (spec §2 /vaccine-registration/confirm/): everything chosen, then the vaccine order, once per Idempotency-Key. */
export function VaccineConfirmPage() {
  return <OrderConfirmPage kit={VACCINE_KIT} />;
}
