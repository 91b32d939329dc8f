import { OrderBookingPage } from '../../../components/booking/order-booking-page.tsx';
import type { ImagingDraft } from '../../../stores/booking-store.ts';
import { ImagingForm } from '../components/imaging-form.tsx';
import { IMAGING_KIT } from '../imaging-paths.ts';
import { emptyImagingValues, valuesOfDraft } from '../imaging-values.ts';

const PARTS = {
  Form: ImagingForm,
  useInitialValues: (inProgress: ImagingDraft | null) => (inProgress ? valuesOfDraft(inProgress) : emptyImagingValues()),
};

/** Step 1 of an imaging booking (spec §2 /imageanalysation/): the form, prefilled from the booking in progress (back from the confirm page, a reload). */
export function ImagingBookingPage() {
  return <OrderBookingPage kit={IMAGING_KIT} parts={PARTS} />;
}
