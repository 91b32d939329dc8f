import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './secrets.ts';

describe('password hashes', () => {
  it('hash new passwords with scrypt N=2^15 unless told otherwise, and record the cost in the hash', async () => {
    expect(PASSWORD_HASH_COST).toBe(2 ** 15);
    const stored = await hashPassword('matkhau123');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('matkhau123', stored)).toBe(true);
    expect(await verifyPassword('matkhau124', stored)).toBe(false);
  });

  it('check a cheaper hash at the cost it records (the route tests sign people up at 2^10)', async () => {
    const stored = await hashPassword('Mật khẩu 😀', 2 ** 10);
    expect(stored.split('$')[1]).toBe('1024');
    expect(await verifyPassword('Mật khẩu 😀', stored)).toBe(true);
    expect(await verifyPassword('Mat khau', stored)).toBe(false);
  });

  it('are never cheaper in production: the app refuses to start', async () => {
    // Refused before the database is touched.
    const database = {} as Database;
    await expect(
      buildApp({ database, version: 'prod', uploadsDir: os.tmpdir(), production: true, passwordHashCost: 2 ** 10 }),
    ).rejects.toThrow(/tests only/);
  });
});
