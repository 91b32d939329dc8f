import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A zip archive written to a file as it is made (issue 53): fflate's streaming Zip hands each compressed chunk to the
 * file stream, and a source is read only as fast as the file takes it (`drain`), so memory holds a few chunks, never
 * an entry or the archive. Record files are stored as they are (most are PDFs and images, compressed already); the
 * summary and the FHIR JSON are deflated.
 */
export function createArchiveWriter(filePath: string) {
  const out = fs.createWriteStream(filePath);
  let failure: Error | undefined;
  out.on('error', (error) => (failure ??= error));
  let written = 0;
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) failure ??= error;
    else {
      written += chunk.byteLength;
      out.write(chunk);
    }
    if (final) out.end();
  });

  async function drained(): Promise<void> {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  }

  async function pushAll(entry: ZipDeflate | ZipPassThrough, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
    zip.add(entry);
    for await (const chunk of source) {
      entry.push(chunk, false);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
    await drained();
  }

  return {
    /** A small entry made in memory (the summary, the bundle), deflated. */
    async addBytes(name: string, bytes: Uint8Array): Promise<void> {
      await pushAll(new ZipDeflate(name, { level: 6 }), [bytes]);
    },
    /** An entry read from a stream, stored as it is; answers the bytes it read. */
    async addStream(name: string, source: Readable): Promise<number> {
      let read = 0;
      async function* counted() {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          read += chunk.byteLength;
          yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        }
      }
      await pushAll(new ZipPassThrough(name), counted());
      return read;
    },
    /** Ends the archive and waits for the file to be written; answers its size. */
    async close(): Promise<number> {
      zip.end();
      await finished;
      if (failure) throw failure;
      return written;
    },
    /** Stops after a failure: the file is closed (the caller removes it). */
    abort(): void {
      zip.terminate();
      out.destroy();
    },
  };
}
