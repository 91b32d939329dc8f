import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, newStorageKey, type FileStorage } from './storage.ts';
import type { S3StorageConfig } from './storage-url.ts';

export { parseStorageUrl } from './storage-url.ts';

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  return false;
}

/** The S3-compatible driver: one object per file, streamed both ways. */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  // The SDK warns on every start that its 2027 releases need Node 22; the server's log is no place for it (Node 20 is supported here).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.pathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Plain signed PUTs with a known length: no aws-chunked trailing checksums, which self-hosted stores often lack.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  return {
    driver: 's3',
    async put(prefix, content) {
      const key = newStorageKey(prefix);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: content, ContentLength: content.length }));
      return key;
    },
    newKey: newStorageKey,
    async putFile(key, sourcePath, size, mediaType) {
      assertStorageKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(sourcePath),
            ContentLength: size,
            ContentType: mediaType,
          }),
        );
      } finally {
        await fs.rm(sourcePath, { force: true });
      }
    },
    async open(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (answer.Body as Readable | undefined) ?? undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
