import { OrderCompletePage, whenText } from '../../../components/booking/order-complete-page.tsx';
import type { CompleteParts } from '../../../components/booking/order-kit.ts';
import { paths } from '../../../config/paths.ts';
import { doseLabel } from '../dose-ages.ts';
import { VACCINE_KIT } from '../registration-paths.ts';

const PARTS: CompleteParts = {
  lines: (order, t) => [
    ...(order.vaccine
      ? [
          {
            label: t('complete.vaccine'),
            value: `${t(`vaccine-facts:${order.vaccine.vaccineId}.name`)} — ${doseLabel(t, order.vaccine.scheduleId, order.vaccine.vaccineDoseId)}`,
          },
        ]
      : []),
    { label: t('complete.when'), value: whenText(order.checkDay, order.checkHour) },
    {
      label: t('complete.clinic'),
      value: order.workUnit ? `${order.workUnit.name}, ${order.workUnit.address}` : t('complete.clinicUnknown'),
    },
  ],
  // The record of the person vaccinated (their own, or a profile kept); a person typed in has none here.
  more: (order, t) => ({
    to: order.profileId ? `${paths.vaccines}?person=${encodeURIComponent(order.profileId)}` : paths.vaccines,
    label: t('complete.record'),
  }),
};

/** Step 3 (spec §2 /vaccine-registration/complete/, §8 "vaccine order saved"): the order just made, with its code. */
export function VaccineCompletePage() {
  return <OrderCompletePage kit={VACCINE_KIT} parts={PARTS} />;
}
