import { OrderEditPage } from '../../../components/booking/order-edit-page.tsx';
import { LAB_KIT } from '../lab-kit.ts';

/** Spec §2 /diagnostictestedit/{id}: the lab booking form prefilled while the order may change, and its cancellation. */
export function LabOrderEditPage() {
  return <OrderEditPage kit={LAB_KIT} />;
}
