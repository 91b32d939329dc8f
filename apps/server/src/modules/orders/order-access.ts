import type { OrderRole } from '@rhc/domain';
import type { AccessGate } from '../../platform/access/gate.ts';
import type { AuditEntry, AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrderRequestMeta } from './order-context.ts';
import type { OrdersRepository, OrderView } from './orders.repository.ts';

/*
 * Whose order a path names is declared on its endpoint entry and checked by the access gate before the service runs
 * (issue 48). What is left here is the order as the actor sees it (their side of it) and the audit of successful reads.
 */

/** The side the actor is on; anyone else must not learn the order exists. */
export function roleOf(view: OrderView, actorId: string): OrderRole | null {
  if (view.order.doctorId === actorId) return 'doctor';
  if (view.order.userId === actorId) return 'patient';
  return null;
}

export function createOrderAccess(deps: { audit: AuditLog; repository: Pick<OrdersRepository, 'findView'>; deny: AccessGate['deny'] }) {
  const { repository } = deps;

  /** The order and the actor's side of it (the gate let them in); one gone or changed hands since is 404. */
  async function orderAndRole(actor: Actor, orderId: string): Promise<{ view: OrderView; role: OrderRole }> {
    const view = await repository.findView(orderId);
    const role = view ? roleOf(view, actor.userId) : null;
    if (!view || !role) throw AppError.notFound();
    return { view, role };
  }

  /** A successful read of orders (R9): which ones, never what they hold. */
  function auditRead(actor: Actor | null, subjectUserId: string | null, details: AuditEntry['details'], meta: OrderRequestMeta) {
    return deps.audit.record(
      { action: 'order.read', outcome: 'success', actorUserId: actor?.userId ?? null, subjectUserId, ip: meta.ip, details },
      meta.now,
    );
  }

  return { orderAndRole, auditRead, deny: deps.deny };
}
export type OrderAccess = ReturnType<typeof createOrderAccess>;
