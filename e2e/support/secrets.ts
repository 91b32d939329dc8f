import fs from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR } from './results-dir.ts';

/** Every password, code and token a journey uses is noted here; global teardown checks none reached the server log. */
export const SECRETS_FILE = path.join(RESULTS_DIR, 'secrets.txt');

export function noteSecret(value: string): void {
  fs.mkdirSync(path.dirname(SECRETS_FILE), { recursive: true });
  fs.appendFileSync(SECRETS_FILE, `${value}\n`);
}

/**
 * A secret counts as leaked when it stands on its own in the log. A 6-digit code is bound to turn up inside the
 * log's own numbers (epoch milliseconds, fractional response times, hex request ids), so a match with a letter,
 * a digit or a decimal point before it, or a letter or digit after it, is part of something else.
 */
function standsAlone(log: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.])${escaped}(?![\\w])`).test(log);
}

export function secretsFoundIn(log: string): string[] {
  if (!fs.existsSync(SECRETS_FILE)) return [];
  const secrets = fs
    .readFileSync(SECRETS_FILE, 'utf8')
    .split('\n')
    .filter((s) => s.length >= 6);
  return [...new Set(secrets)].filter((secret) => standsAlone(log, secret));
}
