import { VN_CALLING_CODE } from '@rhc/domain';
import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { personColumns } from '../../db/person-columns.ts';
import {
  auditEvents,
  consentEvents,
  followGroupMembers,
  followGroups,
  invitations,
  orderDetails,
  orders,
  profiles,
  shares,
  users,
} from '../../db/schema/index.ts';

export type ProfileRow = typeof profiles.$inferSelect;

/** The fields of spec §3 a managed profile keeps. */
export interface ManagedFields {
  fullName: string;
  phone: string;
  callingCode: string;
  countryName: string;
  gender: string;
  dateOfBirth: string;
  email: string | null;
  address: string;
}

export interface ManagedRow {
  profile: ProfileRow;
  sharedWith: number;
}

/** The personal fields of an account's own profile, kept on `users`. */
export interface AccountFields {
  fullName: string;
  phone: string;
  gender: string;
  dateOfBirth: string;
  email: string;
  address: string;
  deletedAt: Date | null;
}

export interface WatchedRow {
  id: string;
  fullName: string;
  dateOfBirth: string;
  sections: string[];
}

export interface AccessLogRow {
  at: Date;
  readerId: string;
  readerName: string;
  section: string;
  action: 'read' | 'write' | 'mail';
}

/** Who an ended grant was ended by, and how the consent history names it. */
export interface ShareEnding {
  actorId: string;
  action: 'revoked' | 'stopped';
  language: string;
  now: Date;
}

/** Followers a profile has now (active grants). */
const sharedWithOf = sql<number>`(select count(*)::int from ${shares} as active where active.profile_id = ${profiles}.id and active.ended_at is null)`;

/** A person's name: a managed profile's own, or the account's (always read with `users` joined). */
export const personName = sql<string>`coalesce(${profiles}.full_name, ${users}.full_name)`;

/** The only SQL for profiles, shares' ending on archive, the access log and the pending-invitation count (groups: groups.repository.ts). */
export function createRelativesRepository(db: Db) {
  return {
    /** Serialises an account's own writes that count against a limit (profiles, groups). Call inside a transaction. */
    async lockAccount(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async account(userId: string): Promise<AccountFields | undefined> {
      const [row] = await db
        .select({
          ...personColumns,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /* ---------- managed profiles ---------- */

    async countManaged(managerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(profiles)
        .where(and(eq(profiles.managerId, managerId), isNull(profiles.archivedAt)));
      return row?.n ?? 0;
    },

    /** The profiles an account manages, archived ones left out, newest first. */
    async listManaged(managerId: string): Promise<ManagedRow[]> {
      return db
        .select({ profile: profiles, sharedWith: sharedWithOf })
        .from(profiles)
        .where(and(eq(profiles.managerId, managerId), isNull(profiles.archivedAt)))
        .orderBy(desc(profiles.createdAt), desc(profiles.id));
    },

    async findManaged(id: string): Promise<ManagedRow | undefined> {
      const [row] = await db.select({ profile: profiles, sharedWith: sharedWithOf }).from(profiles).where(eq(profiles.id, id));
      return row;
    },

    async insertManaged(managerId: string, fields: ManagedFields, now: Date): Promise<ProfileRow> {
      const [row] = await db
        .insert(profiles)
        .values({ ...fields, managerId, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('profile insert returned nothing');
      return row;
    },

    /**
     * A booking and its typed-in patient, locked until the transaction ends (POST /patients/{orderId}: two requests at
     * once keep one profile).
     */
    async orderPatient(orderId: string) {
      const [row] = await db
        .select({
          userId: orders.userId,
          kind: orders.kind,
          profileId: orders.profileId,
          fields: {
            fullName: orderDetails.patientName,
            phone: orderDetails.patientPhone,
            callingCode: orderDetails.callingCode,
            countryName: orderDetails.countryName,
            gender: orderDetails.patientGender,
            dateOfBirth: orderDetails.patientBirthday,
            email: orderDetails.patientEmail,
            address: orderDetails.patientAddress,
          },
        })
        .from(orders)
        .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
        .where(eq(orders.id, orderId))
        .for('update', { of: orders });
      return row;
    },

    async updateManaged(id: string, fields: ManagedFields, now: Date): Promise<void> {
      await db
        .update(profiles)
        .set({ ...fields, updatedAt: now })
        .where(eq(profiles.id, id));
    },

    /**
     * Ends every active grant of a profile and writes each ending to the consent history (same transaction as the
     * caller's). Answers how many ended.
     */
    async endShares(profileId: string, ending: ShareEnding): Promise<number> {
      const ended = await db
        .update(shares)
        .set({ endedAt: ending.now, endedBy: ending.actorId })
        .where(and(eq(shares.profileId, profileId), isNull(shares.endedAt)))
        .returning({ id: shares.id, watcherId: shares.watcherId, sections: shares.sections, childAssent: shares.childAssent });
      if (ended.length > 0)
        await db.insert(consentEvents).values(
          ended.map((share) => ({
            shareId: share.id,
            profileId,
            watcherId: share.watcherId,
            actorId: ending.actorId,
            action: ending.action,
            sections: share.sections,
            childAssent: share.childAssent,
            consentText: null,
            language: ending.language,
            occurredAt: ending.now,
          })),
        );
      return ended.length;
    },

    /**
     * An account's erasure (decision 052), in its transaction: every active grant to or from the person ends (each in the
     * consent history, the other side answered with who to tell), their groups and invitations (sent, received, or to
     * their phone) go, and the profiles they manage alone (`managedIds`) are erased, or, where a booking or a kept dose
     * or file still names one, kept archived with only its date of birth and gender. Answers what it did.
     */
    async erasePerson(
      userId: string,
      phone: string,
      managedIds: readonly string[],
      ending: Omit<ShareEnding, 'action'>,
      anonymous: string,
    ): Promise<{
      ended: { shareId: string; tell: string; person: string; action: 'revoked' | 'stopped' }[];
      profilesErased: number;
      profilesKept: number;
    }> {
      const held = [userId, ...managedIds];
      const personName = sql<string>`coalesce(${profiles.fullName}, (select u.full_name from users u where u.id = ${profiles.accountId}), '')`;
      const holderOf = sql<string>`coalesce(${profiles.accountId}, ${profiles.managerId})`;
      const active = await db
        .select({
          id: shares.id,
          profileId: shares.profileId,
          watcherId: shares.watcherId,
          sections: shares.sections,
          childAssent: shares.childAssent,
          holder: holderOf,
          person: personName,
        })
        .from(shares)
        .innerJoin(profiles, eq(profiles.id, shares.profileId))
        .where(and(isNull(shares.endedAt), or(eq(shares.watcherId, userId), inArray(shares.profileId, held))))
        .for('update', { of: shares });
      const ended = active.map((share) => {
        const theirs = share.watcherId === userId;
        return { share, action: theirs ? ('stopped' as const) : ('revoked' as const), tell: theirs ? share.holder : share.watcherId };
      });
      if (ended.length > 0) {
        await db
          .update(shares)
          .set({ endedAt: ending.now, endedBy: userId })
          .where(
            inArray(
              shares.id,
              ended.map((entry) => entry.share.id),
            ),
          );
        await db.insert(consentEvents).values(
          ended.map(({ share, action }) => ({
            shareId: share.id,
            profileId: share.profileId,
            watcherId: share.watcherId,
            actorId: userId,
            action,
            sections: share.sections,
            childAssent: share.childAssent,
            consentText: null,
            language: ending.language,
            occurredAt: ending.now,
          })),
        );
      }
      await db.delete(followGroups).where(eq(followGroups.ownerId, userId));
      if (managedIds.length > 0) await db.delete(followGroupMembers).where(inArray(followGroupMembers.profileId, [...managedIds]));
      await db
        .delete(invitations)
        .where(
          or(
            eq(invitations.senderId, userId),
            eq(invitations.addresseeId, userId),
            and(eq(invitations.addresseeCallingCode, VN_CALLING_CODE), eq(invitations.addresseePhone, phone)),
            managedIds.length > 0 ? inArray(invitations.profileId, [...managedIds]) : undefined,
          ),
        );
      let profilesErased = 0;
      if (managedIds.length > 0) {
        const ids = [...managedIds];
        const referenced = sql`exists (select 1 from orders o where o.profile_id = ${profiles.id})
          or exists (select 1 from documents d where d.profile_id = ${profiles.id})
          or exists (select 1 from vaccination_history v where v.info_id = ${profiles.id})`;
        const erased = await db
          .delete(profiles)
          .where(and(inArray(profiles.id, ids), sql`not (${referenced})`))
          .returning({ id: profiles.id });
        profilesErased = erased.length;
        await db
          .update(profiles)
          .set({
            fullName: anonymous,
            phone: '',
            callingCode: '',
            countryName: '',
            email: null,
            address: '',
            archivedAt: sql`coalesce(${profiles.archivedAt}, ${ending.now.toISOString()}::timestamptz)`,
            updatedAt: ending.now,
          })
          .where(inArray(profiles.id, ids));
      }
      return {
        ended: ended.map(({ share, action, tell }) => ({ shareId: share.id, tell, person: share.person, action })),
        profilesErased,
        profilesKept: managedIds.length - profilesErased,
      };
    },

    /** The profiles an account manages alone: not linked to an account of their own (those are left to their person). */
    async managedAlone(managerId: string): Promise<string[]> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.managerId, managerId), isNull(profiles.linkedAccountId)));
      return rows.map((row) => row.id);
    },

    /** Erases a profile (its grants, group places and invitations go with it). A row that references it refuses. */
    async deleteManaged(id: string): Promise<void> {
      await db.delete(profiles).where(eq(profiles.id, id));
    },

    /** Keeps a profile that bookings or records reference, no longer listed, shared or grouped. */
    async archiveManaged(id: string, now: Date): Promise<void> {
      await db.update(profiles).set({ archivedAt: now, updatedAt: now }).where(eq(profiles.id, id));
      await db.delete(followGroupMembers).where(eq(followGroupMembers.profileId, id));
      // Invitations about it that nobody answered yet can no longer be answered.
      await db
        .update(invitations)
        .set({ status: 'cancelled', answeredAt: now })
        .where(and(eq(invitations.profileId, id), eq(invitations.status, 'pending')));
    },

    /* ---------- people whose data I may see ---------- */

    /** The people who share with `watcherId` now, with their grant's sections (archived profiles and deleted accounts left out). */
    async watched(watcherId: string): Promise<WatchedRow[]> {
      return db
        .select({
          id: profiles.id,
          fullName: personName,
          dateOfBirth: sql<string>`coalesce(${profiles}.date_of_birth, ${users}.date_of_birth)::text`,
          sections: shares.sections,
        })
        .from(shares)
        .innerJoin(profiles, eq(profiles.id, shares.profileId))
        .leftJoin(users, eq(users.id, profiles.accountId))
        .where(and(eq(shares.watcherId, watcherId), isNull(shares.endedAt), isNull(profiles.archivedAt), isNull(users.deletedAt)));
    },

    /* ---------- the access log ---------- */

    /**
     * Successful reads of a profile's data by someone else, newest first. An account's log includes the reads of the
     * profiles someone kept for the person before they linked them to it (decision 025): the data moved, so does who saw it.
     */
    async accessLog(profileId: string, page: number, size: number): Promise<{ rows: AccessLogRow[]; total: number }> {
      const where = and(
        or(
          eq(auditEvents.subjectUserId, profileId),
          inArray(auditEvents.subjectUserId, db.select({ id: profiles.id }).from(profiles).where(eq(profiles.linkedAccountId, profileId))),
        ),
        // What others wrote for the person (issue 17: a doctor's diagnosis or prescription, files added to or removed from
        // their records and bookings) shows beside the reads.
        // And their result e-mailed by someone else to an address not theirs (issue 54: the row names the person only then).
        inArray(auditEvents.action, ['record.read', 'clinical.write', 'document.write', 'document.delete', 'order.mail']),
        eq(auditEvents.outcome, 'success'),
        ne(auditEvents.actorUserId, profileId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            at: auditEvents.occurredAt,
            readerId: users.id,
            readerName: users.fullName,
            // Files carry no section in their audit row: those of a booking or a record are its examination's.
            section: sql<string>`coalesce(${auditEvents}.details ->> 'section', 'exam_info')`,
            action: sql<
              'read' | 'write' | 'mail'
            >`case ${auditEvents.action} when 'record.read' then 'read' when 'order.mail' then 'mail' else 'write' end`,
          })
          .from(auditEvents)
          .innerJoin(users, eq(users.id, auditEvents.actorUserId))
          .where(where)
          .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(auditEvents).innerJoin(users, eq(users.id, auditEvents.actorUserId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /* ---------- invitations addressed to me ---------- */

    /**
     * Pending invitations addressed to an account: by its id, or (sent before the account existed, or to a phone only)
     * by its Vietnamese phone number.
     */
    async pendingInvitationCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(invitations)
        .where(
          and(
            eq(invitations.status, 'pending'),
            or(
              eq(invitations.addresseeId, userId),
              and(
                isNull(invitations.addresseeId),
                eq(invitations.addresseeCallingCode, VN_CALLING_CODE),
                eq(invitations.addresseePhone, sql`(select mine.phone from ${users} as mine where mine.id = ${userId})`),
              ),
            ),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
export type RelativesRepository = ReturnType<typeof createRelativesRepository>;
