import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  RECORD_EXPORT_MEDIA_TYPE,
  RECORD_EXPORT_TTL_MS,
  RECORD_EXPORTS_PER_HOUR,
  type RecordExport,
  type RecordExportStatus,
} from '@rhc/contracts';
import { isLanguage, type Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import { createAuditLog, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { periodicTask, type ClockedTaskDeps, type PeriodicTask } from '../../platform/jobs/periodic-task.ts';
import { noticeOfNoOrder, recordInApp } from '../../platform/messaging/in-app.ts';
import { sweepSpool } from '../../platform/storage/spool.ts';
import { queueMessages } from '../../platform/messaging/messaging.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import type { Limit, RateLimiter } from '../../platform/security/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { ExportsService } from '../exports/exports.service.ts';
import { displayInstant } from '../orders/orders.service.ts';
import type { RelativesService } from '../relatives/relatives.service.ts';
import { recordBundle } from './fhir.ts';
import { createArchiveWriter } from './archive.ts';
import { createRecordExportsRepository, type RecordExportRow } from './record-exports.repository.ts';
import type { RecordSnapshot } from './record-snapshot.ts';
import { summaryDocument } from './summary-document.ts';

/*
 * The export of a person's whole record (issue 53, decision 053). Asked for by the person or the manager of a managed
 * profile (declared on the endpoints); built in the background by a periodic task that survives a restart; the archive
 * (summary.pdf, fhir-bundle.json, files/…) is streamed into a spool file, then into storage, and kept 7 days.
 */

/** Exports listed per person (the newest). */
const LISTED = 20;
/** A build not heard of for this long (its process stopped) is taken again. */
export const RECORD_EXPORT_STALE_MS = 10 * 60_000;
/** The access log's entries a summary lists (the newest). */
const ACCESS_LOG_MAX = 500;

export interface RecordExportsDeps {
  db: Db;
  audit: AuditLog;
  limiter: RateLimiter;
  storage: FileStorage;
  exports: Pick<ExportsService, 'renderPdf'>;
  relatives: Pick<RelativesService, 'accessLog'>;
  outbox: OutboxDispatcher;
  /** Where archives are written while they are made. */
  tempDir: string;
  publicBaseUrl: string;
  /** Base of the Bundle's full URLs. */
  fhirBase?: string;
}

function toExport(row: RecordExportRow): RecordExport {
  return {
    id: row.id,
    profileId: row.profileId,
    language: isLanguage(row.language) ? row.language : 'vi',
    status: row.status as RecordExportStatus,
    progress: row.progress,
    bytes: row.status === 'ready' ? row.bytes : null,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.status === 'ready' || row.status === 'expired' ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}

export function createRecordExportsService(deps: RecordExportsDeps) {
  const repository = createRecordExportsRepository(deps.db);
  const limit = (actor: Actor): Limit => ({
    bucket: `record-export:${actor.userId}`,
    limit: RECORD_EXPORTS_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  const fhirBase = deps.fhirBase ?? `${deps.publicBaseUrl.replace(/\/$/, '')}/fhir`;
  /** Where archives are written before they go to storage (one `<export id>.zip` each). */
  const spoolDir = path.join(deps.tempDir, 'record-exports');

  /** Everything the archive holds about the person, or undefined when the profile is gone. */
  async function snapshotOf(profileId: string): Promise<RecordSnapshot | undefined> {
    const data = await repository.snapshot(profileId);
    if (!data) return undefined;
    const log = await deps.relatives.accessLog(profileId, { page: 0, size: ACCESS_LOG_MAX });
    return {
      ...data,
      accessLog: log.items.map((item) => ({
        at: new Date(item.at),
        readerName: item.reader.fullName,
        section: item.section,
        action: item.action,
      })),
    };
  }

  /** The requester's notice that the archive is ready: in the bell and on their channels, in their language. */
  async function tell(tx: Db, row: RecordExportRow, personName: string, expiresAt: Date, now: Date): Promise<boolean> {
    const recipient = await createRecordExportsRepository(tx).requester(row.requestedBy);
    if (!recipient) return false;
    const language = recipientLanguage(recipient);
    const t = translatorFor(language);
    const params = {
      name: personName,
      until: displayInstant(expiresAt),
      recipient: recipient.fullName,
      link: `${deps.publicBaseUrl.replace(/\/$/, '')}/infouser/`,
    };
    const key = `record-export:${row.id}:${recipient.id}`;
    await recordInApp(
      tx,
      [noticeOfNoOrder(recipient.id, 'record-export:notice.inApp', { name: params.name, until: params.until }, key)],
      now,
    );
    const messages = messagesByChannel(
      recipient,
      {
        subject: () => t('record-export:notice.subject'),
        body: () => t('record-export:notice.body', params),
        sms: () => foldedSms(language, t('record-export:notice.sms', params)),
      },
      (channel) => `${key}:${channel}`,
    );
    if (messages.length) await tx.execute(queueMessages(messages, now));
    return messages.length > 0;
  }

  /** Builds one export: the summary, the bundle, then each file streamed from storage; the progress as it goes. */
  async function build(row: RecordExportRow, now: () => Date): Promise<void> {
    const snapshot = await snapshotOf(row.profileId);
    if (!snapshot) throw new Error('profile gone');
    const language: Language = isLanguage(row.language) ? row.language : 'vi';
    await fs.mkdir(spoolDir, { recursive: true });
    const file = path.join(spoolDir, `${row.id}.zip`);
    const archive = createArchiveWriter(file);
    try {
      const pdf = await deps.exports.renderPdf(summaryDocument(snapshot, language, now()), now());
      await archive.addBytes('summary.pdf', pdf);
      const bundle = recordBundle(snapshot, { id: row.id, now: now(), base: fhirBase });
      await archive.addBytes('fhir-bundle.json', Buffer.from(JSON.stringify(bundle, null, 1)));
      await repository.progress(row.id, 10, now());
      const total = snapshot.files.reduce((sum, f) => sum + f.sizeBytes, 0) || 1;
      let done = 0;
      let shown = 10;
      for (const stored of snapshot.files) {
        const source = await deps.storage.open(stored.storageKey);
        // A file whose object is gone (removed meanwhile) is left out; the bundle and summary still name it.
        done += source ? await archive.addStream(stored.archivePath, source) : stored.sizeBytes;
        const progress = Math.min(99, 10 + Math.floor((89 * done) / total));
        if (progress >= shown + 5) {
          shown = progress;
          await repository.progress(row.id, progress, now());
        }
      }
      const bytes = await archive.close();
      const key = deps.storage.newKey('exports');
      await deps.storage.putFile(key, file, bytes, RECORD_EXPORT_MEDIA_TYPE);
      const at = now();
      const expiresAt = new Date(at.getTime() + RECORD_EXPORT_TTL_MS);
      const told = await deps.db.transaction(async (tx) => {
        if (!(await createRecordExportsRepository(tx).ready(row.id, key, bytes, at, expiresAt))) return null;
        return tell(tx, row, snapshot.person.fullName, expiresAt, at);
      });
      if (told === null) await deps.storage.remove(key);
      else if (told) deps.outbox.wake();
    } catch (error) {
      archive.abort();
      throw error;
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  return {
    /** POST /record-exports/{profileId}: a new export, `preparing`; 429 past the hourly limit. */
    async create(actor: Actor, profileId: string, meta: RequestMeta): Promise<{ export: RecordExport }> {
      if (!(await deps.limiter.take([limit(actor)], meta.now)).admitted)
        throw new AppError(429, 'RECORD_EXPORT_TOO_MANY', { max: RECORD_EXPORTS_PER_HOUR });
      const row = await deps.db.transaction(async (tx) => {
        const inserted = await createRecordExportsRepository(tx).insert(profileId, actor.userId, meta.language, meta.now);
        await createAuditLog(tx).record(
          {
            action: 'record.export',
            outcome: 'success',
            actorUserId: actor.userId,
            subjectUserId: profileId,
            ip: meta.ip,
            details: { exportId: inserted.id, view: 'create' },
          },
          meta.now,
        );
        return inserted;
      });
      return { export: toExport(row) };
    },

    /** GET /record-exports/{profileId}: newest first. */
    async list(profileId: string): Promise<{ exports: RecordExport[] }> {
      return { exports: (await repository.list(profileId, LISTED)).map(toExport) };
    },

    /** GET /record-exports/{profileId}/{exportId}/file: the archive's stream, its size and the attachment's name. */
    async file(
      actor: Actor,
      profileId: string,
      exportId: string,
      meta: RequestMeta,
    ): Promise<{ stream: Readable; bytes: number; fileName: string }> {
      const row = await repository.find(profileId, exportId);
      if (!row) throw AppError.notFound();
      if (row.status === 'expired' || (row.status === 'ready' && row.expiresAt && row.expiresAt <= meta.now))
        throw new AppError(410, 'RECORD_EXPORT_EXPIRED');
      if (row.status !== 'ready' || !row.storageKey) throw new AppError(409, 'RECORD_EXPORT_NOT_READY');
      const stream = await deps.storage.open(row.storageKey);
      if (!stream) throw new AppError(410, 'RECORD_EXPORT_EXPIRED');
      const person = (await repository.personName(profileId)) ?? '';
      await deps.audit.record(
        {
          action: 'record.export',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: profileId,
          ip: meta.ip,
          details: { exportId, view: 'file' },
        },
        meta.now,
      );
      const language: Language = isLanguage(row.language) ? row.language : 'vi';
      const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
      const fileName = `${translatorFor(language)('record-export:document.fileName', { name: person, day })}.zip`;
      return { stream, bytes: row.bytes ?? 0, fileName };
    },

    /**
     * The exports of profiles being erased (decision 052), on the erasure's transaction: the rows go, and the archives
     * they named are answered for the caller to delete once the transaction commits. An export being built meanwhile
     * finds its row gone and deletes its own archive.
     */
    eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<string[]> {
      return createRecordExportsRepository(tx).eraseProfiles(profileIds);
    },

    /**
     * One run of the background work: expired archives deleted, then the exports waiting (or left by a stopped
     * process) built one after the other. Answers how many it finished or expired. A failure marks the export
     * `failed` and is logged without personal data.
     */
    async work(clock: () => Date, log: { warn(object: object, message: string): void }, maxBuilds = 5): Promise<number> {
      let done = 0;
      // Archives half-written by a killed process: one being written is younger (it grows), one stalled is rebuilt anew.
      // The file system's time, not the app's clock (which tests and the dev clock move).
      done += await sweepSpool(spoolDir, new Date(Date.now() - 2 * RECORD_EXPORT_STALE_MS), '.zip');
      for (const due of await repository.dueToExpire(clock(), 100)) {
        if (due.storageKey) await deps.storage.remove(due.storageKey);
        await repository.expired(due.id);
        done += 1;
      }
      for (let n = 0; n < maxBuilds; n += 1) {
        const now = clock();
        const row = await repository.claim(now, new Date(now.getTime() - RECORD_EXPORT_STALE_MS));
        if (!row) break;
        try {
          await build(row, clock);
        } catch (error) {
          log.warn({ exportId: row.id, err: error instanceof Error ? { name: error.name } : { name: 'unknown' } }, 'record export failed');
          await repository.failed(row.id);
        }
        done += 1;
      }
      return done;
    },
  };
}
export type RecordExportsService = ReturnType<typeof createRecordExportsService>;

/** Builds waiting exports and deletes expired archives every `everyMs` (10 s): rows in `preparing` survive a restart. */
export function createRecordExportWorker(deps: ClockedTaskDeps & { work(): Promise<number> }): PeriodicTask {
  const { everyMs = 10_000 } = deps;
  return periodicTask({ run: () => deps.work(), everyMs, log: deps.log, failure: 'record export run failed' });
}
