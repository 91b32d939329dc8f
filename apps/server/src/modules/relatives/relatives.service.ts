import type { AccessLogPage, ManagedProfile, Person, PersonInfo, Privileges, ProfileBodySchema, Relation } from '@rhc/contracts';
import {
  coversSection,
  MAX_MANAGED_PROFILES,
  needsChildAssent,
  ORDER_KIND,
  SHARE_SECTIONS,
  vietnamDay,
  VN_CALLING_CODE,
  VN_COUNTRY_NAME,
  type ShareSection,
} from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, isViolation } from '../../db/errors.ts';
import { createAuditLog, type AuditEntry, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import type { AccessService, Standing } from '../../platform/access/access.service.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { tellKeptFor } from './profile-links.service.ts';
import { recordInApp } from '../../platform/messaging/in-app.ts';
import {
  createRelativesRepository,
  type AccountFields,
  type ManagedFields,
  type ManagedRow,
  type ProfileRow,
  type RelativesRepository,
} from './relatives.repository.ts';
import { byName } from './group-views.ts';
import { createGroupOperations } from './groups.service.ts';

type ProfileBody = z.output<typeof ProfileBodySchema>;

export interface RelativesDeps {
  db: Db;
  audit: AuditLog;
  access: AccessService;
  /** The orders module's change of a booking's profile, in the caller's transaction (orders/order-profiles.ts). */
  orderProfiles: { setProfile(tx: Db, orderId: string, profileId: string): Promise<void> };
}

/** 409: the account manages as many profiles as one may (a family's size, `MAX_MANAGED_PROFILES`), the cap named. */
function managedProfileLimit(): AppError {
  return new AppError(409, 'MANAGED_PROFILE_LIMIT', { max: MAX_MANAGED_PROFILES });
}

/** The stored fields of a profile body; a birthday after Vietnam's today is refused (400 at `body.dateOfBirth`, as the schema's own checks). */
function managedFields(body: ProfileBody, meta: RequestMeta): ManagedFields {
  if (body.dateOfBirth > vietnamDay(meta.now)) throw fieldError(meta.language, 'body.dateOfBirth', 'validation.birthday_future');
  return {
    fullName: body.fullName,
    phone: body.phone,
    callingCode: body.callingCodes,
    countryName: body.nameCountry,
    gender: body.gender,
    dateOfBirth: body.dateOfBirth,
    email: body.email ? body.email : null,
    address: body.address,
  };
}

function profileInfo(profile: ProfileRow): PersonInfo {
  return {
    fullName: profile.fullName ?? '',
    phone: profile.phone ?? '',
    callingCodes: profile.callingCode ?? VN_CALLING_CODE,
    nameCountry: profile.countryName ?? VN_COUNTRY_NAME,
    gender: profile.gender ?? 'male',
    dateOfBirth: profile.dateOfBirth ?? '',
    email: profile.email,
    address: profile.address ?? '',
  };
}

/** An account's own information (kept on `users`; accounts are Vietnamese numbers). */
function accountInfo(account: AccountFields): PersonInfo {
  return {
    fullName: account.fullName,
    phone: account.phone,
    callingCodes: VN_CALLING_CODE,
    nameCountry: VN_COUNTRY_NAME,
    gender: account.gender,
    dateOfBirth: account.dateOfBirth,
    // An account made without an e-mail holds a placeholder without "@".
    email: account.email.includes('@') ? account.email : null,
    address: account.address,
  };
}

function managedProfile(row: ManagedRow, now: Date): ManagedProfile {
  const info = profileInfo(row.profile);
  return {
    id: row.profile.id,
    info,
    needsChildAssent: needsChildAssent(info.dateOfBirth, vietnamDay(now)),
    sharedWith: row.sharedWith,
    createdAt: row.profile.createdAt.toISOString(),
  };
}

/**
 * Profiles I manage, a person as far as I may see them, groups of followed people, privileges and the access log (issue
 * 14, decision 022). Every question of who may see whom goes to the access service; anything not allowed is 404.
 */
export function createRelativesService(deps: RelativesDeps) {
  const repository = createRelativesRepository(deps.db);
  const { access } = deps;

  function audit(entry: AuditEntry, meta: RequestMeta): Promise<void> {
    return deps.audit.record(entry, meta.now);
  }

  async function managedView(repo: RelativesRepository, id: string, now: Date): Promise<ManagedProfile> {
    const row = await repo.findManaged(id);
    if (!row) throw AppError.notFound();
    return managedProfile(row, now);
  }

  return {
    /**
     * An account's erasure (decision 052), in its transaction: shares to and from the person end, the other side told in
     * the app as when a share ends (the person named as the deleted account); their groups and invitations go; the
     * profiles they manage alone are erased or anonymised. `managedAlone` lists those profiles first (before their data goes).
     */
    managedAlone(tx: Db, managerId: string): Promise<string[]> {
      return createRelativesRepository(tx).managedAlone(managerId);
    },
    async erasePerson(
      tx: Db,
      person: { userId: string; phone: string; managedIds: readonly string[]; language: string },
      anonymous: string,
      now: Date,
    ): Promise<{ sharesEnded: number; profilesErased: number; profilesKept: number }> {
      const repo = createRelativesRepository(tx);
      const done = await repo.erasePerson(
        person.userId,
        person.phone,
        person.managedIds,
        { actorId: person.userId, language: person.language, now },
        anonymous,
      );
      await recordInApp(
        tx,
        done.ended.map((share) => ({
          userId: share.tell,
          event: `invitations:inApp.${share.action}`,
          orderId: null,
          params: { name: anonymous, person: share.action === 'revoked' ? anonymous : share.person },
          dedupeKey: `share:${share.shareId}:${share.action}:${share.tell}:app`,
        })),
        now,
      );
      return { sharesEnded: done.ended.length, profilesErased: done.profilesErased, profilesKept: done.profilesKept };
    },

    /* ---------- profiles I manage ---------- */

    async profiles(actor: Actor, meta: RequestMeta): Promise<ManagedProfile[]> {
      const rows = await repository.listManaged(actor.userId);
      return rows.map((row) => managedProfile(row, meta.now));
    },

    async createProfile(actor: Actor, body: ProfileBody, meta: RequestMeta): Promise<ManagedProfile> {
      const fields = managedFields(body, meta);
      const created = await deps.db.transaction(async (tx) => {
        const repo = createRelativesRepository(tx);
        // One request at a time per account, so two at once cannot pass the limit together.
        await repo.lockAccount(actor.userId);
        if ((await repo.countManaged(actor.userId)) >= MAX_MANAGED_PROFILES) return null;
        const profile = await repo.insertManaged(actor.userId, fields, meta.now);
        await tellKeptFor(
          tx,
          { id: profile.id, managerId: actor.userId, ...fields },
          (await repo.account(actor.userId))?.fullName ?? '',
          meta.now,
        );
        await createAuditLog(tx).record(
          { action: 'relative.create', outcome: 'success', actorUserId: actor.userId, subjectUserId: profile.id, ip: meta.ip },
          meta.now,
        );
        return profile;
      });
      if (!created) {
        await audit(
          {
            action: 'relative.create',
            outcome: 'failure',
            actorUserId: actor.userId,
            ip: meta.ip,
            details: { reason: 'MANAGED_PROFILE_LIMIT' },
          },
          meta,
        );
        throw managedProfileLimit();
      }
      return managedProfile({ profile: created, sharedWith: 0 }, meta.now);
    },

    /**
     * POST /patients/{orderId} (spec §7): the holder of a booking made for a relative with typed-in details keeps
     * them as a profile they manage, and the booking names it from then on. Someone else's booking (a doctor's
     * included) is not found; a booking that already names a profile (its owner's own, or a saved one) is 409
     * PATIENT_ALREADY_KEPT; the limit of managed profiles holds (409 MANAGED_PROFILE_LIMIT).
     */
    async keepPatient(actor: Actor, orderId: string, meta: RequestMeta): Promise<ManagedProfile> {
      const outcome = await deps.db.transaction(async (tx) => {
        const repo = createRelativesRepository(tx);
        await repo.lockAccount(actor.userId);
        const order = await repo.orderPatient(orderId);
        if (!order) return { refused: 'not_found' as const };
        if (order.profileId !== null || order.kind !== ORDER_KIND.relative) return { refused: 'PATIENT_ALREADY_KEPT' as const };
        if ((await repo.countManaged(actor.userId)) >= MAX_MANAGED_PROFILES) return { refused: 'MANAGED_PROFILE_LIMIT' as const };
        const profile = await repo.insertManaged(actor.userId, order.fields, meta.now);
        await tellKeptFor(
          tx,
          { id: profile.id, managerId: actor.userId, ...order.fields },
          (await repo.account(actor.userId))?.fullName ?? '',
          meta.now,
        );
        await deps.orderProfiles.setProfile(tx, orderId, profile.id);
        await createAuditLog(tx).record(
          {
            action: 'relative.create',
            outcome: 'success',
            actorUserId: actor.userId,
            subjectUserId: profile.id,
            ip: meta.ip,
            details: { orderId },
          },
          meta.now,
        );
        return { profile, refused: undefined };
      });
      if (outcome.refused !== undefined) {
        await audit(
          {
            action: 'relative.create',
            outcome: outcome.refused === 'not_found' ? 'denied' : 'failure',
            actorUserId: actor.userId,
            ip: meta.ip,
            details: { orderId, reason: outcome.refused },
          },
          meta,
        );
        if (outcome.refused === 'not_found') throw AppError.notFound();
        if (outcome.refused === 'MANAGED_PROFILE_LIMIT') throw managedProfileLimit();
        throw AppError.conflict(outcome.refused);
      }
      if (!outcome.profile) throw AppError.notFound();
      return managedProfile({ profile: outcome.profile, sharedWith: 0 }, meta.now);
    },

    /**
     * GET /relative/{id}: me, a profile I manage, or someone who shares with me. A watcher sees the information only
     * when "health info" is shared (that read is in the person's access log); otherwise `info` is null. No standing: 404.
     */
    async person(actor: Actor, id: string, standing: Standing, meta: RequestMeta): Promise<Person> {
      // A stranger was refused by the endpoint's declared access (404, the attempt kept). A watcher's read of the
      // information is written to the person's access log; a watcher without "health info" sees the name and sections only.
      const readsInfo = standing.relation !== 'watcher' || coversSection(standing.sections, 'health_info');
      if (standing.relation === 'watcher' && readsInfo) await access.recordRead(actor, id, 'health_info', meta);
      const relation: Relation = standing.relation;
      if (standing.ownProfile) {
        const account = await repository.account(id);
        if (!account || account.deletedAt) throw AppError.notFound();
        return {
          id,
          fullName: account.fullName,
          relation,
          hasAccount: true,
          sections: standing.sections,
          info: readsInfo ? accountInfo(account) : null,
          archivedAt: null,
        };
      }
      const row = await repository.findManaged(id);
      if (!row) throw AppError.notFound();
      return {
        id,
        fullName: row.profile.fullName ?? '',
        relation,
        hasAccount: false,
        sections: standing.sections,
        info: readsInfo ? profileInfo(row.profile) : null,
        archivedAt: row.profile.archivedAt ? row.profile.archivedAt.toISOString() : null,
      };
    },

    async updateProfile(actor: Actor, id: string, body: ProfileBody, meta: RequestMeta): Promise<ManagedProfile> {
      const fields = managedFields(body, meta);
      await deps.db.transaction(async (tx) => {
        const repo = createRelativesRepository(tx);
        await repo.updateManaged(id, fields, meta.now);
        await tellKeptFor(tx, { id, managerId: actor.userId, ...fields }, (await repo.account(actor.userId))?.fullName ?? '', meta.now);
      });
      await audit({ action: 'relative.update', outcome: 'success', actorUserId: actor.userId, subjectUserId: id, ip: meta.ip }, meta);
      return managedView(repository, id, meta.now);
    },

    /**
     * DELETE /relative/{id}: erased, unless a booking (or, later, a record) references it — then archived: kept for
     * those, no longer listed, its grants ended (each in the consent history) and its group places removed.
     */
    async deleteProfile(actor: Actor, id: string, meta: RequestMeta): Promise<{ archived: boolean }> {
      const ending = { actorId: actor.userId, action: 'revoked' as const, language: meta.language, now: meta.now };
      try {
        const sharesEnded = await deps.db.transaction(async (tx) => {
          const repo = createRelativesRepository(tx);
          // The history outlives the grants the erasure takes with it.
          const ended = await repo.endShares(id, ending);
          await repo.deleteManaged(id);
          return ended;
        });
        await audit(
          {
            action: 'relative.delete',
            outcome: 'success',
            actorUserId: actor.userId,
            subjectUserId: id,
            ip: meta.ip,
            details: { sharesEnded },
          },
          meta,
        );
        return { archived: false };
      } catch (error) {
        if (!isViolation(error, FOREIGN_KEY_VIOLATION)) throw error;
      }
      await deps.db.transaction(async (tx) => {
        const repo = createRelativesRepository(tx);
        const sharesEnded = await repo.endShares(id, ending);
        await repo.archiveManaged(id, meta.now);
        await createAuditLog(tx).record(
          {
            action: 'relative.archive',
            outcome: 'success',
            actorUserId: actor.userId,
            subjectUserId: id,
            ip: meta.ip,
            details: { sharesEnded },
          },
          meta.now,
        );
      });
      return { archived: true };
    },

    ...createGroupOperations(deps),

    /* ---------- privileges, the vaccination people, the access log, the count ---------- */

    /** GET /privilege-relative/privileges/{infoId}/{userId}: how I stand to a person, and what I may see. */
    privileges(standing: Standing): Privileges {
      return { relation: standing.relation, sections: standing.sections };
    },

    /**
     * GET /vaccine-privilege-relative: me, the profiles I manage, and the people who share "vaccines" with me — me first,
     * then by name. A watcher gets the birthday even without "health info": the vaccination schedule they were given
     * is by age, so the grant of "vaccines" already tells it.
     */
    async vaccinePeople(
      actor: Actor,
      meta: RequestMeta,
    ): Promise<{ id: string; fullName: string; dateOfBirth: string | null; relation: Relation }[]> {
      const [me, managed, watched] = await Promise.all([
        repository.account(actor.userId),
        repository.listManaged(actor.userId),
        repository.watched(actor.userId),
      ]);
      if (!me || me.deletedAt) throw AppError.notFound();
      const others = [
        ...managed.map(({ profile }) => ({
          id: profile.id,
          fullName: profile.fullName ?? '',
          dateOfBirth: profile.dateOfBirth,
          relation: 'manager' as const,
        })),
        ...watched
          .filter((row) => coversSection(row.sections, 'vaccines'))
          .map((row) => ({ id: row.id, fullName: row.fullName, dateOfBirth: row.dateOfBirth, relation: 'watcher' as const })),
      ].sort((a, b) => byName.compare(a.fullName, b.fullName) || a.id.localeCompare(b.id));
      // Another person's name and birthday, read through their grant of "vaccines": in their access log, like every such read.
      for (const person of others)
        if (person.relation === 'watcher')
          await audit(
            {
              action: 'record.read',
              outcome: 'success',
              actorUserId: actor.userId,
              subjectUserId: person.id,
              ip: meta.ip,
              details: { section: 'vaccines', view: 'vaccinePeople' },
            },
            meta,
          );
      return [{ id: actor.userId, fullName: me.fullName, dateOfBirth: me.dateOfBirth, relation: 'self' }, ...others];
    },

    /** GET /access-log/{id}: who read the person's data, newest first; only the person or the profile's manager. */
    async accessLog(id: string, query: { page: number; size: number }): Promise<AccessLogPage> {
      const { rows, total } = await repository.accessLog(id, query.page, query.size);
      const sections: readonly string[] = SHARE_SECTIONS;
      return {
        items: rows
          .filter((row) => sections.includes(row.section))
          .map((row) => ({
            at: row.at.toISOString(),
            reader: { id: row.readerId, fullName: row.readerName },
            section: row.section as ShareSection,
            action: row.action,
          })),
        total,
        page: query.page,
        size: query.size,
      };
    },

    /** Pending invitations addressed to the account (the home notice's and the bell's count; the invitation list's too). */
    pendingInvitationCount(actorId: string): Promise<number> {
      return repository.pendingInvitationCount(actorId);
    },
  };
}
export type RelativesService = ReturnType<typeof createRelativesService>;
/** The one authorisation check, as other modules receive it from createServices (decision 022). */
