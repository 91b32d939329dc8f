import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';

export { tinyPdf, tinyPng } from './sample-files.ts';

/*
 * Files and multipart bodies for the records tests (route tests, the storage suite, the killed-upload test, the bench).
 * Made in code: a real PNG, PDF, OOXML Word file, zip, an executable's first bytes.
 */

/**
 * The fields a zip's local header and its central directory entry share, from `at`: the CRC-32, the compressed and
 * uncompressed sizes (the same, stored) and the name's length.
 */
function writeEntrySizes(header: Buffer, at: number, crc: number, size: number, nameLength: number): void {
  header.writeUInt32LE(crc, at);
  header.writeUInt32LE(size, at + 4);
  header.writeUInt32LE(size, at + 8);
  header.writeUInt16LE(nameLength, at + 12);
}

/** A zip (stored, no compression) of the given entries. */
export function zipOf(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, value] of Object.entries(entries)) {
    const data = typeof value === 'string' ? Buffer.from(value) : value;
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntrySizes(local, 14, crc, data.length, nameBytes.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntrySizes(central, 16, crc, data.length, nameBytes.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal OOXML Word document (what the sniffer needs: [Content_Types].xml and word/document.xml). */
export function tinyDocx(): Buffer {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  });
}

/** The first bytes of a Windows executable (MZ … PE), as a file renamed `.pdf` would carry them. */
export function fakeExecutable(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\u0000\u0000', 0x80, 'latin1');
  return exe;
}

export interface Part {
  name: string;
  value?: string;
  /** A text part's own Content-Type (a client's `new Blob([json], { type: 'application/json' })`); none by default. */
  contentType?: string;
  file?: { content: Buffer; filename: string; contentType?: string };
}

const BOUNDARY = '----rhc-records-boundary-7d1e';

/** A multipart/form-data body of the parts, in order. */
export function multipartBody(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.file.content,
        Buffer.from('\r\n'),
      );
    } else {
      const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n${type}\r\n${part.value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

export interface RecordFile {
  content: Buffer;
  filename: string;
  typeExam: number;
  displayName?: string;
}

/** The body of POST/PUT /order-record-data: recordDataInfo, fileInfos, then the files; `jsonType`: the JSON parts' Content-Type. */
export function recordBody(
  info: Record<string, unknown>,
  files: readonly RecordFile[],
  options: { fileInfos?: unknown; jsonType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const fileInfos =
    options.fileInfos ?? files.map((file, fileIndex) => ({ fileIndex, typeExam: file.typeExam, displayName: file.displayName ?? '' }));
  return multipartBody([
    { name: 'recordDataInfo', value: JSON.stringify(info), ...(options.jsonType ? { contentType: options.jsonType } : {}) },
    { name: 'fileInfos', value: JSON.stringify(fileInfos), ...(options.jsonType ? { contentType: options.jsonType } : {}) },
    ...files.map((file) => ({ name: 'files', file: { content: file.content, filename: file.filename } })),
  ]);
}

/** Every stored file under a directory, the spool included (what a "no stray file" check counts). */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(at: string) {
    let entries;
    try {
      entries = await fs.readdir(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return found.sort();
}

/** An S3-compatible server (s3rver) on a free local port, with one bucket; its files under a temporary directory. */
export async function startS3rver(bucket = 'rhc-test'): Promise<{ url: string; directory: string; close(): Promise<void> }> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-s3rver-'));
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as new (options: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${address.port}/${bucket}`,
    directory,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
