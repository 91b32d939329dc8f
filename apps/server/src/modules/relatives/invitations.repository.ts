import { VN_CALLING_CODE } from '@rhc/domain';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isViolation, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { recipientColumns, type RecipientRow } from '../../db/recipient-columns.ts';
import { recordInApp, type InAppNotice } from '../../platform/messaging/in-app.ts';
import { queueMessages, type QueuedMessage } from '../../platform/messaging/messaging.ts';
import { consentEvents, invitations, profiles, shares, users } from '../../db/schema/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationInsert = typeof invitations.$inferInsert;
export type ShareRow = typeof shares.$inferSelect;
export type ConsentEventInsert = typeof consentEvents.$inferInsert;

/** An account as the invitations see it: who to tell, in which language, on which channels. */
export type AccountFacts = RecipientRow;

/** A profile with what the invitations need: its holder, its name and (for a managed one) the birthday. */
export interface ProfileFacts {
  id: string;
  accountId: string | null;
  managerId: string | null;
  fullName: string;
  dateOfBirth: string | null;
  archivedAt: Date | null;
}

/** An invitation with the names shown beside it. */
export interface InvitationView {
  invitation: InvitationRow;
  sender: { fullName: string; phone: string };
  addresseeName: string | null;
  profile: { fullName: string; managerId: string | null; dateOfBirth: string | null } | null;
}

/** One active grant with its names. */
export interface ShareView {
  share: ShareRow;
  person: { id: string; fullName: string; hasAccount: boolean };
  watcher: { id: string; fullName: string };
}

const sender = alias(users, 'sender');
const addressee = alias(users, 'addressee');
const profileAccount = alias(users, 'profile_account');
const watcher = alias(users, 'watcher');

const accountColumns = recipientColumns;

/** A profile's name: a managed profile's own, an account's own profile's from the account. */
const profileName = sql<string>`coalesce(${profiles.fullName}, ${profileAccount.fullName}, '')`;

/** Invitations addressed to an account: by its id, or (not yet claimed) by its Vietnamese phone. */
function addressedTo(accountId: string, phone: string): SQL {
  return or(
    eq(invitations.addresseeId, accountId),
    and(isNull(invitations.addresseeId), eq(invitations.addresseeCallingCode, VN_CALLING_CODE), eq(invitations.addresseePhone, phone)),
  ) as SQL;
}

/** The only SQL for invitations, shares and consent_events in the invitations' use cases. */
export function createInvitationsRepository(db: Db) {
  function viewQuery() {
    return db
      .select({
        invitation: invitations,
        senderName: sender.fullName,
        senderPhone: sender.phone,
        addresseeName: addressee.fullName,
        profileId: profiles.id,
        profileName,
        managerId: profiles.managerId,
        dateOfBirth: profiles.dateOfBirth,
      })
      .from(invitations)
      .innerJoin(sender, eq(sender.id, invitations.senderId))
      .leftJoin(addressee, eq(addressee.id, invitations.addresseeId))
      .leftJoin(profiles, eq(profiles.id, invitations.profileId))
      .leftJoin(profileAccount, eq(profileAccount.id, profiles.accountId));
  }
  type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];
  function toView(row: ViewRow): InvitationView {
    return {
      invitation: row.invitation,
      sender: { fullName: row.senderName, phone: row.senderPhone },
      addresseeName: row.addresseeName,
      profile: row.profileId ? { fullName: row.profileName, managerId: row.managerId, dateOfBirth: row.dateOfBirth } : null,
    };
  }

  function shareQuery() {
    return db
      .select({
        share: shares,
        personName: profileName,
        personAccountId: profiles.accountId,
        watcherName: watcher.fullName,
      })
      .from(shares)
      .innerJoin(profiles, eq(profiles.id, shares.profileId))
      .leftJoin(profileAccount, eq(profileAccount.id, profiles.accountId))
      .innerJoin(watcher, eq(watcher.id, shares.watcherId));
  }
  type ShareQueryRow = Awaited<ReturnType<ReturnType<typeof shareQuery>['execute']>>[number];
  function toShareView(row: ShareQueryRow): ShareView {
    return {
      share: row.share,
      person: { id: row.share.profileId, fullName: row.personName, hasAccount: row.personAccountId !== null },
      watcher: { id: row.share.watcherId, fullName: row.watcherName },
    };
  }

  return {
    async account(id: string): Promise<AccountFacts | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    /** The live account with this Vietnamese phone (accounts have Vietnamese numbers only). */
    async accountByPhone(callingCode: string, phone: string): Promise<AccountFacts | undefined> {
      if (callingCode !== VN_CALLING_CODE) return undefined;
      const [row] = await db
        .select(accountColumns)
        .from(users)
        .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    async profile(id: string): Promise<ProfileFacts | undefined> {
      const [row] = await db
        .select({
          id: profiles.id,
          accountId: profiles.accountId,
          managerId: profiles.managerId,
          fullName: profileName,
          dateOfBirth: profiles.dateOfBirth,
          archivedAt: profiles.archivedAt,
        })
        .from(profiles)
        .leftJoin(profileAccount, eq(profileAccount.id, profiles.accountId))
        .where(eq(profiles.id, id))
        .limit(1);
      return row;
    },

    async activeShare(profileId: string, watcherId: string): Promise<ShareRow | undefined> {
      const [row] = await db
        .select()
        .from(shares)
        .where(and(eq(shares.profileId, profileId), eq(shares.watcherId, watcherId), isNull(shares.endedAt)))
        .limit(1);
      return row;
    },

    /** The active grant `id` with its names, for an update; locked until the transaction ends. */
    async activeShareById(id: string): Promise<ShareView | undefined> {
      const [row] = await shareQuery()
        .where(and(eq(shares.id, id), isNull(shares.endedAt)))
        .limit(1)
        .for('update', { of: shares });
      return row ? toShareView(row) : undefined;
    },

    async countPendingSent(senderId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(invitations)
        .where(and(eq(invitations.senderId, senderId), eq(invitations.status, 'pending')));
      return row?.count ?? 0;
    },

    async insertInvitation(values: InvitationInsert): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(values).returning();
      if (!row) throw new Error('invitation not stored');
      return row;
    },

    /**
     * Stores the invitation as the one whose SMS goes today (`sms_day`), or, when this sender's invitation of that number
     * already took the day (the unique index `invitations_sms_daily`, waiting for a concurrent one to commit), without:
     * the caller leaves the SMS out. In a savepoint, so that the refusal leaves the caller's transaction usable.
     */
    async insertInvitationTexting(values: InvitationInsert & { id: string }, smsDay: string): Promise<InvitationRow> {
      let texting = true;
      try {
        await db.transaction(async (savepoint) => {
          await savepoint.insert(invitations).values({ ...values, smsDay });
        });
      } catch (error) {
        if (!isViolation(error, UNIQUE_VIOLATION, 'invitations_sms_daily')) throw error;
        texting = false;
      }
      if (!texting) await db.insert(invitations).values({ ...values, smsDay: null });
      const [row] = await db.select().from(invitations).where(eq(invitations.id, values.id));
      if (!row) throw new Error('invitation not stored');
      return row;
    },

    async view(id: string): Promise<InvitationView | undefined> {
      const [row] = await viewQuery().where(eq(invitations.id, id)).limit(1);
      return row ? toView(row) : undefined;
    },

    /** The invitation, locked until the transaction ends (two answers at once: the second sees the first's). */
    async lock(id: string): Promise<InvitationRow | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1).for('update');
      return row;
    },

    /** Whether the invitation is addressed to the account (by id, or by its phone while unclaimed). */
    isAddressedTo(invitation: InvitationRow, accountId: string, phone: string): boolean {
      if (invitation.addresseeId !== null) return invitation.addresseeId === accountId;
      return invitation.addresseeCallingCode === VN_CALLING_CODE && invitation.addresseePhone === phone;
    },

    /** Answers or withdraws a pending invitation; null when it is no longer pending. */
    async close(id: string, set: Partial<InvitationInsert>): Promise<InvitationRow | null> {
      const [row] = await db
        .update(invitations)
        .set(set)
        .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** A page of invitations addressed to the account or sent by it: pending first, then newest first. */
    async page(
      direction: 'incoming' | 'outgoing',
      account: { id: string; phone: string },
      page: number,
      size: number,
    ): Promise<{ items: InvitationView[]; total: number }> {
      const where = direction === 'incoming' ? addressedTo(account.id, account.phone) : eq(invitations.senderId, account.id);
      const rows = await viewQuery()
        .where(where)
        .orderBy(sql`(${invitations.status} = 'pending') desc`, desc(invitations.createdAt), desc(invitations.id))
        .limit(size)
        .offset(page * size);
      const [count] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(invitations)
        .where(where);
      return { items: rows.map(toView), total: count?.count ?? 0 };
    },

    async insertShare(values: typeof shares.$inferInsert): Promise<ShareRow> {
      const [row] = await db.insert(shares).values(values).returning();
      if (!row) throw new Error('share not stored');
      return row;
    },

    async updateShare(id: string, set: Partial<typeof shares.$inferInsert>): Promise<ShareRow | null> {
      const [row] = await db
        .update(shares)
        .set(set)
        .where(and(eq(shares.id, id), isNull(shares.endedAt)))
        .returning();
      return row ?? null;
    },

    /** Queues messages and in-app notices in the caller's transaction (they exist exactly when the change does). */
    async tell(messages: readonly QueuedMessage[], notices: readonly InAppNotice[], at: Date): Promise<void> {
      if (messages.length > 0) await db.execute(queueMessages(messages, at));
      await recordInApp(db, notices, at);
    },

    async recordConsent(event: ConsentEventInsert): Promise<void> {
      await db.insert(consentEvents).values(event);
    },

    /** The active grants the account follows (its watcher side), archived profiles left out. */
    async following(accountId: string): Promise<ShareView[]> {
      const rows = await shareQuery()
        .where(and(eq(shares.watcherId, accountId), isNull(shares.endedAt), isNull(profiles.archivedAt)))
        .orderBy(desc(shares.grantedAt), desc(shares.id));
      return rows.map(toShareView);
    },

    /** The active grants of the profiles the account holds (its own and the ones it manages). */
    async followers(accountId: string): Promise<ShareView[]> {
      const rows = await shareQuery()
        .where(and(or(eq(profiles.accountId, accountId), eq(profiles.managerId, accountId)), isNull(shares.endedAt)))
        .orderBy(desc(shares.grantedAt), desc(shares.id));
      return rows.map(toShareView);
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
