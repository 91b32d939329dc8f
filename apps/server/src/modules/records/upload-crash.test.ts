import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts';
import { openDatabase } from '../../db/client.ts';
import { filesUnder, tinyPdf } from '../../platform/storage/test-kit.ts';

/*
 * All or nothing, even when the process dies (issue 15, decision 024): a server killed (SIGKILL) in the middle of an
 * upload leaves, after it is started again, no record, no file row and no stored or spooled file.
 */

const LAN = { phone: '0901234567', password: 'Benhnhan123' };
const BOUNDARY = '----rhc-crash-boundary';

async function logIn(url: string): Promise<{ userId: string; token: string }> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LAN),
  });
  const body = (await response.json()) as { data: { accessToken: string; user: { userId: string; id: string } } };
  return { userId: body.data.user.userId ?? body.data.user.id, token: body.data.accessToken };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

describe('an upload cut by a killed server', () => {
  const servers: ServerProcess[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('leaves no record, no file row and no stray file once the server is back', { timeout: 180_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-upload-crash-'));
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', UPLOAD_PENDING_MAX_AGE_SECONDS: '2', WEB_DIST_DIR: path.join(dataDir, 'no-web') };
    const first = await startServerProcess(env);
    servers.push(first);
    const lan = await logIn(first.url);
    const uploads = path.join(dataDir, 'uploads');
    const storedBefore = (await filesUnder(uploads)).filter((name) => !name.startsWith('.incoming/'));
    const recordsBefore = await fetch(`${first.url}/api/order-record-data/${lan.userId}`, {
      headers: { authorization: `Bearer ${lan.token}` },
    }).then(async (response) => ((await response.json()) as { data: { total: number } }).data.total);

    // A record with a small PDF that arrives whole and a second, larger one that is still arriving when the process dies.
    const info = JSON.stringify({ testDayTime: '2026-01-05', doctorName: 'BS. Hoa', reasonForExamination: 'Khám' });
    const fileInfos = JSON.stringify([
      { fileIndex: 0, typeExam: 1 },
      { fileIndex: 1, typeExam: 3 },
    ]);
    const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const fileHead = (name: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const request = http.request(`${first.url}/api/order-record-data/${lan.userId}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${lan.token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(9 * 1024 * 1024),
      },
    });
    request.on('error', () => undefined);
    request.write(field('recordDataInfo', info) + field('fileInfos', fileInfos));
    request.write(fileHead('a.pdf'));
    request.write(tinyPdf('a'));
    request.write(`\r\n${fileHead('b.pdf')}`);
    request.write(tinyPdf('b', 6 * 1024 * 1024).subarray(0, 4 * 1024 * 1024));
    // The first file is stored and the second is being spooled: the server is mid-upload.
    const midway = await waitFor(async () => {
      const files = await filesUnder(uploads);
      return (
        files.some((name) => name.startsWith('.incoming/')) &&
        files.filter((name) => name.startsWith('documents/')).length > storedBefore.filter((name) => name.startsWith('documents/')).length
      );
    }, 20_000);
    expect(midway, 'the upload was under way').toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    request.destroy();

    const second = await startServerProcess(env);
    servers.push(second);
    // The sweep at start and every second removes what is older than 2 s.
    const clean = await waitFor(async () => JSON.stringify(await filesUnder(uploads)) === JSON.stringify(storedBefore), 20_000);
    expect(clean, 'no stray stored or spooled file').toBe(true);
    expect(await filesUnder(uploads)).toEqual(storedBefore);
    const again = await logIn(second.url);
    const recordsAfter = await fetch(`${second.url}/api/order-record-data/${again.userId}`, {
      headers: { authorization: `Bearer ${again.token}` },
    }).then(async (response) => ((await response.json()) as { data: { total: number } }).data.total);
    expect(recordsAfter).toBe(recordsBefore);
    await second.stop();

    // And no file row, pending or not, beyond the demo data's.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const result = await database.db.execute(
        sql`select count(*)::int as n, count(*) filter (where state = 'pending')::int as pending from documents`,
      );
      const row = (result as unknown as { rows: { n: number; pending: number }[] }).rows[0];
      expect(row?.pending).toBe(0);
      expect(row?.n).toBe(storedBefore.filter((name) => name.startsWith('documents/')).length);
    } finally {
      await database.close();
    }
  });
});
