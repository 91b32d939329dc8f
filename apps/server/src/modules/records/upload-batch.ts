import fs from 'node:fs/promises';
import { FILE_MAX_BYTES, STORAGE_QUOTA_BYTES, TYPE_EXAM, type TypeExam } from '@rhc/domain';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { sniffFile } from '../../platform/storage/sniff.ts';
import { spoolUpload } from '../../platform/storage/spool.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { RecordsRepository } from './records.repository.ts';
import { cleanFileName, isFileTooLarge, type IncomingFile } from './upload-input.ts';

export interface UploadBatchDeps {
  repository: RecordsRepository;
  storage: FileStorage;
  /** Where uploads are spooled while they arrive (platform/storage/storage.ts `uploadsTempDir`). */
  tempDir: string;
  /** Failures that must not fail the answer (an object left after its row was deleted): logged by code only. */
  log: { warn(object: object, message: string): void };
}

/** How stored files come and go: a batch of uploads, all or nothing, and the removal of objects whose rows are gone. */
export function createUploadBatches(deps: UploadBatchDeps) {
  const { repository, storage } = deps;

  /** Removes stored objects whose rows are gone; a failure leaves an unreachable object and is logged (no key, no name). */
  async function removeObjects(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await storage.remove(key);
      } catch (error) {
        deps.log.warn({ err: error }, 'could not remove a stored file');
      }
    }
  }

  /**
   * One upload of files, all or nothing (decision 024): each file is registered as a pending row under a new random
   * key before a byte is stored, spooled to a temporary file (its size counted, never the whole file in memory),
   * checked by its content, counted against the person's quota and stored; `abort` removes every stored object and
   * pending row of the batch. The caller commits the rows with the record or order in one transaction.
   */
  function createBatch(profileId: string, actor: Actor, meta: RequestMeta) {
    const files: { id: string; key: string; typeExam: number; size: number }[] = [];
    return {
      files,
      async add(incoming: IncomingFile, typeExam: TypeExam, displayName: string): Promise<void> {
        const key = storage.newKey('documents');
        const id = await repository.insertPending({
          profileId,
          typeExam,
          displayName,
          originalName: cleanFileName(incoming.filename),
          storageKey: key,
          uploadedBy: actor.userId,
          now: meta.now,
        });
        const entry = { id, key, typeExam, size: 0 };
        files.push(entry);
        let spooled;
        try {
          spooled = await spoolUpload(incoming.stream, deps.tempDir);
        } catch (error) {
          if (isFileTooLarge(error)) throw new AppError(413, 'FILE_TOO_LARGE');
          throw error;
        }
        try {
          if (spooled.size > FILE_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE');
          const mediaType = spooled.size === 0 ? undefined : await sniffFile(spooled.path, spooled.head, spooled.size);
          if (!mediaType) throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED');
          if (typeExam === TYPE_EXAM.prescription && !mediaType.startsWith('image/')) throw new AppError(415, 'PRESCRIPTION_IMAGES_ONLY');
          entry.size = spooled.size;
          if (!(await repository.admitPendingSize(id, profileId, spooled.size, mediaType, STORAGE_QUOTA_BYTES)))
            throw new AppError(413, 'STORAGE_QUOTA_EXCEEDED', { quotaMb: Math.round(STORAGE_QUOTA_BYTES / 1024 / 1024) });
          await storage.putFile(key, spooled.path, spooled.size, mediaType);
        } finally {
          await fs.rm(spooled.path, { force: true });
        }
      },
      async abort(): Promise<void> {
        await removeObjects(files.map((file) => file.key));
        await repository.removePending(files.map((file) => file.id));
      },
    };
  }

  return { removeObjects, createBatch };
}

export type UploadBatch = ReturnType<ReturnType<typeof createUploadBatches>['createBatch']>;
