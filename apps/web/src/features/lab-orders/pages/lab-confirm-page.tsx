import { OrderConfirmPage } from '../../../components/booking/order-confirm-page.tsx';
import { LAB_KIT } from '../lab-kit.ts';

/** Step 2 (spec §2 /diagnostictest/confirm/): everything chosen, then the lab order, once per Idempotency-Key. */
export function LabConfirmPage() {
  return <OrderConfirmPage kit={LAB_KIT} />;
}
