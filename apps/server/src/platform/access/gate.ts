import type { AccessObjectKind, EndpointAccess } from '@rhc/contracts';
import { coversSection } from '@rhc/domain';
import type { AuditAction, AuditLog } from '../audit/audit-log.ts';
import type { Actor } from '../auth/authenticate.ts';
import { AppError } from '../http/app-error.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { holds, type AccessService, type Standing } from './access.service.ts';

/** A booking's sides, as the orders module reads them: who booked it, for which profile, and its doctor. */
export interface OrderParties {
  userId: string;
  /** The managed profile the booking is for; null: the booker's own. */
  profileId: string | null;
  doctorId: string | null;
}

/** The caller's side of a booking: its doctor, its patient (the booker), or a watcher reading a granted section. */
export type OrderSide = 'doctor' | 'patient' | 'watcher';

/**
 * Another kind of object as the module that owns it sees it: whose it is (the audit's subject) and the sides the caller
 * is on (`owner`, `sender`, `addressee`…). Null: no such object.
 */
export interface ResolvedObject {
  subjectUserId: string | null;
  sides: readonly string[];
  /** The person the object belongs to, for an object read as a section of their profile (a history entry). */
  profileId?: string;
}
export type ObjectResolver = (id: string, actorId: string) => Promise<ResolvedObject | null>;

export interface GateDeps {
  access: AccessService;
  audit: AuditLog;
  /** The orders module's reading of a booking's sides (null: no such booking). */
  orderParties: (orderId: string) => Promise<OrderParties | null>;
  /** Each owning module's resolver of its kind of object. */
  objects: { readonly [K in AccessObjectKind]?: ObjectResolver };
}

/** What the checks found, for the handler: the profile's standing, the booking and the caller's side, the object. */
export interface Granted {
  standing?: Standing;
  order?: OrderParties & { side: OrderSide };
  object?: ResolvedObject;
}

type Declared = Exclude<EndpointAccess, { open: string }>;
type ProfileSection = NonNullable<Declared['profile']>['section'];
type Params = Record<string, unknown>;

/** Whether a standing allows what a profile declaration asks. */
function allows(standing: Standing | null, section: ProfileSection): standing is Standing {
  if (!standing) return false;
  if (section === 'manage') return holds(standing);
  if (section === 'managed') return holds(standing) && standing.relation === 'manager';
  if (section === 'standing') return true;
  return coversSection(standing.sections, section);
}

/**
 * The one place an endpoint's declared access is enforced (issue 48): `route()` calls `check` for every entry that
 * declares `access`, after the session and validation, before the handler. Anything not allowed is 404 — another
 * person's object answers as none would — with one `denied` audit row naming the ids (R9), never what they hold.
 */
export function createAccessGate(deps: GateDeps) {
  /** Refuses as 404 with the one denied row: the declared action (and view), the subject, the ids. */
  async function deny(
    declared: Pick<Declared, 'audit' | 'view'>,
    actor: Actor,
    subjectUserId: string | null,
    details: Record<string, string | number>,
    meta: RequestMeta,
  ): Promise<never> {
    const view: Record<string, string> = declared.view === undefined ? {} : { view: declared.view };
    await deps.audit.record(
      {
        action: declared.audit as AuditAction,
        outcome: 'denied',
        actorUserId: actor.userId,
        subjectUserId,
        ip: meta.ip,
        details: { ...view, ...details },
      },
      meta.now,
    );
    throw AppError.notFound();
  }

  /** The ids of every object the entry declares, by the names of their kinds: what a denied path check writes. */
  function declaredIds(declared: Declared, params: Params): Record<string, string> {
    const ids: Record<string, string> = {};
    if (declared.owner) ids.userId = String(params[declared.owner]);
    if (declared.order) ids.orderId = String(params[declared.order.param]);
    if (declared.object) ids[`${declared.object.kind}Id`] = String(params[declared.object.param]);
    return ids;
  }

  /**
   * The actor reads `section` of the profile (or holds it): their standing, the read written to the person's access log
   * when they are a watcher; null when the standing does not allow it.
   */
  async function profileStanding(actor: Actor, profileId: string, section: ProfileSection, meta: RequestMeta) {
    const standing = await deps.access.standing(actor.userId, profileId);
    if (!allows(standing, section)) return null;
    const shareSection = section === 'manage' || section === 'managed' || section === 'standing' ? null : section;
    if (shareSection && standing.relation === 'watcher') await deps.access.recordRead(actor, profileId, shareSection, meta);
    return standing;
  }

  async function checkOrder(declared: Declared, order: NonNullable<Declared['order']>, params: Params, actor: Actor, meta: RequestMeta) {
    const orderId = String(params[order.param]);
    const parties = await deps.orderParties(orderId);
    if (!parties) return deny(declared, actor, null, { orderId }, meta);
    const side: OrderSide | null = parties.doctorId === actor.userId ? 'doctor' : parties.userId === actor.userId ? 'patient' : null;
    if (side && (order.as === 'party' || order.as === side)) return { ...parties, side };
    // With a section, whoever reads that section of the booked profile reads the booking too (a watcher's read is logged).
    if (!side && order.section && parties.profileId && (await profileStanding(actor, parties.profileId, order.section, meta)))
      return { ...parties, side: 'watcher' as const };
    return deny(declared, actor, parties.userId, { orderId }, meta);
  }

  async function checkObject(
    declared: Declared,
    object: NonNullable<Declared['object']>,
    params: Params,
    actor: Actor,
    meta: RequestMeta,
  ): Promise<Pick<Granted, 'object' | 'standing'>> {
    const resolve = deps.objects[object.kind];
    if (!resolve) throw new Error(`No resolver for "${object.kind}" objects (createServices hands one to the access gate)`);
    const id = String(params[object.param]);
    const found = await resolve(id, actor.userId);
    const refuse = () => deny(declared, actor, found?.subjectUserId ?? null, { [`${object.kind}Id`]: id }, meta);
    if (!found) return refuse();
    if (object.section) {
      // An object read as a section of its person's profile (a history entry): their standing decides.
      const standing = found.profileId ? await profileStanding(actor, found.profileId, object.section, meta) : null;
      return standing ? { object: found, standing } : refuse();
    }
    return found.sides.some((side) => !object.as || object.as.includes(side)) ? { object: found } : refuse();
  }

  return {
    deny,

    /** Checks a declaration against the ids it names (a path's, or a body's for a call that names its object there). */
    async check(declared: EndpointAccess, params: Params, actor: Actor, meta: RequestMeta): Promise<Granted> {
      if ('open' in declared) return {};
      const granted: Granted = {};
      if (declared.owner !== undefined) {
        const userId = String(params[declared.owner]);
        if (userId !== actor.userId) await deny(declared, actor, userId, declaredIds(declared, params), meta);
      }
      if (declared.profile) {
        const profileId = String(params[declared.profile.param]);
        const { section } = declared.profile;
        const standing = await profileStanding(actor, profileId, section, meta);
        if (!standing) return deny(declared, actor, profileId, { profileId, ...(section.startsWith('manag') ? {} : { section }) }, meta);
        granted.standing = standing;
      }
      if (declared.order) granted.order = await checkOrder(declared, declared.order, params, actor, meta);
      if (declared.object) Object.assign(granted, await checkObject(declared, declared.object, params, actor, meta));
      return granted;
    },
  };
}
export type AccessGate = ReturnType<typeof createAccessGate>;
