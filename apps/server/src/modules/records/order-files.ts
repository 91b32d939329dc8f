import { TYPE_EXAMS, type ShareSection, type WriterRefusal, WRITER_REFUSAL_CODES } from '@rhc/domain';
import type { AccessService, Standing } from '../../platform/access/access.service.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { visibleTypes } from './documents.ts';

type OrderFacts = NonNullable<Awaited<ReturnType<OrdersService['documentFacts']>>>;

/** Who reads or changes an order's files: its assigned doctor, its booker (a relative typed in by hand), or by profile. */
type OrderReader = { kind: 'doctor' } | { kind: 'booker' } | { kind: 'profile'; standing: Standing };

export interface OrderFilesDeps {
  access: AccessService;
  orders: Pick<OrdersService, 'documentFacts'>;
  clinicalWriter: (doctorId: string) => Promise<WriterRefusal | null>;
}

/**
 * Whose an order's files and links are, file by file: the endpoints' declared access let the caller near the order; the
 * section each file's type needs, and the clinical-writer rule for a doctor's change, are decided here.
 */
export function createOrderFiles(deps: OrderFilesDeps) {
  const { access } = deps;

  async function orderFacts(orderId: string): Promise<OrderFacts> {
    const facts = await deps.orders.documentFacts(orderId);
    if (!facts) throw AppError.notFound();
    return facts;
  }

  /** The profile an order's files belong to: the person it was booked for, or the booker for a relative typed in by hand. */
  const ownerProfile = (facts: OrderFacts) => facts.profileId ?? facts.userId;

  /** The actor reads `section` of an order's files: its doctor, its booker when it names no profile, or by the access check. */
  async function readOrder(actor: Actor, facts: OrderFacts, section: ShareSection, meta: RequestMeta): Promise<OrderReader> {
    if (facts.doctorId === actor.userId) return { kind: 'doctor' };
    if (facts.profileId === null) {
      if (facts.userId !== actor.userId) throw AppError.notFound();
      return { kind: 'booker' };
    }
    return { kind: 'profile', standing: await access.read(actor, facts.profileId, section, meta) };
  }

  /**
   * The actor changes an order's files or links: its assigned doctor — verified and with a licence number, as for every
   * clinical write (issue 17; 403 otherwise) — or the holder of its profile; a watcher never.
   */
  async function holdOrder(actor: Actor, facts: OrderFacts): Promise<void> {
    if (facts.doctorId === actor.userId) {
      const refusal = await deps.clinicalWriter(actor.userId);
      if (refusal) throw new AppError(403, WRITER_REFUSAL_CODES[refusal]);
      return;
    }
    if (facts.profileId === null) {
      if (facts.userId !== actor.userId) throw AppError.notFound();
      return;
    }
    await access.hold(actor, facts.profileId);
  }

  function readerTypes(reader: OrderReader): Set<number> {
    return reader.kind === 'profile' ? visibleTypes(reader.standing.sections) : new Set(TYPE_EXAMS);
  }

  return { orderFacts, ownerProfile, readOrder, holdOrder, readerTypes };
}
