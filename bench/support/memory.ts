import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../../apps/server/src/db/seed/demo.ts';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/server-process.ts';

/** A process's resident memory (VmRSS in /proc), in bytes. */
export async function rssBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * The memory benches' method (upload-memory, record-export-memory): the process's RSS when idle, then its peak while
 * `work` runs, sampled every 20 ms. Answers what `work` answered with the two figures.
 */
export async function rssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; idle: number; peak: number }> {
  const idle = await rssBytes(pid);
  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssBytes(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { result: await work(), idle, peak };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** Bytes as MB, one decimal. */
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A running server with the demo patient logged in. */
export interface DemoServer {
  server: ServerProcess;
  pid: number;
  token: string;
  userId: string;
  /** Ends it and removes its data. */
  stop(): Promise<void>;
  /** Ends it and starts a new process on the same data (memory as after a deployment), logged in again. */
  restart(): Promise<DemoServer>;
}

/**
 * A server process as `npm start` starts it (embedded database in a data folder of its own, demo data), with the demo
 * patient logged in: what the memory benches measure.
 */
export async function demoServer(env: Record<string, string> = {}, dataDir?: string): Promise<DemoServer> {
  const dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-memory-bench-')));
  const server = await startServerProcess({
    DATA_DIR: dir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    ...env,
  });
  const stop = async () => {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    const { phone, password } = DEMO_ACCOUNTS.patient;
    const login = (await (
      await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, password }),
      })
    ).json()) as { data: { accessToken: string; user: { id: string } } };
    const restart = async () => {
      await server.stop();
      return demoServer(env, dir);
    };
    return { server, pid: server.child.pid as number, token: login.data.accessToken, userId: login.data.user.id, stop, restart };
  } catch (error) {
    await stop();
    throw error;
  }
}

const BOUNDARY = '----rhc-bench-boundary';

/** POST /order-record-data: one health record with `count` files of `file`, sent in 64 KB pieces as a browser's upload arrives; answers the status. */
export function uploadRecord(url: string, userId: string, token: string, file: Buffer, count: number, index: number): Promise<number> {
  const info = JSON.stringify({
    testDayTime: '2026-01-05',
    doctorName: `BS. Bench ${index}`,
    reasonForExamination: 'Đo bộ nhớ khi xuất hồ sơ',
  });
  const fileInfos = JSON.stringify(Array.from({ length: count }, (_, fileIndex) => ({ fileIndex, typeExam: 1 })));
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="recordDataInfo"\r\n\r\n${info}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileInfos"\r\n\r\n${fileInfos}\r\n`,
  );
  const part = (n: number) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="scan-${index}-${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
  const parts = Array.from({ length: count }, (_, n) => part(n));
  const tail = Buffer.from(`--${BOUNDARY}--\r\n`);
  const length = head.length + parts.reduce((sum, p) => sum + p.length + file.length + 2, 0) + tail.length;
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/api/order-record-data/${userId}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(length),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.write(head);
    for (const p of parts) {
      request.write(p);
      for (let at = 0; at < file.length; at += 65_536) request.write(file.subarray(at, at + 65_536));
      request.write('\r\n');
    }
    request.end(tail);
  });
}
