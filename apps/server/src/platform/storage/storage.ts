import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from '../security/secrets.ts';

/** Where uploaded files live. Keys are random and server-made; a client never names a path (R8). */
export interface FileStorage {
  put(prefix: string, content: Buffer): Promise<string>;
  open(key: string): Promise<Readable | undefined>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]{43}$/;

export function createLocalStorage(rootDir: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return path.join(rootDir, key);
  };
  return {
    async put(prefix, content) {
      const key = `${prefix}/${randomToken()}`;
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content, { flag: 'wx' });
      return key;
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

/** The image types an avatar may be, recognised by their first bytes, never by name or declared type (R8). */
export function sniffImageType(head: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}
