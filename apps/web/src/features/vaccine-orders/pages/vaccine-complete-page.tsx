import { OrderCompletePage } from '../../../components/booking/order-complete-page.tsx';
import { VACCINE_KIT } from '../vaccine-kit.ts';

/** Step 3 (spec §2 /vaccine-registration/complete/, §8 "vaccine order saved"): the order just made, with its code. */
export function VaccineCompletePage() {
  return <OrderCompletePage kit={VACCINE_KIT} />;
}
