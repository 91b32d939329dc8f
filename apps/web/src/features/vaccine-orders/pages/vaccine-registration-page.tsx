import { OrderBookingPage } from '../../../components/booking/order-booking-page.tsx';
import { VACCINE_KIT } from '../vaccine-kit.ts';

/**
 * Step 1 of a vaccine registration (spec §2 /vaccine-registration/): the form, prefilled from the registration in
 * progress (back from the confirm page, a reload) and from a link of the vaccines page (`?vaccine=&dose=&person=`).
 */
export function VaccineRegistrationPage() {
  return <OrderBookingPage kit={VACCINE_KIT} />;
}
