import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../config/env.ts';
import { createFileStorage } from './file-storage.ts';
import { parseStorageUrl } from './storage-url.ts';
import { sniffFile } from './sniff.ts';
import type { FileStorage } from './storage.ts';
import { fakeExecutable, startS3rver, tinyDocx, tinyPdf, tinyPng, zipOf } from './test-kit.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function spooled(dir: string, content: Buffer): Promise<string> {
  const file = path.join(dir, `${randomBytes(8).toString('hex')}.part`);
  await fs.writeFile(file, content);
  return file;
}

/** The one suite both drivers pass (decision 024). */
function storageSuite(name: string, make: () => Promise<{ storage: FileStorage; tempDir: string; close(): Promise<void> }>) {
  describe(`${name} storage`, () => {
    let storage: FileStorage;
    let tempDir: string;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, tempDir, close } = await make());
    });
    afterAll(() => close());

    it('stores a small file under a new random key and reads it back', async () => {
      const key = await storage.put('avatars', tinyPng());
      expect(key).toMatch(/^avatars\/[A-Za-z0-9_-]{43}$/);
      const stream = await storage.open(key);
      expect(stream).toBeDefined();
      expect((await readAll(stream as Readable)).equals(tinyPng())).toBe(true);
    });

    it('stores a spooled file by streaming it, consumes the spooled copy, and removes it', async () => {
      const content = Buffer.concat([tinyPdf(), randomBytes(3 * 1024 * 1024)]);
      const source = await spooled(tempDir, content);
      const key = storage.newKey('documents');
      await storage.putFile(key, source, content.length, 'application/pdf');
      await expect(fs.access(source)).rejects.toThrow();
      const read = await readAll((await storage.open(key)) as Readable);
      expect(read.length).toBe(content.length);
      expect(read.equals(content)).toBe(true);
      await storage.remove(key);
      expect(await storage.open(key)).toBeUndefined();
    });

    it('answers nothing for a key that was never stored, and removing it is not an error', async () => {
      const key = storage.newKey('documents');
      expect(await storage.open(key)).toBeUndefined();
      await expect(storage.remove(key)).resolves.toBeUndefined();
    });

    it('refuses a key it did not make (no path from a client)', async () => {
      await expect(storage.open('../../etc/passwd')).rejects.toThrow('invalid storage key');
      await expect(storage.remove('documents/../x')).rejects.toThrow('invalid storage key');
    });
  });
}

storageSuite('local disk', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-storage-'));
  const tempDir = path.join(root, '.incoming');
  await fs.mkdir(tempDir);
  return {
    storage: await createFileStorage({ uploadsDir: root }),
    tempDir,
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

storageSuite('S3-compatible (s3rver)', async () => {
  const s3 = await startS3rver();
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-spool-'));
  const storage = await createFileStorage({ uploadsDir: tempDir, storageUrl: s3.url });
  expect(storage.driver).toBe('s3');
  return {
    storage,
    tempDir,
    async close() {
      await s3.close();
      await fs.rm(tempDir, { recursive: true, force: true });
    },
  };
});

describe('STORAGE_URL', () => {
  it('reads endpoint, bucket, keys and region; s3:// is HTTPS, s3+http:// plain HTTP', () => {
    expect(parseStorageUrl('s3://AK%2F1:se%40cret@minio.internal:9000/rhc-files?region=ap-southeast-1')).toEqual({
      endpoint: 'https://minio.internal:9000',
      bucket: 'rhc-files',
      accessKeyId: 'AK/1',
      secretAccessKey: 'se@cret',
      region: 'ap-southeast-1',
      pathStyle: true,
    });
    expect(parseStorageUrl('s3+http://a:b@127.0.0.1:4568/rhc').endpoint).toBe('http://127.0.0.1:4568');
  });

  it('is checked at start with the other variables, with a readable line', () => {
    expect(loadEnv({ STORAGE_URL: 's3+http://k:s@127.0.0.1:9000/rhc-files' }).STORAGE_URL).toBe('s3+http://k:s@127.0.0.1:9000/rhc-files');
    expect(loadEnv({}).UPLOAD_PENDING_MAX_AGE_SECONDS).toBe(1800);
    expect(() => loadEnv({ STORAGE_URL: 's3://host/bucket' })).toThrow(EnvError);
    expect(() => loadEnv({ STORAGE_URL: 's3://host/bucket' })).toThrow('STORAGE_URL: needs the access key and secret as user:password');
  });

  it('refuses a URL without keys, without a bucket, or of another scheme, saying what is wrong', () => {
    expect(() => parseStorageUrl('s3://host/bucket')).toThrow('access key and secret');
    expect(() => parseStorageUrl('s3://a:b@host/')).toThrow('bucket');
    expect(() => parseStorageUrl('s3://a:b@host/ab')).toThrow('bucket');
    expect(() => parseStorageUrl('https://a:b@host/bucket')).toThrow('s3://');
  });
});

describe('what a file is, by its content', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-sniff-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  async function sniff(content: Buffer) {
    const file = await spooled(dir, content);
    return sniffFile(file, content.subarray(0, 4096), content.length);
  }

  it('knows images, PDF, Word (OOXML), zip and rar', async () => {
    expect(await sniff(tinyPng())).toBe('image/png');
    expect(await sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(await sniff(Buffer.from('GIF89a\u0001\u0000', 'latin1'))).toBe('image/gif');
    expect(await sniff(tinyPdf())).toBe('application/pdf');
    expect(await sniff(tinyDocx())).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await sniff(zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }))).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(await sniff(zipOf({ 'a.txt': 'hello' }))).toBe('application/zip');
    expect(await sniff(Buffer.from('Rar!\u001a\u0007\u0001\u0000rest', 'latin1'))).toBe('application/vnd.rar');
  });

  it('knows an old Word document and workbook by their main stream, and refuses other compound files', async () => {
    const ole = (name: string) =>
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1000), Buffer.from(name, 'utf16le')]);
    expect(await sniff(ole('WordDocument'))).toBe('application/msword');
    expect(await sniff(ole('Workbook'))).toBe('application/vnd.ms-excel');
    expect(await sniff(ole('__substg1.0_0037001F'))).toBeUndefined();
  });

  it('refuses an executable (renamed or not), HTML, a script, text and a broken zip', async () => {
    expect(await sniff(fakeExecutable())).toBeUndefined();
    expect(await sniff(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeUndefined();
    expect(await sniff(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBeUndefined();
    expect(await sniff(Buffer.from('PK\u0003\u0004 not really a zip', 'latin1'))).toBeUndefined();
  });
});
