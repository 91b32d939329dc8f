import { parentPort } from 'node:worker_threads';
import { renderDocx } from './docx.ts';
import type { RenderRequest, RenderAnswer } from './renderer.ts';
import { renderPdf } from './pdf.ts';

/*
 * The exports' renderer thread: draws one document at a time, off the server's event loop (a PDF holds the CPU for
 * 0.1–0.5 s, most of it in one piece when the fonts are subset). Fonts are read and kept here.
 */
parentPort?.on('message', (request: RenderRequest) => {
  const work = request.format === 'pdf' ? renderPdf(request.document, new Date(request.now)) : renderDocx(request.document);
  work.then(
    (bytes) => parentPort?.postMessage({ id: request.id, bytes } satisfies RenderAnswer, [bytes.buffer as ArrayBuffer]),
    (error: unknown) =>
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer),
  );
});
