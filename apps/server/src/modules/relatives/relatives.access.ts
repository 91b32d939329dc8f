import { profileHolder } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import type { ObjectResolver } from '../../platform/access/gate.ts';
import { createInvitationsRepository } from './invitations.repository.ts';
import { keptFor } from './profile-links.service.ts';
import { createProfileLinksRepository } from './profile-links.repository.ts';
import { createGroupsRepository } from './groups.repository.ts';

/**
 * The relatives module's answers to the access gate (issue 48): a grant is its holder's and its watcher's, an invitation
 * its sender's and its addressee's, a group its owner's, a kept profile the claimable one of the account whose phone it
 * carries. Each answers the sides the caller is on; the changes themselves re-read their object under a lock.
 */
export function createRelativesResolvers(db: Db) {
  const groups = createGroupsRepository(db);
  const invitations = createInvitationsRepository(db);
  const links = createProfileLinksRepository(db);
  const sides = (entries: [string, boolean][]) => entries.filter(([, on]) => on).map(([side]) => side);

  const share: ObjectResolver = async (id, actorId) => {
    const view = await invitations.activeShareById(id);
    const profile = view ? await invitations.profile(view.share.profileId) : undefined;
    if (!view || !profile) return null;
    const holderId = profileHolder(profile);
    return {
      subjectUserId: holderId,
      sides: sides([
        ['holder', holderId === actorId],
        ['watcher', view.share.watcherId === actorId],
      ]),
    };
  };

  const invitation: ObjectResolver = async (id, actorId) => {
    const view = await invitations.view(id);
    if (!view) return null;
    const me = await invitations.account(actorId);
    return {
      subjectUserId: view.invitation.senderId,
      sides: sides([
        ['sender', view.invitation.senderId === actorId],
        ['addressee', !!me && invitations.isAddressedTo(view.invitation, me.id, me.phone)],
      ]),
    };
  };

  const group: ObjectResolver = async (id, actorId) => {
    const found = await groups.findGroup(id);
    return found ? { subjectUserId: found.ownerId, sides: found.ownerId === actorId ? ['owner'] : [] } : null;
  };

  const keptProfile: ObjectResolver = async (id, actorId) => {
    const [profile, account] = await Promise.all([links.profile(id), links.accountPhone(actorId)]);
    if (!profile || !account) return null;
    return {
      subjectUserId: null,
      sides: sides([
        ['linked', profile.linkedAccountId === actorId],
        ['kept', keptFor(profile, actorId, account.phone)],
      ]),
    };
  };

  return { share, invitation, group, keptProfile };
}
