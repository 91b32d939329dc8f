import { Worker } from 'node:worker_threads';
import type { ExportFormat } from '@rhc/contracts';
import type { ExportDocument } from './export-document.ts';

export interface RenderRequest {
  id: number;
  document: ExportDocument;
  format: ExportFormat;
  /** ISO instant stamped in the PDF's properties. */
  now: string;
}
export type RenderAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

/**
 * Draws documents in one worker thread, started on the first document and kept (unref'd: it never holds the process
 * open). Documents wait their turn there, so however many are asked for at once, the server's own event loop only
 * passes messages. The worker runs the same TypeScript as the server (tsx); a worker that dies fails what it was drawing
 * and the next document starts a new one.
 */
export function createRenderer() {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function start(): Worker {
    // The worker's entry is TypeScript like the server's: tsx's loader is registered in the thread first.
    const entry = JSON.stringify(new URL('./render-worker.ts', import.meta.url).href);
    const started = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, { eval: true });
    started.unref();
    started.on('message', (answer: RenderAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(`export rendering failed: ${answer.error}`));
      else waiting.resolve(answer.bytes);
    });
    started.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`export renderer stopped (${code})`));
    });
    return started;
  }

  return {
    render(document: ExportDocument, format: ExportFormat, now: Date): Promise<Uint8Array> {
      worker ??= start();
      const id = nextId++;
      const answer = new Promise<Uint8Array>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, document, format, now: now.toISOString() } satisfies RenderRequest);
      return answer;
    },
    async close(): Promise<void> {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
export type Renderer = ReturnType<typeof createRenderer>;
