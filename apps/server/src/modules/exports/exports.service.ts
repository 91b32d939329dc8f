import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  EXPORT_MEDIA_TYPES,
  type ClinicalRecord,
  type ExportFormat,
  type Order,
  type PrescriptionLine,
  type SentMail,
} from '@rhc/contracts';
import { checkResultExport, isBareDose, ORDER_STATUS, OTHER_DRUG_UNIT, VN_CALLING_CODE } from '@rhc/domain';
import { LANGUAGE_LOCALES, type Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import { auditRow, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import type { InAppNotice } from '../../platform/messaging/in-app.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import type { Limit, RateLimiter } from '../../platform/security/rate-limit.ts';
import type { ClinicalService } from '../clinical/clinical.service.ts';
import { bookingLink, displayDay, displayInstant, type OrdersService } from '../orders/orders.service.ts';
import { createExportsRepository, type OrderHolder } from './exports.repository.ts';
import type { ExportBlock, ExportColumn, ExportDocument } from './export-document.ts';

export { documentText, type ExportBlock, type ExportDocument } from './export-document.ts';
import { createRenderer } from './renderer.ts';

/*
 * The order as a PDF or Word file, and its PDF by e-mail (issue 17, decision 028). Who may: whoever may read the
 * order's clinical record — its booker, the person or manager of its profile, its assigned doctor, a follower granted
 * `prescriptions` (declared on the endpoints and checked before the service is called, issue 48) —; anyone else 404.
 */

/** E-mails of an order's result per account and hour: a person sends it to themselves, a relative, a pharmacy… */
export const EXPORT_MAIL_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;
/** Files made per account and hour: each costs 0.1–0.4 s of CPU in the renderer thread (decision 028); ample for anyone reading their own. */
export const EXPORT_FILE_LIMIT = { limit: 60, windowMs: 60 * 60_000 } as const;

export interface ExportsDeps {
  db: Db;
  audit: AuditLog;
  limiter: RateLimiter;
  clinical: Pick<ClinicalService, 'record' | 'licenceOf'>;
  orders: Pick<OrdersService, 'exportView'>;
  outbox: Pick<OutboxDispatcher, 'wake'>;
  /** Absolute origin of the web app, for the link in what the patient is told. */
  publicBaseUrl: string;
}

export interface ExportFile {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  /** How long drawing it took (the route logs it with the size; never the content). */
  renderMs: number;
}

/**
 * An e-mail address as the person whose result went there is shown it (issue 54): the first letter of the mailbox and
 * the whole domain, `l***@gmail.com`. Enough to recognise a pharmacy, a relative or a stranger; not the third party's
 * address itself, which would otherwise spread to the bell, SMS and e-mail of someone they never gave it to.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const [first = ''] = [...address.slice(0, Math.max(at, 0))];
  return `${first}***${address.slice(at)}`;
}

/** A quantity as written (at most 2 decimals), with the language's decimal mark. */
function displayQuantity(quantity: number, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], { maximumFractionDigits: 2 }).format(quantity);
}

/**
 * The document of an order, in `language`. Only the current prescription is printed: a replaced one is a mistake the
 * doctor corrected, and a paper that shows it could be dispensed; a note says how many were replaced.
 */
export function buildExportDocument(
  order: Order,
  record: ClinicalRecord,
  licence: string | null,
  language: Language,
  now: Date,
): ExportDocument {
  const t = translatorFor(language);
  const d = (key: string, params: Record<string, string | number> = {}) => t(`exports:document.${key}`, params);
  const patient = order.infomation;
  const phone =
    patient.callingCodes === VN_CALLING_CODE || !patient.callingCodes ? patient.phone : `${patient.callingCodes} ${patient.phone}`;
  const examination = record.examination;
  const current = record.prescriptions.find((prescription) => prescription.superseded === null);
  const replaced = record.prescriptions.filter((prescription) => prescription.superseded !== null).length;
  const doctorLicence = current?.doctor.licenceNumber ?? licence;

  const blocks: ExportBlock[] = [
    { kind: 'heading', text: d('patient') },
    {
      kind: 'fields',
      rows: [
        { label: d('fullName'), value: patient.fullName },
        { label: d('dateOfBirth'), value: patient.dateOfBirth ? displayDay(patient.dateOfBirth) : '' },
        { label: d('gender'), value: t(`orders:gender.${patient.gender}`) },
        { label: d('phone'), value: phone },
        ...(patient.address ? [{ label: d('address'), value: patient.address }] : []),
      ],
    },
    { kind: 'heading', text: d('examination') },
    {
      kind: 'fields',
      rows: [
        { label: d('doctor'), value: order.doctor?.fullName ?? d('noDoctor') },
        ...(order.doctor ? [{ label: d('licence'), value: doctorLicence ?? d('licenceMissing') }] : []),
        { label: d('mode'), value: t(`orders:mode.${order.mode}`) },
        ...(order.workUnit
          ? [
              { label: d('place'), value: order.workUnit.name },
              { label: d('placeAddress'), value: order.workUnit.address },
            ]
          : []),
        { label: d('examDate'), value: displayInstant(new Date(order.startsAt)) },
        { label: d('reason'), value: order.reasonForExamination },
      ],
    },
  ];
  if (order.status === ORDER_STATUS.cancelled) {
    blocks.push({ kind: 'note', text: d('cancelled') });
    if (order.cancelReason) blocks.push({ kind: 'text', label: d('cancelReason'), text: order.cancelReason });
  }
  if (!examination) {
    if (order.status !== ORDER_STATUS.cancelled) blocks.push({ kind: 'note', text: d('noResult') });
  } else {
    blocks.push(
      { kind: 'heading', text: d('result') },
      { kind: 'text', label: d('diagnostic'), text: examination.diagnostic },
      { kind: 'text', label: d('medicalHistory'), text: examination.medicalHistory },
      { kind: 'heading', text: d('prescription') },
    );
    if (current) {
      blocks.push({
        kind: 'table',
        columns: prescriptionColumns(language),
        rows: current.lines.map((line) => prescriptionRow(line, language)),
      });
      blocks.push({
        kind: 'note',
        text: d('prescribedBy', {
          name: current.doctor.fullName,
          licence: current.doctor.licenceNumber ?? d('licenceMissing'),
          at: displayInstant(new Date(current.createdAt)),
        }),
      });
    } else blocks.push({ kind: 'note', text: d('noPrescription') });
    if (replaced > 0) blocks.push({ kind: 'note', text: d('replaced', { count: replaced }) });
    blocks.push(
      { kind: 'heading', text: d('followUp') },
      { kind: 'fields', rows: [{ label: d('reExamDate'), value: displayDay(examination.reExamDate) }] },
    );
    if (examination.advice) blocks.push({ kind: 'text', label: d('advice'), text: examination.advice });
  }

  return {
    language,
    clinic: order.workUnit ? { name: order.workUnit.name, address: order.workUnit.address } : null,
    title: d('title'),
    subtitle: d('code', { code: order.code }),
    blocks,
    footer: d('generatedAt', { at: displayInstant(now) }),
    pageLabel: d('page', { page: '{{page}}', pages: '{{pages}}' }),
    fileName: d('fileName', { code: order.code }),
  };
}

/** The prescription table's columns in `language` (the order's file and the record export print it alike). */
export function prescriptionColumns(language: Language): ExportColumn[] {
  const d = (key: string) => translatorFor(language)(`exports:document.columns.${key}`);
  return [
    { label: d('number'), share: 0.07, align: 'right' },
    { label: d('drug'), share: 0.29 },
    { label: d('quantity'), share: 0.12, align: 'right' },
    { label: d('unit'), share: 0.12 },
    { label: d('usage'), share: 0.4 },
  ];
}

/** A prescription line as the table's row: number, drug, quantity, unit, usage. */
export function prescriptionRow(line: PrescriptionLine, language: Language): string[] {
  return [String(line.position), line.drugName, displayQuantity(line.quantity, language), unitOf(line, language), usage(line, language)];
}

/** A line's unit in `language`: the name the doctor gave a unit of Other. */
function unitOf(line: PrescriptionLine, language: Language): string {
  const t = translatorFor(language);
  return line.unit === OTHER_DRUG_UNIT ? (line.unitName ?? t('clinical:units.other')) : t(`clinical:units.${line.unit}`);
}

/** A line's usage as the clinical screens write it: dose, times a day, days, meals; and its note. */
function usage(line: PrescriptionLine, language: Language): string {
  const t = translatorFor(language);
  // A dose written as a number alone is read with the line's unit: "1 viên/lần" (issue 54 item 18).
  const dose = isBareDose(line.dose)
    ? t('clinical:prescription.doseUnit', { dose: line.dose.trim(), unit: unitOf(line, language) })
    : line.dose;
  const text = t('clinical:prescription.usage', {
    dose,
    count: line.timesPerDay,
    days: line.days,
    meal: t(`clinical:meals.${line.mealTiming}`),
  });
  return line.note ? `${text}\n${line.note}` : text;
}

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266 / RFC 5987): Vietnamese and Chinese names kept. */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function createExportsService(deps: ExportsDeps) {
  const repository = createExportsRepository(deps.db);
  // Drawing runs in a worker thread: the request's event loop only waits (decision 028).
  const renderer = createRenderer();
  /**
   * The order and its record (the endpoint's declared access has let the actor read them), when there is a result to
   * export (issue 54 item 21): else 409 EXPORT_ORDER_CANCELLED or EXPORT_NO_RESULT, before any rate limit is taken.
   */
  async function exportable(orderId: string, language: Language, meta: RequestMeta): Promise<{ order: Order; record: ClinicalRecord }> {
    const record = await deps.clinical.record(orderId);
    const order = await deps.orders.exportView(orderId, { ...meta, language });
    if (!order) throw AppError.notFound();
    const refusal = checkResultExport({ status: order.status, examined: record.examination !== null });
    if (refusal) throw new AppError(409, refusal === 'cancelled' ? 'EXPORT_ORDER_CANCELLED' : 'EXPORT_NO_RESULT');
    return { order, record };
  }

  /** The document of an order with a result to export. */
  async function documentOf(orderId: string, language: Language, meta: RequestMeta): Promise<ExportDocument> {
    const { order, record } = await exportable(orderId, language, meta);
    const licence = order.doctor ? await deps.clinical.licenceOf(order.doctor.id) : null;
    return buildExportDocument(order, record, licence, language, meta.now);
  }

  async function render(document: ExportDocument, format: ExportFormat, now: Date): Promise<{ bytes: Uint8Array; renderMs: number }> {
    const started = performance.now();
    const bytes = await renderer.render(document, format, now);
    return { bytes, renderMs: Math.round(performance.now() - started) };
  }

  /**
   * What the holder is told when someone else e-mails the result to an address that is not the person's (issue 54):
   * by their channels and in the bell, in their language, naming the sender and the address masked (`maskEmail`).
   */
  async function telling(holder: OrderHolder, actor: Actor, order: Order, address: string, now: Date) {
    const [sender] = await repository.names([actor.userId]);
    const language = recipientLanguage(holder);
    const t = translatorFor(language);
    const params = {
      recipient: holder.fullName,
      name: sender?.fullName ?? '',
      code: order.code,
      day: displayDay(order.checkDay),
      person: order.infomation.fullName,
      address: maskEmail(address),
      at: displayInstant(now),
      link: bookingLink(deps.publicBaseUrl, order.id),
    };
    // One send, one notice: the key names this send (a retried request is another send, and is told again).
    const key = `order-mail:${order.id}:${randomUUID()}:${holder.id}`;
    const messages = messagesByChannel(
      holder,
      {
        subject: () => t('exports:mail.elsewhere.subject', params),
        body: () => t('exports:mail.elsewhere.body', params),
        sms: () => foldedSms(language, t('exports:mail.elsewhere.sms', params)),
      },
      (channel) => `${key}:${channel}`,
    );
    const { recipient: _recipient, link: _link, at: _at, ...facts } = params;
    const notices: InAppNotice[] = [
      { userId: holder.id, event: 'exports:inApp.mailedElsewhere', orderId: order.id, params: facts, dedupeKey: `${key}:app` },
    ];
    return { messages, notices };
  }

  function fileLimit(actor: Actor): Limit {
    return { bucket: `order-export:file:${actor.userId}`, ...EXPORT_FILE_LIMIT };
  }

  return {
    /** Draws a document of another module (the record export's summary, issue 53) as a PDF, in the renderer's worker. */
    async renderPdf(document: ExportDocument, now: Date): Promise<Uint8Array> {
      return (await render(document, 'pdf', now)).bytes;
    },
    /** GET /order-export/{orderId} and POST /convert: the file, audited (ids, format and language only). */
    async file(
      actor: Actor,
      orderId: string,
      asked: { language?: Language; format: ExportFormat },
      meta: RequestMeta,
    ): Promise<ExportFile> {
      const language = asked.language ?? meta.language;
      const document = await documentOf(orderId, language, meta);
      if (!(await deps.limiter.take([fileLimit(actor)], meta.now)).admitted)
        throw new AppError(429, 'EXPORT_TOO_MANY', { max: EXPORT_FILE_LIMIT.limit });
      const { bytes, renderMs } = await render(document, asked.format, meta.now);
      await deps.audit.record(
        {
          action: 'order.export',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: null,
          ip: meta.ip,
          details: { orderId, format: asked.format, language },
        },
        meta.now,
      );
      return { bytes, fileName: `${document.fileName}.${asked.format}`, contentType: EXPORT_MEDIA_TYPES[asked.format], renderMs };
    },

    /**
     * POST /sent-mail: the PDF to the patient's address (the booking's) or a typed one, queued in the outbox with its
     * audit row in one statement, then delivered by the dispatcher. The address is never logged nor audited.
     */
    async sendMail(
      actor: Actor,
      body: { orderId: string; language?: Language; email?: string | undefined },
      meta: RequestMeta,
    ): Promise<SentMail> {
      const language = body.language ?? meta.language;
      const { order, record } = await exportable(body.orderId, language, meta);
      const patientEmail = order.infomation.email?.trim().toLowerCase() || null;
      const to = body.email ?? patientEmail;
      if (!to) throw fieldError(meta.language, 'body.email', 'validation.required');
      const limit: Limit = { bucket: `order-export:mail:${actor.userId}`, ...EXPORT_MAIL_LIMIT };
      if (!(await deps.limiter.take([limit], meta.now)).admitted) {
        await deps.audit.record(
          {
            action: 'order.mail',
            outcome: 'failure',
            actorUserId: actor.userId,
            subjectUserId: null,
            ip: meta.ip,
            details: { orderId: body.orderId, reason: 'rate_limited' },
          },
          meta.now,
        );
        throw new AppError(429, 'EXPORT_MAIL_TOO_MANY', { max: EXPORT_MAIL_LIMIT.limit });
      }
      const licence = order.doctor ? await deps.clinical.licenceOf(order.doctor.id) : null;
      const document = buildExportDocument(order, record, licence, language, meta.now);
      const { bytes: pdf } = await render(document, 'pdf', meta.now);
      const t = translatorFor(language);
      const params = {
        code: order.code,
        day: displayDay(order.checkDay),
        doctor: order.doctor?.fullName ?? t('exports:document.noDoctor'),
      };
      const toPatientAddress = to === patientEmail;
      // Sent by someone else to an address that is not the person's: their holder is told, and their access log lists it.
      const holder = await repository.holderOf(body.orderId);
      const elsewhere = holder !== undefined && holder.id !== actor.userId && !toPatientAddress && to !== holder.email.trim().toLowerCase();
      const told = elsewhere ? telling(holder, actor, order, to, meta.now) : undefined;
      const audit = auditRow(
        {
          action: 'order.mail',
          outcome: 'success',
          actorUserId: actor.userId,
          // The person's id only on a send they are told of: the row is then theirs to see in "who saw my record".
          subjectUserId: told ? holder?.personId : null,
          ip: meta.ip,
          details: { orderId: body.orderId, language, to: toPatientAddress ? 'patient_address' : 'other_address' },
        },
        meta.now,
      );
      // The message and its audit row together, or neither.
      await repository.queueMail(
        {
          to,
          subject: t('exports:mail.subject', params),
          text: t('exports:mail.body', params),
          attachments: [
            {
              filename: `${document.fileName}.pdf`,
              content: Buffer.from(pdf).toString('base64'),
              encoding: 'base64',
              contentType: EXPORT_MEDIA_TYPES.pdf,
            },
          ],
        },
        audit,
        meta.now,
        told && (await told),
      );
      deps.outbox.wake();
      return { queued: true, toPatientAddress, language };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
