import type { AccountDeletion, AccountDeletionBody } from '@rhc/contracts';
import { DELETED_ACCOUNT_NAME, deletionEraseAfter, vietnamDay } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { createAuditLog, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { forgetNotices } from '../../platform/messaging/in-app.ts';
import { forgetRecipients, queueMessages } from '../../platform/messaging/messaging.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import { forgetBuckets, type RateLimiter } from '../../platform/security/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { createAccountDeletionRepository, type AccountDeletionRow } from './account-deletion.repository.ts';
import { checkCurrentPassword } from './current-password.ts';
import type { SessionService } from './sessions.service.ts';
import type { TwoStepService } from './two-step.service.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * What each module erases of a person, through its own service, on the erasure's transaction (decision 052; table
 * ownership: src/db/table-owners.ts). Handed in by createServices.
 */
export interface ErasureParts {
  relatives: {
    managedAlone(tx: Db, managerId: string): Promise<string[]>;
    erasePerson(
      tx: Db,
      person: { userId: string; phone: string; managedIds: readonly string[]; language: string },
      anonymous: string,
      now: Date,
    ): Promise<{ sharesEnded: number; profilesErased: number; profilesKept: number }>;
  };
  orders: {
    erasePerson(
      tx: Db,
      userId: string,
      profileIds: readonly string[],
      anonymous: string,
      now: Date,
    ): Promise<{ cancelled: number; stripped: number; queued: number }>;
  };
  records: { eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> };
  /** Answers the archives of the erased exports, deleted from storage once the erasure has committed. */
  recordExports: { eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<string[]> };
  monitoring: { eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> };
  nutrition: { eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> };
  vaccines: { eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> };
  waitlist: { erasePerson(tx: Db, userId: string): Promise<number> };
  schedules: { eraseDoctor(tx: Db, doctorId: string): Promise<number> };
}

export interface AccountDeletionDeps {
  db: Db;
  sessions: SessionService;
  /** The person's two-step login (decision 054): its row, recovery codes, trusted devices and tickets. */
  twoStep: Pick<TwoStepService, 'forgetAll'>;
  audit: AuditLog;
  limiter: RateLimiter;
  storage: FileStorage;
  outbox: OutboxDispatcher;
  publicBaseUrl: string;
  parts: () => ErasureParts;
}

/** At most this many people are erased in one run of the sweep; the rest wait for the next (each is its own transaction). */
const ERASURES_PER_RUN = 20;

function stateOf(row: AccountDeletionRow | undefined): AccountDeletion {
  return row
    ? { state: 'pending', requestedAt: row.requestedAt.toISOString(), eraseAfter: row.eraseAfter.toISOString() }
    : { state: 'none' };
}

/** A calendar day in Vietnam as the messages write it (DD/MM/YYYY). */
function displayDay(instant: Date): string {
  const [y, m, d] = vietnamDay(instant).split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Deleting one's account (issue 53, decision 052): asked for (the person's other sessions end), kept pending for
 * ACCOUNT_DELETION_GRACE_DAYS during which logging in or DELETE cancels it, then carried out by the sweep: every module
 * erases the person's data through its service, in one transaction per person, and the account row is anonymised.
 */
export function createAccountDeletionService(deps: AccountDeletionDeps) {
  const repository = createAccountDeletionRepository(deps.db);

  /** Queues the message telling the person of `event` in `tx`, in the language of the request. */
  async function tell(tx: Db, row: AccountDeletionRow, event: 'requested' | 'cancelled', now: Date): Promise<number> {
    const recipient = await createAccountDeletionRepository(tx).recipient(row.userId);
    if (!recipient) return 0;
    const language = recipientLanguage({ language: row.language });
    const t = translatorFor(language);
    const params = {
      name: recipient.fullName,
      day: displayDay(row.eraseAfter),
      link: `${deps.publicBaseUrl.replace(/\/+$/, '')}/infouser/`,
    };
    const messages = messagesByChannel(
      recipient,
      {
        subject: () => t(`account-deletion:messages.${event}.subject`, params),
        body: () => t(`account-deletion:messages.${event}.body`, params),
        sms: () => foldedSms(language, t(`account-deletion:messages.${event}.sms`, params)),
      },
      (channel) => `account-deletion:${row.id}:${event}:${channel}`,
    );
    if (messages.length > 0) await tx.execute(queueMessages(messages, now));
    return messages.length;
  }

  /** The caller's own living account (the path's id is declared the caller's on the endpoint). */
  async function livingAccount(actor: Actor) {
    const user = await createUsersRepository(deps.db).findById(actor.userId);
    if (!user || user.deletedAt) throw AppError.notFound();
    return user;
  }

  /** Erases one due request's person in its own transaction; answers false when none is due. */
  async function eraseNext(now: Date): Promise<boolean> {
    const erased = await deps.db.transaction(async (tx) => {
      const rows = createAccountDeletionRepository(tx);
      const due = await rows.nextDue(now);
      if (!due) return undefined;
      const user = await createUsersRepository(tx).findById(due.userId);
      if (!user) return undefined;
      const parts = deps.parts();
      const managedIds = await parts.relatives.managedAlone(tx, user.id);
      const profileIds = [user.id, ...managedIds];
      // Bookings first: they are stripped of contact details, then those still to come are cancelled (the doctor told).
      const bookings = await parts.orders.erasePerson(tx, user.id, profileIds, DELETED_ACCOUNT_NAME, now);
      const files = await parts.records.eraseProfiles(tx, profileIds);
      const archives = await parts.recordExports.eraseProfiles(tx, profileIds);
      const readings = await parts.monitoring.eraseProfiles(tx, profileIds);
      const nutrition = await parts.nutrition.eraseProfiles(tx, profileIds);
      const doses = await parts.vaccines.eraseProfiles(tx, profileIds);
      const waiting = await parts.waitlist.erasePerson(tx, user.id);
      const calendar = await parts.schedules.eraseDoctor(tx, user.id);
      const relatives = await parts.relatives.erasePerson(
        tx,
        { userId: user.id, phone: user.phone, managedIds, language: due.language },
        DELETED_ACCOUNT_NAME,
        now,
      );
      await forgetNotices(tx, user.id);
      await forgetRecipients(tx, [user.phone, user.email]);
      await forgetBuckets(tx, [user.phone, user.email]);
      await deps.sessions.eraseAll(tx, user.id);
      await deps.twoStep.forgetAll(tx, user.id);
      const keepName = await rows.issuedClinicalRecords(user.id);
      await rows.anonymise(user, DELETED_ACCOUNT_NAME, keepName, now);
      await rows.markErased(due.id, now);
      await createAuditLog(tx).record(
        {
          action: 'account.delete',
          outcome: 'success',
          actorUserId: null,
          subjectUserId: user.id,
          details: {
            step: 'erased',
            bookingsCancelled: bookings.cancelled,
            bookingsKept: bookings.stripped,
            files,
            exports: archives.length,
            readings,
            nutrition,
            doses,
            waiting,
            calendar,
            sharesEnded: relatives.sharesEnded,
            profilesErased: relatives.profilesErased,
            profilesKept: relatives.profilesKept,
            doctorNameKept: keepName,
          },
        },
        now,
      );
      return { objects: [...(user.avatarKey ? [user.avatarKey] : []), ...archives], queued: bookings.queued };
    });
    if (!erased) return false;
    // The avatar's and the exports' objects after no row names them (record files go through storage_trash, swept by the
    // records module).
    for (const key of erased.objects) await deps.storage.remove(key);
    if (erased.queued > 0) deps.outbox.wake();
    return true;
  }

  return {
    /** GET /account-deletion/{userId}. */
    async state(actor: Actor): Promise<AccountDeletion> {
      await livingAccount(actor);
      return stateOf(await repository.openOf(actor.userId));
    },

    /**
     * POST /account-deletion/{userId}: opens the request (erasure ACCOUNT_DELETION_GRACE_DAYS later), tells the person
     * with the day and how to keep the account, and ends every other session of it. Asked again: the same request.
     */
    async request(actor: Actor, body: AccountDeletionBody | null | undefined, meta: RequestMeta): Promise<AccountDeletion> {
      const user = await livingAccount(actor);
      if (body?.password !== undefined)
        await checkCurrentPassword(deps, { userId: user.id, passwordHash: user.passwordHash }, body.password, 'account.delete', meta);
      const { row, created, queued } = await deps.db.transaction(async (tx) => {
        const answer = await createAccountDeletionRepository(tx).request({
          userId: user.id,
          requestedAt: meta.now,
          eraseAfter: deletionEraseAfter(meta.now),
          language: meta.language,
        });
        const sent = answer.created ? await tell(tx, answer.row, 'requested', meta.now) : 0;
        if (answer.created)
          await createAuditLog(tx).record(
            { action: 'account.delete', outcome: 'success', actorUserId: user.id, ip: meta.ip, details: { step: 'requested' } },
            meta.now,
          );
        return { ...answer, queued: sent };
      });
      // Whoever else holds a session of the account is signed out: a stolen session cannot keep it alive by logging in.
      await deps.sessions.revokeOthers(user.id, actor.sessionId, meta.now);
      if (created && queued > 0) deps.outbox.wake();
      return stateOf(row);
    },

    /** DELETE /account-deletion/{userId}: "Keep my account". None pending: the same answer, nothing told. */
    async cancel(actor: Actor, meta: RequestMeta): Promise<AccountDeletion> {
      await livingAccount(actor);
      if (await this.cancelFor(actor.userId, 'request', meta)) deps.outbox.wake();
      return { state: 'none' };
    },

    /**
     * Cancels the person's pending deletion, telling them; `by` says how (their request, or logging in). Answers whether
     * one was pending. Called by the login (accounts.service) on every successful login.
     */
    async cancelFor(userId: string, by: 'request' | 'login', meta: Pick<RequestMeta, 'now' | 'ip'>): Promise<boolean> {
      const cancelled = await deps.db.transaction(async (tx) => {
        const row = await createAccountDeletionRepository(tx).cancel(userId, meta.now);
        if (!row) return false;
        await tell(tx, row, 'cancelled', meta.now);
        await createAuditLog(tx).record(
          { action: 'account.delete', outcome: 'success', actorUserId: userId, ip: meta.ip, details: { step: 'cancelled', by } },
          meta.now,
        );
        return true;
      });
      if (cancelled && by === 'login') deps.outbox.wake();
      return cancelled;
    },

    /** The sweep's work: erases the people whose grace period is over, one transaction each. Answers how many. */
    async eraseDue(now: Date): Promise<number> {
      let count = 0;
      while (count < ERASURES_PER_RUN && (await eraseNext(now))) count += 1;
      return count;
    },
  };
}
export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
