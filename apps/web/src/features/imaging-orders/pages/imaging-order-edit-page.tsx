import type { ImagingOrderBody } from '@rhc/contracts';
import { OrderEditPage } from '../../../components/booking/order-edit-page.tsx';
import type { EditParts } from '../../../components/booking/order-kit.ts';
import type { ImagingDraft } from '../../../stores/booking-store.ts';
import { cancelImagingOrder, putImagingOrder } from '../api.ts';
import { ImagingForm, type ImagingHeldTime } from '../components/imaging-form.tsx';
import { IMAGING_KIT } from '../imaging-paths.ts';
import { valuesOfOrder, type ImagingFormValues } from '../imaging-values.ts';

const PARTS: EditParts<ImagingDraft, ImagingFormValues, ImagingOrderBody, ImagingHeldTime> = {
  Form: ImagingForm,
  put: putImagingOrder,
  cancel: cancelImagingOrder,
  valuesOfOrder,
  // The order's own slot, offered while the form keeps its type and clinic.
  heldTimeOf: (order, values) => ({ day: order.checkDay, time: order.checkHour, type: values.type, workUnitId: values.workUnitId }),
  notOwnKey: 'edit.notImaging',
};

/** Spec §2 /imageanalysationedit/{id}: the imaging booking form prefilled while the order may change, and its cancellation. */
export function ImagingOrderEditPage() {
  return <OrderEditPage kit={IMAGING_KIT} parts={PARTS} />;
}
