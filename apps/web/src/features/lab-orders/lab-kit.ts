import { capacitySlot } from '../../components/booking/capacity-slot.ts';
import { whenText } from '../../components/booking/order-complete-page.tsx';
import type { OrderKit } from '../../components/booking/order-kit.ts';
import { paths } from '../../config/paths.ts';
import { formatVnd } from '../../lib/format-vnd.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import type { LabDraft } from '../../stores/booking-store.ts';
import type { LabOrderBody } from '@rhc/contracts';
import { cancelLabOrder, labFreeTimesQuery, postLabOrder, putLabOrder, type LabPlace } from './api.ts';
import { LabForm, type LabHeldTime } from './components/lab-form.tsx';
import { LabSummary } from './components/lab-summary.tsx';
import { LAB_PATHS, LAB_STRINGS } from './lab-paths.ts';
import { bodyOfDraft, emptyLabValues, valuesOfDraft, valuesOfOrder, type LabFormValues } from './lab-values.ts';
import { itemNames } from './lab-words.ts';

/** Where a draft takes the sample, as the free-places read asks it. */
function placeOfDraft(draft: LabDraft): LabPlace | null {
  if (draft.atHome) return draft.district ? { atHome: true, district: draft.district } : null;
  return draft.workUnitId ? { atHome: false, workUnitId: draft.workUnitId } : null;
}

/** The lab booking on the kit's pages (issue 51): tests and packages, at home or at a clinic, a counted place. */
export const LAB_KIT: OrderKit<LabDraft, LabFormValues, LabOrderBody, LabHeldTime> = {
  category: 'lab',
  strings: LAB_STRINGS,
  paths: LAB_PATHS,
  store: { draft: (state) => state.labDraft, save: (state) => state.saveLabDraft, complete: (state) => state.completeLabOrder },
  Form: LabForm,
  Summary: LabSummary,
  useInitialValues: function useLabInitialValues(inProgress) {
    const phone = useAuthStore((state) => state.user?.phone ?? '');
    return inProgress ? valuesOfDraft(inProgress) : emptyLabValues(phone);
  },
  bodyOfDraft,
  post: postLabOrder,
  put: putLabOrder,
  cancel: cancelLabOrder,
  valuesOfOrder,
  heldTimeOf: (order, values) => ({
    day: order.checkDay,
    time: order.checkHour,
    atHome: values.atHome,
    district: values.district,
    workUnitId: values.workUnitId,
  }),
  notOwnKey: 'edit.notLab',
  slot: capacitySlot(placeOfDraft, labFreeTimesQuery),
  complete: {
    lines: (order, t) => {
      const lab = order.lab;
      return [
        ...(lab ? [{ label: t('summary.items'), value: itemNames(t, lab.packageTestItems, lab.requestTestItems).join(', ') }] : []),
        { label: t('complete.when'), value: whenText(order.checkDay, order.checkHour, lab?.endHour) },
        {
          label: t('summary.place'),
          value: lab?.atHome
            ? `${t('summary.atHome')}: ${lab.orderAdress ?? ''}`
            : order.workUnit
              ? `${order.workUnit.name}, ${order.workUnit.address}`
              : '',
        },
        ...(lab ? [{ label: t('summary.total'), value: formatVnd(lab.totalVnd) }] : []),
      ];
    },
    more: (_order, t) => ({ to: paths.applicationList, label: t('complete.list') }),
  },
};
