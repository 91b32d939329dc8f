import type { Db } from '../../db/client.ts';
import type { ObjectResolver } from '../../platform/access/gate.ts';
import { createRecordExportsRepository } from './record-exports.repository.ts';

/**
 * The record-exports module's answer to the access gate (issue 53): an export is its person's (side `person`) and, for a
 * managed profile, its manager's (`manager`). The audit's subject is the profile.
 */
export function createRecordExportsResolvers(db: Db): { recordExport: ObjectResolver } {
  const repository = createRecordExportsRepository(db);
  return {
    recordExport: async (id, actorId) => {
      const holder = await repository.holderOf(id);
      if (!holder) return null;
      const sides = [...(holder.accountId === actorId ? ['person'] : []), ...(holder.managerId === actorId ? ['manager'] : [])];
      return { subjectUserId: holder.profileId, sides };
    },
  };
}
