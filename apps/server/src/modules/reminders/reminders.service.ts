import type { OrderReminders, UserReminders } from '@rhc/contracts';
import { dueReminders, ORDER_STATUS, sortReminderMinutes } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { recordInApp, type InAppNotice } from '../../platform/messaging/in-app.ts';
import { queueMessages, type QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { smsSegments } from '../../platform/messaging/sms-text.ts';
import { bookingLink, displayDay, trackingLink, type Recipient } from '../orders/orders.service.ts';
import { fittedSms, foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import { createRemindersRepository, type ReminderFacts } from './reminders.repository.ts';
import { periodicTask, type ClockedTaskDeps, type PeriodicTask } from '../../platform/jobs/periodic-task.ts';

/** A reminder's SMS carries two links (track; cancel or add to calendar): at most three parts, like the online confirmation. */
export const REMINDER_SMS_PARTS = 3;

function isLink(text: string): boolean {
  return /^https?:\/\//.test(text);
}

/** The links a reminder carries, under the web app's public origin. */
export function reminderLinks(publicBaseUrl: string, facts: Pick<ReminderFacts, 'orderId' | 'secureCode'>) {
  // The public tracking page; the booking's own page adds it to a calendar or cancels it.
  return { link: trackingLink(publicBaseUrl, facts.secureCode), manage: bookingLink(publicBaseUrl, facts.orderId) };
}

/** Where, in `language`: the call link of a confirmed online booking, "online" before it, or the clinic and its address. */
function placeOf(facts: ReminderFacts, language: Language): string {
  if (facts.mode === 'online') return facts.meetingLink ?? translatorFor(language)('reminders:online');
  return facts.workUnit ? `${facts.workUnit.names[language]}, ${facts.workUnit.address}` : '';
}

/**
 * The reminder SMS: Vietnamese and English folded to the GSM alphabet, Chinese as is; a place too long for its parts is
 * shortened (a call link, which cannot be cut, gives way to the word "online": the e-mail and the booking's page have it).
 */
export function reminderSms(language: Language, params: Record<string, string>): string {
  const t = translatorFor(language);
  const render = (place: string) => t('reminders:due.sms', { ...params, place });
  const full = params.place ?? '';
  const whole = foldedSms(language, render(full));
  if (smsSegments(whole) <= REMINDER_SMS_PARTS) return whole;
  return fittedSms(language, REMINDER_SMS_PARTS, render, isLink(full) ? t('reminders:online') : full);
}

/**
 * A reminder `minutes` before a booking's start, to its patient in their language, one message per channel they chose.
 * The key names the booking, the lead time, the start and the channel: a moved booking is reminded again for its new
 * start, and the same reminder is never queued twice.
 */
export function reminderMessages(
  facts: ReminderFacts,
  recipient: Recipient,
  minutes: number,
  startsAt: Date,
  publicBaseUrl: string,
): { messages: QueuedMessage[]; inApp: InAppNotice } {
  const language = recipientLanguage(recipient);
  const t = translatorFor(language);
  // What the bell keeps: the facts, rendered when read.
  const shown = {
    code: facts.code,
    day: displayDay(facts.checkDay),
    hour: facts.checkHour,
    doctor: facts.doctor ?? '',
    place: placeOf(facts, language),
  };
  const params: Record<string, string> = {
    ...shown,
    name: recipient.fullName,
    lead: t(`reminders:lead.${minutes}` as 'reminders:lead.120'),
    ...reminderLinks(publicBaseUrl, facts),
  };
  const key = `reminder:${facts.orderId}:${minutes}:${startsAt.toISOString()}:${recipient.id}`;
  return {
    messages: messagesByChannel(
      recipient,
      {
        subject: () => t('reminders:due.subject', params),
        body: () => t('reminders:due.body', params),
        sms: () => reminderSms(language, params),
      },
      (channel) => `${key}:${channel}`,
    ),
    inApp: {
      userId: recipient.id,
      event: 'reminders:inApp.due',
      orderId: facts.orderId,
      params: shown,
      dedupeKey: `${key}:inApp`,
    },
  };
}

/** Who asks, when, from where. */
export interface RemindersDeps {
  db: Db;
  audit: AuditLog;
  /** Woken after a sweep queued reminders. */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  /** Absolute origin of the web app, for the links in reminders. */
  publicBaseUrl: string;
}

/** How many bookings one sweep transaction claims at most. */
export const REMINDER_BATCH = 100;

/**
 * Reminders before a booking (issue 12, decision 018): the person's default lead times and a booking's own, and the
 * sweep that sends those due.
 */
export function createRemindersService(deps: RemindersDeps) {
  const repository = createRemindersRepository(deps.db);

  /*
   * Whose booking or defaults a path names is declared on the endpoints and checked by the access gate before the service
   * runs (issue 48): what is read here is the caller's; one gone since is 404.
   */
  async function orderChoice(orderId: string) {
    const row = await repository.orderChoice(orderId);
    if (!row) throw AppError.notFound();
    return row;
  }

  async function defaultsOf(userId: string): Promise<number[]> {
    const minutes = await repository.defaults(userId);
    if (!minutes) throw AppError.notFound();
    return minutes;
  }

  /**
   * One batch in ONE transaction: reads due bookings (share-locked), lets the domain rule pick each one's reminder,
   * claims them (`INSERT … ON CONFLICT DO NOTHING RETURNING`: a claim another instance made first is not ours) and queues
   * the claimed ones' messages and in-app notices. Answers how many bookings were looked at and messages queued.
   */
  async function sendBatch(now: Date, limit: number): Promise<{ looked: number; queued: number }> {
    return deps.db.transaction(async (tx) => {
      const reminders = createRemindersRepository(tx);
      const candidates = await reminders.dueCandidates(now, limit);
      const wanted = candidates.flatMap((candidate) => {
        const { send, skipped } = dueReminders(candidate, now);
        // Several due at once (the server was stopped): the nearest is sent, the others only claimed, never sent late.
        return [...send.map((minutes) => ({ minutes, send: true })), ...skipped.map((minutes) => ({ minutes, send: false }))].map(
          (claim) => ({ ...claim, orderId: candidate.orderId, startsAt: candidate.startsAt }),
        );
      });
      const claimed = await reminders.claim(wanted, now);
      const toSend = wanted.filter((want) => want.send && claimed.some((c) => c.orderId === want.orderId && c.minutes === want.minutes));
      const facts = await reminders.facts([...new Set(toSend.map((want) => want.orderId))]);
      const messages: QueuedMessage[] = [];
      const notices: InAppNotice[] = [];
      for (const want of toSend) {
        const fact = facts.find((row) => row.orderId === want.orderId);
        if (!fact?.patient) continue;
        const made = reminderMessages(fact, fact.patient, want.minutes, want.startsAt, deps.publicBaseUrl);
        messages.push(...made.messages);
        notices.push(made.inApp);
      }
      if (messages.length > 0) await tx.execute(queueMessages(messages, now));
      await recordInApp(tx, notices, now);
      return { looked: candidates.length, queued: messages.length };
    });
  }

  return {
    /** GET /user-reminders/{userId}: only the person themself. */
    async defaults(userId: string): Promise<UserReminders> {
      return { minutes: sortReminderMinutes(await defaultsOf(userId)) };
    },

    /** PUT /user-reminders/{userId}: the validated list (offered lead times, each once, at most 3; empty: none). */
    async updateDefaults(actor: Actor, userId: string, minutes: number[], meta: RequestMeta): Promise<UserReminders> {
      await defaultsOf(userId);
      await repository.setDefaults(userId, minutes);
      await deps.audit.record(
        {
          action: 'notifications.update',
          outcome: 'success',
          actorUserId: actor.userId,
          ip: meta.ip,
          details: { reminders: minutes.join(',') },
        },
        meta.now,
      );
      return { minutes };
    },

    /** GET /order/reminders/{id}: only the booking's patient. */
    async order(orderId: string): Promise<OrderReminders> {
      const row = await orderChoice(orderId);
      return { minutes: row.minutes ? sortReminderMinutes(row.minutes) : null, defaults: sortReminderMinutes(row.defaults) };
    },

    /** PUT /order/reminders/{id}: only the booking's patient, while it is booked or verified; null follows the default. */
    async updateOrder(actor: Actor, orderId: string, minutes: number[] | null, meta: RequestMeta): Promise<OrderReminders> {
      const row = await orderChoice(orderId);
      if (row.status !== ORDER_STATUS.booked && row.status !== ORDER_STATUS.verified) throw new AppError(409, 'ORDER_STATUS_CONFLICT');
      await repository.setOrderChoice(orderId, minutes);
      await deps.audit.record(
        {
          action: 'order.edit',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: row.userId,
          ip: meta.ip,
          details: { orderId, reminders: minutes === null ? 'default' : minutes.join(',') },
        },
        meta.now,
      );
      return { minutes, defaults: sortReminderMinutes(row.defaults) };
    },

    /**
     * Sends the reminders due at `now`: batches of `batchSize` bookings, at most `maxBatches`, each its own transaction;
     * wakes the outbox dispatcher when something was queued. Answers how many messages were queued.
     */
    async sendDue(now: Date, { batchSize = REMINDER_BATCH, maxBatches = 20 } = {}): Promise<number> {
      let queued = 0;
      for (let batch = 0; batch < maxBatches; batch += 1) {
        const result = await sendBatch(now, batchSize);
        queued += result.queued;
        if (result.looked < batchSize) break;
      }
      if (queued > 0) deps.outbox.wake();
      return queued;
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;

/** The sweep's `runOnce` sends what is due now and answers how many messages were queued. */
export type ReminderSweep = PeriodicTask;

/**
 * Looks for due reminders every `everyMs` (1 min), off requests. Several instances may sweep at once: the claim rows make
 * each reminder theirs once. Logs counts only, never who or what.
 */
export function createReminderSweep(deps: ClockedTaskDeps & { send(now: Date): Promise<number> }): ReminderSweep {
  const { everyMs = 60_000 } = deps;
  return periodicTask({ run: () => deps.send(deps.clock()), everyMs, log: deps.log, failure: 'reminder sweep failed' });
}
