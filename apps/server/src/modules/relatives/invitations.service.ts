import { randomUUID } from 'node:crypto';
import type { Invitation, InvitationAnswerBodySchema, InvitationBodySchema, InvitationPage, InvitationsQuerySchema } from '@rhc/contracts';
import {
  cleanPhone,
  isPhoneOf,
  MAX_PENDING_INVITATIONS_SENT,
  normalizeVietnamesePhone,
  VN_CALLING_CODE,
  type GrantedSection,
  type InvitationKind,
  type InvitationStatus,
  INVITATIONS_PER_DAY,
  profileHolder,
  vietnamDay,
} from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { isViolation, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { createAuditLog, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor, StepUpCheck } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { markInAppRead, noticeOfNoOrder, type InAppNotice } from '../../platform/messaging/in-app.ts';
import type { QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { fittedSms, foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import { createRateLimiter, type Limit } from '../../platform/security/rate-limit.ts';
import type { AccessService } from '../../platform/access/access.service.ts';
import type { AccessGate } from '../../platform/access/gate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { RelativesService } from './relatives.service.ts';
import {
  createInvitationsRepository,
  type AccountFacts,
  type InvitationInsert,
  type InvitationsRepository,
  type InvitationView,
  type ProfileFacts,
} from './invitations.repository.ts';
import { createSharesService, isChildProfile } from './shares.service.ts';

type InvitationBody = z.output<typeof InvitationBodySchema>;
type InvitationAnswerBody = z.output<typeof InvitationAnswerBodySchema>;
type InvitationsQuery = z.output<typeof InvitationsQuerySchema>;

export interface InvitationsDeps {
  db: Db;
  access: Pick<AccessService, 'hold' | 'standing'>;
  /** Counts the pending invitations addressed to an account (the bell's count). */
  relatives: Pick<RelativesService, 'pendingInvitationCount'>;
  audit: AuditLog;
  /** The access gate's refusal: an object gone or taken under the caller's lock is 404, audited as denied. */
  deny: AccessGate['deny'];
  /** Delivers the messages an invitation or an answer queues. */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  /** Accepting a request to follow me shares my data: it asks for a fresh step-up proof (decision 051). */
  stepUp: StepUpCheck;
  /** Absolute origin of the web app, for the links in messages. */
  publicBaseUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** SMS parts a message may take (the answer's note is shortened to fit). */
const SMS_PARTS = 2;

/** A phone shown to someone who may not learn it whole: `09x xxx x567` (the first two and last three digits). */
export function maskPhone(callingCode: string, phone: string): string {
  const digits = [...phone];
  const masked = digits.map((digit, index) => (index < 2 || index >= digits.length - 3 ? digit : 'x')).join('');
  const grouped = [masked.slice(0, 3), masked.slice(3, 6), masked.slice(6)].filter(Boolean).join(' ');
  return callingCode === VN_CALLING_CODE ? grouped : `${callingCode} ${grouped}`;
}

/** Whether sharing the profile needs the child's recorded agreement today (a managed profile aged 7–15). */

/** The stored form of the addressee's phone: Vietnamese numbers as accounts keep them, others as digits. */
function normalisedPhone(callingCode: string, phone: string | undefined, language: Language): string {
  if (!phone) throw fieldError(language, 'body.phone', 'validation.required');
  const vietnamese = callingCode === VN_CALLING_CODE;
  const stored = vietnamese ? normalizeVietnamesePhone(phone) : cleanPhone(phone);
  if (!isPhoneOf(callingCode, stored))
    throw fieldError(language, 'body.phone', vietnamese ? 'validation.phone_invalid' : 'validation.phone_any_invalid');
  return stored;
}

type MessageKey = 'invite' | 'request' | 'requestFor' | 'accepted' | 'denied';

/** The messages telling `account` of something, one per channel it chose, in its language. */
function messagesTo(account: AccountFacts, key: MessageKey, params: Record<string, string>, dedupe: string): QueuedMessage[] {
  const language = recipientLanguage(account);
  const t = translatorFor(language);
  const all = { ...params, recipient: account.fullName };
  return messagesByChannel(
    account,
    {
      subject: () => t(`invitations:${key}.subject`, all),
      body: () => t(`invitations:${key}.body`, all),
      sms: () => fittedSms(language, SMS_PARTS, (note) => t(`invitations:${key}.sms`, { ...all, note }), params.note ?? ''),
    },
    (channel) => `${dedupe}:${channel}`,
  );
}

/**
 * Invitations both ways (spec §4: sent, then accepted or denied with a note), follows, and the holder's changes to a
 * grant (issue 14, decision 022). Every grant, change, revocation and stop writes a consent_events row with the wording
 * shown, in the same transaction as the change. Another person's invitation or grant answers 404.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const repository = createInvitationsRepository(deps.db);
  const watchedLink = `${deps.publicBaseUrl}/relativemanagement/?type=watched`;
  const managementLink = `${deps.publicBaseUrl}/relativemanagement/`;
  const registerLink = `${deps.publicBaseUrl}/register/`;

  /** The caller's own account (that a path's `{userId}` is theirs is declared on the endpoint). */
  async function ownAccount(actor: Actor): Promise<AccountFacts> {
    const account = await repository.account(actor.userId);
    if (!account) throw AppError.notFound();
    return account;
  }

  function present(view: InvitationView, direction: 'incoming' | 'outgoing', now: Date): Invitation {
    const { invitation } = view;
    const answered = invitation.status === 'accepted' || invitation.status === 'denied';
    return {
      id: invitation.id,
      kind: invitation.kind as InvitationKind,
      status: invitation.status as InvitationStatus,
      direction,
      person: view.profile && invitation.profileId ? { id: invitation.profileId, fullName: view.profile.fullName } : null,
      // The addressee's name only once they answered: before, the answer must not tell whether the phone has an account.
      counterpart:
        direction === 'incoming'
          ? { fullName: view.sender.fullName, phoneMasked: maskPhone(VN_CALLING_CODE, view.sender.phone) }
          : {
              fullName: answered ? view.addresseeName : null,
              phoneMasked: maskPhone(invitation.addresseeCallingCode, invitation.addresseePhone),
            },
      sections: invitation.sections as GrantedSection[],
      note: invitation.note,
      responseNote: invitation.responseNote,
      needsChildAssent: view.profile ? isChildProfile(view.profile, now) : false,
      createdAt: invitation.createdAt.toISOString(),
      answeredAt: invitation.answeredAt?.toISOString() ?? null,
    };
  }

  async function presentById(id: string, direction: 'incoming' | 'outgoing', now: Date): Promise<Invitation> {
    const view = await repository.view(id);
    if (!view) throw AppError.notFound();
    return present(view, direction, now);
  }

  /**
   * Grants `watcherId` the sections of the profile, or changes the grant they already have (asking for more), with the
   * consent_events row of it; in the caller's transaction.
   */
  async function grant(
    repo: InvitationsRepository,
    grantInput: {
      profileId: string;
      watcherId: string;
      grantedBy: string;
      sections: readonly string[];
      childAssent: boolean;
      consentText: string | null;
      language: string;
    },
    now: Date,
  ): Promise<void> {
    const { profileId, watcherId, grantedBy, childAssent, consentText, language } = grantInput;
    const sections = [...grantInput.sections];
    const existing = await repo.activeShare(profileId, watcherId);
    const share = existing
      ? await repo.updateShare(existing.id, { sections, childAssent, changedAt: now, grantedBy })
      : await repo.insertShare({ profileId, watcherId, grantedBy, sections, childAssent, grantedAt: now, changedAt: now });
    if (!share) throw AppError.conflict();
    await repo.recordConsent({
      shareId: share.id,
      profileId,
      watcherId,
      actorId: grantedBy,
      action: existing ? 'changed' : 'granted',
      sections,
      childAssent,
      consentText,
      language,
      occurredAt: now,
    });
  }

  /** Who the invitation goes to, and the profile it is about, after the rules of its kind. */
  async function addresseeOf(actor: Actor, me: AccountFacts, body: InvitationBody, meta: RequestMeta) {
    const callingCode = body.callingCodes;
    if (body.kind === 'invite') {
      const personId = body.personId ?? actor.userId;
      await deps.access.hold(actor, personId);
      const phone = normalisedPhone(callingCode, body.phone, meta.language);
      if (callingCode === VN_CALLING_CODE && phone === me.phone) throw new AppError(400, 'INVITATION_SELF');
      const profile = await repository.profile(personId);
      if (!profile) throw AppError.notFound();
      if (isChildProfile(profile, meta.now) && !body.childAssent) throw new AppError(400, 'CHILD_ASSENT_REQUIRED');
      const account = await repository.accountByPhone(callingCode, phone);
      // The sender already knows who follows their profile (GET /follows): this says nothing new about the phone.
      if (account && (await repository.activeShare(personId, account.id))) throw new AppError(409, 'ALREADY_FOLLOWING');
      return { callingCode, phone, account, profile, profileId: personId };
    }
    if (body.personId) {
      // Asking someone who already shares with me for more sections; anyone else's id is unknown (404).
      if (body.personId === actor.userId) throw new AppError(400, 'INVITATION_SELF');
      const standing = await deps.access.standing(actor.userId, body.personId);
      if (!standing) throw AppError.notFound();
      if (standing.relation !== 'watcher') throw new AppError(400, 'INVITATION_SELF');
      const [account, profile] = await Promise.all([repository.account(standing.holderId), repository.profile(body.personId)]);
      if (!account || !profile) throw AppError.notFound();
      return { callingCode: VN_CALLING_CODE, phone: account.phone, account, profile, profileId: body.personId };
    }
    const phone = normalisedPhone(callingCode, body.phone, meta.language);
    if (callingCode === VN_CALLING_CODE && phone === me.phone) throw new AppError(400, 'INVITATION_SELF');
    // The profile asked about is the account's own; kept unset until answered, so the sender learns nothing before.
    const account = await repository.accountByPhone(callingCode, phone);
    return { callingCode, phone, account, profile: undefined, profileId: null };
  }

  /** What the addressee is told: in the app and on their channels in their language, or one SMS inviting them to join. */
  function invitationMessages(
    invitationId: string,
    kind: InvitationKind,
    me: AccountFacts,
    to: { callingCode: string; phone: string; account: AccountFacts | undefined; profile: ProfileFacts | undefined },
    note: string | null,
    language: Language,
  ): { messages: QueuedMessage[]; notices: InAppNotice[] } {
    const person = to.profile?.fullName ?? me.fullName;
    if (!to.account) {
      const t = translatorFor(language);
      const recipient = to.callingCode === VN_CALLING_CODE ? to.phone : `${to.callingCode}${to.phone}`;
      const text = foldedSms(language, t('invitations:join.sms', { name: me.fullName, link: registerLink }));
      return {
        messages: [{ channel: 'sms', recipient, subject: null, body: text, dedupeKey: `invitation:${invitationId}:join:sms` }],
        notices: [],
      };
    }
    const key: MessageKey = kind === 'invite' ? 'invite' : to.profile?.managerId ? 'requestFor' : 'request';
    const addresseeT = translatorFor(recipientLanguage(to.account));
    const params = {
      name: me.fullName,
      person,
      link: watchedLink,
      noteBlock: note ? `${addresseeT('invitations:noteLine', { note })}\n\n` : '',
    };
    const dedupe = `invitation:${invitationId}:sent:${to.account.id}`;
    return {
      messages: messagesTo(to.account, key, params, dedupe),
      // Named so the bell counts a pending invitation once: as a request to answer, not again as an unread notice.
      notices: [noticeOfNoOrder(to.account.id, `invitations:inApp.${key}`, { name: me.fullName, person, invitationId }, dedupe)],
    };
  }

  return {
    /** GET /invitations/{userId}?type=incoming|outgoing. */
    async page(actor: Actor, query: InvitationsQuery, meta: RequestMeta): Promise<InvitationPage> {
      const me = await ownAccount(actor);
      const [{ items, total }, pending] = await Promise.all([
        repository.page(query.type, me, query.page, query.size),
        deps.relatives.pendingInvitationCount(me.id),
      ]);
      return { items: items.map((view) => present(view, query.type, meta.now)), total, page: query.page, size: query.size, pending };
    },

    /**
     * POST /invitations/{userId}. The answer is the same whether the phone has an account or not (status, shape, the
     * work done): only the message differs, and the sender never sees it.
     */
    async invite(actor: Actor, body: InvitationBody, meta: RequestMeta): Promise<Invitation> {
      const me = await ownAccount(actor);
      const to = await addresseeOf(actor, me, body, meta);
      const note = body.note || null;
      const limits: Limit[] = [{ bucket: `invitation-send:${actor.userId}`, limit: INVITATIONS_PER_DAY, windowMs: DAY_MS }];
      let id: string;
      try {
        id = await deps.db.transaction(async (tx) => {
          const repo = createInvitationsRepository(tx);
          const invitationId = randomUUID();
          const told = invitationMessages(invitationId, body.kind, me, to, note, meta.language);
          const values: InvitationInsert & { id: string } = {
            id: invitationId,
            kind: body.kind,
            senderId: actor.userId,
            profileId: to.profileId,
            addresseeId: to.account?.id ?? null,
            addresseeCallingCode: to.callingCode,
            addresseePhone: to.phone,
            sections: [...body.sections],
            childAssent: body.childAssent,
            consentText: body.consentText || null,
            language: meta.language,
            note,
            status: 'pending',
            createdAt: meta.now,
          };
          // One SMS a day per sender and number (issue 54): the invitation claims the day when it has an SMS to send,
          // and a day already claimed by this sender's earlier invitation of that number (invite, withdraw, invite
          // again) stores it without, its SMS left out. The unique index decides, so concurrent invitations queue one.
          const texting = told.messages.some((message) => message.channel === 'sms');
          const row = texting ? await repo.insertInvitationTexting(values, vietnamDay(meta.now)) : await repo.insertInvitation(values);
          const messages = row.smsDay === null ? told.messages.filter((message) => message.channel !== 'sms') : told.messages;
          // Counted after the insert, so a duplicate (refused by the unique index) uses up nothing.
          if ((await repo.countPendingSent(actor.userId)) > MAX_PENDING_INVITATIONS_SENT) throw new AppError(429, 'INVITATION_LIMIT');
          if (!(await createRateLimiter(tx).take(limits, meta.now)).admitted) throw new AppError(429, 'INVITATION_LIMIT');
          await repo.tell(messages, told.notices, meta.now);
          await createAuditLog(tx).record(
            {
              action: 'invitation.send',
              outcome: 'success',
              actorUserId: actor.userId,
              subjectUserId: to.profileId,
              ip: meta.ip,
              details: { invitationId: row.id, kind: body.kind },
            },
            meta.now,
          );
          return row.id;
        });
      } catch (error) {
        if (isViolation(error, UNIQUE_VIOLATION, 'invitations_pending_once'))
          throw new AppError(409, 'INVITATION_DUPLICATE', {}, undefined, error);
        throw error;
      }
      deps.outbox.wake();
      return presentById(id, 'outgoing', meta.now);
    },

    /** POST /invitations/{id}/answer: only the addressee; once. */
    async answer(actor: Actor, id: string, body: InvitationAnswerBody, meta: RequestMeta): Promise<Invitation> {
      const me = await repository.account(actor.userId);
      if (!me) throw AppError.notFound();
      // Accepting a request to follow me grants someone my data: a step-up action (decision 051). Denying one, and
      // accepting an invitation to follow someone else, give nobody anything of mine. Checked before the lock (the
      // refusal reads the account); the kind of an invitation never changes.
      if (body.accept && (await repository.view(id))?.invitation.kind === 'request') await deps.stepUp.require(actor, meta.now);
      let notFound = false;
      try {
        await deps.db.transaction(async (tx) => {
          const repo = createInvitationsRepository(tx);
          const invitation = await repo.lock(id);
          if (!invitation || !repo.isAddressedTo(invitation, me.id, me.phone)) {
            notFound = true;
            throw AppError.notFound();
          }
          if (invitation.status !== 'pending') throw new AppError(409, 'INVITATION_ANSWERED');
          let profileId = invitation.profileId;
          if (body.accept && invitation.kind === 'invite') {
            const profile = invitation.profileId ? await repo.profile(invitation.profileId) : undefined;
            if (!profile || profile.archivedAt || profileHolder(profile) !== invitation.senderId) throw AppError.notFound();
            if (isChildProfile(profile, meta.now) && !invitation.childAssent) throw new AppError(400, 'CHILD_ASSENT_REQUIRED');
            await grant(
              repo,
              {
                profileId: profile.id,
                watcherId: me.id,
                grantedBy: invitation.senderId,
                sections: invitation.sections,
                childAssent: invitation.childAssent,
                consentText: invitation.consentText,
                language: invitation.language,
              },
              meta.now,
            );
          } else if (body.accept) {
            profileId = invitation.profileId ?? me.id;
            const profile = await repo.profile(profileId);
            if (!profile || profile.archivedAt || profileHolder(profile) !== me.id) throw AppError.notFound();
            if (!body.sections) throw new AppError(400, 'SECTIONS_REQUIRED');
            if (!body.consentText) throw fieldError(meta.language, 'body.consentText', 'validation.required');
            if (isChildProfile(profile, meta.now) && !body.childAssent) throw new AppError(400, 'CHILD_ASSENT_REQUIRED');
            await grant(
              repo,
              {
                profileId,
                watcherId: invitation.senderId,
                grantedBy: me.id,
                sections: body.sections,
                childAssent: body.childAssent,
                consentText: body.consentText,
                language: meta.language,
              },
              meta.now,
            );
          }
          const closed = await repo.close(id, {
            status: body.accept ? 'accepted' : 'denied',
            responseNote: body.note,
            answeredAt: meta.now,
            addresseeId: me.id,
            profileId,
          });
          if (!closed) throw new AppError(409, 'INVITATION_ANSWERED');
          await markInAppRead(tx, me.id, 'invitationId', id, meta.now);
          // The sender is told of the answer and the note, in the app and on their channels, in their language.
          const sender = await repo.account(invitation.senderId);
          if (sender) {
            const key = body.accept ? 'accepted' : 'denied';
            const dedupe = `invitation:${id}:${key}:${sender.id}`;
            await repo.tell(
              messagesTo(sender, key, { name: me.fullName, note: body.note, link: managementLink }, dedupe),
              [noticeOfNoOrder(sender.id, `invitations:inApp.${key}`, { name: me.fullName, note: body.note }, dedupe)],
              meta.now,
            );
          }
          await createAuditLog(tx).record(
            {
              action: 'invitation.answer',
              outcome: 'success',
              actorUserId: actor.userId,
              subjectUserId: profileId,
              ip: meta.ip,
              details: { invitationId: id, accepted: body.accept },
            },
            meta.now,
          );
        });
      } catch (error) {
        // Ended or taken meanwhile (under the change's lock): the gate's one denied row (ids only), then 404. Whose object
        // a path names is declared on the endpoint and checked before the service is called (issue 48).
        if (notFound) return deps.deny({ audit: 'invitation.answer' }, actor, null, { invitationId: id }, meta);
        // Two grants of one profile to one watcher at once (two invitations accepted together): the second is a conflict.
        if (isViolation(error, UNIQUE_VIOLATION, 'shares_active')) throw new AppError(409, 'CONFLICT', {}, undefined, error);
        throw error;
      }
      deps.outbox.wake();
      return presentById(id, 'incoming', meta.now);
    },

    /** DELETE /invitations/{id}: the sender withdraws a pending invitation. */
    async cancel(actor: Actor, id: string, meta: RequestMeta): Promise<null> {
      const closed = await repository.close(id, { status: 'cancelled', answeredAt: meta.now });
      if (!closed) throw new AppError(409, 'INVITATION_ANSWERED');
      await deps.audit.record(
        {
          action: 'invitation.cancel',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: null,
          ip: meta.ip,
          details: { invitationId: id },
        },
        meta.now,
      );
      return null;
    },

    ...createSharesService(deps),
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
