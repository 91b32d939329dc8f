import { OrderBookingPage } from '../../../components/booking/order-booking-page.tsx';
import { LAB_KIT } from '../lab-kit.ts';

/** Step 1 of a lab booking (spec §2 /diagnostictest/): the form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function LabBookingPage() {
  return <OrderBookingPage kit={LAB_KIT} />;
}
