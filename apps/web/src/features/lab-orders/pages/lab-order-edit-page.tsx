import { OrderEditPage } from '../../../components/booking/order-edit-page.tsx';
import type { EditParts } from '../../../components/booking/order-kit.ts';
import type { LabDraft } from '../../../stores/booking-store.ts';
import type { LabOrderBody } from '@rhc/contracts';
import { cancelLabOrder, putLabOrder } from '../api.ts';
import { LabForm, type LabHeldTime } from '../components/lab-form.tsx';
import { LAB_KIT } from '../lab-paths.ts';
import { valuesOfOrder, type LabFormValues } from '../lab-values.ts';

const PARTS: EditParts<LabDraft, LabFormValues, LabOrderBody, LabHeldTime> = {
  Form: LabForm,
  put: putLabOrder,
  cancel: cancelLabOrder,
  valuesOfOrder,
  // The order's own place and time, offered while the form keeps that place.
  heldTimeOf: (order, values) => ({
    day: order.checkDay,
    time: order.checkHour,
    atHome: values.atHome,
    district: values.district,
    workUnitId: values.workUnitId,
  }),
  notOwnKey: 'edit.notLab',
};

/** Spec §2 /diagnostictestedit/{id}: the lab booking form prefilled while the order may change, and its cancellation. */
export function LabOrderEditPage() {
  return <OrderEditPage kit={LAB_KIT} parts={PARTS} />;
}
