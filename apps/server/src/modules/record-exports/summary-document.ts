import { bloodPressureBand, bloodSugarBand, bmiBand, heartRateBand, mgPerDlToMmol, ORDER_STATUS, vietnamDay } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { prescriptionColumns, prescriptionRow, type ExportBlock, type ExportDocument } from '../exports/exports.service.ts';
import { displayDay, displayInstant } from '../orders/orders.service.ts';
import type { RecordSnapshot, SnapshotPrescriptionLine } from './record-snapshot.ts';
import type { PrescriptionLine } from '@rhc/contracts';

/** The key of a booking status in `orders:status.*`. */
const STATUS_KEYS: Record<number, string> = {
  [ORDER_STATUS.booked]: 'registered',
  [ORDER_STATUS.done]: 'completed',
  [ORDER_STATUS.cancelled]: 'cancelled',
  [ORDER_STATUS.verified]: 'verified',
  [ORDER_STATUS.infostore]: 'infostore',
};

/** A size as people read it: 1.2 MB, 340 KB. */
export function displaySize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The readable summary of a record (issue 53) in `language`: the profile, bookings and results, prescriptions (the
 * order's file's table), readings with their bands, nutrition assessments, records with their files, vaccinations,
 * shares with their history and the access log. Drawn by the order export's PDF renderer (decision 028).
 */
export function summaryDocument(snapshot: RecordSnapshot, language: Language, now: Date): ExportDocument {
  const t = translatorFor(language);
  const d = (key: string, params: Record<string, string | number> = {}) => t(`record-export:document.${key}`, params);
  const none: ExportBlock = { kind: 'note', text: d('none') };
  const { person } = snapshot;
  const day = displayDay(vietnamDay(now));
  const blocks: ExportBlock[] = [
    { kind: 'heading', text: d('profile') },
    {
      kind: 'fields',
      rows: [
        { label: d('fullName'), value: person.fullName },
        ...(person.dateOfBirth ? [{ label: d('dateOfBirth'), value: displayDay(person.dateOfBirth) }] : []),
        ...(person.gender ? [{ label: d('gender'), value: t(`orders:gender.${person.gender}`) }] : []),
        ...(person.phone ? [{ label: d('phone'), value: person.phone }] : []),
        ...(person.email ? [{ label: d('email'), value: person.email }] : []),
        ...(person.address ? [{ label: d('address'), value: person.address }] : []),
        ...(person.manager ? [{ label: d('manager'), value: person.manager.fullName }] : []),
      ],
    },
  ];

  blocks.push({ kind: 'heading', text: d('bookings') });
  if (snapshot.bookings.length === 0) blocks.push(none);
  for (const booking of snapshot.bookings) {
    blocks.push({
      kind: 'fields',
      rows: [
        {
          label: d('booking', {
            category: t(`orders:category.${booking.category}`),
            code: booking.code,
            at: displayInstant(booking.startsAt),
          }),
          value: t(`orders:status.${STATUS_KEYS[booking.status] ?? 'registered'}`),
        },
        ...(booking.doctorName ? [{ label: d('doctor'), value: booking.doctorName }] : []),
        ...(booking.reason ? [{ label: d('reason'), value: booking.reason }] : []),
        ...(booking.examination?.reExamDate ? [{ label: d('reExamDate'), value: displayDay(booking.examination.reExamDate) }] : []),
      ],
    });
    if (booking.examination) {
      blocks.push({ kind: 'text', label: d('diagnostic'), text: booking.examination.diagnostic });
      if (booking.examination.medicalHistory)
        blocks.push({ kind: 'text', label: d('medicalHistory'), text: booking.examination.medicalHistory });
      if (booking.examination.advice) blocks.push({ kind: 'text', label: d('advice'), text: booking.examination.advice });
    }
    if (booking.conclusion) blocks.push({ kind: 'text', label: d('conclusion'), text: booking.conclusion });
  }

  blocks.push({ kind: 'heading', text: d('prescriptions') });
  if (snapshot.prescriptions.length === 0) blocks.push(none);
  for (const prescription of snapshot.prescriptions) {
    blocks.push(
      {
        kind: 'note',
        text: d('prescribedBy', {
          name: prescription.doctorName,
          licence: prescription.licenceNumber,
          at: displayInstant(prescription.createdAt),
        }),
      },
      {
        kind: 'table',
        columns: prescriptionColumns(language),
        rows: prescription.lines.map((line) => prescriptionRow(asLine(line), language)),
      },
    );
    if (prescription.supersededAt)
      blocks.push({ kind: 'note', text: d('replacedNote', { at: displayInstant(prescription.supersededAt) }) });
  }

  blocks.push({ kind: 'heading', text: d('readings') });
  const readingRows = snapshot.readings.flatMap((reading) => {
    const at = displayInstant(reading.measuredAt);
    const band = (kind: string, key: string) => t(`monitoring:bands.${kind}.${key}`);
    const rows: string[][] = [];
    if (reading.systolic !== null && reading.diastolic !== null)
      rows.push([
        at,
        d('measures.bloodPressure'),
        `${reading.systolic}/${reading.diastolic} mmHg`,
        band('bloodPressure', bloodPressureBand(reading.systolic, reading.diastolic)),
      ]);
    if (reading.heartRate !== null)
      rows.push([at, d('measures.heartRate'), `${reading.heartRate} /min`, band('heartRate', heartRateBand(reading.heartRate))]);
    if (reading.bloodSugar !== null)
      rows.push([
        at,
        `${d('measures.bloodSugar')} (${t(`monitoring:categories.${reading.category}`)})`,
        `${reading.bloodSugar} mg/dL (${mgPerDlToMmol(reading.bloodSugar)} mmol/L)`,
        band('bloodSugar', bloodSugarBand(reading.bloodSugar)),
      ]);
    if (reading.bmi !== null) rows.push([at, d('measures.bmi'), `${reading.bmi} kg/m²`, band('bmi', bmiBand(reading.bmi))]);
    return rows;
  });
  if (readingRows.length === 0) blocks.push(none);
  else
    blocks.push({
      kind: 'table',
      columns: [
        { label: d('readingColumns.at'), share: 0.22 },
        { label: d('readingColumns.measure'), share: 0.28 },
        { label: d('readingColumns.value'), share: 0.26 },
        { label: d('readingColumns.band'), share: 0.24 },
      ],
      rows: readingRows,
    });

  blocks.push({ kind: 'heading', text: d('nutrition') });
  if (snapshot.nutrition.length === 0) blocks.push(none);
  else
    blocks.push({
      kind: 'table',
      columns: [
        { label: d('nutritionColumns.day'), share: 0.16 },
        { label: d('nutritionColumns.measures'), share: 0.28 },
        { label: d('nutritionColumns.risk'), share: 0.2 },
        { label: d('nutritionColumns.conclusion'), share: 0.36 },
      ],
      rows: snapshot.nutrition.map((assessment) => [
        displayDay(assessment.examinedOn),
        d('nutritionMeasures', { height: assessment.heightCm, weight: assessment.weightKg, bmi: assessment.bmi }),
        d('nutritionRisk', { score: assessment.riskScore, level: t(`nutrition:levels.${assessment.riskLevel}`) }),
        [
          t(`nutrition:conclusions.${assessment.conclusion}`),
          ...(assessment.glimSeverity ? [t(`nutrition:glimSeverity.${assessment.glimSeverity}`)] : []),
        ].join('\n'),
      ]),
    });

  blocks.push({ kind: 'heading', text: d('records') });
  const fileLine = (file: RecordSnapshot['files'][number]) =>
    d('fileLine', { name: file.name, size: displaySize(file.sizeBytes), path: file.archivePath });
  if (snapshot.records.length === 0 && snapshot.files.length === 0) blocks.push(none);
  for (const record of snapshot.records) {
    const files = snapshot.files.filter((file) => file.recordId === record.id);
    blocks.push({
      kind: 'fields',
      rows: [
        { label: d('record', { day: displayDay(record.testDay), doctor: record.doctorName }), value: record.reason },
        ...(files.length ? [{ label: d('files'), value: files.map(fileLine).join('\n') }] : []),
      ],
    });
  }
  const orderFiles = snapshot.files.filter((file) => file.recordId === null);
  if (orderFiles.length) blocks.push({ kind: 'fields', rows: [{ label: d('otherFiles'), value: orderFiles.map(fileLine).join('\n') }] });

  blocks.push({ kind: 'heading', text: d('vaccinations') });
  if (snapshot.vaccinations.length === 0) blocks.push(none);
  else
    blocks.push({
      kind: 'fields',
      rows: snapshot.vaccinations.map((dose) => ({
        label: d('vaccinationLine', { day: displayDay(dose.givenOn), vaccine: t(`vaccine-facts:${dose.vaccineId}.name`) }),
        value: [dose.place && `${d('place')}: ${dose.place}`, dose.note].filter(Boolean).join('\n'),
      })),
    });

  blocks.push({ kind: 'heading', text: d('shares') });
  if (snapshot.shares.length === 0) blocks.push(none);
  const sections = (list: string[]) => list.map((section) => t(`relatives:sections.${section}`)).join(language === 'zh' ? '、' : ', ');
  for (const share of snapshot.shares) {
    const period = share.endedAt
      ? d('sharedUntil', { from: displayInstant(share.grantedAt), until: displayInstant(share.endedAt) })
      : d('sharedSince', { at: displayInstant(share.grantedAt) });
    blocks.push({
      kind: 'fields',
      rows: [
        { label: d('shareLine', { name: share.watcher.fullName, sections: sections(share.sections) }), value: period },
        ...(share.history.length
          ? [
              {
                label: d('history'),
                value: share.history
                  .map(
                    (event) => `${displayInstant(event.occurredAt)} — ${d(`historyActions.${event.action}`)}: ${sections(event.sections)}`,
                  )
                  .join('\n'),
              },
            ]
          : []),
      ],
    });
  }

  blocks.push({ kind: 'heading', text: d('accessLog') });
  if (snapshot.accessLog.length === 0) blocks.push(none);
  else
    blocks.push({
      kind: 'table',
      columns: [
        { label: d('accessColumns.at'), share: 0.22 },
        { label: d('accessColumns.who'), share: 0.3 },
        { label: d('accessColumns.action'), share: 0.18 },
        { label: d('accessColumns.section'), share: 0.3 },
      ],
      rows: snapshot.accessLog.map((entry) => [
        displayInstant(entry.at),
        entry.readerName,
        d(`accessActions.${entry.action}`),
        t(`relatives:sections.${entry.section}`),
      ]),
    });

  return {
    language,
    clinic: null,
    title: d('title'),
    subtitle: d('subtitle', { name: person.fullName, day }),
    blocks,
    footer: d('generatedAt', { at: displayInstant(now) }),
    pageLabel: d('page', { page: '{{page}}', pages: '{{pages}}' }),
    fileName: d('fileName', { name: person.fullName, day: vietnamDay(now) }),
  };
}

/** A stored line as the order export's table reads it (the same columns; units and meal timings are checked in the table). */
function asLine(line: SnapshotPrescriptionLine): PrescriptionLine {
  return line as PrescriptionLine;
}
