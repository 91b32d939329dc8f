import type { VaccineOrderBody } from '@rhc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { whenText } from '../../components/booking/order-complete-page.tsx';
import type { OrderKit } from '../../components/booking/order-kit.ts';
import { useSlotAlternatives } from '../../components/booking/slot-taken-alert.tsx';
import { paths } from '../../config/paths.ts';
import { freeTimeKey, refetchFreeTime } from '../../hooks/use-free-time.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import type { VaccineDraft } from '../../stores/booking-store.ts';
import { postVaccineOrder, putVaccineOrder } from './api.ts';
import { VaccineForm } from './components/vaccine-form.tsx';
import { VaccineSummary } from './components/vaccine-summary.tsx';
import { doseLabel } from './dose-ages.ts';
import { REGISTRATION_PATHS, REGISTRATION_STRINGS } from './registration-paths.ts';
import {
  bodyOfDraft,
  emptyVaccineValues,
  valuesOfDraft,
  valuesOfOrder,
  withPreselection,
  type VaccineFormValues,
} from './vaccine-values.ts';

/**
 * The vaccine registration on the kit's pages (issue 50): a dose at a clinic, with a vaccinator's free slot (their
 * working time, as an examination's); prefilled from a link of the vaccines page (`?vaccine=&dose=&person=`).
 */
export const VACCINE_KIT: OrderKit<VaccineDraft, VaccineFormValues, VaccineOrderBody, { doctorId: string; day: string; hour: string }> = {
  category: 'vaccine',
  strings: REGISTRATION_STRINGS,
  paths: REGISTRATION_PATHS,
  store: {
    draft: (state) => state.vaccineDraft,
    save: (state) => state.saveVaccineDraft,
    complete: (state) => state.completeVaccineOrder,
  },
  Form: VaccineForm,
  Summary: VaccineSummary,
  useInitialValues: function useVaccineInitialValues(inProgress) {
    const userId = useAuthStore((state) => state.user?.userId ?? '');
    const [search] = useSearchParams();
    return withPreselection(inProgress ? valuesOfDraft(inProgress) : emptyVaccineValues, search, userId);
  },
  bodyOfDraft,
  post: postVaccineOrder,
  put: putVaccineOrder,
  valuesOfOrder,
  heldTimeOf: (order) => (order.doctor ? { doctorId: order.doctor.id, day: order.checkDay, hour: order.checkHour } : null),
  notOwnKey: 'edit.notVaccine',
  slot: {
    of: (draft) => (draft.doctorId && draft.checkDay && draft.checkHour ? { day: draft.checkDay, hour: draft.checkHour } : null),
    moveTo: (draft, slot) => ({ ...draft, checkDay: slot.day, checkHour: slot.hour }),
    // The vaccinator's free times are read afresh once back on the form.
    taken: (draft, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: freeTimeKey('direct') });
      return { ...draft, checkHour: undefined };
    },
    useAlternatives: function useNextSlots(draft) {
      const queryClient = useQueryClient();
      const { alternatives, search, clear } = useSlotAlternatives((month, year) =>
        refetchFreeTime(queryClient, { doctorId: draft.doctorId ?? '', mode: 'direct', examTypeId: undefined, month, year }),
      );
      return { alternatives, search: () => draft.checkDay && search(draft.checkDay), clear };
    },
  },
  complete: {
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
  },
};
