import { OrderBookingPage } from '../../../components/booking/order-booking-page.tsx';
import { IMAGING_KIT } from '../imaging-kit.tsx';

/** Step 1 of an imaging booking (spec §2 /imageanalysation/): the form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function ImagingBookingPage() {
  return <OrderBookingPage kit={IMAGING_KIT} />;
}
