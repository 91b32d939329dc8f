import { randomUUID } from 'node:crypto';
import type { ClinicalRecord, DoctorEdit, Drug, ExaminationBodySchema, LicenceBodySchema, Prescription } from '@rhc/contracts';
import {
  checkClinicalWriter,
  checkReExamDate,
  checkResultWrite,
  completableFrom,
  DRUG_UNITS,
  earliestReExamDate,
  latestReExamDate,
  type DrugUnit,
  type WriterRefusal,
  writableFrom,
  WRITER_REFUSAL_CODES,
} from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { isViolation, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { auditRow, type AuditEntry, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import type { InAppNotice } from '../../platform/messaging/in-app.ts';
import type { QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { foldedSms, messagesByChannel, recipientLanguage } from '../../platform/messaging/person-messages.ts';
import { displayDay, displayInstant, type OrdersService } from '../orders/orders.service.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { createClinicalRepository, type ClinicalOrderFacts, type Recipient } from './clinical.repository.ts';

type ExaminationBody = z.output<typeof ExaminationBodySchema>;
type LicenceBody = z.output<typeof LicenceBodySchema>;

export interface ClinicalDeps {
  db: Db;
  audit: AuditLog;
  /** The order as its doctor's screen shows it (the orders module presents it). */
  orders: Pick<OrdersService, 'detail'>;
  /** A follower's read of a patient's prescriptions (decision 022). */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  /** Absolute origin of the web app, for the link in the patient's message. */
  publicBaseUrl: string;
}

/** What the patient is told, and when: the first saved examination, and a prescription that replaced another. */
type ClinicalEvent = 'ready' | 'replaced';

function writerError(refusal: WriterRefusal): AppError {
  return new AppError(403, WRITER_REFUSAL_CODES[refusal]);
}

export function createClinicalService(deps: ClinicalDeps) {
  const repository = createClinicalRepository(deps.db);

  /**
   * The order's facts. Whose order it is was checked by the endpoint's declared access (issue 48) before the service was
   * called; an order gone since answers 404 as well.
   */
  async function orderFacts(orderId: string): Promise<ClinicalOrderFacts> {
    const facts = await repository.orderFacts(orderId);
    if (!facts) throw AppError.notFound();
    return facts;
  }

  /** The profile the order is for: the booker's own (the account's id) or the managed one it names. */
  function subjectOf(facts: ClinicalOrderFacts): string {
    return facts.profileId ?? facts.userId;
  }

  async function clinicalRecord(orderId: string): Promise<ClinicalRecord> {
    const [examination, rows] = await Promise.all([repository.examination(orderId), repository.prescriptions(orderId)]);
    return {
      orderId,
      examination: examination
        ? {
            diagnostic: examination.diagnostic,
            medicalHistory: examination.medicalHistory,
            reExamDate: examination.reExamDate,
            advice: examination.advice,
            doctor: { id: examination.doctorId, fullName: examination.doctorName },
            createdAt: examination.createdAt.toISOString(),
            updatedAt: examination.updatedAt.toISOString(),
          }
        : null,
      prescriptions: rows.map((row): Prescription => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        doctor: { id: row.doctorId, fullName: row.doctorName, licenceNumber: row.licenceNumber },
        lines: row.lines,
        superseded:
          row.supersededAt && row.supersededById && row.replacedBy
            ? {
                at: row.supersededAt.toISOString(),
                by: { id: row.supersededById, fullName: row.supersededByName ?? '' },
                replacedBy: row.replacedBy,
              }
            : null,
      })),
    };
  }

  /** The patient's messages (their channels, their language) and bell notice of `event`. */
  function patientNotices(
    event: ClinicalEvent,
    recipient: Recipient | undefined,
    facts: ClinicalOrderFacts,
    key: string,
  ): { messages: QueuedMessage[]; inApp: InAppNotice[] } {
    if (!recipient) return { messages: [], inApp: [] };
    const language = recipientLanguage(recipient);
    const t = translatorFor(language);
    const params = {
      name: recipient.fullName,
      code: facts.code,
      day: displayDay(facts.checkDay),
      doctor: facts.doctorName ?? '',
      link: `${deps.publicBaseUrl.replace(/\/+$/, '')}/all-orders/${facts.id}`,
    };
    const messages = messagesByChannel(
      recipient,
      {
        subject: () => t(`clinical:messages.${event}.subject`, params),
        body: () => t(`clinical:messages.${event}.body`, params),
        sms: () => foldedSms(language, t(`clinical:messages.${event}.sms`, params)),
      },
      (channel) => `clinical:${facts.id}:${event}:${key}:${recipient.id}:${channel}`,
    );
    const inApp: InAppNotice = {
      userId: recipient.id,
      event: `clinical:inApp.${event}`,
      orderId: facts.id,
      params: { code: facts.code, day: params.day, doctor: params.doctor },
      dedupeKey: `clinical:${facts.id}:${event}:${key}:${recipient.id}:app`,
    };
    return { messages, inApp: [inApp] };
  }

  return {
    /** GET /order/get-detail-of-order-for-doctor-edit/{id}: only the order's assigned doctor. */
    async doctorEdit(actor: Actor, orderId: string, meta: RequestMeta): Promise<DoctorEdit> {
      const facts = await orderFacts(orderId);
      const [order, clinical, writer] = await Promise.all([
        deps.orders.detail(actor, orderId, meta),
        clinicalRecord(orderId),
        repository.writer(actor.userId),
      ]);
      const refusal = checkClinicalWriter(writer);
      const gate = checkResultWrite({ status: facts.status, startsAt: facts.startsAt, now: meta.now });
      return {
        order,
        clinical,
        writer: {
          licenceNumber: writer.licenceNumber,
          refusal,
          canWrite: refusal === null && gate === null,
          writableFrom: writableFrom(gate, facts.startsAt)?.toISOString() ?? null,
        },
        examDay: facts.checkDay,
        reExamFrom: earliestReExamDate(facts.checkDay),
        reExamUntil: latestReExamDate(facts.checkDay),
      };
    },

    /**
     * POST /order/{userId}/{orderId}: the assigned, verified doctor with a licence number saves the examination and,
     * once, a prescription (or a new one superseding the current). Audited; the patient is told when results are ready.
     */
    async save(actor: Actor, orderId: string, body: ExaminationBody, meta: RequestMeta): Promise<ClinicalRecord> {
      const facts = await orderFacts(orderId);
      const subject = subjectOf(facts);
      const failure = async (reason: string) =>
        deps.audit.record(
          {
            action: 'clinical.write',
            outcome: 'failure',
            actorUserId: actor.userId,
            subjectUserId: subject,
            ip: meta.ip,
            details: { orderId, reason },
          },
          meta.now,
        );
      const writer = await repository.writer(actor.userId);
      const refusal = checkClinicalWriter(writer);
      if (refusal) {
        await failure(refusal);
        throw writerError(refusal);
      }
      // The gate of completing (issue 54 item 4): not on a cancelled booking, not before its visit.
      const gate = checkResultWrite({ status: facts.status, startsAt: facts.startsAt, now: meta.now });
      if (gate === 'cancelled') {
        await failure('cancelled');
        throw new AppError(409, 'CLINICAL_ORDER_CANCELLED');
      }
      if (gate === 'too_early') {
        await failure('too_early');
        throw new AppError(409, 'CLINICAL_TOO_EARLY', { from: displayInstant(completableFrom(facts.startsAt)) });
      }
      const reExam = checkReExamDate(body.reExamDate, facts.checkDay);
      if (reExam)
        throw fieldError(
          meta.language,
          'body.reExamDate',
          reExam === 'too_far' ? 'validation.re_exam_too_far' : 'validation.re_exam_after',
        );

      const existing = body.prescription ? await repository.prescriptions(orderId) : [];
      const current = existing.find((row) => row.supersededAt === null);
      if (body.prescription && !body.prescription.supersedes && current) {
        await failure('PRESCRIPTION_IMMUTABLE');
        throw new AppError(409, 'PRESCRIPTION_IMMUTABLE');
      }
      if (body.prescription?.supersedes && body.prescription.supersedes !== current?.id) {
        await failure('PRESCRIPTION_SUPERSEDE_STALE');
        throw new AppError(409, 'PRESCRIPTION_SUPERSEDE_STALE');
      }
      const prescriptionId = randomUUID();
      const prescription = body.prescription
        ? {
            id: prescriptionId,
            orderId,
            doctorId: actor.userId,
            licenceNumber: writer.licenceNumber ?? '',
            lines: body.prescription.lines.map((line) => ({
              drugName: line.drugName,
              quantity: line.quantity,
              unit: line.unit,
              unitName: line.unitName,
              dose: line.dose,
              timesPerDay: line.timesPerDay,
              days: line.days,
              mealTiming: line.mealTiming,
              note: line.note,
            })),
            ...(body.prescription.supersedes ? { supersedes: body.prescription.supersedes } : {}),
          }
        : null;
      const recipient = await repository.recipient(facts.userId);
      const audit = (details: AuditEntry['details']) =>
        auditRow(
          { action: 'clinical.write', outcome: 'success', actorUserId: actor.userId, subjectUserId: subject, ip: meta.ip, details },
          meta.now,
        );
      let saved: Awaited<ReturnType<typeof repository.save>>;
      try {
        saved = await repository.save(
          {
            orderId,
            doctorId: actor.userId,
            diagnostic: body.diagnostic,
            medicalHistory: body.medicalHistory,
            reExamDate: body.reExamDate,
            advice: body.advice,
          },
          prescription,
          meta.now,
          (created) => {
            const rows = [audit({ orderId, section: 'exam_info', created })];
            if (prescription)
              rows.push(
                audit({
                  orderId,
                  section: 'prescriptions',
                  prescriptionId,
                  ...(prescription.supersedes ? { supersedes: prescription.supersedes } : {}),
                }),
              );
            const told = [
              ...(created ? [patientNotices('ready', recipient, facts, 'first')] : []),
              ...(prescription?.supersedes ? [patientNotices('replaced', recipient, facts, prescriptionId)] : []),
            ];
            return { audit: rows, messages: told.flatMap((one) => one.messages), inApp: told.flatMap((one) => one.inApp) };
          },
        );
      } catch (error) {
        // Two saves at once: the other created the order's prescription first.
        if (isViolation(error, UNIQUE_VIOLATION, 'prescriptions_one_current')) {
          await failure('PRESCRIPTION_IMMUTABLE');
          throw new AppError(409, 'PRESCRIPTION_IMMUTABLE', {}, undefined, error);
        }
        throw error;
      }
      if (saved === 'stale') {
        await failure('PRESCRIPTION_SUPERSEDE_STALE');
        throw new AppError(409, 'PRESCRIPTION_SUPERSEDE_STALE');
      }
      deps.outbox.wake();
      return clinicalRecord(orderId);
    },

    /**
     * GET /order-clinical/{orderId}: the order's examination and prescriptions. Declared on the endpoint (issue 48): its
     * patient (the booker) and its doctor, and whoever reads "prescriptions" of the booked profile (a watcher's read lands
     * in the patient's access log); anyone else 404.
     */
    async record(orderId: string): Promise<ClinicalRecord> {
      await orderFacts(orderId);
      return clinicalRecord(orderId);
    },

    /**
     * PATCH /order/verify/{userId}/{orderId}, before the orders service confirms (issue 17): the assigned doctor of an
     * online booking confirms it only when verified and with a practising licence number on their profile (the rule of
     * writing clinical data), else 403 DOCTOR_NOT_VERIFIED / DOCTOR_LICENCE_REQUIRED, audited. Any other order, or
     * another person's, is left to the orders service (its own 404/403/409).
     */
    async checkOnlineConfirmer(actor: Actor, orderId: string, meta: RequestMeta): Promise<void> {
      const facts = await repository.orderFacts(orderId);
      if (!facts || facts.doctorId !== actor.userId || facts.mode !== 'online') return;
      const refusal = checkClinicalWriter(await repository.writer(actor.userId));
      if (!refusal) return;
      await deps.audit.record(
        {
          action: 'order.verify',
          outcome: 'failure',
          actorUserId: actor.userId,
          subjectUserId: facts.userId,
          ip: meta.ip,
          details: { orderId, reason: refusal },
        },
        meta.now,
      );
      throw writerError(refusal);
    },

    /** Why `userId` may not write clinical data, or null (the orders service asks before a doctor's order, decision 027). */
    async writerRefusal(userId: string): Promise<WriterRefusal | null> {
      return checkClinicalWriter(await repository.writer(userId));
    },

    /** Whether the order has a diagnosis or a prescription (the orders service asks before a cancel or delete, issue 54). */
    hasRecord(orderId: string): Promise<boolean> {
      return repository.hasRecord(orderId);
    },

    /** A doctor's practising licence number, for a document that names it (the exports module); not a permission check. */
    async licenceOf(doctorId: string): Promise<string | null> {
      return (await repository.writer(doctorId)).licenceNumber;
    },

    drugUnits(): DrugUnit[] {
      return [...DRUG_UNITS];
    },

    async drugs(query: { q: string; size: number }): Promise<Drug[]> {
      const rows = await repository.searchDrugs(query.q, query.size);
      return rows.map((row) => ({ ...row, form: row.form as DrugUnit }));
    },

    /** GET /doctor-licence/{userId}: one's own only. */
    async licence(actor: Actor) {
      const writer = await repository.writer(actor.userId);
      return { licenceNumber: writer.licenceNumber, verified: writer.verified };
    },

    /** PUT /doctor-licence/{userId}: a doctor records their own licence number (403 NOT_A_DOCTOR for anyone else). */
    async setLicence(actor: Actor, body: LicenceBody, meta: RequestMeta) {
      const writer = await repository.writer(actor.userId);
      if (!writer.isDoctor) throw new AppError(403, 'NOT_A_DOCTOR');
      await repository.setLicence(
        actor.userId,
        body.licenceNumber,
        meta.now,
        auditRow({ action: 'licence.change', outcome: 'success', actorUserId: actor.userId, ip: meta.ip }, meta.now),
      );
      return { licenceNumber: body.licenceNumber, verified: writer.verified };
    },
  };
}
export type ClinicalService = ReturnType<typeof createClinicalService>;
