import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { OTP_LENGTH } from '@rhc/domain';

function scryptAsync(password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** An opaque session or refresh token: 256 bits from the CSPRNG (R7 asks ≥ 128). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as their SHA-256 (a leaked table gives no usable token). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code from the CSPRNG (R6), leading zeros kept. */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The OTP hash is bound to its verification id, so a code is worth nothing on another request (R6). */
export function hashOtp(verificationId: string, code: string): string {
  return sha256(`${verificationId}:${code}`);
}

/** scrypt (RFC 7914) with N=2^15, r=8, p=1: ~32 MB and tens of ms per hash, memory-hard against GPUs. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;
/** scrypt's N for new password hashes; production never goes below it (buildApp refuses). */
export const PASSWORD_HASH_COST = SCRYPT.N;

/**
 * A new password hash. `cost` (scrypt's N) is lowered only by the route tests, which sign up thousands of people
 * (`AppDeps.passwordHashCost`); a hash records its N, so checking a password costs what hashing it did.
 */
export async function hashPassword(password: string, cost: number = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFC'), salt, KEY_LENGTH, { ...SCRYPT, N: cost });
  return `scrypt$${cost}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** Compared against when the account does not exist, so a wrong phone costs the same time as a wrong password. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomToken());
