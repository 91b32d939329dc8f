import { OrderEditPage } from '../../../components/booking/order-edit-page.tsx';
import { IMAGING_KIT } from '../imaging-kit.tsx';

/** Spec §2 /imageanalysationedit/{id}: the imaging booking form prefilled while the order may change, and its cancellation. */
export function ImagingOrderEditPage() {
  return <OrderEditPage kit={IMAGING_KIT} />;
}
