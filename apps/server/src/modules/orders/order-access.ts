import type { OrderRole } from '@rhc/domain';
import type { AuditAction, AuditEntry, AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrderRequestMeta } from './order-context.ts';
import type { OrdersRepository, OrderView } from './orders.repository.ts';

/*
 * Who may see and change an order, as the orders module checks it by hand (R9: a refusal is audited, then 404). Kept in
 * this one file while the access declarations on endpoint entries replace it.
 */

/** The side the actor is on; anyone else must not learn the order exists. */
export function roleOf(view: OrderView, actorId: string): OrderRole | null {
  if (view.order.doctorId === actorId) return 'doctor';
  if (view.order.userId === actorId) return 'patient';
  return null;
}

export function createOrderAccess(deps: { audit: AuditLog; repository: Pick<OrdersRepository, 'findView'> }) {
  const { repository } = deps;

  /**
   * A refused request for another person's object (or for none): audited as denied (R9), with ids only, then 404 —
   * the asker must not learn whether it exists.
   */
  async function deny(
    action: AuditAction,
    actor: Actor,
    subjectUserId: string | null,
    details: AuditEntry['details'],
    meta: OrderRequestMeta,
  ): Promise<never> {
    await deps.audit.record({ action, outcome: 'denied', actorUserId: actor.userId, subjectUserId, ip: meta.ip, details }, meta.now);
    throw AppError.notFound();
  }

  /** The order and the actor's side of it; another person's order, or none, is 404 (ARCHITECTURE), audited as denied. */
  async function visibleOrder(
    actor: Actor,
    orderId: string,
    action: AuditAction,
    meta: OrderRequestMeta,
    details: AuditEntry['details'] = {},
  ): Promise<{ view: OrderView; role: OrderRole }> {
    const view = await repository.findView(orderId);
    const role = view ? roleOf(view, actor.userId) : null;
    if (!view || !role) return deny(action, actor, view?.order.userId ?? null, { ...details, orderId }, meta);
    return { view, role };
  }

  /** A path's `{userId}` must be the caller's own; another person's is 404, audited as denied. */
  async function ownPath(
    actor: Actor,
    userId: string,
    action: AuditAction,
    meta: OrderRequestMeta,
    details: AuditEntry['details'] = {},
  ): Promise<void> {
    if (userId !== actor.userId) await deny(action, actor, userId, { ...details, userId }, meta);
  }

  /** A successful read of orders (R9): which ones, never what they hold. */
  function auditRead(actor: Actor | null, subjectUserId: string | null, details: AuditEntry['details'], meta: OrderRequestMeta) {
    return deps.audit.record(
      { action: 'order.read', outcome: 'success', actorUserId: actor?.userId ?? null, subjectUserId, ip: meta.ip, details },
      meta.now,
    );
  }

  return { deny, visibleOrder, ownPath, auditRead };
}
export type OrderAccess = ReturnType<typeof createOrderAccess>;
