import type { OrderTracking } from '@rhc/contracts';
import { nameInitials, type OrderCategory as OrderCategoryId, type OrderStatus, type WorkMode } from '@rhc/domain';
import { AppError } from '../../platform/http/app-error.ts';
import { ipKey } from '../../platform/security/rate-limit.ts';
import { categoryOf } from './categories/index.ts';
import type { OrderAccess } from './order-access.ts';
import type { OrderRequestMeta, OrdersDeps } from './order-context.ts';
import type { OrdersRepository } from './orders.repository.ts';

/** The public tracking page: at most this many looks per IP per minute (it is unauthenticated). */
const TRACKING_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

export function createTracking(
  deps: Pick<OrdersDeps, 'limiter' | 'audit'>,
  repository: Pick<OrdersRepository, 'findViewBySecureCode'>,
  access: Pick<OrderAccess, 'auditRead'>,
) {
  /** GET /p/order/track-order/{code}: public, so rate limited per IP and initials only. */
  async function track(secureCode: string, meta: OrderRequestMeta): Promise<OrderTracking> {
    // Counted and checked in one statement, like every other limit: concurrent looks cannot all slip under it.
    const limit = { bucket: `track:ip:${ipKey(meta.ip)}`, limit: TRACKING_PER_MINUTE, windowMs: MINUTE_MS };
    if (!(await deps.limiter.take([limit], meta.now)).admitted) throw new AppError(429, 'TOO_MANY_REQUESTS');
    const view = await repository.findViewBySecureCode(secureCode);
    if (!view) {
      await deps.audit.record(
        {
          action: 'order.read',
          outcome: 'failure',
          actorUserId: null,
          subjectUserId: null,
          ip: meta.ip,
          details: { view: 'track', reason: 'NOT_FOUND' },
        },
        meta.now,
      );
      throw AppError.notFound();
    }
    const { order, detail } = view;
    await access.auditRead(null, order.userId, { view: 'track', orderId: order.id }, meta);
    const own = categoryOf(order.category).present(view, meta.language);
    return {
      code: order.code,
      status: order.status as OrderStatus,
      category: order.category as OrderCategoryId,
      mode: order.mode as WorkMode,
      service: own.service,
      specialty: own.specialty?.name ?? null,
      clinic: own.workUnit ? { name: own.workUnit.name, address: own.workUnit.address } : null,
      checkDay: detail.checkDay,
      checkHour: detail.checkHour,
      startsAt: order.startsAt.toISOString(),
      patientInitials: nameInitials(detail.patientName),
    };
  }

  return { track };
}
