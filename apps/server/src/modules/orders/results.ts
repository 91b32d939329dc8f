import type { Document, OrderResults } from '@rhc/contracts';
import {
  checkResultsComplete,
  checkResultStep,
  completableFrom,
  isResultCategory,
  ORDER_STATUS,
  RESULT_KINDS,
  WRITER_REFUSAL_CODES,
  type ResultCategory,
  type ResultsRefusal,
  writableFrom,
} from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { createAuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { displayInstant } from './display-time.ts';
import type { OrderAccess } from './order-access.ts';
import type { OrderRequestMeta, OrdersDeps } from './order-context.ts';
import type { OrdersRepository, OrderView } from './orders.repository.ts';
import { createResultsRepository } from './results.repository.ts';

/** The answers of a completion refused for want of results (decision 046). */
const REFUSAL_CODES: Record<ResultsRefusal, string> = {
  not_performed: 'ORDER_NOT_PERFORMED',
  no_results: 'ORDER_RESULTS_REQUIRED',
};

/**
 * The results of a capacity category's order (issue 51 "Results", decision 046): its staff mark it performed and write
 * the conclusion here; the result files are the order's files of the category's type (the records module keeps them);
 * the lifecycle's completion asks `completionRefusal` in its transaction. One code path for every category of
 * RESULT_KINDS (lab, imaging): a category says only its file type and its section.
 */
export function createOrderResults(parts: {
  deps: Pick<OrdersDeps, 'db' | 'audit' | 'clinicalWriter' | 'resultFiles'>;
  repository: Pick<OrdersRepository, 'findView'>;
  access: Pick<OrderAccess, 'auditRead'>;
}) {
  const { deps, repository, access } = parts;
  const results = createResultsRepository(deps.db);

  /** The order, of a results category (`category` when a read names one); anything else is 404, as no such order. */
  async function resultOrder(orderId: string, category?: ResultCategory): Promise<OrderView & { category: ResultCategory }> {
    const view = await repository.findView(orderId);
    if (!view || !isResultCategory(view.order.category) || (category && view.order.category !== category)) throw AppError.notFound();
    return { ...view, category: view.order.category };
  }

  async function answer(actor: Actor, view: OrderView & { category: ResultCategory }, now: Date): Promise<OrderResults> {
    const { order } = view;
    const staffId = order.doctorId;
    const refusal = checkResultStep({ status: order.status, startsAt: order.startsAt, now });
    const [row, files] = await Promise.all([
      results.find(order.id),
      staffId ? deps.resultFiles(order.id, staffId, RESULT_KINDS[view.category].typeExam, actor.userId) : Promise.resolve<Document[]>([]),
    ]);
    return {
      orderId: order.id,
      category: view.category,
      performedAt: row?.performedAt?.toISOString() ?? null,
      performedBy: row?.performedBy ? { id: row.performedBy, fullName: row.performerName ?? '' } : null,
      conclusion: row?.conclusion ?? null,
      concludedAt: row?.concludedAt?.toISOString() ?? null,
      concludedBy: row?.concludedBy ? { id: row.concludedBy, fullName: row.concluderName ?? '' } : null,
      files,
      released: order.status === ORDER_STATUS.done,
      canWrite: staffId === actor.userId && refusal === null,
      writableFrom: writableFrom(refusal, order.startsAt)?.toISOString() ?? null,
    };
  }

  /**
   * A staff's step on the results (performed, conclusion): the order's assigned staff (the endpoint's declared access),
   * a verified one with a licence number (the clinical writer's rule, 403), on a confirmed order from its time (409),
   * checked again under the order's row lock so that a completion meanwhile wins. Audited either way.
   */
  async function step(
    actor: Actor,
    orderId: string,
    meta: OrderRequestMeta,
    view: string,
    write: (tx: ReturnType<typeof createResultsRepository>) => Promise<void>,
  ): Promise<OrderResults> {
    const order = await resultOrder(orderId);
    if (order.order.doctorId !== actor.userId) throw AppError.notFound();
    const subject = order.order.userId;
    const fail = async (reason: string, error: AppError) => {
      await deps.audit.record(
        {
          action: 'clinical.write',
          outcome: 'failure',
          actorUserId: actor.userId,
          subjectUserId: subject,
          ip: meta.ip,
          details: { orderId, view, reason },
        },
        meta.now,
      );
      return error;
    };
    const refusal = await deps.clinicalWriter(actor.userId);
    if (refusal) throw await fail(refusal, new AppError(403, WRITER_REFUSAL_CODES[refusal]));
    const outcome = await deps.db.transaction(async (tx: Db) => {
      const held = createResultsRepository(tx);
      const locked = await held.lockOrder(orderId);
      if (!locked) return 'gone' as const;
      const check = checkResultStep({ status: locked.status, startsAt: locked.startsAt, now: meta.now });
      if (check) return check;
      await write(held);
      await createAuditLog(tx).record(
        {
          action: 'clinical.write',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: subject,
          ip: meta.ip,
          details: { orderId, view, section: RESULT_KINDS[order.category].section },
        },
        meta.now,
      );
      return null;
    });
    if (outcome === 'gone') throw AppError.notFound();
    if (outcome === 'wrong_status') throw await fail(outcome, AppError.conflict('ORDER_STATUS_CONFLICT'));
    if (outcome === 'too_early')
      throw await fail(outcome, new AppError(409, 'RESULT_TOO_EARLY', { from: displayInstant(completableFrom(order.order.startsAt)) }));
    return answer(actor, await resultOrder(orderId), meta.now);
  }

  return {
    /** GET /diagnostictest/results/{orderId}, GET /imageanalysation/results/{orderId}: the gate let the reader in. */
    async read(actor: Actor, orderId: string, category: ResultCategory, meta: OrderRequestMeta): Promise<OrderResults> {
      const view = await resultOrder(orderId, category);
      const [answered] = await Promise.all([
        answer(actor, view, meta.now),
        access.auditRead(actor, view.order.userId, { view: `${category}-results`, orderId }, meta),
      ]);
      return answered;
    },

    /** PUT /order-results/{orderId}/performed. */
    performed(actor: Actor, orderId: string, meta: OrderRequestMeta): Promise<OrderResults> {
      return step(actor, orderId, meta, 'performed', (held) => held.markPerformed(orderId, actor.userId, meta.now));
    },

    /** PUT /order-results/{orderId}/conclusion: an empty conclusion clears it. */
    conclude(actor: Actor, orderId: string, conclusion: string, meta: OrderRequestMeta): Promise<OrderResults> {
      return step(actor, orderId, meta, 'conclusion', (held) =>
        held.setConclusion(orderId, conclusion === '' ? null : conclusion, actor.userId, meta.now),
      );
    },

    /**
     * Why an order of a results category may not be completed yet, read in the completion's transaction under the order's
     * row lock (the staff's steps take it too), or null; null for any other category.
     */
    async completionRefusal(tx: Db, view: OrderView): Promise<string | null> {
      const { order } = view;
      if (!isResultCategory(order.category) || !order.doctorId) return null;
      const held = createResultsRepository(tx);
      await held.lockOrder(order.id);
      // One after the other: a transaction is one connection.
      const row = await held.find(order.id);
      const files = await held.countResultFiles(order.id, order.doctorId, RESULT_KINDS[order.category].typeExam);
      const refusal = checkResultsComplete({ performedAt: row?.performedAt ?? null, conclusion: row?.conclusion ?? null, files });
      return refusal ? REFUSAL_CODES[refusal] : null;
    },
  };
}
export type OrderResultsPart = ReturnType<typeof createOrderResults>;
