import { createLocalStorage, type FileStorage } from './storage.ts';

/**
 * The configured store (decision 024): S3-compatible when STORAGE_URL is set, else the local disk under `uploadsDir`.
 * The S3 SDK is loaded only when it is used (it adds to the start time and memory of every instance otherwise).
 */
export async function createFileStorage(options: { uploadsDir: string; storageUrl?: string | undefined }): Promise<FileStorage> {
  if (!options.storageUrl) return createLocalStorage(options.uploadsDir);
  const { createS3Storage, parseStorageUrl } = await import('./s3-storage.ts');
  return createS3Storage(parseStorageUrl(options.storageUrl));
}
