import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../../../test/booking-helpers.ts';
import { sendForm } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { recordBody, tinyPdf } from '../../platform/storage/test-kit.ts';

/** Everything the app logs, as production writes it (JSON lines). */
const captured: string[] = [];
const stream = { write: (line: string) => void captured.push(line) };

/** Opens `path` on the listening app and drops the connection as soon as the first bytes of the body arrive. */
function dropAfterFirstChunk(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

describeOnEachDatabase(
  (context) => {
    describe('a download the client drops (issue 54 item 10)', () => {
      it('is no server error: nothing logged at error level, the abort at info', async () => {
        const { app } = context();
        const patient = await createPatient(context());
        const file = { content: tinyPdf('ket qua', 4_000_000), filename: 'lon.pdf', typeExam: 1 };
        const body = recordBody({ testDayTime: '2026-11-20', doctorName: 'BS. A', reasonForExamination: 'Khám' }, [file]);
        const created = await sendForm(app, 'POST', `/api/order-record-data/${patient.userId}`, patient.auth, body);
        expect(created.statusCode, created.body).toBe(201);
        const document = created.json().data.listResponseDocumentDTO.documents[0] as { fileId: string };

        await app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = app.server.address() as AddressInfo;
        captured.length = 0;
        const path = `/api/document/${document.fileId}`;
        // Dropped after the first bytes of the body…
        for (let round = 0; round < 5; round += 1) expect(await dropAfterFirstChunk(port, path, patient.auth)).toBe(200);
        // …and before the answer began, at every moment of the first 20 ms.
        for (let round = 0; round < 20; round += 1) {
          const early = http.get({ host: '127.0.0.1', port, path, headers: patient.auth });
          early.on('error', () => undefined);
          setTimeout(() => early.destroy(), round);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        const lines = captured.map((line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode?: number } });
        expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
        expect(lines.filter((line) => line.res?.statusCode !== undefined && line.res.statusCode >= 500)).toEqual([]);
        expect(lines.some((line) => line.level === 30 && /closed/i.test(line.msg))).toBe(true);
      });
    });
  },
  { deps: { logger: { level: 'info', stream } } },
);
