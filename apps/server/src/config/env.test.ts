import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('runs with no configuration: port 3000, embedded database under ./data, demo data on', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(path.isAbsolute(env.DATA_DIR)).toBe(true);
    expect(env.DATA_DIR.endsWith(`${path.sep}data`)).toBe(true);
    expect(env.SEED_DEMO).toBe(true);
  });

  it('turns demo data off by default in production, and lets it be forced either way', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ SEED_DEMO: 'off' }).SEED_DEMO).toBe(false);
  });

  it('accepts a PostgreSQL URL and treats an empty variable as unset', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://rhc:pw@db:5432/rhc' }).DATABASE_URL).toBe('postgres://rhc:pw@db:5432/rhc');
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one readable message', () => {
    let thrown: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://db/rhc', SUPPORT_EMAIL: 'not-an-email' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvError);
    const message = (thrown as EnvError).message;
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('SUPPORT_EMAIL:');
    expect((thrown as EnvError).problems).toHaveLength(3);
  });
});
