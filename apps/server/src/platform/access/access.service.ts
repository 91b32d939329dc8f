import type { PatientInfo, Relation } from '@rhc/contracts';
import { coversSection, expandSections, profileHolder, type ShareSection } from '@rhc/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, shares } from '../../db/schema/index.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Actor } from '../auth/authenticate.ts';
import { AppError } from '../http/app-error.ts';

export interface AccessDeps {
  db: Db;
  audit: AuditLog;
}

/** How an actor stands to a profile, read from the database on every request (a revocation counts at once). */
export interface Standing {
  relation: Relation;
  /** The sections the actor may see, spelled out. */
  sections: ShareSection[];
  /** The account that holds the profile: the person, or the profile's manager. */
  holderId: string;
  /** Whether the profile is an account's own (else a managed one). */
  ownProfile: boolean;
  /** The active grant the standing rests on, for a watcher. */
  shareId: string | null;
  /** A managed profile deleted while bookings or records named it: its manager still reads it, nobody changes it. */
  archived: boolean;
}

/** A managed profile's details in the shape of a booking's patient. */
export type ManagedPatient = Pick<
  PatientInfo,
  'fullName' | 'phone' | 'callingCodes' | 'nameCountry' | 'gender' | 'dateOfBirth' | 'address'
> & {
  email: string;
};

export interface ReadMeta {
  ip: string;
  now: Date;
}

/** Whether a standing lets its actor change the profile: theirs or managed by them, and not archived. */
export function holds(found: Standing | null): boolean {
  return !!found && !found.archived && (found.relation === 'self' || found.relation === 'manager');
}

/**
 * The one authorisation check (issue 14, decision 022): whether an actor may read or manage a person's data. Every
 * endpoint that reads or writes another person's data asks it; anything not allowed is `AppError.notFound()` (404,
 * never 403 with details). A person is a profile id: an account's own profile has the account's id.
 */
export function createAccessService(deps: AccessDeps) {
  const { db } = deps;

  async function standing(actorId: string, profileId: string): Promise<Standing | null> {
    const [profile] = await db
      .select({
        accountId: profiles.accountId,
        managerId: profiles.managerId,
        archivedAt: profiles.archivedAt,
        linkedAccountId: profiles.linkedAccountId,
      })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .limit(1);
    // A profile linked to its person's own account (decision 025) is ended: its data lives on their own profile now.
    if (!profile || profile.linkedAccountId !== null) return null;
    const holderId = profileHolder(profile);
    const ownProfile = profile.accountId !== null;
    const archived = profile.archivedAt !== null;
    if (profile.accountId === actorId)
      return { relation: 'self', sections: expandSections(['all']), holderId, ownProfile, shareId: null, archived };
    if (profile.managerId === actorId)
      return { relation: 'manager', sections: expandSections(['all']), holderId, ownProfile, shareId: null, archived };
    if (archived) return null;
    const [share] = await db
      .select({ id: shares.id, sections: shares.sections })
      .from(shares)
      .where(and(eq(shares.profileId, profileId), eq(shares.watcherId, actorId), isNull(shares.endedAt)))
      .limit(1);
    if (!share) return null;
    return { relation: 'watcher', sections: expandSections(share.sections), holderId, ownProfile, shareId: share.id, archived };
  }

  /** A watcher's read of a section, in the holder's "who saw my record" (the access log). */
  function recordRead(actor: Actor, profileId: string, section: ShareSection, meta: ReadMeta): Promise<void> {
    return deps.audit.record(
      { action: 'record.read', outcome: 'success', actorUserId: actor.userId, subjectUserId: profileId, ip: meta.ip, details: { section } },
      meta.now,
    );
  }

  return {
    /** How the actor stands to the profile, or null when they have no standing at all (a stranger, an unknown id). */
    standing,

    /** Whether the actor may read `section` of the profile. */
    async canRead(actorId: string, profileId: string, section: ShareSection): Promise<boolean> {
      const found = await standing(actorId, profileId);
      return !!found && coversSection(found.sections, section);
    },

    /**
     * The actor reads `section` of the profile: allowed, or 404. A read by someone other than the person or the
     * profile's manager is written to the audit trail ("who saw my record", shown to the holder).
     */
    async read(actor: Actor, profileId: string, section: ShareSection, meta: ReadMeta): Promise<Standing> {
      const found = await standing(actor.userId, profileId);
      if (!found || !coversSection(found.sections, section)) {
        await deps.audit.record(
          {
            action: 'record.read',
            outcome: 'denied',
            actorUserId: actor.userId,
            subjectUserId: profileId,
            ip: meta.ip,
            details: { section },
          },
          meta.now,
        );
        throw AppError.notFound();
      }
      if (found.relation === 'watcher') await recordRead(actor, profileId, section, meta);
      return found;
    },

    recordRead,

    /**
     * The details of a profile the actor manages (not archived), as a booking for that person stores them (spec §3
     * "Customer/patient info"); undefined for anyone else's, an account's own or an archived one.
     */
    async managedPatient(actorId: string, profileId: string): Promise<ManagedPatient | undefined> {
      const [row] = await db
        .select({
          fullName: profiles.fullName,
          phone: profiles.phone,
          callingCodes: profiles.callingCode,
          nameCountry: profiles.countryName,
          gender: profiles.gender,
          dateOfBirth: profiles.dateOfBirth,
          email: profiles.email,
          address: profiles.address,
        })
        .from(profiles)
        .where(and(eq(profiles.id, profileId), eq(profiles.managerId, actorId), isNull(profiles.archivedAt)))
        .limit(1);
      // The CHECK profiles_managed_fields makes every field but the e-mail present on a managed profile.
      return row ? ({ ...row, email: row.email ?? '' } as ManagedPatient) : undefined;
    },

    /** The actor holds the profile (it is theirs, or they manage it) and may change it (not archived): allowed, or 404. */
    async hold(actor: Actor, profileId: string): Promise<Standing> {
      const found = await standing(actor.userId, profileId);
      if (!found || !holds(found)) throw AppError.notFound();
      return found;
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
