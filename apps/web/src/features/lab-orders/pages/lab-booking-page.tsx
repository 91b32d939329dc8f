import { OrderBookingPage } from '../../../components/booking/order-booking-page.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { LabDraft } from '../../../stores/booking-store.ts';
import { LabForm } from '../components/lab-form.tsx';
import { LAB_KIT } from '../lab-paths.ts';
import { emptyLabValues, valuesOfDraft } from '../lab-values.ts';

/** A new booking is at home, with the account's phone for the collector. */
function useLabInitialValues(inProgress: LabDraft | null) {
  const phone = useAuthStore((state) => state.user?.phone ?? '');
  return inProgress ? valuesOfDraft(inProgress) : emptyLabValues(phone);
}

/** Step 1 of a lab booking (spec §2 /diagnostictest/): the form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function LabBookingPage() {
  return <OrderBookingPage kit={LAB_KIT} parts={{ Form: LabForm, useInitialValues: useLabInitialValues }} />;
}
