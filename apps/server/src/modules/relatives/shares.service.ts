import type { Follows, Share, ShareChangeBodySchema } from '@rhc/contracts';
import { needsChildAssent, vietnamDay, type GrantedSection, profileHolder } from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { createAuditLog, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { InAppNotice } from '../../platform/messaging/in-app.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import type { AccessGate } from '../../platform/access/gate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { createInvitationsRepository, type ShareView } from './invitations.repository.ts';

type ShareChangeBody = z.output<typeof ShareChangeBodySchema>;

export interface SharesDeps {
  db: Db;
  audit: AuditLog;
  deny: AccessGate['deny'];
  outbox: Pick<OutboxDispatcher, 'wake'>;
  publicBaseUrl: string;
}

export function isChildProfile(profile: { managerId: string | null; dateOfBirth: string | null }, now: Date): boolean {
  return profile.managerId !== null && profile.dateOfBirth !== null && needsChildAssent(profile.dateOfBirth, vietnamDay(now));
}

/**
 * Follows, and the holder's changes to a grant (issue 14, decision 022): the sections changed, the grant revoked by its
 * holder or stopped by its watcher. Each writes a consent_events row with the wording shown, in the same transaction.
 * Whose grant it is is declared on the endpoints; one ended or taken meanwhile answers 404, audited as denied.
 */
export function createSharesService(deps: SharesDeps) {
  const repository = createInvitationsRepository(deps.db);

  function toShare(view: ShareView): Share {
    const { share } = view;
    return {
      id: share.id,
      person: view.person,
      watcher: view.watcher,
      sections: share.sections as GrantedSection[],
      childAssent: share.childAssent,
      grantedAt: share.grantedAt.toISOString(),
      changedAt: share.changedAt.toISOString(),
    };
  }

  return {
    /** GET /follows/{userId}: whom I follow, and who follows me or a profile I manage. */
    async follows(actor: Actor): Promise<Follows> {
      const me = await repository.account(actor.userId);
      if (!me) throw AppError.notFound();
      const [following, followers] = await Promise.all([repository.following(me.id), repository.followers(me.id)]);
      return { following: following.map(toShare), followers: followers.map(toShare) };
    },

    /** PUT /follows/share/{shareId}: the holder changes the sections (a 'changed' consent event with the wording shown). */
    async changeShare(actor: Actor, shareId: string, body: ShareChangeBody, meta: RequestMeta): Promise<Share> {
      const me = await repository.account(actor.userId);
      if (!me) throw AppError.notFound();
      let notFound = false;
      let changed: Share;
      try {
        changed = await deps.db.transaction(async (tx) => {
          const repo = createInvitationsRepository(tx);
          const view = await repo.activeShareById(shareId);
          const profile = view ? await repo.profile(view.share.profileId) : undefined;
          if (!view || !profile || profile.archivedAt || profileHolder(profile) !== me.id) {
            notFound = true;
            throw AppError.notFound();
          }
          if (isChildProfile(profile, meta.now) && !body.childAssent) throw new AppError(400, 'CHILD_ASSENT_REQUIRED');
          const sections = [...body.sections];
          const share = await repo.updateShare(shareId, { sections, childAssent: body.childAssent, changedAt: meta.now });
          if (!share) throw AppError.notFound();
          await repo.recordConsent({
            shareId,
            profileId: share.profileId,
            watcherId: share.watcherId,
            actorId: me.id,
            action: 'changed',
            sections,
            childAssent: body.childAssent,
            consentText: body.consentText,
            language: meta.language,
            occurredAt: meta.now,
          });
          const notice: InAppNotice = {
            userId: share.watcherId,
            event: 'invitations:inApp.changed',
            orderId: null,
            params: { name: me.fullName, person: view.person.fullName },
            dedupeKey: `share:${shareId}:changed:${meta.now.getTime()}:${share.watcherId}:app`,
          };
          await repo.tell([], [notice], meta.now);
          await createAuditLog(tx).record(
            {
              action: 'share.change',
              outcome: 'success',
              actorUserId: me.id,
              subjectUserId: share.profileId,
              ip: meta.ip,
              details: { shareId, sections: sections.join(',') },
            },
            meta.now,
          );
          return toShare({ ...view, share });
        });
      } catch (error) {
        if (notFound) return deps.deny({ audit: 'share.change' }, actor, null, { shareId }, meta);
        throw error;
      }
      return changed;
    },

    /** DELETE /follows/share/{shareId}: the holder revokes, or the watcher stops; the next request of the watcher is 404. */
    async endShare(actor: Actor, shareId: string, meta: RequestMeta): Promise<null> {
      let notFound = false;
      try {
        await deps.db.transaction(async (tx) => {
          const repo = createInvitationsRepository(tx);
          const view = await repo.activeShareById(shareId);
          const profile = view ? await repo.profile(view.share.profileId) : undefined;
          const holderId = profile ? profileHolder(profile) : null;
          const action = !view ? null : holderId === actor.userId ? 'revoked' : view.share.watcherId === actor.userId ? 'stopped' : null;
          if (!view || !action || !holderId) {
            notFound = true;
            throw AppError.notFound();
          }
          const share = await repo.updateShare(shareId, { endedAt: meta.now, endedBy: actor.userId });
          if (!share) throw AppError.notFound();
          await repo.recordConsent({
            shareId,
            profileId: share.profileId,
            watcherId: share.watcherId,
            actorId: actor.userId,
            action,
            sections: share.sections,
            childAssent: share.childAssent,
            consentText: null,
            language: meta.language,
            occurredAt: meta.now,
          });
          // The other side is told in the app.
          const holder = await repo.account(holderId);
          const notice: InAppNotice =
            action === 'revoked'
              ? {
                  userId: share.watcherId,
                  event: 'invitations:inApp.revoked',
                  orderId: null,
                  params: { name: holder?.fullName ?? '', person: view.person.fullName },
                  dedupeKey: `share:${shareId}:revoked:${share.watcherId}:app`,
                }
              : {
                  userId: holderId,
                  event: 'invitations:inApp.stopped',
                  orderId: null,
                  params: { name: view.watcher.fullName, person: view.person.fullName },
                  dedupeKey: `share:${shareId}:stopped:${holderId}:app`,
                };
          await repo.tell([], [notice], meta.now);
          await createAuditLog(tx).record(
            {
              action: 'share.end',
              outcome: 'success',
              actorUserId: actor.userId,
              subjectUserId: share.profileId,
              ip: meta.ip,
              details: { shareId, action },
            },
            meta.now,
          );
        });
      } catch (error) {
        if (notFound) return deps.deny({ audit: 'share.end' }, actor, null, { shareId }, meta);
        throw error;
      }
      return null;
    },
  };
}
