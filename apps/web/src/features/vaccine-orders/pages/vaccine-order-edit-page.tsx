import type { VaccineOrderBody } from '@rhc/contracts';
import { OrderEditPage } from '../../../components/booking/order-edit-page.tsx';
import type { EditParts } from '../../../components/booking/order-kit.ts';
import type { VaccineDraft } from '../../../stores/booking-store.ts';
import { putVaccineOrder } from '../api.ts';
import { VaccineForm } from '../components/vaccine-form.tsx';
import { VACCINE_KIT } from '../registration-paths.ts';
import { valuesOfOrder, type VaccineFormValues } from '../vaccine-values.ts';

const PARTS: EditParts<VaccineDraft, VaccineFormValues, VaccineOrderBody, { doctorId: string; day: string; hour: string }> = {
  Form: VaccineForm,
  put: putVaccineOrder,
  valuesOfOrder,
  // The vaccinator's slot the order holds, offered though it is taken (by the order itself).
  heldTimeOf: (order) => (order.doctor ? { doctorId: order.doctor.id, day: order.checkDay, hour: order.checkHour } : null),
  notOwnKey: 'edit.notVaccine',
};

/** Spec §2 /vaccine-order/edit/{id}: the registration form prefilled, while the order may still change. */
export function VaccineOrderEditPage() {
  return <OrderEditPage kit={VACCINE_KIT} parts={PARTS} />;
}
