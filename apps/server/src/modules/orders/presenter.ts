import { avatarUrl, type Order } from '@rhc/contracts';
import {
  CALENDAR_CATEGORIES,
  changeableUntil,
  checkOrderTransition,
  isActiveOrder,
  type Gender,
  type OrderAction,
  type OrderCategory as OrderCategoryId,
  type OrderRole,
  type OrderStatus,
  type WorkMode,
} from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { categoryOf } from './categories/index.ts';
import { roleOf } from './order-access.ts';
import type { ChangePolicy, OrderRequestMeta, OrdersDeps } from './order-context.ts';
import type { OrderView } from './orders.repository.ts';

const ACTIONS: readonly OrderAction[] = ['edit', 'cancel', 'verify', 'complete', 'delete'];

/** An order's answer: the core's fields, its category's own (`present`), and what the actor may do with it now. */
export function toOrder(
  view: OrderView,
  role: OrderRole,
  language: Language,
  now: Date,
  outsideWorkTime: boolean,
  policy: ChangePolicy,
): Order {
  const { order, detail } = view;
  const status = order.status as OrderStatus;
  const { cutoffMinutes } = policy;
  const actions = Object.fromEntries(
    ACTIONS.map((action) => [action, checkOrderTransition({ action, role, status, startsAt: order.startsAt, now, cutoffMinutes }).ok]),
  ) as Order['actions'];
  const own = categoryOf(order.category).present(view, language);
  return {
    id: order.id,
    code: order.code,
    secureCode: order.secureCode,
    kind: order.kind as Order['kind'],
    category: order.category as OrderCategoryId,
    mode: order.mode as WorkMode,
    status: order.status as OrderStatus,
    userId: order.userId,
    profileId: order.profileId,
    doctor: view.doctor
      ? { id: view.doctor.id, fullName: view.doctor.fullName, urlImage: avatarUrl(view.doctor.id, view.doctor.avatarKey) }
      : null,
    specialty: own.specialty,
    examType: own.examType,
    workUnit: own.workUnit,
    startsAt: order.startsAt.toISOString(),
    endsAt: order.endsAt.toISOString(),
    checkDay: detail.checkDay,
    checkHour: detail.checkHour,
    timeCustome: detail.timeCustom,
    reasonForExamination: own.reasonForExamination,
    ...(own.vaccine ? { vaccine: own.vaccine } : {}),
    service: own.service,
    ...(own.lab ? { lab: own.lab } : {}),
    ...(own.imaging ? { imaging: own.imaging } : {}),
    note: detail.note,
    meetingLink: detail.meetingLink,
    cancelReason: detail.cancelReason,
    infomation: {
      fullName: detail.patientName,
      phone: detail.patientPhone,
      callingCodes: detail.callingCode,
      nameCountry: detail.countryName,
      gender: detail.patientGender as Gender,
      dateOfBirth: detail.patientBirthday,
      email: detail.patientEmail,
      address: detail.patientAddress,
    },
    outsideWorkTime,
    actions,
    changeableUntil: isActiveOrder(status) ? changeableUntil(order.startsAt, cutoffMinutes).toISOString() : null,
    clinicPhone: policy.clinicPhone,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function createPresenter(deps: Pick<OrdersDeps, 'schedules' | 'changePolicy'>) {
  /** Presents orders, reading each doctor's working time once for the lot. */
  function presenter(language: Language, now: Date) {
    const stillInWorkTime = deps.schedules.workTimeChecker();
    // Read once for the lot, when the first order is presented.
    let policy: Promise<ChangePolicy> | undefined;
    return async (view: OrderView, role: OrderRole): Promise<Order> => {
      policy ??= deps.changePolicy();
      const { order } = view;
      const active = isActiveOrder(order.status);
      // Only an order that holds its doctor's time lies in working time; a lab order's time is its room's (decision 044).
      const outside =
        active && order.doctorId && (CALENDAR_CATEGORIES as readonly string[]).includes(order.category)
          ? !(await stillInWorkTime({
              doctorId: order.doctorId,
              mode: order.mode as WorkMode,
              startsAt: order.startsAt,
              endsAt: order.endsAt,
            }))
          : false;
      return toOrder(view, role, language, now, outside, await policy);
    };
  }

  /** The order as it stands after a change, as the actor's side sees it. */
  async function present(view: OrderView | null, actor: Actor, meta: OrderRequestMeta): Promise<Order> {
    const role = view ? roleOf(view, actor.userId) : null;
    if (!view || !role) throw AppError.notFound();
    return presenter(meta.language, meta.now)(view, role);
  }

  return { presenter, present };
}
export type Presenter = ReturnType<typeof createPresenter>;
