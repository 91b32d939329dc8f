import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop('SIGKILL')));
});

interface Answer {
  status: number;
  connection: string | undefined;
}

/** One GET on the agent's kept-alive connections; a reset or a refused connection rejects. */
function get(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    request.on('error', reject);
  });
}

describe('a rolling restart (finding 11 of "Hardening what exists")', () => {
  it('after SIGTERM answers requests on kept-alive connections (no 503, no reset), each with Connection: close', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-drain-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '8000' });
    started.push(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const round = () => Promise.all(Array.from({ length: 4 }, () => get(agent, `${server.url}/api/support-contact`)));
    try {
      // Four connections, kept alive and idle, as a load balancer's or a browser's would be.
      const before = await round();
      expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(before.every((answer) => answer.connection === 'keep-alive')).toBe(true);

      server.child.kill('SIGTERM');
      const deadline = Date.now() + 5_000;
      while (!server.output().includes('shutting down') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));

      // The next requests on those connections are answered, and told to go elsewhere for the one after.
      const after = await round();
      expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(after.map((answer) => answer.connection)).toEqual(['close', 'close', 'close', 'close']);
      expect(await server.exited).toBe(0);
    } finally {
      agent.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
