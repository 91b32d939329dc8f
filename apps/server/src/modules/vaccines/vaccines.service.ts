import type { VaccinationRecord, VaccineHistoryBodySchema, VaccineHistoryEntry } from '@rhc/contracts';
import {
  addAge,
  DEFAULT_VACCINE_SCHEDULE,
  VACCINE_HISTORY_MAX,
  vaccineSchedule,
  vaccineStatuses,
  vietnamDay,
  type VaccineId,
  type VaccineScheduleId,
} from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { RecipientRow } from '../../db/recipient-columns.ts';
import { holds, type Standing } from '../../platform/access/access.service.ts';
import { createAuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { periodicTask, type ClockedTaskDeps, type PeriodicTask } from '../../platform/jobs/periodic-task.ts';
import { queueMessages, type QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { createVaccinesRepository, type VaccineHistoryRow } from './vaccines.repository.ts';

type Body = z.output<typeof VaccineHistoryBodySchema>;

export interface VaccinesDeps {
  db: Db;
  /** Woken after a sweep queued reminders. */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  /** Absolute origin of the web app, for the link in reminders. */
  publicBaseUrl: string;
}

function toEntry(row: VaccineHistoryRow): VaccineHistoryEntry {
  return {
    id: row.id,
    infoId: row.infoId,
    vaccineId: row.vaccineId as VaccineId,
    givenOn: row.givenOn,
    place: row.place,
    note: row.note,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** DD/MM/YYYY, as messages show a day. */
function shownDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** How many people one reminder transaction looks at. */
export const VACCINE_REMINDER_BATCH = 100;
/** A dose is reminded of only within this many days of becoming due or overdue: a late sweep never sends old news. */
export const VACCINE_REMINDER_RECENT_DAYS = 14;
/**
 * Reminders concern people born within these years: every routine dose of the default schedule (Vietnam's EPI, the last
 * at 7 years, window through the day before 8) falls in them; the pregnancy doses are a doctor's question, never reminded.
 */
export const VACCINE_REMINDER_AGE_YEARS = 10;

export interface VaccineReminderCandidate {
  infoId: string;
  dateOfBirth: string | null;
  personName: string | null;
  /** Who is told: the person, or the manager of their profile. */
  recipient: RecipientRow;
}

/**
 * Vaccinations (issue 50, decision 042): a person's history of doses, the statuses computed from it by the domain's
 * `vaccineStatuses`, their reminder choice, and the sweep that tells them (or the profile's manager) of due doses. Who
 * may read or change whose history is declared on the endpoints and checked before the service runs: a read of
 * "vaccines" (a watcher's read lands in the person's access log), a change by the person or their manager.
 */
export function createVaccinesService(deps: VaccinesDeps) {
  const repository = createVaccinesRepository(deps.db);

  /** The day checks: not after today, not before the date of birth. */
  async function checkDay(infoId: string, body: Body, meta: RequestMeta, db = deps.db): Promise<void> {
    if (body.givenOn > vietnamDay(meta.now)) throw fieldError(meta.language, 'body.givenOn', 'validation.dose_in_future');
    const dateOfBirth = await createVaccinesRepository(db).dateOfBirth(infoId);
    if (dateOfBirth && body.givenOn < dateOfBirth) throw fieldError(meta.language, 'body.givenOn', 'validation.dose_before_birth');
  }

  /** One success row, ids only: the person and the dose, never a vaccine, a day or a text. */
  function audited(tx: Db, actor: Actor, infoId: string, id: string, meta: RequestMeta) {
    return createAuditLog(tx).record(
      { action: 'vaccine.write', outcome: 'success', actorUserId: actor.userId, subjectUserId: infoId, ip: meta.ip, details: { id } },
      meta.now,
    );
  }

  async function record(infoId: string, scheduleId: VaccineScheduleId, standing: Standing, meta: RequestMeta): Promise<VaccinationRecord> {
    const today = vietnamDay(meta.now);
    const [dateOfBirth, rows, reminders] = await Promise.all([
      repository.dateOfBirth(infoId),
      repository.history(infoId),
      repository.remindersEnabled(infoId),
    ]);
    const schedule = vaccineSchedule(scheduleId);
    const history = rows.map(toEntry);
    return {
      infoId,
      schedule: { id: schedule.id, publishedOn: schedule.publishedOn, source: schedule.source },
      dateOfBirth,
      today,
      statuses: vaccineStatuses({ scheduleId, dateOfBirth, today, history }),
      history,
      reminders,
      canManage: holds(standing),
    };
  }

  /** The messages of one reminder, in the recipient's language, one per channel they chose. */
  function reminderMessages(
    candidate: VaccineReminderCandidate,
    reminder: {
      doseId: string;
      vaccineId: VaccineId;
      order: number;
      kind: 'due' | 'overdue';
      dueFrom: string | null;
      dueUntil: string | null;
    },
  ): QueuedMessage[] {
    const language = recipientLanguage(candidate.recipient);
    const t = translatorFor(language);
    const params: Record<string, string> = {
      name: candidate.recipient.fullName,
      person: candidate.personName ?? candidate.recipient.fullName,
      vaccine: t(`vaccine-facts:${reminder.vaccineId}.name`),
      order: String(reminder.order),
      from: reminder.dueFrom ? shownDay(reminder.dueFrom) : '',
      until: reminder.dueUntil ? shownDay(reminder.dueUntil) : '',
      // The e-mail opens the registration with the vaccine, the dose and the person chosen (as the vaccines page's link)…
      link: `${deps.publicBaseUrl}/vaccine-registration/?${new URLSearchParams({
        schedule: DEFAULT_VACCINE_SCHEDULE,
        vaccine: reminder.vaccineId,
        dose: reminder.doseId,
        person: candidate.infoId,
      })}`,
    };
    // …the SMS, the person's record: a link that long would make it two messages.
    const sms = { ...params, link: `${deps.publicBaseUrl}/vaccines/` };
    const key = `vaccine-reminder:${candidate.infoId}:${reminder.doseId}:${reminder.kind}:${candidate.recipient.id}`;
    const texts =
      reminder.kind === 'due'
        ? {
            subject: () => t('vaccine-reminders:due.subject', params),
            body: () =>
              t('vaccine-reminders:due.body', {
                ...params,
                until: reminder.dueUntil ? t('vaccine-reminders:due.until', { day: params.until ?? '' }) : '',
              }),
            sms: () => foldedSms(language, t('vaccine-reminders:due.sms', sms)),
          }
        : {
            subject: () => t('vaccine-reminders:overdue.subject', params),
            body: () => t('vaccine-reminders:overdue.body', params),
            sms: () => foldedSms(language, t('vaccine-reminders:overdue.sms', sms)),
          };
    return messagesByChannel(candidate.recipient, texts, (channel) => `${key}:${channel}`);
  }

  /**
   * One batch in ONE transaction: the people after `afterId`, their statuses by the default schedule, the doses that
   * became due or overdue within the last days, claimed (`ON CONFLICT DO NOTHING`: a reminder another instance or an
   * earlier sweep claimed is not sent again) and queued.
   */
  async function reminderBatch(now: Date, afterId: string, limit: number) {
    return deps.db.transaction(async (tx) => {
      const vaccines = createVaccinesRepository(tx);
      const today = vietnamDay(now);
      const bornFrom = addAge(today, { amount: -VACCINE_REMINDER_AGE_YEARS, unit: 'Y' });
      const candidates = (await vaccines.reminderCandidates(bornFrom, afterId, limit)) as VaccineReminderCandidate[];
      const history = await vaccines.historyOf(candidates.map((candidate) => candidate.infoId));
      const recentFrom = addAge(today, { amount: -VACCINE_REMINDER_RECENT_DAYS, unit: 'D' });
      const wanted = candidates.flatMap((candidate) => {
        if (!candidate.dateOfBirth) return [];
        const statuses = vaccineStatuses({
          scheduleId: DEFAULT_VACCINE_SCHEDULE,
          dateOfBirth: candidate.dateOfBirth,
          today,
          history: history
            .filter((row) => row.infoId === candidate.infoId)
            .map((row) => ({ ...row, vaccineId: row.vaccineId as VaccineId })),
        });
        return statuses.flatMap((status) => {
          const dose = status.nextDose;
          if (!dose || status.riskBased || (status.status !== 'none' && status.status !== 'partial')) return [];
          // Due: its window opened within the last days. Overdue: it closed within them.
          const overdue =
            status.detail === 'overdue' && dose.dueUntil !== null && dose.dueUntil >= addAge(recentFrom, { amount: -1, unit: 'D' });
          const due = status.detail === 'due_now' && dose.dueFrom !== null && dose.dueFrom >= recentFrom;
          if (!overdue && !due) return [];
          const kind: 'due' | 'overdue' = overdue ? 'overdue' : 'due';
          return [
            {
              candidate,
              reminder: {
                doseId: dose.id,
                vaccineId: status.vaccineId,
                order: dose.order,
                kind,
                dueFrom: dose.dueFrom,
                dueUntil: dose.dueUntil,
              },
            },
          ];
        });
      });
      const claimed = await vaccines.claim(
        wanted.map(({ candidate, reminder }) => ({ infoId: candidate.infoId, doseId: reminder.doseId, kind: reminder.kind })),
        now,
      );
      const ours = new Set(claimed.map((row) => `${row.infoId}:${row.doseId}:${row.kind}`));
      const messages = wanted
        .filter(({ candidate, reminder }) => ours.has(`${candidate.infoId}:${reminder.doseId}:${reminder.kind}`))
        .flatMap(({ candidate, reminder }) => reminderMessages(candidate, reminder));
      if (messages.length > 0) await tx.execute(queueMessages(messages, now));
      return { looked: candidates.length, lastId: candidates.at(-1)?.infoId ?? null, queued: messages.length };
    });
  }

  return {
    /** An account's erasure (decision 052): the vaccination history it kept itself, in its transaction. */
    eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> {
      return createVaccinesRepository(tx).eraseProfiles(profileIds);
    },
    /** GET /vaccines/{infoId}: the statuses by the schedule asked for (Vietnam's EPI by default), the history, the choice. */
    record(infoId: string, scheduleId: VaccineScheduleId | undefined, standing: Standing, meta: RequestMeta) {
      return record(infoId, scheduleId ?? DEFAULT_VACCINE_SCHEDULE, standing, meta);
    },

    /** POST /vaccine-history/{infoId}: a dose given elsewhere; at most VACCINE_HISTORY_MAX per person. */
    async addDose(actor: Actor, infoId: string, body: Body, meta: RequestMeta): Promise<VaccineHistoryEntry> {
      await checkDay(infoId, body, meta);
      const row = await deps.db.transaction(async (tx) => {
        const vaccines = createVaccinesRepository(tx);
        if (!(await vaccines.lockPerson(infoId))) throw AppError.notFound();
        if ((await vaccines.countOf(infoId)) >= VACCINE_HISTORY_MAX) throw new AppError(409, 'VACCINE_HISTORY_LIMIT');
        const created = await vaccines.insert(infoId, actor.userId, body, meta.now);
        await audited(tx, actor, infoId, created.id, meta);
        return created;
      });
      return toEntry(row);
    },

    /** PUT /vaccine-history/{infoId}/{id}. */
    async updateDose(actor: Actor, infoId: string, id: string, body: Body, meta: RequestMeta): Promise<VaccineHistoryEntry> {
      await checkDay(infoId, body, meta);
      const row = await deps.db.transaction(async (tx) => {
        const updated = await createVaccinesRepository(tx).update(infoId, id, body, meta.now);
        if (!updated) throw AppError.notFound();
        await audited(tx, actor, infoId, id, meta);
        return updated;
      });
      return toEntry(row);
    },

    /** DELETE /vaccine-history/{infoId}/{id}. */
    async removeDose(actor: Actor, infoId: string, id: string, meta: RequestMeta): Promise<{ id: string }> {
      await deps.db.transaction(async (tx) => {
        if (!(await createVaccinesRepository(tx).remove(infoId, id))) throw AppError.notFound();
        await audited(tx, actor, infoId, id, meta);
      });
      return { id };
    },

    /** PUT /vaccine-reminders/{infoId}: on or off for this person; answers the record by the default schedule. */
    async setReminders(actor: Actor, infoId: string, enabled: boolean, standing: Standing, meta: RequestMeta): Promise<VaccinationRecord> {
      await deps.db.transaction(async (tx) => {
        await createVaccinesRepository(tx).setReminders(infoId, enabled, actor.userId, meta.now);
        await createAuditLog(tx).record(
          {
            action: 'vaccine.write',
            outcome: 'success',
            actorUserId: actor.userId,
            subjectUserId: infoId,
            ip: meta.ip,
            details: { reminders: enabled ? 'on' : 'off' },
          },
          meta.now,
        );
      });
      return record(infoId, DEFAULT_VACCINE_SCHEDULE, standing, meta);
    },

    /**
     * The dose a completed vaccine order gave, recorded in the person's history on the order's transaction (the future
     * vaccine order category calls this). Once per order: a second call answers the row the first wrote.
     */
    async recordFromOrder(
      tx: Db,
      dose: { infoId: string; vaccineId: VaccineId; givenOn: string; orderId: string; place: string },
      now: Date,
    ): Promise<VaccineHistoryEntry> {
      const vaccines = createVaccinesRepository(tx);
      const existing = await vaccines.findByOrder(dose.orderId);
      if (existing) return toEntry(existing);
      const { infoId, orderId, ...fields } = dose;
      return toEntry(await vaccines.insert(infoId, null, { ...fields, note: '', orderId }, now));
    },

    /**
     * Sends the reminders due at `now`: the people in batches of `batchSize` (each its own transaction), at most
     * `maxBatches`; wakes the outbox when something was queued. Answers how many messages were queued.
     */
    async sendDueReminders(now: Date, { batchSize = VACCINE_REMINDER_BATCH, maxBatches = 100 } = {}): Promise<number> {
      let queued = 0;
      let afterId = '00000000-0000-0000-0000-000000000000';
      for (let batch = 0; batch < maxBatches; batch += 1) {
        const result = await reminderBatch(now, afterId, batchSize);
        queued += result.queued;
        if (result.looked < batchSize || result.lastId === null) break;
        afterId = result.lastId;
      }
      if (queued > 0) deps.outbox.wake();
      return queued;
    },
  };
}
export type VaccinesService = ReturnType<typeof createVaccinesService>;

/** Looks for due doses every `everyMs` (1 hour), off requests; logs counts only, never who or what. */
export function createVaccineReminderSweep(deps: ClockedTaskDeps & { send(now: Date): Promise<number> }): PeriodicTask {
  const { everyMs = 3_600_000 } = deps;
  return periodicTask({ run: () => deps.send(deps.clock()), everyMs, log: deps.log, failure: 'vaccine reminder sweep failed' });
}
