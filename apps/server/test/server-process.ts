import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverEntry = path.join(import.meta.dirname, '../src/server.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (its JSON log lines). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `src/server.ts` in its own process on a free port, as `npm start` would,
 * and resolves once it answers /api/health. `niceness` (1–19, through `nice`) lowers its CPU priority, every thread
 * of it: the benches that load pages in Chrome on this machine run the server so, as a phone shares no core with it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  {
    timeoutMs = 60_000,
    niceness,
    entry = serverEntry,
  }: { timeoutMs?: number; niceness?: number; /** Another checkout's server.ts (a bench comparing two versions). */ entry?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // CPU_PROFILE_DIR: each server writes a V8 CPU profile there when it exits (for the benches' hot paths).
  const profile = process.env.CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROFILE_DIR}`] : [];
  const nodeArgs = [...profile, '--import', 'tsx', entry];
  const [file, args] =
    niceness === undefined ? [process.execPath, nodeArgs] : ['nice', ['-n', String(niceness), process.execPath, ...nodeArgs]];
  const child = spawn(file, args, {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (ended || Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`server did not start:\n${output}`);
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
