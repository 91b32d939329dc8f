import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { createDoctor, createPatient, insertConfirmedOrder } from '../../../test/booking-helpers.ts';
import { sendForm, type Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { auditEvents, documentLinks, documents } from '../../db/schema/index.ts';
import { multipartBody, tinyPdf } from '../../platform/storage/test-kit.ts';

/*
 * Issue 54 item 3: a booking's files and links belong to who added them. Its patient and its doctor each see the other's,
 * and delete only their own; the other's is refused as any object one may not change is (404, one denied audit row),
 * and every document and link says whether the caller may delete it.
 */

type Listed = { id: string; fileName?: string; displayName?: string; canDelete: boolean };

async function upload(app: FastifyInstance, caller: Caller, orderId: string, name: string) {
  const body = multipartBody([
    { name: 'typeExams', value: '1' },
    { name: 'displayNames', value: name },
    { name: 'files', file: { content: tinyPdf(name), filename: `${name}.pdf` } },
  ]);
  const response = await sendForm(app, 'POST', `/api/document/${orderId}`, caller.auth, body);
  expect(response.statusCode, response.body).toBe(201);
  const listed = response.json().data.documents as Listed[];
  return listed.find((doc) => doc.fileName === name)?.id as string;
}

async function addLink(app: FastifyInstance, caller: Caller, orderId: string, name: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/documentLink/${orderId}`,
    headers: caller.auth,
    payload: { link: `https://pacs.benhvien.vn/${name}`, displayName: name },
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().data.canDelete).toBe(true);
  return response.json().data.id as string;
}

async function listed(app: FastifyInstance, caller: Caller, orderId: string) {
  const response = await app.inject({ method: 'GET', url: `/api/documents/${orderId}`, headers: caller.auth });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as { documents: Listed[]; links: Listed[] };
  const byName = (items: Listed[]) => Object.fromEntries(items.map((item) => [item.fileName ?? item.displayName, item.canDelete]));
  return { documents: byName(data.documents), links: byName(data.links) };
}

describeOnEachDatabase((context) => {
  it("lets the patient and the doctor delete only the files and links they added, refusing the other's as not found", async () => {
    const ctx = context();
    const { app, database } = ctx;
    const patient = await createPatient(ctx);
    const doctor = await createDoctor(ctx);
    const orderId = await insertConfirmedOrder(ctx, patient, doctor, { checkDay: '2026-11-20' });
    const patientFile = await upload(app, patient, orderId, 'patient-scan');
    const doctorFile = await upload(app, doctor, orderId, 'doctor-report');
    const patientLink = await addLink(app, patient, orderId, 'patient-link');
    const doctorLink = await addLink(app, doctor, orderId, 'doctor-link');

    // Each sees both, and which of them they may delete.
    expect(await listed(app, patient, orderId)).toEqual({
      documents: { 'patient-scan': true, 'doctor-report': false },
      links: { 'patient-link': true, 'doctor-link': false },
    });
    expect(await listed(app, doctor, orderId)).toEqual({
      documents: { 'patient-scan': false, 'doctor-report': true },
      links: { 'patient-link': false, 'doctor-link': true },
    });

    const del = (caller: Caller, url: string) => app.inject({ method: 'DELETE', url, headers: caller.auth });
    const deniedBefore = await database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'document.delete'), eq(auditEvents.outcome, 'denied')));
    for (const [caller, url] of [
      [patient, `/api/document/${orderId}/${doctorFile}`],
      [doctor, `/api/document/${orderId}/${patientFile}`],
      [patient, `/api/documentLink/${doctorLink}`],
      [doctor, `/api/documentLink/${patientLink}`],
    ] as const) {
      const refused = await del(caller, url);
      expect(refused.statusCode, url).toBe(404);
      // Nothing about the object: the answer of an id that names nothing.
      expect(refused.json().code).toBe((await del(caller, `/api/documentLink/${randomUUID()}`)).json().code);
    }
    const deniedAfter = await database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'document.delete'), eq(auditEvents.outcome, 'denied')));
    expect(deniedAfter.length - deniedBefore.length).toBe(8);
    expect(await database.db.select({ id: documents.id }).from(documents).where(eq(documents.orderId, orderId))).toHaveLength(2);
    expect(await database.db.select({ id: documentLinks.id }).from(documentLinks).where(eq(documentLinks.orderId, orderId))).toHaveLength(
      2,
    );

    // Each deletes their own.
    expect((await del(patient, `/api/document/${orderId}/${patientFile}`)).statusCode).toBe(200);
    expect((await del(doctor, `/api/document/${orderId}/${doctorFile}`)).statusCode).toBe(200);
    expect((await del(patient, `/api/documentLink/${patientLink}`)).statusCode).toBe(200);
    expect((await del(doctor, `/api/documentLink/${doctorLink}`)).statusCode).toBe(200);
    expect(await listed(app, patient, orderId)).toEqual({ documents: {}, links: {} });
  });

  it('does not let a file of one booking be deleted through another booking of the same person', async () => {
    const ctx = context();
    const { app } = ctx;
    const patient = await createPatient(ctx);
    const doctor = await createDoctor(ctx);
    const first = await insertConfirmedOrder(ctx, patient, doctor, { checkDay: '2026-11-20' });
    const second = await insertConfirmedOrder(ctx, patient, doctor, { checkDay: '2026-11-21' });
    const file = await upload(app, patient, first, 'scan');
    const refused = await app.inject({ method: 'DELETE', url: `/api/document/${second}/${file}`, headers: patient.auth });
    expect(refused.statusCode).toBe(404);
    expect((await listed(app, patient, first)).documents).toEqual({ scan: true });
  });
});
