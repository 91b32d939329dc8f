import { useSearchParams } from 'react-router';
import { OrderBookingPage } from '../../../components/booking/order-booking-page.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { VaccineDraft } from '../../../stores/booking-store.ts';
import { VaccineForm } from '../components/vaccine-form.tsx';
import { VACCINE_KIT } from '../registration-paths.ts';
import { emptyVaccineValues, valuesOfDraft, withPreselection } from '../vaccine-values.ts';

/** The registration in progress or a new one, with what a link of the vaccines page names (`?vaccine=&dose=&person=`). */
function useVaccineInitialValues(inProgress: VaccineDraft | null) {
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const [search] = useSearchParams();
  return withPreselection(inProgress ? valuesOfDraft(inProgress) : emptyVaccineValues, search, userId);
}

/**
 * Step 1 of a vaccine registration (spec §2 /vaccine-registration/): the form, prefilled from the registration in
 * progress (back from the confirm page, a reload) and from a link of the vaccines page.
 */
export function VaccineRegistrationPage() {
  return <OrderBookingPage kit={VACCINE_KIT} parts={{ Form: VaccineForm, useInitialValues: useVaccineInitialValues }} />;
}
