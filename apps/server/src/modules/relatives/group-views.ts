import type { Group } from '@rhc/contracts';
import type { GroupType } from '@rhc/domain';
import { AppError } from '../../platform/http/app-error.ts';
import type { GroupRow, GroupsRepository } from './groups.repository.ts';

/** People's names in Vietnamese order (then by id, so that equal names keep one order). */
export const byName = new Intl.Collator('vi');

/** The groups as the wire shows them: their members by name. */
export async function groupViews(repo: GroupsRepository, ownerId: string, groups: GroupRow[]): Promise<Group[]> {
  const members = await repo.members(
    groups.map((group) => group.id),
    ownerId,
  );
  return groups.map((group) => {
    const mine = members
      .filter((member) => member.groupId === group.id)
      .map(({ id, fullName }) => ({ id, fullName }))
      .sort((a, b) => byName.compare(a.fullName, b.fullName) || a.id.localeCompare(b.id));
    return { id: group.id, name: group.name, type: group.type as GroupType, memberCount: mine.length, members: mine };
  });
}

export async function groupView(repo: GroupsRepository, group: GroupRow): Promise<Group> {
  const [view] = await groupViews(repo, group.ownerId, [group]);
  if (!view) throw AppError.notFound();
  return view;
}
