import path from 'node:path';
import { CONTACT_PHONE_VN_PATTERN } from '@rhc/domain';
import { z } from 'zod';
import { parseStorageUrl } from '../platform/storage/storage-url.ts';

/** Relative paths are taken from where `npm …` was run (INIT_CWD), not from the workspace folder npm switches to. */
const baseDir = process.env.INIT_CWD ?? process.cwd();
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('RHC <no-reply@rhc.vn>'),
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    SMS_GATEWAY_KEY: z.string().min(1).optional(),
    SEED_DEMO: booleanFlag.optional(),
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    VIDEO_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).default('https://meet.jit.si/rhc'),
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).default('http://localhost:3000'),
    SUPPORT_PHONE: z.string().regex(CONTACT_PHONE_VN_PATTERN, 'must be a Vietnamese phone or 1800/1900 hotline number').default('19001234'),
    SUPPORT_EMAIL: z.email().default('hotro@rhc.vn'),
    TRUST_PROXY: booleanFlag.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /** Uploaded files in an S3-compatible store (decision 024): s3://KEY:SECRET@host:port/bucket (HTTPS) or s3+http://…; unset: DATA_DIR/uploads. */
    STORAGE_URL: z
      .string()
      .superRefine((value, context) => {
        try {
          parseStorageUrl(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message });
        }
      })
      .optional(),
    /** How long an unfinished upload is kept before its rows, stored objects and spooled file are swept (decision 024). */
    UPLOAD_PENDING_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  })
  .refine((env) => env.WORKERS === 1 || env.DATABASE_URL !== undefined, {
    path: ['WORKERS'],
    error: 'more than 1 needs DATABASE_URL (the embedded database belongs to one process)',
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(baseDir, env.DATA_DIR),
    WEB_DIST_DIR: path.resolve(baseDir, env.WEB_DIST_DIR),
    // Demo data is on by default outside production (foundation issue).
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
  }));

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Reads the environment; a bad variable gives one readable line each, never a stack of zod internals. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}
