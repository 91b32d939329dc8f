import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { followGroupMembers, followGroups, profiles, shares, users } from '../../db/schema/index.ts';
import { personName } from './relatives.repository.ts';

export type GroupRow = typeof followGroups.$inferSelect;

export interface MemberRow {
  groupId: string;
  id: string;
  fullName: string;
}

/**
 * Whether the owner of a group stands to the member's profile now: they manage it (not archived), or it shares with
 * them. A member whose grant ended stays in the table but is no longer a member (listed, counted or blocking delete).
 */
function currentMemberOf(ownerId: SQL | string): SQL {
  return sql`((${profiles}.manager_id = ${ownerId} and ${profiles}.archived_at is null) or exists (select 1 from ${shares} as active where active.profile_id = ${profiles}.id and active.watcher_id = ${ownerId} and active.ended_at is null)) and ${users}.deleted_at is null`;
}

/** The only SQL for follow groups and their members. */
export function createGroupsRepository(db: Db) {
  return {
    async countGroups(ownerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(followGroups).where(eq(followGroups.ownerId, ownerId));
      return row?.n ?? 0;
    },

    async listGroups(ownerId: string): Promise<GroupRow[]> {
      return db
        .select()
        .from(followGroups)
        .where(eq(followGroups.ownerId, ownerId))
        .orderBy(asc(followGroups.createdAt), asc(followGroups.id));
    },

    /** A group; `lock` holds it until the transaction ends (membership changes and deletion are serialised). */
    async findGroup(id: string, lock = false): Promise<GroupRow | undefined> {
      const query = db.select().from(followGroups).where(eq(followGroups.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async insertGroup(ownerId: string, fields: { name: string; type: string }, now: Date): Promise<GroupRow> {
      const [row] = await db
        .insert(followGroups)
        .values({ ownerId, ...fields, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('group insert returned nothing');
      return row;
    },

    async updateGroup(id: string, fields: { name: string; type: string }, now: Date): Promise<void> {
      await db
        .update(followGroups)
        .set({ ...fields, updatedAt: now })
        .where(eq(followGroups.id, id));
    },

    async deleteGroup(id: string): Promise<void> {
      await db.delete(followGroups).where(eq(followGroups.id, id));
    },

    /** The current members of the owner's groups, by name. */
    async members(groupIds: string[], ownerId: string): Promise<MemberRow[]> {
      if (groupIds.length === 0) return [];
      return db
        .select({ groupId: followGroupMembers.groupId, id: profiles.id, fullName: personName })
        .from(followGroupMembers)
        .innerJoin(profiles, eq(profiles.id, followGroupMembers.profileId))
        .leftJoin(users, eq(users.id, profiles.accountId))
        .where(and(inArray(followGroupMembers.groupId, groupIds), currentMemberOf(ownerId)))
        .orderBy(asc(profiles.id));
    },

    /** Every membership row of a group, current or not (the bound of MAX_GROUP_MEMBERS). */
    async countMemberRows(groupId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(followGroupMembers).where(eq(followGroupMembers.groupId, groupId));
      return row?.n ?? 0;
    },

    async isMember(groupId: string, profileId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: followGroupMembers.groupId })
        .from(followGroupMembers)
        .where(and(eq(followGroupMembers.groupId, groupId), eq(followGroupMembers.profileId, profileId)));
      return !!row;
    },

    async addMember(groupId: string, profileId: string, now: Date): Promise<void> {
      await db.insert(followGroupMembers).values({ groupId, profileId, addedAt: now }).onConflictDoNothing();
    },

    async removeMember(groupId: string, profileId: string): Promise<void> {
      await db.delete(followGroupMembers).where(and(eq(followGroupMembers.groupId, groupId), eq(followGroupMembers.profileId, profileId)));
    },
  };
}
export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
