/** Where an S3-compatible store is and how to sign in to it (from STORAGE_URL, config/env.ts). */
export interface S3StorageConfig {
  /** `http://host:port` or `https://host:port`. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Bucket in the path (`host/bucket/key`), as MinIO, s3rver and most self-hosted stores need; else virtual-hosted. */
  pathStyle: boolean;
}

/**
 * `s3://ACCESS:SECRET@host:port/bucket` (HTTPS) or `s3+http://…` (plain HTTP, a store on the same private network),
 * with optional `?region=…` (default us-east-1) and `?path-style=false` (virtual-hosted buckets). Keys and secret are
 * percent-encoded in the URL. Throws a readable message on a bad URL.
 */
export function parseStorageUrl(value: string): S3StorageConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be s3://ACCESS_KEY:SECRET@host[:port]/bucket or s3+http://…');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 's3' && scheme !== 's3+http' && scheme !== 's3+https')
    throw new Error('must start with s3:// (HTTPS) or s3+http:// (plain HTTP)');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error('needs a bucket name (3–63 lower-case letters, digits, dots, hyphens) as its path');
  if (!url.username || !url.password) throw new Error('needs the access key and secret as user:password');
  if (!url.hostname) throw new Error('needs a host');
  const protocol = scheme === 's3+http' ? 'http' : 'https';
  return {
    endpoint: `${protocol}://${url.host}`,
    bucket,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    region: url.searchParams.get('region') ?? 'us-east-1',
    pathStyle: url.searchParams.get('path-style') !== 'false',
  };
}
