import { OrderCompletePage } from '../../../components/booking/order-complete-page.tsx';
import { LAB_KIT } from '../lab-kit.ts';

/** Step 3 (spec §2 /diagnostictest/complete/): the lab order just made, with its code, and the ways to it and to the lists. */
export function LabCompletePage() {
  return <OrderCompletePage kit={LAB_KIT} />;
}
