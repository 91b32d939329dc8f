import { useQueryClient } from '@tanstack/react-query';
import { OrderConfirmPage } from '../../../components/booking/order-confirm-page.tsx';
import type { ConfirmParts } from '../../../components/booking/order-kit.ts';
import { useSlotAlternatives } from '../../../components/booking/slot-taken-alert.tsx';
import { freeTimeKey, refetchFreeTime } from '../../../hooks/use-free-time.ts';
import type { VaccineDraft } from '../../../stores/booking-store.ts';
import type { VaccineOrderBody } from '@rhc/contracts';
import { postVaccineOrder } from '../api.ts';
import { VaccineSummary } from '../components/vaccine-summary.tsx';
import { VACCINE_KIT } from '../registration-paths.ts';

const PARTS: ConfirmParts<VaccineDraft, VaccineOrderBody> = {
  Summary: VaccineSummary,
  post: postVaccineOrder,
  slot: {
    of: (draft) => (draft.doctorId && draft.checkDay && draft.checkHour ? { day: draft.checkDay, hour: draft.checkHour } : null),
    moveTo: (draft, slot) => ({ ...draft, checkDay: slot.day, checkHour: slot.hour }),
    // The vaccinator's free times are read afresh once back on the form.
    taken: (draft, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: freeTimeKey('direct') });
      return { ...draft, checkHour: undefined };
    },
    // The vaccinator's next free slots, read afresh month by month.
    useAlternatives: function useNextSlots(draft) {
      const queryClient = useQueryClient();
      const { alternatives, search, clear } = useSlotAlternatives((month, year) =>
        refetchFreeTime(queryClient, { doctorId: draft.doctorId ?? '', mode: 'direct', examTypeId: undefined, month, year }),
      );
      return { alternatives, search: () => draft.checkDay && search(draft.checkDay), clear };
    },
  },
};

/** Step 2 (spec §2 /vaccine-registration/confirm/): everything chosen, then the vaccine order, once per Idempotency-Key. */
export function VaccineConfirmPage() {
  return <OrderConfirmPage kit={VACCINE_KIT} parts={PARTS} />;
}
