/**
 * Memory of a record export (issue 53, decision 053), measured as `upload-memory.ts` measures uploads: a server process
 * started as `npm start` starts it (embedded database, demo data), the demo patient given 20 files of 9.9 MB (198 MB,
 * within her 200 MB quota), then her whole record exported — the summary, the FHIR Bundle and every file streamed into
 * the zip — and the archive downloaded, by a fresh server process on that data (after a warm-up export of a profile
 * she manages, which starts the renderer's worker). Prints the server's resident
 * memory before each, its peak during the build and the download (sampled every 20 ms from /proc) and the growth;
 * target ≤ 64 MB.
 *
 *   npm run record-export-memory -w @rhc/bench
 */
import http from 'node:http';
import { tinyPdf } from '../apps/server/src/platform/storage/test-kit.ts';
import { cpuNote } from './support/bench-env.ts';
import { demoServer, mb, rssDuring, uploadRecord } from './support/memory.ts';

const FILES = 20;
const PER_RECORD = 1;
const FILE_BYTES = Math.round(9.9 * 1024 * 1024);

async function api(url: string, token: string, method: string, pathname: string): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${url}${pathname}`, { method, headers: { authorization: `Bearer ${token}`, 'accept-language': 'vi' } });
  const body = (await response.json()) as { data?: unknown };
  return { status: response.status, data: body.data };
}

/** Asks for an export and waits for it to be ready; answers its id, size and how long it took. */
async function exportRecord(url: string, token: string, userId: string): Promise<{ id: string; bytes: number; seconds: number }> {
  const started = performance.now();
  const created = await api(url, token, 'POST', `/api/record-exports/${userId}`);
  if (created.status !== 201) throw new Error(`export refused: ${created.status}`);
  const id = (created.data as { export: { id: string } }).export.id;
  for (;;) {
    const list = (await api(url, token, 'GET', `/api/record-exports/${userId}`)).data as {
      exports: { id: string; status: string; bytes: number }[];
    };
    const found = list.exports.find((item) => item.id === id);
    if (found?.status === 'ready') return { id, bytes: found.bytes, seconds: (performance.now() - started) / 1000 };
    if (found?.status === 'failed') throw new Error('export failed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Downloads the archive and counts its bytes, keeping none. */
function download(url: string, token: string, userId: string, id: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/api/record-exports/${userId}/${id}/file`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`download ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  let running = await demoServer();
  try {
    const file = tinyPdf('bench', FILE_BYTES);
    for (let index = 0; index < FILES / PER_RECORD; index += 1) {
      const status = await uploadRecord(running.server.url, running.userId, running.token, file, PER_RECORD, index);
      if (status !== 201) throw new Error(`upload refused: ${status}`);
    }
    // A fresh process on the same data: the uploads' own memory is not what the export is measured against.
    running = await running.restart();
    const { server, pid, token, userId } = running;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const exportOnce = (profileId: string) =>
      rssDuring(pid, async () => {
        const built = await exportRecord(server.url, token, profileId);
        const started = performance.now();
        const downloaded = await download(server.url, token, profileId, built.id);
        return { built, downloaded, downloadSeconds: (performance.now() - started) / 1000 };
      });
    // A profile she manages, without files: its export starts the renderer's worker and reads the fonts (once a process).
    const managed = (await api(server.url, token, 'GET', `/api/relatives/${userId}`)).data as { id: string }[];
    const son = managed[0]?.id;
    if (!son) throw new Error('the demo patient manages no profile');
    console.log(`record export memory (local disk; ${cpuNote()})`);
    for (const [run, profileId] of [
      ['warm-up, a managed profile without files (the renderer worker started)', son],
      [`her record, ${FILES} files of ${mb(FILE_BYTES)} MB (${mb(FILES * FILE_BYTES)} MB)`, userId],
    ] as const) {
      const { result, idle, peak } = await exportOnce(profileId);
      const { built, downloaded, downloadSeconds } = result;
      console.log(
        `  ${run}: archive ${mb(built.bytes)} MB built in ${built.seconds.toFixed(1)} s (asked → ready), downloaded ${mb(downloaded)} MB in ${downloadSeconds.toFixed(1)} s`,
      );
      console.log(`    server RSS before ${mb(idle)} MB, peak ${mb(peak)} MB, growth ${mb(peak - idle)} MB (target ≤ 64 MB)`);
    }
  } finally {
    await running.stop();
  }
}

await main();
