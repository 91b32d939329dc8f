import { OrderEditPage } from '../../../components/booking/order-edit-page.tsx';
import { VACCINE_KIT } from '../vaccine-kit.ts';

/** Spec §2 /vaccine-order/edit/{id}: the registration form prefilled, while the order may still change. */
export function VaccineOrderEditPage() {
  return <OrderEditPage kit={VACCINE_KIT} />;
}
