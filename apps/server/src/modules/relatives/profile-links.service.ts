import type { ClaimableProfile, ClaimBodySchema, ClaimResult, OtpSent } from '@rhc/contracts';
import {
  ageInYears,
  CHILD_MAX_AGE_EXCLUSIVE,
  normalizeVietnamesePhone,
  VN_CALLING_CODE,
  vietnamDay,
  type GrantedSection,
} from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { createAuditLog, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { noticeOfNoOrder, recordInApp } from '../../platform/messaging/in-app.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { fittedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import { createInvitationsRepository, type AccountFacts } from './invitations.repository.ts';
import { createProfileLinksRepository, phoneSpellings, type LinkableProfile } from './profile-links.repository.ts';
import { createRelativesRepository } from './relatives.repository.ts';

type ClaimBody = z.output<typeof ClaimBodySchema>;

/** The verification a code stands for, as far as a claim checks it. */
interface CodeRow {
  channel: string;
  destination: string;
  phone: string | null;
  userId: string | null;
}

/** The accounts module's one-time codes, as a claim uses them (handed over by createServices). */
export interface ClaimCodes {
  send(
    request: {
      purpose: 'link';
      channel: 'sms';
      destination: string;
      phone: string;
      userId: string;
      deliver: boolean;
      language: Language;
      ip: string;
    },
    now: Date,
  ): Promise<OtpSent>;
  verify(verificationId: string, code: string, now: Date): Promise<{ isValid: boolean; attemptsLeft: number }>;
  consume(tx: Db, verificationId: string, purpose: 'link', accepts: (row: CodeRow) => boolean, now: Date): Promise<unknown>;
}

export interface ProfileLinksDeps {
  db: Db;
  audit: AuditLog;
  codes: ClaimCodes;
  /** Delivers the message telling the former manager. */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  publicBaseUrl: string;
  /** The orders module's take-over of a profile's bookings, in the caller's transaction (orders/order-profiles.ts). */
  orderProfiles: { takeOver(tx: Db, profileId: string, accountId: string, now: Date): Promise<string[]> };
  /** The waitlist module's: moved bookings keep their places in the earlier-slot queue, under the new account. */
  waitlistPlaces: { takeOver(tx: Db, orderIds: readonly string[], accountId: string, now: Date): Promise<void> };
}

export interface ProfileLinksMeta {
  ip: string;
  now: Date;
  language: Language;
}

const SMS_PARTS = 2;

/** Whether the profile is one someone else keeps with this account's phone (never the caller's own, never ended). */
export function keptFor(profile: LinkableProfile | undefined, accountId: string, accountPhone: string): profile is LinkableProfile {
  return (
    !!profile &&
    profile.managerId !== null &&
    profile.managerId !== accountId &&
    profile.archivedAt === null &&
    profile.callingCode === VN_CALLING_CODE &&
    profile.phone !== null &&
    phoneSpellings(accountPhone).includes(profile.phone)
  );
}

/** A person under 16 on Vietnam's today: their guardian keeps the profile (Law 91/2025 art. 24's child). */
function isChild(dateOfBirth: string | null, now: Date): boolean {
  return dateOfBirth !== null && ageInYears(dateOfBirth, vietnamDay(now)) < CHILD_MAX_AGE_EXCLUSIVE;
}

/**
 * When a managed profile is made (or its phone changed) with the phone of someone else's account and that person may
 * claim it (16 or older), their bell says someone keeps a profile for them (once per profile and account). Nothing is
 * sent outside the app, and the manager learns nothing about whether the phone has an account. Call inside the
 * transaction that stores the profile.
 */
export async function tellKeptFor(
  db: Db,
  profile: { id: string; managerId: string; phone: string; callingCode: string; dateOfBirth: string },
  managerName: string,
  now: Date,
): Promise<void> {
  if (profile.callingCode !== VN_CALLING_CODE || isChild(profile.dateOfBirth, now)) return;
  const account = await createProfileLinksRepository(db).accountWithPhone(normalizeVietnamesePhone(profile.phone), profile.managerId);
  if (!account) return;
  await recordInApp(
    db,
    [
      {
        userId: account.id,
        event: 'invitations:inApp.keptForYou',
        orderId: null,
        params: { name: managerName },
        dedupeKey: `profile:${profile.id}:kept:${account.id}`,
      },
    ],
    now,
  );
}

/** The consent wording of the former manager's grant, in the language the dialog showed it. */
export function claimConsentText(language: Language, manager: string, sections: readonly GrantedSection[]): string {
  const t = translatorFor(language);
  const names = sections.map((section) => t(`relatives:sections.${section}`)).join(', ');
  return t('relatives:claim.consentText', { manager, sections: names });
}

/**
 * A profile someone keeps for me, linked to my own account (issue 14, decision 025): I see the managed profiles whose
 * phone is my account's, ask a fresh code to that phone, and claim one. In one transaction its data becomes my own
 * profile's, it is ended (archived, pointing to my account), its grants end, and its former manager keeps only the
 * sections I choose — a grant with consent like any other — and is told.
 */
export function createProfileLinksService(deps: ProfileLinksDeps) {
  const repository = createProfileLinksRepository(deps.db);
  const managementLink = `${deps.publicBaseUrl}/relativemanagement/`;

  async function ownPhone(actor: Actor): Promise<{ phone: string; fullName: string }> {
    const account = await repository.accountPhone(actor.userId);
    if (!account) throw AppError.notFound();
    return account;
  }

  /**
   * A claimable profile of the caller's. Someone else's phone answers as an unknown id does: refused by the endpoint's
   * declared access (issue 48), or 404 here when it changed since.
   */
  async function keptForMe(actor: Actor, id: string, phone: string, meta: ProfileLinksMeta): Promise<LinkableProfile> {
    const profile = await repository.profile(id);
    if (profile?.linkedAccountId === actor.userId) throw AppError.conflict('PROFILE_ALREADY_LINKED');
    if (!keptFor(profile, actor.userId, phone)) throw AppError.notFound();
    if (isChild(profile.dateOfBirth, meta.now)) throw AppError.conflict('CHILD_CANNOT_CLAIM');
    return profile;
  }

  function messagesTo(manager: AccountFacts, params: { name: string; person: string; kept: boolean }, dedupe: string) {
    const language = recipientLanguage(manager);
    const t = translatorFor(language);
    const key = params.kept ? 'linkedKept' : 'linked';
    const all = { name: params.name, person: params.person, recipient: manager.fullName, link: managementLink };
    return messagesByChannel(
      manager,
      {
        subject: () => t(`invitations:${key}.subject`, all),
        body: () => t(`invitations:${key}.body`, all),
        sms: () => fittedSms(language, SMS_PARTS, (person) => t(`invitations:${key}.sms`, { ...all, person }), params.person),
      },
      (channel) => `${dedupe}:${channel}`,
    );
  }

  return {
    /** GET /profile-claims/{userId}: the profiles others keep with my phone. */
    async claimable(actor: Actor, meta: ProfileLinksMeta): Promise<ClaimableProfile[]> {
      const account = await ownPhone(actor);
      const rows = await repository.claimable(actor.userId, account.phone);
      return rows.map((row) => ({
        id: row.id,
        fullName: row.fullName,
        dateOfBirth: row.dateOfBirth,
        manager: { fullName: row.managerName },
        claimable: !isChild(row.dateOfBirth, meta.now),
      }));
    },

    /** POST /profile-claims/{id}/code: a fresh code by SMS to my own phone (the send limits of every code apply). */
    async sendCode(actor: Actor, id: string, meta: ProfileLinksMeta): Promise<OtpSent> {
      const account = await ownPhone(actor);
      await keptForMe(actor, id, account.phone, meta);
      return deps.codes.send(
        {
          purpose: 'link',
          channel: 'sms',
          destination: account.phone,
          phone: account.phone,
          userId: actor.userId,
          deliver: true,
          language: meta.language,
          ip: meta.ip,
        },
        meta.now,
      );
    },

    /** POST /profile-claims/{id}/claim. */
    async claim(actor: Actor, id: string, body: ClaimBody, meta: ProfileLinksMeta): Promise<ClaimResult> {
      const account = await ownPhone(actor);
      // Every refusal that does not depend on the code comes first: a refused claim does not spend it.
      await keptForMe(actor, id, account.phone, meta);
      const checked = await deps.codes.verify(body.verificationId, body.code, meta.now);
      if (!checked.isValid) throw new AppError(400, 'OTP_WRONG', { attemptsLeft: checked.attemptsLeft });
      const vouches = (row: CodeRow) =>
        row.channel === 'sms' && row.userId === actor.userId && row.phone === account.phone && row.destination === account.phone;

      const result = await deps.db.transaction(async (tx) => {
        await deps.codes.consume(tx, body.verificationId, 'link', vouches, meta.now);
        const links = createProfileLinksRepository(tx);
        const relatives = createRelativesRepository(tx);
        const invitationsRepo = createInvitationsRepository(tx);
        // Locked: of two claims (or a claim and the manager's change) at once, the second sees the first's outcome.
        const profile = await links.profile(id, true);
        if (profile?.linkedAccountId === actor.userId) throw AppError.conflict('PROFILE_ALREADY_LINKED');
        if (!keptFor(profile, actor.userId, account.phone)) throw AppError.notFound();
        if (isChild(profile.dateOfBirth, meta.now)) throw AppError.conflict('CHILD_CANNOT_CLAIM');
        const managerId = profile.managerId as string;

        // The grants its manager gave end: the person decides anew who sees their data (each in the consent history).
        const sharesEnded = await relatives.endShares(id, {
          actorId: actor.userId,
          action: 'revoked',
          language: meta.language,
          now: meta.now,
        });
        // Out of the manager's lists and groups, unanswered invitations about it closed.
        await relatives.archiveManaged(id, meta.now);
        await links.markLinked(id, actor.userId, meta.now);
        const bookings = await deps.orderProfiles.takeOver(tx, id, actor.userId, meta.now);
        await deps.waitlistPlaces.takeOver(tx, bookings, actor.userId, meta.now);
        const orders = bookings.length;
        // Everything else that belongs to the profile — whatever tables reference it — moves to the person's own.
        const moved: Record<string, number> = {};
        for (const reference of await links.profileReferences()) {
          const count = await links.repoint(reference, id, actor.userId);
          if (count > 0) moved[`${reference.table}.${reference.column}`] = count;
        }

        // The former manager keeps only what the person chose, as a grant with consent (nothing by default).
        const sections = [...body.managerSections];
        const manager = await invitationsRepo.account(managerId);
        if (sections.length > 0 && manager) {
          const consentText = claimConsentText(meta.language, manager.fullName, sections);
          const existing = await invitationsRepo.activeShare(actor.userId, managerId);
          const share = existing
            ? await invitationsRepo.updateShare(existing.id, { sections, childAssent: false, changedAt: meta.now, grantedBy: actor.userId })
            : await invitationsRepo.insertShare({
                profileId: actor.userId,
                watcherId: managerId,
                grantedBy: actor.userId,
                sections,
                childAssent: false,
                grantedAt: meta.now,
                changedAt: meta.now,
              });
          if (!share) throw AppError.conflict();
          await invitationsRepo.recordConsent({
            shareId: share.id,
            profileId: actor.userId,
            watcherId: managerId,
            actorId: actor.userId,
            action: existing ? 'changed' : 'granted',
            sections,
            childAssent: false,
            consentText,
            language: meta.language,
            occurredAt: meta.now,
          });
        }

        // The former manager is told, in the app and on their channels, in their language.
        if (manager) {
          const params = { name: account.fullName, person: profile.fullName ?? '', kept: sections.length > 0 };
          const dedupe = `profile:${id}:linked:${managerId}`;
          await invitationsRepo.tell(
            messagesTo(manager, params, dedupe),
            [
              noticeOfNoOrder(
                managerId,
                `invitations:inApp.${params.kept ? 'linkedKept' : 'linked'}`,
                { name: params.name, person: params.person },
                dedupe,
              ),
            ],
            meta.now,
          );
        }
        await createAuditLog(tx).record(
          {
            action: 'relative.link',
            outcome: 'success',
            actorUserId: actor.userId,
            subjectUserId: actor.userId,
            ip: meta.ip,
            details: {
              profileId: id,
              orders,
              sharesEnded,
              managerSections: sections.length,
              moved: Object.entries(moved)
                .map(([column, count]) => `${column}=${count}`)
                .join(','),
            },
          },
          meta.now,
        );
        return { profileId: actor.userId, orders, managerSections: sections };
      });
      deps.outbox.wake();
      return result;
    },
  };
}
export type ProfileLinksService = ReturnType<typeof createProfileLinksService>;
