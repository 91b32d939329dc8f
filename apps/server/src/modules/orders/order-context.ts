import type { Document } from '@rhc/contracts';
import type { WriterRefusal } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { CHECK_VIOLATION, EXCLUSION_VIOLATION, isViolation } from '../../db/errors.ts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import type { RateLimiter } from '../../platform/security/rate-limit.ts';
import type { AccessService } from '../../platform/access/access.service.ts';
import type { AccessGate } from '../../platform/access/gate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { SchedulesService } from '../schedules/schedules.service.ts';
import type { CategoryServices } from './category.ts';
import type { OrderView } from './orders.repository.ts';

/*
 * What every part of the orders module (booking, lifecycle, presenter, messages, tracking) is built from: the service's
 * dependencies, the request's meta and the clinic's change policy.
 */

export interface OrdersDeps {
  db: Db;
  /** The doctors' working time a booking must lie in. */
  schedules: Pick<SchedulesService, 'workTimeChecker' | 'findWorkTimeFor'>;
  /** Delivers the confirmation mails a booking queues. */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  limiter: RateLimiter;
  audit: AuditLog;
  /** Base of generated meeting links for online bookings (VIDEO_BASE_URL). */
  videoBaseUrl: string;
  /** Absolute origin of the web app, for links in e-mails and calendar files (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The clinic's cut-off for the patient's own changes and the phone to call after it (decision 020; system settings). */
  changePolicy: () => Promise<ChangePolicy>;
  /**
   * Why this doctor may not write clinical data (unverified, no licence number), or null (the clinical service's rule,
   * decision 026): a doctor's order for a patient (kind 2, decision 027) is made only by one who may.
   */
  clinicalWriter: (doctorId: string) => Promise<WriterRefusal | null>;
  /** Whether the order has a diagnosis or a prescription (the clinical service's read): then it is neither cancelled nor deleted. */
  hasClinicalRecord: (orderId: string) => Promise<boolean>;
  /** A relative's saved profile, when a booking names one (issue 14): only one the booker manages. */
  access: Pick<AccessService, 'managedPatient'>;
  /** Issue 17: refuses (403) an online booking's confirmation by a doctor not verified or without a licence number. */
  onlineConfirmer: (actor: Actor, orderId: string, meta: OrderRequestMeta) => Promise<void>;
  /**
   * Called by every lifecycle step in its transaction, after the change: the earlier-slot waiting list (issue 12, decision
   * 021) offers a freed time and ends the entries of an ended booking. Answers how many messages it queued.
   */
  afterChange: (tx: Db, before: OrderView, after: OrderView | null, now: Date) => Promise<number>;
  /** The vaccinations' service: a completed vaccine order records its dose in the person's history (decision 043). */
  vaccinations: CategoryServices['vaccinations'];
  /**
   * The result files of a lab or imaging order (decision 046): its files of `typeExam` added by its staff `staffId`, as
   * `actorId` sees them (the records module keeps the order's files).
   */
  resultFiles: (orderId: string, staffId: string, typeExam: number, actorId: string) => Promise<Document[]>;
  /** The access gate's refusal, for an object a body names (a doctor's order's source booking): 404, audited as denied. */
  deny: AccessGate['deny'];
}

/** Until how long before the start a patient may change or cancel online, and whom they call after that. */
export interface ChangePolicy {
  cutoffMinutes: number;
  clinicPhone: string | null;
}

/** Who asks, when, in which language: the request's meta (platform/http/request-meta.ts). */
export type OrderRequestMeta = RequestMeta;

export const MINUTE_MS = 60_000;

/** orders_no_overlap refused a double booking. */
export function isExclusionViolation(error: unknown): boolean {
  return isViolation(error, EXCLUSION_VIOLATION);
}

/** The time is taken: orders_no_overlap refused a double booking, or the last counted place is gone (decision 044). */
export function isPlaceTaken(error: unknown): boolean {
  return isExclusionViolation(error) || isViolation(error, CHECK_VIOLATION, 'capacity_taken_within_places');
}
