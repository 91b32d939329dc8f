import type { Group, GroupBodySchema } from '@rhc/contracts';
import { GROUP_TYPES, MAX_GROUP_MEMBERS, MAX_GROUPS, type GroupType } from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { AccessService } from '../../platform/access/access.service.ts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { groupView, groupViews } from './group-views.ts';
import { createGroupsRepository, type GroupRow, type GroupsRepository } from './groups.repository.ts';
import { createRelativesRepository } from './relatives.repository.ts';

type GroupBody = z.output<typeof GroupBodySchema>;

/**
 * The groups a person sorts the people they follow or manage into (spec §4): part of the relatives service, in a file of
 * its own. That a group is the actor's own is declared on the endpoint (issue 48).
 */
export function createGroupOperations(deps: { db: Db; audit: AuditLog; access: AccessService }) {
  const repository = createGroupsRepository(deps.db);

  /** The group (locked for a change of its members); one deleted since answers 404. */
  async function groupOf(repo: GroupsRepository, id: string, lock = false): Promise<GroupRow> {
    const group = await repo.findGroup(id, lock);
    if (!group) throw AppError.notFound();
    return group;
  }

  function changed(actor: Actor, change: 'create' | 'update' | 'delete' | 'add' | 'remove', meta: RequestMeta): Promise<void> {
    return deps.audit.record(
      { action: 'group.change', outcome: 'success', actorUserId: actor.userId, ip: meta.ip, details: { change } },
      meta.now,
    );
  }

  return {
    groupTypes(): GroupType[] {
      return [...GROUP_TYPES];
    },

    async groups(actor: Actor): Promise<Group[]> {
      return groupViews(repository, actor.userId, await repository.listGroups(actor.userId));
    },

    async createGroup(actor: Actor, body: GroupBody, meta: RequestMeta): Promise<Group> {
      const fields = { name: body.name, type: body.type };
      const group = await deps.db.transaction(async (tx) => {
        const repo = createGroupsRepository(tx);
        await createRelativesRepository(tx).lockAccount(actor.userId);
        if ((await repo.countGroups(actor.userId)) >= MAX_GROUPS) return null;
        return repo.insertGroup(actor.userId, fields, meta.now);
      });
      if (!group) throw AppError.conflict('GROUP_LIMIT');
      await changed(actor, 'create', meta);
      return { id: group.id, name: group.name, type: group.type as GroupType, memberCount: 0, members: [] };
    },

    async updateGroup(actor: Actor, id: string, body: GroupBody, meta: RequestMeta): Promise<Group> {
      await groupOf(repository, id);
      await repository.updateGroup(id, { name: body.name, type: body.type }, meta.now);
      await changed(actor, 'update', meta);
      return groupView(repository, await groupOf(repository, id));
    },

    /** Only an empty group is deleted (spec §4); one with members answers 409 GROUP_NOT_EMPTY. */
    async deleteGroup(actor: Actor, id: string, meta: RequestMeta): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const repo = createGroupsRepository(tx);
        const group = await groupOf(repo, id, true);
        const view = await groupView(repo, group);
        if (view.memberCount > 0) throw AppError.conflict('GROUP_NOT_EMPTY');
        await repo.deleteGroup(id);
      });
      await changed(actor, 'delete', meta);
    },

    /** A person I follow or manage joins my group (again: no change). Anyone else is not found. */
    async addGroupMember(actor: Actor, id: string, personId: string, meta: RequestMeta): Promise<Group> {
      const standing = await deps.access.standing(actor.userId, personId);
      const group = await deps.db.transaction(async (tx) => {
        const repo = createGroupsRepository(tx);
        const found = await groupOf(repo, id, true);
        if (!standing || (standing.relation !== 'watcher' && standing.relation !== 'manager')) throw AppError.notFound();
        if (await repo.isMember(id, personId)) return found;
        if ((await repo.countMemberRows(id)) >= MAX_GROUP_MEMBERS) throw AppError.conflict('GROUP_LIMIT');
        await repo.addMember(id, personId, meta.now);
        return found;
      });
      await changed(actor, 'add', meta);
      return groupView(repository, group);
    },

    /** Removes a person from my group (one who is not in it: no change). */
    async removeGroupMember(actor: Actor, id: string, personId: string, meta: RequestMeta): Promise<Group> {
      const group = await deps.db.transaction(async (tx) => {
        const repo = createGroupsRepository(tx);
        const found = await groupOf(repo, id, true);
        await repo.removeMember(id, personId);
        return found;
      });
      await changed(actor, 'remove', meta);
      return groupView(repository, group);
    },
  };
}
