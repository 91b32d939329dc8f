import type { Db } from '../../db/client.ts';
import { historyEntryProfile } from '../../db/examination-history.ts';
import { holds, type AccessService } from '../../platform/access/access.service.ts';
import type { ObjectResolver, OrderParties, ResolvedObject } from '../../platform/access/gate.ts';
import { fileDeletable, linkDeletable } from './documents.ts';
import { createRecordsRepository } from './records.repository.ts';

export interface RecordsResolverDeps {
  access: AccessService;
  orderParties: (orderId: string) => Promise<OrderParties | null>;
}

/**
 * The records module's answers to the access gate (issue 48). Files and links belong to a health record (its profile's
 * holder changes them, watchers read by section) or to a booking (also its doctor, and the booker of one typed in by
 * hand). The sides are who may come near the object at all; which files a reader sees is the section of each file's
 * type, decided by the records service.
 *
 * A file or a link has one more side, `owner`: the caller may delete it (issue 54). A record's files are its holders'
 * (they keep the record); a booking's file or link is whoever added it, while they are still on a side that changes
 * the booking's files (its doctor, its booker, its profile's holder). The patient cannot delete the doctor's, nor the
 * doctor the patient's: the gate answers that as it answers any object one may not change (404, one denied row).
 */
export function createRecordsResolvers(db: Db, deps: RecordsResolverDeps) {
  const repository = createRecordsRepository(db);

  async function profileSides(profileId: string, actorId: string): Promise<string[]> {
    const standing = await deps.access.standing(actorId, profileId);
    if (!standing) return [];
    return [holds(standing) ? 'holder' : standing.relation === 'watcher' ? 'watcher' : 'reader'];
  }

  /** A record's id or a booking's id: whose it is and the caller's sides. */
  async function entrySides(id: string, actorId: string): Promise<ResolvedObject | null> {
    const record = await repository.findRecord(id);
    if (record)
      return { subjectUserId: record.profileId, profileId: record.profileId, sides: await profileSides(record.profileId, actorId) };
    const parties = await deps.orderParties(id);
    if (!parties) return null;
    const sides: string[] = [];
    if (parties.doctorId === actorId) sides.push('doctor');
    if (parties.profileId === null && parties.userId === actorId) sides.push('booker');
    if (parties.profileId !== null) sides.push(...(await profileSides(parties.profileId, actorId)));
    return { subjectUserId: parties.userId, profileId: parties.profileId ?? parties.userId, sides };
  }

  const entry: ObjectResolver = entrySides;

  const historyEntry: ObjectResolver = async (id) => {
    const profileId = await historyEntryProfile(db, id);
    return profileId ? { subjectUserId: profileId, profileId, sides: [] } : null;
  };

  /** The sides that change a booking's files and links. */
  const WRITERS = new Set(['doctor', 'booker', 'holder']);
  /** `sides`, with `owner` when the caller may delete the object and is still one of its writers. */
  const withOwner = (resolved: ResolvedObject, deletable: boolean): ResolvedObject =>
    deletable && resolved.sides.some((side) => WRITERS.has(side)) ? { ...resolved, sides: [...resolved.sides, 'owner'] } : resolved;

  const file: ObjectResolver = async (id, actorId) => {
    const found = await repository.findFile(id);
    if (!found) return null;
    if (found.recordId !== null) {
      const sides = await profileSides(found.profileId, actorId);
      return withOwner({ subjectUserId: found.profileId, profileId: found.profileId, sides }, fileDeletable(found, actorId, true));
    }
    const resolved = found.orderId === null ? null : await entrySides(found.orderId, actorId);
    return resolved && withOwner(resolved, fileDeletable(found, actorId, false));
  };

  const link: ObjectResolver = async (id, actorId) => {
    const found = await repository.findLink(id);
    if (!found) return null;
    const resolved = await entrySides(found.orderId, actorId);
    return resolved && withOwner(resolved, linkDeletable(found, actorId));
  };

  return { entry, historyEntry, file, link };
}
