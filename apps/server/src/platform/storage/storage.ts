import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../security/secrets.ts';

/**
 * Where uploaded files live (decision 024): one interface, two drivers — the local disk under `DATA_DIR/uploads` (the
 * default) and an S3-compatible object store (`STORAGE_URL`), so several instances share files. Keys are random and
 * server-made; a client never names a path (R8).
 */
export interface FileStorage {
  /** Which driver this is (for logs and tests). */
  readonly driver: 'local' | 's3';
  /** Stores a small file held in memory (an avatar ≤ 4 MB) under a new key. */
  put(prefix: string, content: Buffer): Promise<string>;
  /** A new random key under `prefix`, to register (a pending row) before the bytes are stored. */
  newKey(prefix: string): string;
  /**
   * Stores the file at `sourcePath` (a spooled upload of `size` bytes) under `key`, streaming it, never reading it whole.
   * The source file is consumed: moved or deleted.
   */
  putFile(key: string, sourcePath: string, size: number, mediaType: string): Promise<void>;
  /** The stored file as a stream, or undefined when there is none. */
  open(key: string): Promise<Readable | undefined>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]{43}$/;

export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
  return key;
}

export function newStorageKey(prefix: string): string {
  if (!/^[a-z]+$/.test(prefix)) throw new Error('invalid storage prefix');
  return `${prefix}/${randomToken()}`;
}

export function createLocalStorage(rootDir: string): FileStorage {
  const fileOf = (key: string) => path.join(rootDir, assertStorageKey(key));
  return {
    driver: 'local',
    async put(prefix, content) {
      const key = newStorageKey(prefix);
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content, { flag: 'wx' });
      return key;
    },
    newKey: newStorageKey,
    async putFile(key, sourcePath) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        // The spool directory lives under the same root (uploadsTempDir), so this is a rename, not a copy.
        await fs.rename(sourcePath, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await pipeline(createReadStream(sourcePath), createWriteStream(file, { flags: 'wx' }));
        await fs.rm(sourcePath, { force: true });
      }
    },
    async open(key) {
      const file = fileOf(key);
      try {
        await fs.access(file);
      } catch {
        return undefined;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/**
 * Where uploads are spooled while they arrive (their type is checked and their size known before they are stored):
 * inside the uploads root, so a local store moves them by rename. Files older than the pending limit are swept.
 */
export function uploadsTempDir(uploadsDir: string): string {
  return path.join(uploadsDir, '.incoming');
}

/** The image types an avatar may be, recognised by their first bytes, never by name or declared type (R8). */
export function sniffImageType(head: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}
