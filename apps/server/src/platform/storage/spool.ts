import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../security/secrets.ts';
import { SNIFF_HEAD_BYTES } from './sniff.ts';

/** A file part written to the spool directory as it arrives: its path, size and first bytes. */
export interface SpooledFile {
  path: string;
  size: number;
  head: Buffer;
}

/**
 * Writes an arriving upload to a temporary file of its own in `tempDir`, a chunk at a time (never the whole file in
 * memory), counting its bytes and keeping its first SNIFF_HEAD_BYTES for the type check. A stream that fails (the
 * size limit of the multipart parser, a client that goes away) leaves no temporary file behind.
 */
export async function spoolUpload(source: Readable, tempDir: string): Promise<SpooledFile> {
  await fs.mkdir(tempDir, { recursive: true });
  const file = path.join(tempDir, `${randomToken()}.part`);
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (headLength < SNIFF_HEAD_BYTES) {
        const piece = chunk.subarray(0, SNIFF_HEAD_BYTES - headLength);
        headChunks.push(Buffer.from(piece));
        headLength += piece.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  return { path: file, size, head: Buffer.concat(headChunks) };
}

/**
 * Removes spooled files (named `*<suffix>`) older than `olderThan`, left by a process that was killed mid-way: an upload's
 * `.part`, a record export's `.zip`. Answers how many.
 */
export async function sweepSpool(tempDir: string, olderThan: Date, suffix = '.part'): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(tempDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(suffix)) continue;
    const file = path.join(tempDir, name);
    try {
      const stat = await fs.stat(file);
      if (stat.mtime < olderThan) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // Gone meanwhile (its upload finished): nothing to do.
    }
  }
  return removed;
}
