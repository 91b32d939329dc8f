/**
 * Memory of uploads (issue 15, decision 024): ten 9.9 MB files uploaded at once, each as a health record, against a
 * server process started as `npm start` starts it (embedded database, demo data). Prints the server's resident memory
 * when idle, its peak during the uploads (sampled every 20 ms from /proc) and the growth; target ≤ 64 MB above idle.
 *
 *   npm run upload-memory -w @rhc/bench            # local disk
 *   npm run upload-memory -w @rhc/bench -- --s3    # an S3-compatible store (s3rver in this process)
 */
import { startS3rver, tinyPdf } from '../apps/server/src/platform/storage/test-kit.ts';
import { cpuNote } from './support/bench-env.ts';
import { demoServer, mb, rssDuring, uploadRecord } from './support/memory.ts';

const UPLOADS = 10;
const FILE_BYTES = Math.round(9.9 * 1024 * 1024);

async function main(): Promise<void> {
  const useS3 = process.argv.includes('--s3');
  const s3 = useS3 ? await startS3rver('rhc-bench') : undefined;
  const { server, pid, token, userId, stop } = await demoServer(s3 ? { STORAGE_URL: s3.url } : {});
  try {
    const file = tinyPdf('bench', FILE_BYTES);
    // Warm up the upload path once (its code loaded, its first allocations made), then let the heap settle.
    if ((await uploadRecord(server.url, userId, token, tinyPdf('warm', 512 * 1024), 1, -1)) !== 201)
      throw new Error('warm-up upload refused');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const started = performance.now();
    const {
      result: statuses,
      idle,
      peak,
    } = await rssDuring(pid, () =>
      Promise.all(Array.from({ length: UPLOADS }, (_, index) => uploadRecord(server.url, userId, token, file, 1, index))),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`upload memory (${useS3 ? 'S3-compatible store, s3rver' : 'local disk'}; ${cpuNote()})`);
    console.log(
      `  ${UPLOADS} uploads of ${mb(FILE_BYTES)} MB at once: statuses ${[...new Set(statuses)].join(', ')} in ${seconds.toFixed(1)} s`,
    );
    console.log(`  server RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB, growth ${mb(peak - idle)} MB (target ≤ 64 MB)`);
  } finally {
    await stop();
    await s3?.close();
  }
}

await main();
